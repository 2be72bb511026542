"""The normal bot's rules of thumb for the Forbidden Vaults Powers and steps (bot.judge asks here first).

Chance actions (Sacrifice's reroll, Withering Touch's die, Replace's new tile) are weighed by rules of thumb so
the bot never peeks at the dice; The Clan's reroll keeps to its three dice; Overwhelm is taken when two chosen
dice can finish the bot's own tile, and its values are the open icons there (else the lowest open icons on a
tile it may hunt).
"""

from __future__ import annotations

from ..core import board
from ..core.board import cell_at, conquered, controller
from ..core.codes import numbers
from ..core.state import card_powers, me
from .tiles import in_order


def hint(state: dict, action_code: str, base: float, unfit) -> float | None:
    """A value for the action, or None to let the normal bot's own judgement decide. `unfit()` gives the
    indexes of the rolled dice that fit nowhere (bot.misfits), asked only where a rule of thumb needs them."""
    verb, args = numbers(action_code)
    step = state["pending"][-1] if state["pending"] else {}
    if verb in ("t", "rr") and "limit" in step:
        return clan_value(state, step, verb, args, unfit())
    if verb == "use" and state["phase"] != "crawl":  # Overwhelm, before the roll
        return base + (0.5 if 0 < len(open_icons_here(state)) <= 2 else -0.5)
    if verb == "ov":
        wanted = open_icons_here(state) or hunt_values(state)
        got = step["got"]
        for v in got:
            if v in wanted:
                wanted.remove(v)
        return base + (1.0 if args[0] in wanted[:1] else 0.5 if args[0] in wanted else 0.0) + 0.01 * args[0]
    if verb == "wt":
        unit = cell_at(state, (args[0], args[1]))["units"][args[2]]
        return base + (1.0 if controller(cell_at(state, (args[0], args[1]))) == unit[0] else 0.3)
    if verb == "rp":
        return base - 0.3
    if verb == "use":
        key = card_powers(me(state))[args[0]]["key"]
        if key == "sacrifice":  # a die lost for good: only for a roll that is nearly all waste, with dice to spare
            return base + 0.5 * len(unfit()) - 2.2 if me(state)["army"] > 6 else base - 1.0
        if key == "replace":
            return base - 0.3
        if key == "dogpile":  # judged as the Power it repeats, where that one rolls dice or draws a tile
            return chancy(state, base, unfit())
    return None


def chancy(state: dict, base: float, misfits: list[int]) -> float | None:
    """Dog Pile repeating a Power that rolls or draws: a rule of thumb, never a peek at the dice."""
    last = state["last_power"]
    if last in ("attack", "withering"):
        return base + 0.5
    if last in ("reinforcements", "sacrifice", "clan"):
        return base + (0.5 * len(misfits) - 2.2 if last == "sacrifice" else 0.4 * len(misfits) - 0.6)
    if last in ("reveal", "replace"):
        return base - 0.3
    return None


def clan_value(state: dict, step: dict, verb: str, args: list, misfits: list[int]) -> float:
    useless = misfits[:step["limit"]] or [min(range(len(state["pool"])), key=lambda i: state["pool"][i])]
    wanted = [i in useless for i in range(len(state["pool"]))]
    if verb == "rr":
        return 0.2 if wanted == step["marks"] else -0.5
    return 0.3 if wanted[args[0]] != step["marks"][args[0]] else -0.3


def open_icons_here(state: dict) -> list[int]:
    """The open icons of the bot's own unconquered tile, in the order a Goblin Swarm allows."""
    c = cell_at(state, tuple(me(state)["at"]))
    if c["t"] is None or conquered(c):
        return []
    return sorted(space["v"] for space, unit in zip(board.spaces(c), c["units"])
                  if space["kind"] == "icon" and unit is None)


def hunt_values(state: dict) -> list[int]:
    values = []
    for cell in board.marker_cells(state):
        c = cell_at(state, cell)
        if c["t"] is not None and not conquered(c):
            values += [space["v"] for s, (space, unit) in enumerate(zip(board.spaces(c), c["units"]))
                       if space["kind"] == "icon" and unit is None and in_order(c, s)]
    return sorted(values)
