"""What an unlocked Power is worth to the normal bot (rules version 4 on; bot.VALUED), in points of its board
value. Before version 4 every Power was worth the same (variants.rules.power_weight, 1.2), so the bot locked two dice
on a card's weakest Power as readily as on its best.

Where the numbers come from: `python3 -m pyapp.dice_crawl.figures.power_uses --games 600 --players 2` under rules
version 3 (equal normal bots). For the Powers that move a margin when used, the swing each unlock brings over a
game (uses per game x mean swing per use / unlocks per game): Onslaught 26, Shapechange 22, Attack 15,
Garrison 6.5, Withdraw 2.8 points, scaled to about 2.0 at the top. The Powers that swing nothing at once
(Reveal, Rotate, Scout, Swap, Reinforcements, Roll, Hoarder) are ranked by the win rate of the players who
ended a game with them unlocked: Reinforcements 49.3%, Rotate 49.2%, Roll 48.7%, Scout 46.5%, Hoarder 45.4%,
Reveal 41.3%, Swap 37.3%. The Forbidden Vaults Powers were not measured and keep the old flat value.

Roll is the exception: valued at 1.0 a die, the bot locked two dice on it early (the Elf's Roll seven counts
twice), and in 3,000 games with version 4's cards the Elf won 40.6% of its seats; at 0.3 a die, 44.2% and then
46.4%, with every other card still within the aim. An extra die is only worth the dice it finds a place for,
and most turns already roll more than fit.
"""

from __future__ import annotations

from ..core.costs import covers
from ..core.state import card_powers, unlocked
from ..data import EACH_PRINTED, ROLL

VALUES = {
    "onslaught": 2.0, "shapechange": 1.8, "attack": 1.5, "garrison": 1.2, "reinforcements": 1.0, "roll": 0.3,
    "rotate": 0.8, "hoarder": 0.8, "withdraw": 0.7, "scout": 0.6, "reveal": 0.5, "swap": 0.4,
}
# The Forbidden Vaults Powers, from rules version 5 (before it they had UNMEASURED): a Power that removes or
# shields units is worth about an Attack; one that rerolls, repeats or reshapes dice about a Rotate. One that
# acts only by chance (a trap revealed, a tile with no units) or costs a die for good is worth less than the
# two dice of the army it keeps on the card, so it has a value below nothing and the bot never unlocks it:
# any value above nothing is unlocked with the dice left at the end of a turn (they would go back to the army,
# which evaluate does not count). At 0.3 Sacrifice was unlocked in 9 games in 10, used in 1 in 30, and its
# cards won a third of their games.
VAULT_VALUES = {
    "withering": 1.5, "undead": 1.2, "dogpile": 0.8, "overwhelm": 0.8, "anvil": 0.8, "clan": 0.5, "doom": 0.5,
    "disarm": -0.5, "escape": -0.5, "sacrifice": -0.5, "replace": -0.5,
}
VAULT_VALUED = 5
WITH_VAULTS = {**VAULT_VALUES, **VALUES}  # worth() runs for every action the bot weighs: merged once
UNMEASURED = 1.2  # the flat value every Power had before version 4
REPEAT = 0.3  # a Power printed twice is used once a turn (rules version 3): its second copy adds a cheaper cost only
COVERED = 8  # from this rules version a copy adds REPEAT only while no unlocked copy already pays for it: the
# Warrior's Attack [3+] is worth nothing once Attack [1+] is unlocked, where before it locked two of the army's
# dice on it in 129 games of 150 (figures/head_to_head.py: the Warrior won 53.6% of 4,400 games so, 63.9% without)
FILLED = 8  # from this rules version Roll's extra dice are worth something only while the army, outside this
# Crawl's dice, could roll them all next turn (ROLL + extra); else Roll is worth less than the two dice it locks
# (LOCKED). The bot unlocked it late with the dice left over, and those turns cost more than the extra dice
# brought back: in 3-player games under version 8 the Elf won 27.0% of 10,000 games against 32.1% for a seat.
# With this rule, 30.2% of 10,000 (figures/runs/v8_base_3p.json); never unlocking Roll at all gave 37.5%, and in
# 2-player games lifted the Tiefling to 56.8%. Version 4's 0.3 a die stands for the turns that can use them.
LOCKED = -0.5  # as the Forbidden Vaults Powers the bot never unlocks


def worth(player: dict, rules: int) -> float:
    """The unlocked Powers of a player under a rules version; Roll counts each extra die (the Elf's Roll seven:
    two)."""
    held, seen, total = unlocked(player), set(), 0.0
    powers = card_powers(player) if held else []  # none while the cards are still being picked
    values = WITH_VAULTS if rules >= VAULT_VALUED else VALUES
    if rules >= EACH_PRINTED:  # each printed copy is a use a turn of its own: worth what a Power is (issue 31)
        return sum(roll_worth(player, powers[k], values, rules) if powers[k]["key"] == "roll"
                   else values.get(powers[k]["key"], UNMEASURED) for k in held)
    if rules >= COVERED and len({p["key"] for p in powers}) < len(powers):  # the cards print a Power twice
        return _covered_worth(player, powers, held, values, rules)
    for k in held:
        key = powers[k]["key"]
        value = roll_worth(player, powers[k], values, rules) if key == "roll" else values.get(key, UNMEASURED)
        total += value if key not in seen or key == "roll" else REPEAT * value
        seen.add(key)
    return total


def roll_worth(player: dict, power: dict, values: dict, rules: int) -> float:
    """A Roll Power's extra dice (FILLED)."""
    if rules >= FILLED and player["army"] < ROLL + power["extra"]:
        return LOCKED
    return values["roll"] * power["extra"]


def _covered_worth(player: dict, powers: list[dict], held: list[int], values: dict, rules: int) -> float:
    """Each Power held is worth its value once, and REPEAT more for each other printed copy whose cost an
    unlocked copy pays: unlocking [1+] first is worth more than [3+], and [3+] after [1+] adds nothing."""
    total = 0.0
    for key in dict.fromkeys(powers[k]["key"] for k in held):
        if key == "roll":  # every copy is more dice
            total += sum(roll_worth(player, powers[k], values, rules) for k in held if powers[k]["key"] == "roll")
            continue
        costs = [powers[k]["cost"] for k in held if powers[k]["key"] == key]
        paid = sum(any(covers(c, p["cost"]) for c in costs) for p in powers if p["key"] == key)
        total += values.get(key, UNMEASURED) * (1 + REPEAT * (paid - 1))
    return total
