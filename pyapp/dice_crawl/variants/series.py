"""Games in a series, in one state: the solo game's three expeditions and the two-game campaigns.

state["series"] = {"kind": "solo" or "campaign", "game": the one being played, "games": how many,
"results": one entry per game played: {"totals": [per player], "made": solo only, did the expedition
succeed}}. When a game of the series ends (scoring.finish), `after_game` records it; unless it was the
last, the state waits on one "next" step ("Begin game 2") that lays out a new dungeon (`next_game`).
"""

from __future__ import annotations

from ... import dice
from ...engine import Action, say
from ..core.state import card_powers, plays, roll_many, unlocked, who
from ..data import ALL_CLASSES, CAMPAIGN_FIRST_ROLLED
from ..vaults.piles import card_pile, new_dungeon
from .rules import SOLO_EXPEDITIONS, SOLO_GOAL, lay_out, on, starts


def begin(state: dict) -> None:
    if on(state, "solo"):
        state["series"] = {"kind": "solo", "game": 1, "games": SOLO_EXPEDITIONS, "results": []}
    elif on(state, "campaign"):
        state["series"] = {"kind": "campaign", "game": 1, "games": 2, "results": []}


def game_word(state: dict) -> str:
    return "expedition" if state["series"]["kind"] == "solo" else "game"


def made_it(state: dict, rows: list, reaching: bool = False) -> bool:
    """Solo: the Dragon reached (or, `reaching`, about to be) with 15 points scored before it (its own 3
    do not count toward them)."""
    row = rows[0]
    if on(state, "solo_dragon"):  # the setting: the Dragon's own 3 count toward the 15
        return (reaching and row["total"] + 3 >= SOLO_GOAL) or (state["players"][0]["dragon"]
                                                                and row["total"] >= SOLO_GOAL)
    return (reaching or state["players"][0]["dragon"]) and row["total"] - row["dragon"] >= SOLO_GOAL


def win_line(state: dict, winner: str) -> str:
    """The line naming a game's winner: a campaign names the game; a solo expedition has no winner."""
    series = state.get("series")
    if not series:
        return f"{winner} wins."
    return "" if series["kind"] == "solo" else f"{winner} wins game {series['game']}."


def after_game(state: dict, rows: list) -> None:
    """A game of the series is scored: record it, then wait for the next one or conclude the series."""
    series = state.get("series")
    if not series:
        return
    entry: dict = {"totals": [row["total"] for row in rows]}
    if series["kind"] == "solo":
        entry["made"] = made_it(state, rows)
        say(state, f"Expedition {series['game']} {'succeeds' if entry['made'] else 'fails'}: {rows[0]['total']} "
                   f"points{'' if entry['made'] else ' (the Dragon must be reached with 15 points scored)'}.")
    series["results"].append(entry)
    if series["game"] < series["games"]:
        people = [n for n, p in enumerate(state["players"]) if p["seat"] == "person"]
        # the next game waits for a person at the table to begin it (bots alone go straight on)
        state.update(over=False, result="", score=None, phase="between", turn=people[0] if people else state["turn"])
        say(state, f"{game_word(state).capitalize()} {series['game'] + 1} of {series['games']} comes next.")
        return
    conclude(state)


def totals(state: dict) -> list[int]:
    """The series score of each player so far: the campaign's summed games; solo, the best successful
    expedition minus 1 per failed one."""
    results = state["series"]["results"]
    if state["series"]["kind"] == "solo":
        best = max((r["totals"][0] for r in results if r["made"]), default=0)
        return [best - sum(1 for r in results if not r["made"])]
    return [sum(r["totals"][n] for r in results) for n in range(len(state["players"]))]


