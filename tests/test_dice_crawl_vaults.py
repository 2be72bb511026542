"""Dice Crawl's Forbidden Vaults (seed 004): one scenario test per clause of the expansion
(vaults.rules_text.VAULT_CLAUSES: test_<clause id>) and per new Power (test_power_<key>), with fixed dice.
The property tests of random play sample the sets too (test_dice_crawl_properties.py)."""

from __future__ import annotations

from dice_crawl_helpers import at, codes, crawl, crawler, fill, force, force_tile, give, lay, scene, tile, totals, use
from pyapp.dice_crawl.core.board import cell_at, controller
from pyapp.dice_crawl.core.state import actor, card_powers
from pyapp.dice_crawl.data import (
    ALL_CLASSES,
    ALL_RACES,
    CLASSES,
    DECK,
    RACES,
    SET_CLASS_IDS,
    SET_RACE_IDS,
    SET_TILES,
    TILES,
)
from pyapp.dice_crawl.rules import powers, scoring, vaults
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.dice_crawl.vaults.rules_text import VAULT_CLAUSES
from pyapp.dice_crawl.vaults_data import VAULT_POWERS
from pyapp.engine import Game

A5, B5, A4, E1 = (0, 4), (1, 4), (0, 3), (4, 0)


def vtile(icons, feature: str = "", shape: str | None = None, dwarven: int = 0, power: str = "") -> int:
    """The id of the Forbidden Vaults tile with these icons (and feature, shape, Dwarven Hoards, Power)."""
    for t in TILES[len(DECK) + 1:]:
        got = tuple(s["v"] for s in t["spaces"] if s["kind"] == "icon")
        halves = sum(1 for s in t["spaces"] if "dwarf" in s)
        if got == tuple(icons) and t["feature"] == feature and (shape is None or t["shape"] == shape) and (
                halves == 2 * dwarven and t["power"] == power):
            return t["id"]
    raise LookupError(f"no vault tile {icons} {feature}")


def vgive(game: Game, player: int, key: str, unlocked: bool = True) -> int:
    """Deal the player a Forbidden Vaults card with this Power (a race, or else a class; the other card a base
    one without it); returns its slot."""
    p = game.state["players"][player]
    for kind, cards, base in (("race", ALL_RACES, CLASSES), ("cls", ALL_CLASSES, RACES)):
        for n in range(12, len(cards)):
            keys = [pw["key"] for pw in cards[n][1]]
            if key not in keys:
                continue
            p[kind] = n
            p["cls" if kind == "race" else "race"] = next(
                i for i, (_, pws) in enumerate(base) if all(x["key"] != key for x in pws))
            p["slots"] = [None] * len(card_powers(p))
            slot = keys.index(key) + (0 if kind == "race" else len(ALL_RACES[p["race"]][1]))
            if unlocked:
                p["slots"][slot] = [6, 6]
                p["army"] -= 2
            return slot
    raise LookupError(key)


def vscene(players: int = 2, **settings) -> Game:
    return scene(players, vaults="all", **settings)


def on_conquered_cross(game: Game) -> None:
    """Player 0 on A5, a conquered cross: B5 and A4 are face down and may be explored."""
    lay(game, A5, tile((1, 2, 3, 4), "cross"))
    fill(game, A5)
    at(game, 0, A5)


def explore_onto(game: Game, tile_id: int, cell=B5, turns: int = 0) -> None:
    force_tile(game, tile_id)
    game.play(f"x {cell[0]} {cell[1]}")
    game.play(f"o {turns}")


def test_every_vault_clause_and_power_has_its_test():
    names = set(globals())
    assert {f"test_{cid}" for cid, _ in VAULT_CLAUSES} <= names
    assert {f"test_power_{key}" for key in VAULT_POWERS} <= names


