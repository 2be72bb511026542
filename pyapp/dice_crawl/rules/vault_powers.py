"""The Forbidden Vaults Powers: when each may be used, what it may target, what it does.

The same shape as powers.py (a Power in use is a step on state["pending"]),
and the one door to both: turn.py asks `can_use`, `start`, `targets` and
`resolve` here, which hand the base Powers on to powers.py.
"""

from __future__ import annotations

from ...engine import Action, say
from ..core import board, costs
from ..core.board import cell_at, cells, conquered, is_dragon, name
from ..core.codes import cell_code, code, numbers, space_code
from ..core.state import card_powers, me, roll_many, unlocked, who
from ..data import PERMANENT, POWERS
from ..vaults_data import VAULT_POWERS
from . import explore, powers, vaults

NOT_REPEATED = ("", "dogpile", "overwhelm", "disarm", "anvil", "doom")  # Dog Pile repeats none of these
CLAN_DICE = 3


def doubles(pool: list[int]) -> bool:
    return any(pool.count(v) >= 2 for v in set(pool))


def escape_cells(state: dict) -> list:
    return [cell for cell in cells(state) if not conquered(cell_at(state, cell))
            and any(u is not None and u[0] == state["turn"] for u in cell_at(state, cell)["units"])]


def replaceable(state: dict) -> list:
    """Face-up tiles with no units on them (not the Dragon)."""
    return [cell for cell in cells(state) if cell_at(state, cell)["t"] is not None
            and not is_dragon(cell_at(state, cell)) and not any(cell_at(state, cell)["units"])]


def can_use(state: dict, key: str, pool: list[int], army: int) -> bool:
    if key not in VAULT_POWERS:
        return powers.can_use(state, key, pool, army)
    if key == "sacrifice":
        return bool(pool) and army >= 1
    if key == "withering":
        return army >= 1 and any(True for _ in powers.enemy_units(state))
    if key == "dogpile":
        last = state["last_power"]
        return last not in NOT_REPEATED and last not in PERMANENT and can_use(state, last, pool, army)
    if key == "escape":
        return bool(escape_cells(state))
    if key == "anvil":
        return army >= 1
    if key == "clan":
        return doubles(pool)
    if key == "doom":
        return bool(doom_choices(state, pool, army))
    if key == "replace":
        return bool(replaceable(state)) and bool(state["deck"])
    return False  # Overwhelm is used before the roll, Disarm when a trap is revealed, Undead is always on


def doom_choices(state: dict, pool: list[int], army: int) -> list[tuple[int, int | None]]:
    """(slot, payment) of the unlocked Powers Doom could use once more now."""
    player = me(state)
    out = []
    for k in unlocked(player):
        pw = card_powers(player)[k]
        # Dog Pile too: once Doom is used, the last Power is Doom, which Dog Pile may not repeat
        if pw["key"] in PERMANENT or pw["key"] in ("doom", "overwhelm", "disarm", "dogpile"):
            continue
        for pay in costs.payments(pw["cost"], pool):
            left = list(pool)
            for v in costs.paid_dice(pw["cost"], pay):
                left.remove(v)
            if can_use(state, pw["key"], left, army + len(pool) - len(left)):
                out.append((k, pay))
    return out


def explore_actions(state: dict):
    """Overwhelm: instead of rolling, from the Explore step."""
    player = me(state)
    if player["army"] < 2:
        return []
    return [Action(code("use", k), "Overwhelm: choose two dice instead of rolling", "Crawl",
                   POWERS["overwhelm"][1], target=("use", k))
            for k in unlocked(player) if card_powers(player)[k]["key"] == "overwhelm" and k not in state["used"]]


# -- doing it ------------------------------------------------------------------------------------


def start(state: dict, key: str, src: str) -> None:
    if key not in VAULT_POWERS:
        powers.start(state, key, src)
        return
    if key == "dogpile":
        say(state, f"{who(state, state['turn'])} uses Dog Pile to repeat {POWERS[state['last_power']][0]}.")
        start(state, state["last_power"], src)
        return
    say(state, f"{who(state, state['turn'])} uses {POWERS[key][0]}{' (tile Power)' if src == 'tile' else ''}.")
    state["last_power"] = key
    player = me(state)
    if key == "sacrifice":
        player["army"] -= 1
        player["out"] += 1
        state["pool"] = sorted(roll_many(state, "Sacrifice", len(state["pool"])))
        say(state, f"One die leaves play for good; the rerolled dice: {', '.join(map(str, state['pool']))}.")
    elif key == "clan":
        state["pending"].append({"kind": "reroll", "marks": [False] * len(state["pool"]), "limit": CLAN_DICE})
    else:
        state["pending"].append({"kind": key, "src": src, "got": []} if key == "overwhelm" else
                                {"kind": key, "src": src})


