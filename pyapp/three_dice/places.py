"""3 Dice Dungeon's map in words (pyapp/places.py), for both editions and 3RD6 Dungeon's map with them: each
mapped location with what the map draws in it (its kind, monster, loot, searches, passages and doors), the
unexplored places the walking arrows lead to, and the actions played there."""

from __future__ import annotations

from ..engine import Action, rolls
from ..places import DIRECTION_WORDS, BoardWords, Place, actions_at, listing, plain, roll_words, score_words
from .grid import OPPOSITE, SIDES, is_locked, neighbour, xy
from .records import TRAY
from .render import foe_name, status_html

KIND_WORDS = {"corridor": "corridor", "pit": "pit", "entrance": "the way out", "temple": "temple", "hall": "hall",
              "vault": "vault", "small": "small room"}


def words(state: dict, legal: list[Action]) -> BoardWords:
    return BoardWords(places=places(state, legal, contents), turn=plain(status_html(state)),
                      score=score_words(state.get("score"), so_far(state)), rolls=roll_words(rolls(state, TRAY)),
                      title="Locations")


def so_far(state: dict) -> str:
    xp = ", ".join(f"{p['name']} {p['xp']} XP" for p in state["players"])
    return f"No score yet: level {state['level']}, {len(state['cells'])} locations mapped; {xp}."


def places(state: dict, legal: list[Action], described) -> tuple[Place, ...]:
    """The hero's location first, then the others row by row; an unexplored side the party may walk to is a
    place of its own. `described(state, key, cell)` is the edition's words for a location."""
    pos = state["pos"]
    offered = actions_at(legal, lambda target: target_place(state, target))
    keys = sorted(state["cells"], key=lambda k: (k != pos, xy(k)[1], xy(k)[0]))
    out = []
    for key in keys:
        cell = state["cells"][key]
        here = " (you are here)" if key == pos and not state.get("town") else ""
        out.append(Place(key, f"{cell['name']} at {key}{here}", described(state, key, cell), xy(key),
                         offered.get(key, ())))
    if not state["cells"]:  # the map drawn before its first location: where it will start
        out.append(Place(pos, f"Where the map starts, at {pos}", "not mapped yet.", xy(pos), offered.get(pos, ())))
    for key in offered:
        if key not in state["cells"] and state["cells"]:
            side = next(s for s in SIDES if neighbour(pos, s) == key)
            out.append(Place(key, f"Unexplored, {DIRECTION_WORDS[side]} of you", "not mapped yet", xy(key),
                             offered[key]))
    return tuple(out)


def target_place(state: dict, target: tuple) -> str | None:
    kind = target[0]
    if kind == "side":
        return neighbour(state["pos"], target[1])
    if kind == "cell":
        return target[1]
    return state["pos"]  # a side to put an exit on, a foe of the fight: in the hero's location


def contents(state: dict, key: str, cell: dict) -> str:
    kind = KIND_WORDS.get(cell.get("kind", "room"), "room")
    bits = [kind + (", where you came down" if cell.get("first") else "")]
    monster = cell["monster"]
    if monster:
        asleep = ", asleep" if monster["asleep"] else ""
        bits.append(f"{foe_name(monster)}, {monster['hp']} of {monster['max']} HP{asleep}")
    elif cell["treasure"]:
        bits.append("treasure")
    if not cell["cleared"] and not monster:
        bits.append("not cleared")
    if cell["search"]:
        bits.append(f"searched {cell['search']} {'time' if cell['search'] == 1 else 'times'}")
    bits.append(exits_words(state, key, cell))
    return "; ".join(bits) + "."


def exits_words(state: dict, key: str, cell: dict) -> str:
    """Its passages as the map draws them: where each leads, locked, or walled off by the other side."""
    if not cell["exits"]:
        return "no exits yet"
    said = []
    for side in cell["exits"]:
        other = state["cells"].get(neighbour(key, side))
        word = DIRECTION_WORDS[side]
        if is_locked(state, key, side):
            word += " (locked door)"
        elif other is None:
            word += " (unexplored)"
        elif OPPOSITE[side] not in other["exits"] and other["exits"]:
            word += " (blocked)"
        said.append(word)
    return "exits " + listing(said)