# -- set-up ----------------------------------------------------------------------------------------------
def test_vaults_mix():
    base = Game(RULESET, "mix", {"players": 4})
    assert "vaults" not in base.state and base.state["deck"] == list(DECK)  # the default: the base game
    crypt = Game(RULESET, "mix", {"players": 4, "vaults": "crypt"}).state
    assert crypt["deck"] == list(DECK) + list(SET_TILES["crypt"]) and len(crypt["deck"]) == 74
    every = Game(RULESET, "mix", {"players": 4, "vaults": "all"}).state
    assert len(every["deck"]) == 50 + 4 * 24
    races = {p["race"] for n in range(40) for p in Game(RULESET, f"m{n}", {"players": 4, "vaults": "all"})
             .state["players"]}
    assert races & set(SET_RACE_IDS[1]["traps"]) and races & set(range(12))  # shuffled in with the base cards
    first = Game(RULESET, "f", {"players": 4, "vaults": "goblins", "vault_cards": "first"}).state["players"]
    assert {p["race"] for p in first[:2]} == set(SET_RACE_IDS[1]["goblins"])  # a link without v: version 1's
    assert {p["cls"] for p in first[:2]} == set(SET_CLASS_IDS[1]["goblins"]) and first[2]["cls"] < 12
    assert ALL_RACES[first[0]["race"]][0] in ("Goblin", "Hobgoblin")
    assert all(len(pws) in (2, 3) for _, pws in ALL_RACES[12:] + ALL_CLASSES[12:])
    assert {pw["key"] for _, pws in ALL_RACES[12:] + ALL_CLASSES[12:] for pw in pws} >= set(VAULT_POWERS)


# -- Crypt of the Undying ----------------------------------------------------------------------------------
def test_undying_start():
    game = vscene()
    undying = vtile((1, 1, 1), "undying")
    lay(game, A5, undying, units={0: [0, 1], 1: [1, 1]})
    at(game, 0, A5)
    game.state.update(turn=1, phase="crawl", pool=[])
    game.play("end")  # player 0's turn starts on an unconquered Undying tile with a unit on it
    assert codes(game) == ["ud 0 4 0", "ud 0 4 1"]  # any one unit, theirs or another's
    army = game.state["players"][1]["army"]
    game.play("ud 0 4 1")
    assert cell_at(game.state, A5)["units"][1] is None and game.state["players"][1]["army"] == army + 1
    assert game.state["phase"] == "explore" and "roll" in codes(game)
    fill(game, A5)  # conquered: no Undying any more
    game.state.update(turn=1, phase="crawl", pool=[])
    game.play("end")
    assert not any(c.startswith("ud") for c in codes(game))


# -- Goblin Warrens ----------------------------------------------------------------------------------------
def test_swarm_order():
    game = vscene()
    swarm = vtile((1, 2, 3), "swarm")
    lay(game, A5, swarm)
    at(game, 0, A5)
    crawl(game, 2, 3)
    assert not [c for c in codes(game) if c.startswith("p ")]  # no 2 or 3 before the 1
    game.state["pool"] = [1, 2, 3]
    assert [c for c in codes(game) if c.startswith("p ")] == ["p 0 4 0"]
    game.play("p 0 4 0")
    assert [c for c in codes(game) if c.startswith("p ")] == ["p 0 4 1"]
    assert [s for _, s in powers.open_icons(game.state)] == [1]  # Garrison keeps the order too
    game.state["turn"] = 1  # an ally respects it as well
    assert [s for c, s in powers.open_icons(game.state) if c == A5] == [1]


def test_tripwire_stop():
    game = vscene()
    on_conquered_cross(game)
    lay(game, A4, tile((3,), "T"), rot=0)  # joined to A5: a move would be possible
    explore_onto(game, vtile((2, 4), "tripwire"), turns=3)
    assert codes(game) == ["roll"] and game.state["tripped"]  # no move, no more exploring
    scout = give(game, 0, "scout", cost="1")
    crawl(game, 1, 5)
    assert f"use {scout} 1" not in codes(game)  # nor a Scout


# -- Halls of the Dwarven Lords ----------------------------------------------------------------------------
def test_dwarven_two():
    game = vscene()
    hall = vtile((6, 6), dwarven=1)
    lay(game, A5, hall)
    at(game, 0, A5)
    crawl(game, 2, 3)
    game.play("h 0 4 2 3")
    assert "h 0 4 3 2" in codes(game)  # the second half takes a second unit
    game.play("h 0 4 3 2")
    assert [u for u in cell_at(game.state, A5)["units"][2:]] == [[0, 3], [0, 2]]
    game.state["turn"] = 1
    crawl(game, 3, 4)
    assert "h 0 4 3 3" in codes(game) and "h 0 4 2 3" not in codes(game)  # steal either half with a higher die
    game.play("h 0 4 3 3")
    assert cell_at(game.state, A5)["units"][3] == [1, 3]


