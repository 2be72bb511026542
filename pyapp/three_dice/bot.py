"""The auto-play policy: a careful player, simple and documented; it only ever picks a legal action.

1. Character: keep the values in roll order.
2. Drink a potion when a character is 2 or more points down (or 2 HP
   down, or at 1 HP, in the Tiles edition), before anything else.
3. In a fight: when a miss would kill, raise the Shielding Charm, or else
   put the monster to sleep with the Sleeping Salts, or else run in the
   Boots of Swiftness. Otherwise ready a spell scroll, the Crystal Pendant
   or the Jade Idol when it raises the best chance to hit, then attack with
   the attribute that has the best chance, ties going to the attribute with
   the most points (a miss costs it one).
4. Level up: raise the attribute with the highest maximum.
5. Exploring: with the six-item limit, take what lies here, or leave the
   least useful item for it when it is worth more (`worth`); open a locked
   door with a Key; dig with a map fragment in a vault (handing the lead to
   whoever holds one); descend from a Great Hall when allowed (to a classic
   level). Then walk: to the nearest vault while a fragment is held and no
   artifact was found on this level, to the nearest Great Hall once one
   was; else through an unexplored exit, or toward the nearest location
   with one; else toward a searchable dead end, and search.
   A pack full under the six-item limit while the level still needs a map
   fragment is emptied of single-use artifacts (they cannot be left on the
   floor): the pendant, idol and charm are readied and spent, the salts and
   boots used, the Scroll of Teleportation read (toward a fragment lying on
   the floor when one is known).
6. Other choices (exits, tile turns, secret doors, wounds): the first
   offered, wounds from the highest attribute.
It never retires; in Endless mode it pauses at each new dungeon level
(`auto_pause`, RULINGS), so a hero too strong to die never runs unbounded.
"""

from __future__ import annotations

from collections import deque

from ..codes import code
from .combat import hit_faces
from .data import ATTRS
from .dungeon import can_search
from .grid import is_locked, neighbour, passable
from .rules import legal_actions
from .state import active, here, holds, limit, living, tiles

BOOSTS = ("scroll", "pendant", "idol")  # one-roll bonuses, readied before the attack they help


def auto_action(state: dict) -> str:
    phase = state["phase"]
    if phase == "fight":  # the hot path: no labelled list needed
        return potion_choice(state) or fight_choice(state)
    actions = legal_actions(state)
    codes = [a.code for a in actions]
    heal = potion_choice(state)
    if heal and phase == "explore":
        return heal
    if phase == "raise":
        player = next(p for p in state["players"] if p["raises"])
        best = max(ATTRS, key=lambda a: player["max"][a])
        return code("raise", best)
    if phase == "wound":
        player = active(state)
        return code("wound", max((a for a in ATTRS if player['attrs'][a] > 0), key=lambda a: player['attrs'][a]))
    if phase == "explore":
        return explore_choice(state, codes)
    return codes[0]


def potion_choice(state: dict) -> str | None:
    """A potion for whoever is 2 points down (1 HP from death in Tiles)."""
    for i, player in enumerate(state["players"]):
        if not player["alive"] or not player["items"]["potion"]:
            continue
        if tiles(state):
            if player["hp"] < player["hp_max"] and player["hp"] <= max(1, player["hp_max"] - 2):
                return code("potion", i)
            continue
        short = {a: player["max"][a] - player["attrs"][a] for a in ATTRS}
        if sum(short.values()) >= 2:
            first, second = sorted(ATTRS, key=lambda a: -short[a])[:2]
            return code("potion", i, first, first if short[first] >= 2 else second)
    return None


def fight_choice(state: dict) -> str:
    player = active(state)
    monster = here(state)["monster"]
    best = best_attack(state, player, monster)
    if would_die(state, player, best):
        escape = last_resort(state, player)
        if escape:
            return escape
    if crowded(state, player):
        room = make_room(state, player)
        if room:
            return room
    chance = len(hit_faces(state, player, best, monster))
    for item in BOOSTS:
        if held(player, item) and item not in player["armed"]:
            boosted = dict(player, armed=[*player["armed"], item])
            if len(hit_faces(state, boosted, best_attack(state, boosted, monster), monster)) > chance:
                return code("ready", item)
    return code("attack", best)


def best_attack(state: dict, player: dict, monster: dict) -> str:
    return max(ATTRS, key=lambda a: (len(hit_faces(state, player, a, monster)), player["attrs"][a]))


def crowded(state: dict, player: dict) -> bool:
    """Is a full pack (six-item limit) keeping the next map fragment out while this level still needs one?"""
    return (holds(player) >= limit(state) and not state["artifact_here"]
            and not any(p["items"]["fragment"] for p in state["players"] if p["alive"]))


def make_room(state: dict, player: dict) -> str | None:
    """Spend a single-use artifact (they cannot be left on the floor) to make room for a map fragment."""
    armed, artifacts = player["armed"], player["artifacts"]
    if "pendant" in armed:
        return code("attack", "MIND")  # the pendant is spent on a MIND roll
    for item in ("pendant", "idol", "charm"):
        if artifacts.get(item) and item not in armed:
            return code("ready", item)
    if artifacts.get("salts"):
        return "salts"
    if artifacts.get("boots") and passable(state, state["pos"]):
        return code("flee", "boots")
    return None


