"""The in-page rules of the Forbidden Vaults expansion: its clauses, rulings, Powers, cards and tiles."""

from __future__ import annotations

from ...markup import escape, table
from ..data import ALL_CLASSES, ALL_RACES, POWERS, SET_CLASSES, SET_RACES, SET_TILES, TILES
from ..vaults_data import DWARVEN_HOARD, DWARVEN_SPLIT, FEATURES, SET_NAMES, SETS, VAULT_POWERS

# (clause id, the rule in the project's words): tests/test_dice_crawl_vaults.py has test_<clause id> for each.
VAULT_CLAUSES = (
    ("vaults_mix", "Forbidden Vaults (setting Forbidden Vaults sets): each chosen set's 24 tiles are shuffled into "
                   "the face-down stack with the base 50, and its 2 race and 2 class cards into the piles."),
    ("undying_start", "Undying: at the start of your turn, for each unconquered Undying tile you have units on, "
                      "remove one unit of your choice from it; it goes back to its owner's army."),
    ("swarm_order", "Goblin Swarm: a tile's dice icons are covered in numeric order (no 2 before every 1 is "
                    "covered), by you and by allies alike, and by Garrison."),
    ("tripwire_stop", "Goblin Tripwire: whoever reveals it may not Explore (nor Scout) for the rest of the turn; "
                      "the Crawl goes on."),
    ("dwarven_two", "Dwarven Hoard: a Hoard space that holds two units (one on each half); a higher die steals "
                    "either half as on any Hoard."),
    ("dwarven_score", f"A Dwarven Hoard scores {DWARVEN_HOARD} to the player holding it (one unit or both), "
                      f"{DWARVEN_SPLIT} to each when its two units are opposing players'."),
    ("trap_spring", "A trap tile is oriented like any tile, then its trap springs on whoever revealed it before "
                    "anything else happens (with Disarm, on another player they choose)."),
    ("trap_no_points", "Trap tiles' dice icons score nothing (printed value 0, no ally points); their Hoard spaces "
                       "score as usual."),
    ("trap_fire", "Fire Trap: two dice of your Crawl go back to your army (this Crawl, or your next if you have "
                  "not rolled)."),
    ("trap_gas", "Gas Trap: from the revealer, clockwise, each player withdraws one of their own units to their "
                 "army, until as many units are withdrawn as the tile shows gas traps."),
    ("trap_pit", "Pit Trap: one die of your army goes out of play."),
    ("trap_petrification", "Petrification Trap: one die of your Crawl goes out of play (this Crawl, or your next)."),
    ("trap_sliding", "Sliding Room Trap: put your marker on it; a player you choose swaps it with a next "
                     "unconquered tile."),
    ("trap_spinning", "Spinning Room Trap: put your marker on it; a player you choose turns it to a new facing."),
)