def test_dwarven_score():
    game = vscene()
    hall = vtile((6, 6), dwarven=1)
    c = lay(game, A5, hall, units={2: [0, 3]})
    assert scoring.breakdown(game.state)[0]["hoards"] == 3  # one unit holds it
    c["units"][3] = [0, 5]
    assert scoring.breakdown(game.state)[0]["hoards"] == 3  # two of one player: 3
    c["units"][3] = [1, 5]
    rows = scoring.breakdown(game.state)
    assert rows[0]["hoards"] == 1 and rows[1]["hoards"] == 1  # opposing players: 1 each
    c["units"][3] = None
    give(game, 0, "hoarder")
    assert scoring.breakdown(game.state)[0]["hoards"] == 4  # Hoarder's +1


# -- Tricks and Traps ------------------------------------------------------------------------------------
def test_trap_spring():
    game = vscene()
    on_conquered_cross(game)
    force_tile(game, vtile((1,), "pit"))
    game.play("x 1 4")
    assert game.state["players"][0]["out"] == 0  # oriented first...
    game.play("o 1")
    assert game.state["players"][0]["out"] == 1  # ...then it springs, before anything else
    assert "Pit Trap" in " ".join(game.state["log"][-3:])


def test_trap_no_points():
    game = vscene()
    sliding = vtile((1, 3), "sliding")
    lay(game, A5, sliding, units={0: [0, 1], 1: [1, 3], 2: [1, 4]})  # conquered; player 1 controls it
    rows = scoring.breakdown(game.state)
    assert controller(cell_at(game.state, A5)) == 1
    assert rows[1]["tiles"] == 0 and rows[0]["allies"] == 0  # the icons score nothing
    assert rows[1]["hoards"] == 2  # its Hoard does


def test_trap_fire():
    game = vscene()
    on_conquered_cross(game)
    explore_onto(game, vtile((3,), "fire"))
    assert game.state["owed"][0] == [2, 0]  # not crawling yet: the Crawl to come loses two dice
    force(game, 1, 2, 3, 4, 5)
    army = game.state["players"][0]["army"]
    game.play("roll")
    assert codes(game) == ["ls 1", "ls 2", "ls 3", "ls 4", "ls 5"]
    game.play("ls 1")
    game.play("ls 2")
    assert game.state["pool"] == [3, 4, 5] and game.state["players"][0]["army"] == army - 3
    assert game.state["owed"][0] == [0, 0]


def test_trap_gas():
    game = vscene(players=3)
    gas2 = vtile((4, 6), "gas")
    lay(game, B5, gas2)
    lay(game, A5, tile((1, 2, 3, 4), "cross"), units={0: [0, 1], 1: [2, 2]})  # players 0 and 2 in play
    vaults.spring(game.state, "gas", B5, 0)  # two gas traps on the tile
    assert actor(game.state) == 0 and codes(game) == ["gw 0 4 0"]
    game.play("gw 0 4 0")
    assert actor(game.state) == 2 and codes(game) == ["gw 0 4 1"]  # player 1 has no unit: passed over
    game.play("gw 0 4 1")
    assert not game.state["pending"] and not any(cell_at(game.state, A5)["units"])
    assert totals(game) == [game.state["start_dice"]] * 3


def test_trap_pit():
    game = vscene()
    on_conquered_cross(game)
    army = game.state["players"][0]["army"]
    explore_onto(game, vtile((6,), "pit", "cross"))
    assert game.state["players"][0]["army"] == army - 1 and game.state["players"][0]["out"] == 1


def test_trap_petrification():
    game = vscene()
    lay(game, A5, tile((1, 2, 3, 4), "cross"))
    at(game, 0, A5)
    crawl(game, 2, 5)
    vaults.spring(game.state, "petrification", B5, 0)  # crawling now: from this Crawl
    assert codes(game) == ["ls 2", "ls 5"]
    game.play("ls 5")
    assert game.state["pool"] == [2] and game.state["players"][0]["out"] == 1