def last_resort(state: dict, player: dict) -> str | None:
    """What saves a character whose next miss kills: the charm, the salts, the boots."""
    if player["artifacts"].get("charm") and "charm" not in player["armed"]:
        return "ready charm"
    if player["artifacts"].get("charm"):
        return None  # raised already: it takes the blow
    if player["artifacts"].get("salts"):
        return "salts"
    if player["artifacts"].get("boots") and passable(state, state["pos"]):
        return code("flee", "boots")
    return None


def held(player: dict, item: str) -> int:
    return player["items"].get(item, 0) or player["artifacts"].get(item, 0)


def would_die(state: dict, player: dict, attr: str) -> bool:
    if tiles(state):
        return player["hp"] <= 1
    others = sum(v for a, v in player["attrs"].items() if a != attr)
    return others == 0 and player["attrs"][attr] <= 1


def worth(state: dict, player: dict, item: str, carried: bool) -> int:
    """How much a careful player wants one `item` (0: useless), one they carry or one they might take."""
    if item == "fragment":
        return 5 if not state["artifact_here"] else 2
    if item == "key":
        return 4 if state.get("locked") else 1
    if item == "sword" and tiles(state):  # swords are not cumulative here: only the first one counts
        return 3 if player["items"]["sword"] - carried == 0 else 0
    return {"potion": 4, "tome": 3, "sword": 3, "scroll": 2}[item]


def floor_choice(state: dict, codes: list[str]) -> str | None:
    """With the six-item limit: take what lies here, or swap the least useful item for it."""
    if "take" in codes:
        return "take"
    swaps = [c for c in codes if c.startswith("swap ")]
    if not swaps:
        return None
    player = active(state)
    least = min((c[5:] for c in swaps), key=lambda item: worth(state, player, item, True))
    lying = here(state)["treasure"]
    if worth(state, player, lying, False) > worth(state, player, least, True):
        return code("swap", least)
    return None


def explore_choice(state: dict, codes: list[str]) -> str:
    choice = floor_choice(state, codes) or next((c for c in codes if c.startswith("unlock ")), None)
    if choice:
        return choice
    for prefer in ("fragment", "descend classic", "descend random"):
        if prefer in codes:
            return prefer
    player = active(state)
    reads = [c for c in codes if c.startswith("scroll ")]
    if reads and crowded(state, player):  # the Scroll of Teleportation is spent to make room
        return next((c for c in reads if state["cells"][c[7:]]["treasure"] == "fragment"), reads[0])
    digger = fragment_holder(state)
    cell = here(state)
    if (cell["kind"] == "vault" and cell["monster"] is None and digger not in (None, state["turn"])
            and "pass" in codes and not state["artifact_here"]):
        return "pass"  # hand the lead to the one who holds a map fragment
    goal = None
    if state["artifact_here"]:
        goal = "hall"
    elif digger is not None:
        goal = "vault"
    if goal:
        step = path_step(state, lambda key: state["cells"][key]["kind"] == goal)
        if step and code("go", step) in codes:
            return code("go", step)
    for option in codes:
        if option.startswith("go ") and neighbour(state["pos"], option[3:]) not in state["cells"]:
            return option
    step = path_step(state, lambda key: opening(state, key))
    if step and code("go", step) in codes:
        return code("go", step)
    if "search" in codes and cell["search"] < 12:
        return "search"
    step = path_step(state, lambda key: searchable(state, key))
    if step and code("go", step) in codes:
        return code("go", step)
    if "search" in codes:
        return "search"
    moves = [c for c in codes if c.startswith("go ")]
    calm = [c for c in codes if not c.startswith(("swap ", "drop ", "retire"))]  # never shuffle items for nothing
    return (moves or calm or codes)[0]


def fragment_holder(state: dict) -> int | None:
    """A living player who holds a map fragment (the leader first)."""
    order = [state["turn"], *living(state)]
    return next((i for i in order if state["players"][i]["alive"] and state["players"][i]["items"]["fragment"]),
                None)


def opening(state: dict, key: str) -> bool:
    """Does this location open into unexplored rock (through a locked door, when the leader holds a Key)?"""
    keyed = active(state)["items"].get("key", 0) > 0
    return any(neighbour(key, s) not in state["cells"] and (keyed or not is_locked(state, key, s))
               for s in state["cells"][key]["exits"])


def searchable(state: dict, key: str) -> bool:
    return state["cells"][key]["search"] < 12 and can_search(state, key)


def path_step(state: dict, goal) -> str | None:
    """First side to take on a shortest walk to a location meeting `goal`."""
    start = state["pos"]
    seen: dict[str, tuple[str, str] | None] = {start: None}
    queue = deque([start])
    while queue:
        key = queue.popleft()
        if key != start and goal(key):
            came = seen[key]
            while came is not None and came[0] != start:
                came = seen[came[0]]
            return came[1] if came is not None else None
        for side in passable(state, key):
            nxt = neighbour(key, side)
            if nxt in state["cells"] and nxt not in seen:
                seen[nxt] = (key, side)
                queue.append(nxt)
    return None


def auto_pause(state: dict, played: str) -> str:
    """Endless games could go on for ever: auto play waits for the player at each new dungeon level."""
    if played.startswith("descend") and state["opts"].get("mode", "endless") == "endless" and not state["over"]:
        return f"Auto play pauses on reaching dungeon level {state['level']}: press Auto play to go on."
    return ""