def targets(state: dict, step: dict) -> list[tuple]:
    kind = step["kind"]
    if kind in vaults.STEP_TARGETS:
        return vaults.STEP_TARGETS[kind](state, step)
    if kind == "reroll" and "limit" in step:
        full = sum(step["marks"]) >= step["limit"]
        return [t for t in powers.targets(state, step)
                if not (full and t[0].startswith("t ") and not step["marks"][int(t[0].split()[1])])]
    if kind == "withering":
        return [(space_code("wt", c, s), f"Withering Touch on {powers.unit_label(state, c, s, u)}",
                 ("space",) + c + (s,)) for c, s, u in powers.enemy_units(state)]
    if kind == "escape":
        return [(cell_code("es", c), f"Escape from {name(c)}", ("cell",) + c) for c in escape_cells(state)]
    if kind == "anvil":
        return [(code("av", v), f"The Anvil: make a {v}", ()) for v in range(1, 7)]
    if kind == "overwhelm":
        which = "first" if not step["got"] else "second"
        return [(code("ov", v), f"Overwhelm: a {v} as the {which} die", ()) for v in range(1, 7)]
    if kind == "doom":
        return [(code("dm", k, *([pay] if pay is not None else [])),
                 f"Doom: use {card_powers(me(state))[k]['label']} again"
                 + (f" (pay {pay})" if pay is not None else ""), ())
                for k, pay in doom_choices(state, state["pool"], me(state)["army"])]
    if kind == "replace":
        return [(cell_code("rp", c), f"Replace {name(c)}", ("cell",) + c) for c in replaceable(state)]
    if kind == "hoard3":
        cell = tuple(step["cell"])
        c = cell_at(state, cell)
        out = [(space_code("rh", cell, s), f"Put a 3 from your army on Hoard space {s + 1} of {name(cell)}",
                ("space",) + cell + (s,)) for s, (space, u) in enumerate(zip(board.spaces(c), c["units"]))
               if space["kind"] == "hoard" and u is None and me(state)["army"]]
        return out + [("pass", "Put no unit on its Hoard", ())]
    return powers.targets(state, step)


def resolve(state: dict, step: dict, action_code: str, covered) -> None:
    verb, args = numbers(action_code)
    player = me(state)
    if verb in vaults.VERBS:
        vaults.resolve(state, step, verb, args)
    elif verb == "t" and "limit" in step:
        marks = list(step["marks"])
        marks[args[0]] = not marks[args[0]]
        state["pending"].append({**step, "marks": marks})
    elif verb == "wt":
        withering(state, (args[0], args[1]), args[2])
    elif verb == "es":
        cell = (args[0], args[1])
        for s, u in enumerate(cell_at(state, cell)["units"]):
            if u is not None and u[0] == state["turn"]:
                powers.return_unit(state, cell, s, "Escape")
    elif verb == "av":
        player["army"] -= 1
        state["pool"] = sorted(state["pool"] + [args[0]])
        say(state, f"The Anvil turns the pair into a {args[0]}.")
    elif verb == "ov":
        got = step["got"] + [args[0]]
        if len(got) < 2:
            state["pending"].append({**step, "got": got})
            return
        player["army"] -= 2
        state["pool"], state["phase"] = sorted(got), "crawl"
        say(state, f"{player['name']} overwhelms: {got[0]} and {got[1]} instead of a roll.")
        vaults.after_roll(state)
    elif verb == "rp":
        cell = (args[0], args[1])
        say(state, f"{who(state, state['turn'])} sets {name(cell)}'s tile aside and draws a new one.")
        state["pending"].append({"kind": "hoard3", "cell": list(cell)})
        explore.reveal(state, cell, "replace")
    elif verb == "rh":
        cell = (args[0], args[1])
        player["army"] -= 1
        cell_at(state, cell)["units"][args[2]] = [state["turn"], 3]
        say(state, f"{player['name']} puts a 3 from the army on the Hoard of {name(cell)}.")
    elif verb == "pass" and step["kind"] == "hoard3":
        return
    else:
        powers.resolve(state, step, action_code, covered)


def withering(state: dict, cell, s: int) -> None:
    """The unit leaves play for good; the rolled die returns to the army, or leaves play too on a 1."""
    player = me(state)
    c = cell_at(state, cell)
    owner, value = c["units"][s]
    c["units"][s] = None
    state["players"][owner]["out"] += 1
    face = roll_many(state, "Withering Touch", 1)[0]
    if face == 1:
        player["army"] -= 1
        player["out"] += 1
    say(state, f"Withering Touch: {who(state, owner)}'s {value} on {name(cell)} leaves play; the die shows {face}"
               f"{', and leaves play too' if face == 1 else ''}.")


GROUPS = {"undying": "Undying", "disarm": "Disarm", "lose": "Trap", "gas": "Gas Trap", "pick": "Trap",
          "hoard3": "Replace", "anvil": "The Anvil", "overwhelm": "Overwhelm", "doom": "Doom",
          "withering": "Withering Touch", "escape": "Escape", "replace": "Replace"}