def test_trap_sliding():
    game = vscene()
    on_conquered_cross(game)
    lay(game, (2, 4), tile((3,), "T"))
    explore_onto(game, vtile((5,), "sliding"))
    assert game.state["players"][0]["at"] == [1, 4]  # the revealer stands on it
    assert codes(game) == ["who 1"]
    game.play("who 1")
    assert actor(game.state) == 1 and "with 2 4" in codes(game)  # player 1 swaps it
    game.play("with 2 4")
    assert cell_at(game.state, (2, 4))["t"] == vtile((5,), "sliding")
    assert game.state["players"][0]["at"] == [2, 4]  # the marker moves with the tile


def test_trap_spinning():
    game = vscene()
    on_conquered_cross(game)
    explore_onto(game, vtile((3, 4), "spinning"))
    game.play("who 1")
    assert actor(game.state) == 1 and codes(game) == ["o 1", "o 2", "o 3"]  # a new facing, player 1's choice
    game.play("o 2")
    assert cell_at(game.state, B5)["rot"] == 2 and game.state["players"][0]["at"] == [1, 4]


# -- Powers ----------------------------------------------------------------------------------------------
def crawling(key: str, *pool: int, units=None):
    """Player 0 on A5 (a cross 1 2 3 4) crawling with the set's `key` unlocked; player 1 on E1 with a 5."""
    return crawler(key, units, pool, giver=vgive, vaults="all")


def test_power_sacrifice():
    game, slot = crawling("sacrifice", 6, 6, 6)
    start = totals(game)
    force(game, 1, 2, 3)
    use(game, slot)
    assert game.state["pool"] == [1, 2, 3] and game.state["players"][0]["out"] == 1 and totals(game) == start


def test_power_undead():
    game, _ = crawling("shapechange", 6, 6)
    vgive(game, 1, "undead")
    lay(game, E1, tile((6,), "dead end", hoards=2), units={1: [1, 2]})
    slot = give(game, 0, "shapechange", cost="6")
    assert f"use {slot} 6" not in codes(game)  # Undead units cannot be shapechanged
    assert not any(c.startswith("h 4 0 1") for c in codes(game))  # nor their Hoard stolen
    game.state["players"][1]["slots"] = [None] * len(game.state["players"][1]["slots"])
    assert "h 4 0 1 6" in codes(game) and f"use {slot} 6" in codes(game)


def test_power_withering():
    game, slot = crawling("withering", 6, 6)
    use(game, slot, 6)
    assert codes(game) == ["wt 4 0 0"]
    force(game, 4)
    army = game.state["players"][0]["army"]
    game.play("wt 4 0 0")
    assert cell_at(game.state, E1)["units"][0] is None and game.state["players"][1]["out"] == 1
    assert game.state["players"][0]["army"] == army and game.state["players"][0]["out"] == 0
    cell_at(game.state, E1)["units"][1] = [1, 6]
    game.state["used"] = []
    use(game, slot, 6)
    force(game, 1)
    game.play("wt 4 0 1")
    assert game.state["players"][0]["out"] == 1  # a 1: the rolled die leaves play too


def test_power_dogpile():
    game, slot = crawling("dogpile", 3)
    game.state["last_power"] = "reveal"  # anyone's, e.g. the last player's
    use(game, slot, 3)
    assert "rv 1 1" in codes(game)
    game.state["pending"], game.state["used"], game.state["last_power"] = [], [], "dogpile"
    assert f"use {slot} 3" not in codes(game)


def test_power_escape():
    game, slot = crawling("escape", 1, units={0: [0, 1], 1: [0, 2]})
    use(game, slot, 1)
    assert codes(game) == ["es 0 4"]
    army = game.state["players"][0]["army"]
    game.play("es 0 4")
    assert not any(cell_at(game.state, A5)["units"]) and game.state["players"][0]["army"] == army + 2


def test_power_overwhelm():
    game = vscene()
    slot = vgive(game, 0, "overwhelm")
    lay(game, A5, tile((1, 2, 3, 4), "cross"))
    at(game, 0, A5)
    army = game.state["players"][0]["army"]
    assert f"use {slot}" in codes(game) and "roll" in codes(game)  # instead of rolling
    use(game, slot)
    game.play("ov 4")
    game.play("ov 2")
    assert game.state["pool"] == [2, 4] and game.state["phase"] == "crawl"
    assert game.state["players"][0]["army"] == army - 2


