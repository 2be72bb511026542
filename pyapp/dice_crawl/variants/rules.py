"""The text's variants as settings: which are on, the grid and dice they give, and their small rules.

`chosen(opts)` reads the settings into state["variant"] (absent in a base
game, so a base game's state is what it always was) and refuses the
combinations that make no sense, with the reason in the game's log. The
series of games (solo expeditions, the two campaigns) live in series.py,
the card-choosing set-up steps (Drafting, Pros and Cons, Campaign One's
kept Power) in picks.py.
"""

from __future__ import annotations

from ...engine import RULES_KEY
from ..core.board import cell_at, controller, counts
from ..data import ARMY, SIZE, TILES

SOLO_SIZE, SOLO_DICE, SOLO_GOAL, SOLO_EXPEDITIONS = 3, 15, 15, 3
SLOUGH_SIZE, SLOUGH_DICE = 7, 30
EASIER_EXTRA = 5  # the easier game: 25 dice instead of 20, so 5 more in every variant

CARDS = ("deal", "pros_cons", "draft")
CAMPAIGNS = ("off", "one", "two")


def chosen(opts: dict) -> tuple[dict, list[str]]:
    """(the variants in play, a message per refused setting). Empty for the base game."""
    n = int(opts.get("players", 2))
    # The first release (rules version 1) had no solo expedition: its one-seat links open the base game, as they did.
    solo = n == 1 and opts.get("solo", "solo") == "solo" and int(opts.get(RULES_KEY, 1)) >= 2
    picked = {
        "solo": solo,
        "gate": bool(opts.get("gate")),
        "cards": opts.get("cards", "deal"),
        "campaign": opts.get("campaign", "off"),
        "escape": bool(opts.get("escape")),
        "slough": bool(opts.get("slough")),
        "solo_dragon": solo and bool(opts.get("solo_dragon")),
    }
    refused = []

    def refuse(key: str, off, why: str) -> None:
        if picked[key] != off:
            picked[key] = off
            refused.append(why)

    if picked["solo"]:
        refuse("slough", False, "The Slough is refused: the solo expedition is played on its own 3x3 grid.")
        refuse("escape", False, "Escape is refused: it is a race between players; the solo expedition has its own "
                                "goal (the Dragon's corner).")
        refuse("campaign", "off", "The campaign is refused: the solo game is already a series of three expeditions.")
        refuse("gate", False, "Enemies at the Gate is refused: a solo game has no enemy tiles.")
    if n == 1 and picked["cards"] == "pros_cons":
        refuse("cards", "deal", "Pros and Cons is refused: it needs another player to choose your cards.")
    on = {key: value for key, value in picked.items() if value not in (False, "deal", "off")}
    return on, refused


def on(state: dict, key: str):
    return state.get("variant", {}).get(key, False)


def grid_size(picked: dict) -> int:
    return SOLO_SIZE if picked.get("solo") else SLOUGH_SIZE if picked.get("slough") else SIZE


def start_dice(picked: dict, easier: bool) -> int:
    base = SOLO_DICE if picked.get("solo") else SLOUGH_DICE if picked.get("slough") else ARMY
    return base + (EASIER_EXTRA if easier else 0)


def corner_cells(size: int) -> list[tuple]:
    last = size - 1
    return [(0, last), (0, 0), (last, 0), (last, last)]


def dragon_cell(size: int, picked: dict) -> tuple:
    """The centre; in solo the corner opposite the start (bottom left), so top right."""
    return (size - 1, 0) if picked.get("solo") else (size // 2, size // 2)


def lay_out(size: int, picked: dict) -> list[dict]:
    """The face-down grid. Escape: the Dragon lies face up at the centre (everyone starts on it) and the
    four corners are the exits, face down."""
    grid: list[dict] = [{"t": None, "dragon": False, "rot": 0, "units": []} for _ in range(size * size)]
    x, y = dragon_cell(size, picked)
    dragon = grid[y * size + x]
    dragon["dragon"] = True
    if picked.get("escape"):
        dragon.update(t=0, units=[None] * len(TILES[0]["spaces"]))
        for cx, cy in corner_cells(size):
            grid[cy * size + cx]["exit"] = True
    return grid


def starts(size: int, players: int, picked: dict, corners) -> list[tuple]:
    if picked.get("escape"):
        return [dragon_cell(size, picked)] * players
    return corners(size, players)


def goals(state: dict) -> list[tuple]:
    """Where the crawl heads: the Dragon, or in Escape the exits (the bots' compass)."""
    size = state["size"]
    if on(state, "escape"):
        return corner_cells(size)
    return [dragon_cell(size, state.get("variant", {}))]


def goal_distance(state: dict, cell) -> int:
    return min(abs(cell[0] - gx) + abs(cell[1] - gy) for gx, gy in goals(state))


def power_weight(state: dict) -> float:
    """What an unlocked Power is worth to the normal bot: in solo it only breaks ties no one contests, and its
    two dice are two of the fifteen the expedition needs on the tiles."""
    return 0.0 if on(state, "solo") else 1.2



# ---------------------------------------------------------------- Enemies at the Gate
def toll_due(state: dict, cell) -> bool:
    """Adding a unit to a tile another player controls costs [1+] (Enemies at the Gate)."""
    if not on(state, "gate"):
        return False
    owner = controller(cell_at(state, cell))
    return owner is not None and owner != state["turn"]


def tolls(pool: list[int], value: int) -> list[int]:
    """The dice that can pay the toll once `value` is placed: any other rolled die (one per face)."""
    left = list(pool)
    left.remove(value)
    return sorted(set(left))


def tile_points(state: dict, c: dict, owner: int) -> int:
    """A conquered tile's value to its controller; at the Gate, 1 less per unit on it that is not theirs."""
    printed = TILES[c["t"]]["points"]
    if not on(state, "gate"):
        return printed
    others = sum(n for p, n in counts(c).items() if p != owner)
    return max(0, printed - others)


def allies_score(state: dict, owner) -> bool:
    """At the Gate an uncontrolled conquered tile is worth nothing to anyone, allies included."""
    return owner is not None or not on(state, "gate")


# ---------------------------------------------------------------- words for the page
NAMES = {"solo": "Solo expedition", "gate": "Enemies at the Gate", "pros_cons": "Pros and Cons",
         "draft": "Drafting", "one": "Campaign One", "two": "Campaign Two", "escape": "Escape",
         "slough": "The Slough", "solo_dragon": "the Dragon's 3 count toward the 15"}


def names(state: dict) -> list[str]:
    out = []
    for key, value in state.get("variant", {}).items():
        out.append(NAMES.get(value if isinstance(value, str) else key, key))
    return out