VAULT_RULINGS = (
    "The sets' tiles and cards were pictures: the project designed them (below), each set's Powers on its own "
    "cards. Tricks and Traps 'uses tiles from all the previous sets': its 24 tiles are 12 traps (two of each of "
    "the six trap rooms) and 12 with Undying, Goblin Swarm, Goblin Tripwire or Dwarven Hoard features; its cards "
    "carry Disarm with the other sets' and base Powers.",
    "Disarm is a card Power (free, once a turn), used when you reveal a trap; the six rooms are the trap tiles.",
    "Undying: 'the controlling player's army' is read as the removed unit's owner's army; the active player "
    "chooses which unit, their own or another's (not another player's Undead unit).",
    "Undead protects a player's units from every Power or rule of another player that forces them off a tile "
    "(Attack, Onslaught, Withering Touch, Hoard stealing, Undying) and from Shapechange; the owner's own Withdraw, "
    "Escape and Gas Trap withdrawals still work.",
    "Withering Touch always removes the unit (out of play for good); the rolled die returns to the army, or also "
    "leaves play on a 1.",
    "Sacrifice, Overwhelm and The Clan cost nothing but what they say; Dog Pile is paid with its own card's "
    "bracket and repeats the effect of the last Power anyone used, except Dog Pile, Overwhelm, Disarm, The Anvil "
    "and Doom (they need doubles or a moment that has passed) and Hoarder, Roll and Undead (always on). From "
    "rules version 9 Dog Pile pays the cost the repeated Power prints ('paying any appropriate "
    "cost for the second use': an Onslaught [doubles] takes two equal dice, a tile's Power nothing); its own "
    "bracket only unlocks it.",
    "'Whenever you roll doubles': The Anvil and Doom are paid with a pair of equal rolled dice (back to the army); "
    "The Clan needs a pair among the rolled dice and rerolls up to three of them. The Anvil turns the pair into "
    "one die of the value you choose (taken from the army). Doom uses one of your unlocked Powers once more this "
    "turn, even one used already, paying its cost.",
    "Overwhelm replaces the roll (Roll Powers add nothing to it): two dice from your army at the values you choose.",
    "Escape returns only your own units, from an unconquered tile.",
    "Replace: the new tile comes from the face-down stack and is oriented as on a reveal (a trap on it springs); "
    "the old one is set aside for the rest of the game; markers stay where they stand.",
    "Fire and Petrification take dice from the Crawl: if the victim is not crawling now, from their next Crawl "
    "(the victim chooses which dice once rolled). A trap revealed by Disarm's victim's choice works on that "
    "player's next Crawl.",
    "Gas Trap: each player picks which of their units to withdraw (they go back to the army); players with no "
    "unit in play are passed over. The Sliding and Spinning Rooms: the victim picks the other player (in a "
    "one-player game, they do it themselves); a tile that cannot be swapped or turned stays as it is.",
    f"A Dwarven Hoard with Hoarder scores {DWARVEN_HOARD + 1} (Hoarder's +1); split, it stays {DWARVEN_SPLIT}.",
    "Cards (setting Forbidden Vaults cards): shuffled into the piles (the text), or dealt first while they last "
    "(a house rule for players who want the new Powers).",
)


def tile_rows(ids) -> list:
    rows = []
    for ident in ids:
        tile = TILES[ident]
        icons = " ".join(str(s["v"]) for s in tile["spaces"] if s["kind"] == "icon")
        hoards = sum(1 for s in tile["spaces"] if s["kind"] == "hoard" and "dwarf" not in s)
        dwarven = len({s["dwarf"] for s in tile["spaces"] if "dwarf" in s})
        feature = FEATURES.get(tile["feature"], "")
        if tile["gas"]:
            feature += f" ({tile['gas']} gas)"
        rows.append([ident, tile["shape"], icons, tile["points"], hoards or "", dwarven or "", feature,
                     POWERS[tile["power"]][0] if tile["power"] else ""])
    return rows


def vaults_html(card_rows) -> str:
    """`card_rows(cards)`: the base rules' table rows of cards, for the sets' cards too."""
    clauses = "".join(f'<li id="rule-{cid}">{escape(text)}</li>' for cid, text in VAULT_CLAUSES)
    rulings = "".join(f"<li>{escape(text)}</li>" for text in VAULT_RULINGS)
    powers = "".join(f"<li><strong>{escape(label)}</strong>: {escape(text)}</li>" for label, text in
                     VAULT_POWERS.values())
    sets = "".join(
        f"<h4>{escape(SET_NAMES[s])}</h4>"
        + table(["Race", "Powers"], card_rows([ALL_RACES[i] for i in SET_RACES[s]]))
        + table(["Class", "Powers"], card_rows([ALL_CLASSES[i] for i in SET_CLASSES[s]]))
        # each set's 24 tiles, collapsed: the rules panel must stay short enough to open in an embed
        + "<details class='dc-table'><summary>The set's 24 tiles, as data</summary>"
        + table(["Tile", "Corridors", "Dice icons", "Points", "Hoards", "Dwarven Hoards", "Feature", "Power"],
                tile_rows(SET_TILES[s])) + "</details>"
        for s in SETS)
    return (
        "<h3>Forbidden Vaults</h3><p>The expansion's four sets, chosen in the settings (none by default): "
        "Crypt of the Undying, Goblin Warrens, Halls of the Dwarven Lords, Tricks and Traps.</p>"
        f"<ol class='dc-rules'>{clauses}</ol><h4>Forbidden Vaults Powers</h4><ul>{powers}</ul>"
        f"<h4>Forbidden Vaults rulings</h4><ul>{rulings}</ul>{sets}"
    )