def test_power_anvil():
    game, slot = crawling("anvil", 1, 4, 4)
    start = totals(game)
    use(game, slot, 4)
    game.play("av 6")
    assert game.state["pool"] == [1, 6] and totals(game) == start
    game.state["used"], game.state["pool"] = [], [1, 2]
    assert not any(c.startswith(f"use {slot}") for c in codes(game))  # no doubles


def test_power_clan():
    game, slot = crawling("clan", 2, 2, 5, 6, 6)
    use(game, slot)
    for i in (0, 1, 2):
        game.play(f"t {i}")
    assert "t 3" not in codes(game) and "t 0" in codes(game)  # up to three dice
    force(game, 1, 3, 4)
    game.play("rr")
    assert sorted(game.state["pool"]) == [1, 3, 4, 6, 6]
    game.state["used"], game.state["pool"] = [], [1, 2, 3]
    assert f"use {slot}" not in codes(game)  # no doubles rolled


def test_power_doom():
    game, slot = crawling("doom", 2, 3, 3, units={0: [0, 1]})
    p = game.state["players"][0]
    escape = [pw["key"] for pw in card_powers(p)].index("escape")
    p["slots"][escape] = [2, 2]
    p["army"] -= 2
    game.state["used"] = [escape]  # Escape was used this turn already
    use(game, slot, 3)
    assert codes(game) == [f"dm {escape} 2"]
    game.play(f"dm {escape} 2")
    assert codes(game) == ["es 0 4"]


def test_power_replace():
    game, slot = crawling("replace", 4)
    old = tile((3,), "T")
    lay(game, B5, old)
    use(game, slot, 4)
    assert "rp 1 4" in codes(game) and "rp 0 4" in codes(game) and "rp 4 0" not in codes(game)
    new = vtile((6,), "undying")  # a cross with a Hoard
    force_tile(game, new)
    game.play("rp 1 4")
    game.play("o 0")
    assert cell_at(game.state, B5)["t"] == new and old not in game.state["deck"]
    army = game.state["players"][0]["army"]
    assert codes(game) == ["rh 1 4 1", "pass"]
    game.play("rh 1 4 1")
    assert cell_at(game.state, B5)["units"][1] == [0, 3] and game.state["players"][0]["army"] == army - 1


def test_power_disarm():
    game = vscene()
    vgive(game, 0, "disarm")
    on_conquered_cross(game)
    force_tile(game, vtile((1,), "pit"))
    game.play("x 1 4")
    game.play("o 0")
    assert codes(game) == ["dis 1", "suffer"]
    game.play("dis 1")
    assert game.state["players"][1]["out"] == 1 and game.state["players"][0]["out"] == 0


# -- the board -------------------------------------------------------------------------------------------
def test_the_board_names_each_feature_in_words_and_the_player_who_chooses():
    game = vscene()
    lay(game, A5, vtile((1, 1, 1), "undying"))
    lay(game, B5, vtile((1, 2, 3), "swarm"))
    lay(game, (2, 4), vtile((2, 4), "tripwire"))
    lay(game, (3, 4), vtile((6, 6), dwarven=1), units={2: [0, 3]})
    lay(game, E1, vtile((4, 6), "gas"))
    view = RULESET.render(game.state, game.legal())
    for words in ("UNDYING", "SWARM 1\u21926", "TRIPWIRE", "TRAP: GAS \u00d72", "Dwarven Hoard 1"):
        assert words in view.board
    assert 'class="dc-band dc-band-warning"' in view.board  # a shape cue as well as the words
    game.state["pending"].append({"kind": "pick", "trap": "sliding", "cell": list(E1), "by": 1})
    assert "Player 2</strong> chooses now" in RULESET.render(game.state, game.legal()).status


def test_a_vault_figures_run_played_in_parts_merges_into_the_same_counts_as_one_run():
    from pyapp.dice_crawl.figures import vaults
    from pyapp.dice_crawl.figures.parts import merged

    whole = vaults.tally("crypt", 3, 2)
    assert merged([vaults.tally("crypt", 1, 2, first=2), vaults.tally("crypt", 2, 2)], vaults.SAME) == whole
    assert sum(whole["seen"].values()) == 3 and vaults.measured(whole)["games"] == 3
