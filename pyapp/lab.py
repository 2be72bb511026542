"""The balance lab's engine, shared by the game pages: many whole games
auto-played from the current settings, in small pieces the page can run
between clicks (a `Tool` yielding `Progress`, see pyapp/engine.py).

Game i of a run uses the seed "<game seed>/lab/<i>", so the figures are
reproducible from the game's seed. A game steps straight through the
ruleset with pyapp/simulate.py's auto_steps (the policy only picks offered actions,
so Game's per-step legality check and undo snapshot would only make it two
to five times slower), and never renders. Every game ends: at its end, at
the lab's `stop`, or after MAX_STEPS steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from .engine import Progress, Ruleset
from .markup import escape
from .simulate import auto_steps, new_game

MAX_STEPS = 20_000  # a policy that cannot finish still ends (and is counted as unfinished)
SLICE_STEPS = 25  # auto-play steps between yields: a few milliseconds in the browser
DEFAULT_GAMES, MAX_GAMES = 1000, 20_000


@dataclass(frozen=True)
class Lab:
    """What one page's lab plays and measures.

    `settings_for(settings, i)` gives game i's settings from the page's;
    `watch(state, notes)` sees the state after every step (e.g. the turn
    the Dragon came) and writes into `notes`; `measure(state, steps, notes)`
    gives a game's figures; `report(runs, total)` draws them as HTML.
    """

    ruleset: Ruleset
    settings_for: Callable[[dict, int], dict]
    measure: Callable[[dict, int, dict], dict]
    report: Callable[[list, int], str]
    stop: Callable[[dict], bool] = lambda state: False
    watch: Callable[[dict, dict], None] | None = None


def lab_seed(seed: str, index: int) -> str:
    return f"{seed}/lab/{index}"


def play(lab: Lab, seed: str, settings: dict):
    """Auto-play one game, yielding every SLICE_STEPS steps; its figures are the generator's return value."""
    state = new_game(lab.ruleset, seed, settings)
    steps = 0
    notes: dict = {}
    for steps in auto_steps(lab.ruleset, state, MAX_STEPS, lab.stop):
        if lab.watch is not None:
            lab.watch(state, notes)
        if steps % SLICE_STEPS == 0:
            yield
    return lab.measure(state, steps, notes)


def report_of(lab: Lab, done: list[dict], count: int, total: int) -> str:
    """The figures of the first `count` games: made only when the page draws them."""
    return lab.report(done[:count], total)


def runs(lab: Lab, seed: str, settings: dict, total: int):
    """Generator of Progress for `total` games; each finished game's
    Progress draws the figures of the games so far (when the page asks)."""
    done: list[dict] = []
    yield Progress(0, total, "")
    for index in range(total):
        game = play(lab, lab_seed(seed, index), lab.settings_for(settings, index))
        while (figures := step(game)) is None:
            yield Progress(index, total, "")
        done.append(figures)
        yield Progress(index + 1, total, partial(report_of, lab, done, index + 1, total))


def step(game) -> dict | None:
    """One slice of a game being played: None, or its figures once it has ended."""
    try:
        next(game)
    except StopIteration as end:
        return end.value
    return None


def measure_all(lab: Lab, seed: str, settings: dict, total: int) -> list[dict]:
    """Every game's figures at once (the tests' and the benchmark's way in)."""
    out: list[dict] = []
    for index in range(total):
        game = play(lab, lab_seed(seed, index), lab.settings_for(settings, index))
        while (figures := step(game)) is None:
            pass
        out.append(figures)
    return out


def read_int(values: dict, key: str, default: int, low: int, high: int) -> int:
    try:
        value = int(str(values.get(key, default)).strip())
    except ValueError:
        value = default
    return max(low, min(high, value))


def games_field(default: int = DEFAULT_GAMES) -> str:
    return (f'<label>Games <input type="number" name="games" value="{default}" min="1" max="{MAX_GAMES}" '
            'step="1" required></label>')


def heading(done: int, total: int, what: str) -> str:
    """The figures' heading: "1000 games", or "120 of 1000 games so far" while running or once cancelled."""
    games = f"{done} game{'s' * (done != 1)}" if done == total else f"{done} of {total} games so far"
    return f"<h3>{escape(what)}: {games}</h3>"


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "–"
