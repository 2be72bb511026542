"""The Dungeon Generator's node map in words (pyapp/places.py): each known room of the levels the map shows,
where the map draws it, with its room-key line (where its passages go, stairs, secrets), and the rooms to walk
to and passages to take."""

from __future__ import annotations

from ..engine import Action, rolls
from ..places import BoardWords, Place, actions_at, plain, roll_words
from .layout import level_layout
from .render import LEVEL_GAP, room_label, room_summary, shown_levels, status_html
from .rules import is_over
from .state import TRAY, room_name


def words(state: dict, legal: list[Action]) -> BoardWords:
    over = is_over(state)
    here = None if over else tuple(state["at"])
    levels = shown_levels(state)
    many = len(state["levels"]) if over else len(levels)
    offered = actions_at(legal, lambda target: target_place(state, target))
    out, top = [], 0.0
    for level in levels:
        layout = level_layout(level, top)
        top += layout["height"] + LEVEL_GAP
        for room in level["rooms"]:
            number = room["n"]
            pid = place_id(level["level"], number)
            you = " (you are here)" if here == (level["level"], number) else ""
            x, y = layout["rooms"][number]
            about = room_label(room).split(": ", 1)[1] + "; " + room_summary(room)
            out.append(Place(pid, room_name(level["level"], number, many) + you, about + ".", (x, y),
                             offered.get(pid, ())))
    first = place_id(*here) if here else ""
    out.sort(key=lambda p: (p.id != first, p.at[1], p.at[0]))
    counts = state["counts"]
    score = (f"{sum(len(level['rooms']) for level in levels)} rooms shown; {counts['loops']} loop-backs, "
             f"{counts['dead_ends']} dead ends, {counts['secrets']} secrets found. A generator keeps no score.")
    return BoardWords(places=tuple(out), turn=plain(status_html(state)), score=score,
                      rolls=roll_words(rolls(state, TRAY), "No dice rolled this step."), title="Rooms")


def place_id(level: int, number: int) -> str:
    return f"level {level} room {number}"


def target_place(state: dict, target: tuple) -> str | None:
    level, number = state["at"]
    if target[0] in ("room", "stairs"):
        return place_id(level, target[1])
    return place_id(level, number)  # a passage of the room the explorer stands in