def conclude(state: dict) -> None:
    series, rows = state["series"], state["final"]
    scores = totals(state)
    if series["kind"] == "solo":
        succeeded = any(r["made"] for r in series["results"])
        state["result"] = "won" if succeeded else "lost"
        say(state, f"The solo game ends: {scores[0]} points "
                   f"({'a success' if succeeded else 'no expedition succeeded'}).")
        state["score"] = {"points": scores[0], "winner": who(state, 0) if succeeded else "none", "players": 1,
                          "rounds": state["round"]}
        return
    keys = [(scores[n], rows[n]["powers"], int(state["players"][n]["dragon"])) for n in range(len(scores))]
    best = max(keys)
    won = [n for n, key in enumerate(keys) if key == best]
    say(state, "The campaign ends: " + ", ".join(f"{who(state, n)} {s}" for n, s in enumerate(scores)) + ".")
    if len(won) == 1:
        state["result"], winner = "won", who(state, won[0])
        say(state, f"{winner} wins the campaign.")
    else:
        state["result"], winner = "draw", "draw"
        say(state, "The campaign is a draw.")
    state["score"] = {"points": max(scores), "winner": winner, "players": len(scores), "rounds": state["round"]}


def actions(state: dict) -> list[Action]:
    series = state["series"]
    return [Action("next", f"Begin {game_word(state)} {series['game'] + 1}", "Next game",
                   f"{game_word(state)} {series['game']} of {series['games']} is over")]


def next_game(state: dict, corners) -> list[dict]:
    """Lay out a new dungeon for the next game; returns Campaign One's set-up steps (the kept Power)."""
    series = state["series"]
    series["game"] += 1
    picked, size, n = state["variant"], state["size"], len(state["players"])
    keep = [{"kind": "keep", "seat": s, "slots": unlocked(p), "pairs": list(p["slots"])}
            for s, p in enumerate(state["players"]) if on(state, "campaign") == "one" and unlocked(p)]
    if on(state, "campaign") == "two":
        second_classes(state)
    state["grid"] = lay_out(size, picked)
    new_dungeon(state, n)
    for p, at in zip(state["players"], starts(size, n, picked, corners)):
        p.update(army=state["start_dice"], out=0, at=list(at), dragon=False)
        p["slots"] = [None] * len(card_powers(p))
    say(state, f"{game_word(state).capitalize()} {series['game']} of {series['games']} begins: a new dungeon"
               f"{'' if n == 1 else ', scores carried'}.")
    state.update(round=1, final=None, roll=[], last_power="", pool=[], used=[], pending=[], revealed=False,
                 moved=False)
    first = next_first(state, n)
    state.update(first=first, turn=first)
    return keep


def next_first(state: dict, n: int) -> int:
    """Who goes first in the next game: the seat after the last game's first (versions 1 to 9, in silence);
    from rules version 10 rolled as the first game's is (RULINGS: in every game of a campaign) and said in the
    log, or with the setting `first` = seat1 the next seat in turn, said too."""
    if not plays(state, CAMPAIGN_FIRST_ROLLED) or n == 1:
        return (state["first"] + 1) % n
    if not state.get("first_seat1"):
        return first_player(state)
    first = (state["first"] + 1) % n
    say(state, f"{who(state, first)} (seat {first + 1}) goes first this game, the next seat in turn.")
    return first


def second_classes(state: dict) -> None:
    """Campaign Two: each player draws a second class card at random from those nobody holds."""
    for p in state["players"]:
        held = {q["cls"] for q in state["players"]} | {q.get("cls2") for q in state["players"]}
        left = [c for c in card_pile(state, "cls") if c not in held]
        p["cls2"] = left[dice.roll(state["dice"], len(left)) - 1]
        say(state, f"{p['name']} draws a second class: {ALL_CLASSES[p['cls2']][0]}.")


def first_player(state: dict) -> int:
    """The text's "pick someone to go first by, you know, rolling some dice": each player rolls a die from the
    game's seed, and the highest goes first; those tied highest roll again. Every roll is in the log."""
    rolling = list(range(len(state["players"])))
    while True:
        faces = roll_many(state, "First player", len(rolling))
        say(state, "Who goes first: " + ", ".join(f"{who(state, p)} rolls {f}" for p, f in zip(rolling, faces)) + ".")
        rolling = [p for p, f in zip(rolling, faces) if f == max(faces)]
        if len(rolling) == 1:
            say(state, f"{who(state, rolling[0])} (seat {rolling[0] + 1}) rolls highest and goes first.")
            return rolling[0]
        names = [who(state, p) for p in rolling]
        say(state, f"{', '.join(names[:-1])} and {names[-1]} tie on {max(faces)} and roll again.")
