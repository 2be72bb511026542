"""Dice Crawl rules: the state, what may be done, and doing it.

`legal_actions` is the one place that decides what may be done. A turn:
(start: reveal and orient your start corner) -> Explore (reveal, orient,
move, each optional) -> "roll" -> Crawl (hunt, Hoard, unlock, use Powers)
-> "end". The top of state["pending"] (orient a tile, a Power's target, a
tile Power's offer) is answered before anything else. Codes: codes.py.
"""

from __future__ import annotations

from dataclasses import replace

from ... import dice
from ...engine import RULES_KEY, Action, rules_version, say
from ..core import board, costs
from ..core.board import cell_at, conquered, marker_cells, name
from ..core.codes import cell_code, code, numbers, space_code
from ..core.state import actor, card_powers, me, plays, roll_many, take, unlocked, who
from ..data import (
    ALL_CLASSES,
    ALL_RACES,
    CAMPAIGN_FIRST_ROLLED,
    DOG_PILE_PAYS_REPEAT,
    EACH_PRINTED,
    MAX_ROUNDS,
    ONE_USE_PER_POWER,
    PERMANENT,
    POWERS,
    ROLL,
    ROLLED_FIRST,
    TILE_IDS,
    TILES,
)
from ..variants import picks, rules as variants, series
from ..variants.series import first_player
from ..vaults.tiles import in_order, protected
from . import explore, powers, scoring, vault_powers, vaults


def corners(size: int, players: int) -> list[tuple]:
    """Start corners, clockwise from the bottom left; two players start diagonally apart."""
    last = size - 1
    ring = [(0, last), (0, 0), (last, 0), (last, last)]
    return [ring[0], ring[2]] if players == 2 else ring[:players]


# ---------------------------------------------------------------- new game
def deal(state: dict, count: int, among: int) -> list[int]:
    """`count` different cards of `among`, dealt with the game's dice."""
    left = list(range(among))
    return [left.pop(dice.roll(state["dice"], len(left)) - 1) for _ in range(count)]


def new_state(seed: str, opts: dict) -> dict:
    n = int(opts.get("players", 2))
    picked, refused = variants.chosen(opts)
    size = variants.grid_size(picked)
    grid = variants.lay_out(size, picked)
    start_dice = variants.start_dice(picked, bool(opts.get("easier")))
    version = int(opts.get(RULES_KEY, 1))  # the link's rules (data.CHANGES); a new game's are the newest
    state: dict = {"dice": dice.seed_state(seed), "log": [], "score": None, "over": False, "result": "", "size": size,
             "grid": grid, "deck": list(TILE_IDS[version]), "players": [], "turn": 0, "first": 0, "round": 1,
             "phase": "start", "pool": [], "used": [], "revealed": False, "moved": False, "pending": [],
             "start_dice": start_dice, "max_rounds": int(opts.get("max_rounds", MAX_ROUNDS)), "roll": [],
             "final": None, "last_power": "", "steps": 0}
    if version > 1:
        state["rules"] = version  # kept with the game (version 1's states stay as they were)
    if picked:
        state["variant"] = picked
        say(state, "Variants: " + ", ".join(variants.names(state)) + ".")
    for line in refused:
        say(state, line)
    starts = variants.starts(size, n, picked, corners)
    vaults.setup(state, opts)
    races, classes = vaults.deal_cards(state, opts, n, deal)
    for seat in range(n):
        player = {"name": str(opts.get(f"name{seat + 1}", "") or f"Player {seat + 1}"),
                  "seat": opts.get(f"seat{seat + 1}", "person"), "race": races[seat], "cls": classes[seat],
                  "army": start_dice, "out": 0, "at": list(starts[seat]), "dragon": False}
        player["slots"] = [None] * len(card_powers(player))
        state["players"].append(player)
        if variants.on(state, "cards"):
            say(state, f"{player['name']} starts at {name(player['at'])}.")
        else:
            say(state, f"{player['name']} is the {ALL_RACES[races[seat]][0]} {ALL_CLASSES[classes[seat]][0]}, "
                       f"starting at {name(player['at'])}.")
    first = opts.get("first", "text")
    if first == "seat1" and plays(state, CAMPAIGN_FIRST_ROLLED) and variants.on(state, "campaign"):
        state["first_seat1"] = True  # a campaign's later games go to the next seat in turn, not a roll
    if n > 1 and plays(state, ROLLED_FIRST) and first in ("text", "roll"):
        state["first"] = state["turn"] = first_player(state)
    elif first == "roll" and n > 1:
        state["first"] = state["turn"] = dice.roll(state["dice"], n) - 1
        say(state, f"{who(state, state['turn'])} rolls highest and goes first.")
    else:
        say(state, f"{who(state, 0)} (seat 1) goes first.")
    series.begin(state)
    if not picks.begin(state, picks.card_steps(state)):
        begin_turn(state)
    return state


def is_over(state: dict) -> bool:
    return state["over"]


def result(state: dict) -> str:
    return state["result"] or "over"


# ---------------------------------------------------------------- turns
def begin_turn(state: dict) -> None:
    """The game ends when a turn starts with 0 or 1 dice in the army (or at the round limit)."""
    player = me(state)
    if player["army"] <= 1:
        scoring.finish(state, f"{player['name']}'s turn starts with {player['army']} dice in the army")
        return
    if state["round"] > state["max_rounds"]:
        scoring.finish(state, f"{state['max_rounds']} rounds have been played (the project's limit)")
        return
    state.update(pool=[], used=[], revealed=False, moved=False, pending=[])
    here = cell_at(state, player["at"])
    state["phase"] = "start" if here["t"] is None else "explore"
    say(state, f"Round {state['round']}: {player['name']}'s turn.")
    vaults.begin_turn(state)


def end_turn(state: dict) -> None:
    player = me(state)
    if state["pool"]:
        say(state, f"{player['name']} returns {len(state['pool'])} unused dice to the army.")
    player["army"] += len(state["pool"])
    state["pool"], state["phase"] = [], "explore"
    state["turn"] = (state["turn"] + 1) % len(state["players"])
    if state["turn"] == state["first"]:
        state["round"] += 1
    begin_turn(state)


def start_crawl(state: dict) -> None:
    player = me(state)
    count = crawl_size(state)
    player["army"] -= count
    state["pool"] = sorted(roll_many(state, "Crawl", count))
    state["phase"] = "crawl"
    say(state, f"{player['name']} rolls {count} dice: {', '.join(map(str, state['pool']))}.")
    vaults.after_roll(state)


# ---------------------------------------------------------------- what may be done
def legal_actions(state: dict) -> list[Action]:
    """Everything the player to move may do; on a bot's seat none of it is offered to the person at the
    screen (no button, nothing on the board): the bot plays it, step by step (bot.automatic)."""
    actions = offered(state)
    if state["over"] or state["players"][actor(state)]["seat"] == "person":
        return actions
    return [replace(a, board=True, target=()) for a in actions]


def offered(state: dict) -> list[Action]:
    if state["over"]:
        return []
    if state["pending"]:
        return pending_actions(state, state["pending"][-1])
    if state["phase"] == "setup":
        return picks.actions(state)
    if state["phase"] == "between":
        return series.actions(state)
    if state["phase"] == "start":
        here = me(state)["at"]
        return [Action(cell_code("x", here), f"Reveal your start tile {name(here)}", "Explore",
                       target=("cell", *here))]
    if state["phase"] == "explore":
        out = [Action(cell_code("x", c), f"Explore {name(c)}", "Explore", "reveal it", target=("cell", *c))
               for c in explore.reveal_targets(state)]
        out += [Action(cell_code("m", c), f"Move to {name(c)}", "Explore", target=("cell", *c))
                for c in explore.move_targets(state)]
        out += vault_powers.explore_actions(state)
        return out + [Action("roll", "Roll for the Crawl", "Crawl", f"{crawl_size(state)} dice")]
    return crawl_actions(state) + [Action("end", "End the turn", "Turn", end_hint(state))]


def crawl_size(state: dict) -> int:
    player = me(state)
    powers_ = card_powers(player)
    extra = sum(powers_[k]["extra"] for k in unlocked(player) if powers_[k]["key"] == "roll")
    return min(ROLL + extra, player["army"])


def end_hint(state: dict) -> str:
    left = len(state["pool"])
    return f"{left} unused {'die returns' if left == 1 else 'dice return'} to the army" if left else ""


def huntable(state: dict) -> list:
    """Revealed, unconquered tiles with an adventurer marker on them (yours or an enemy's)."""
    return [c for c in sorted(marker_cells(state)) if cell_at(state, c)["t"] is not None
            and not conquered(cell_at(state, c))]


def crawl_actions(state: dict) -> list[Action]:
    return list(crawl_choices(state))


def crawl_choices(state: dict):
    """The Crawl's actions one by one: after each step the turn only asks whether there is one (after_step)."""
    pool, player = state["pool"], state["turn"]
    for cell in huntable(state):
        c = cell_at(state, cell)
        for s, (space, unit) in enumerate(zip(board.spaces(c), c["units"])):
            if space["kind"] == "icon" and unit is None and space["v"] in pool and in_order(c, s):
                ally = "" if tuple(me(state)["at"]) == cell else " (ally)"
                if variants.toll_due(state, cell):
                    label = f"Put a {space['v']} on {name(cell)}{ally}"
                    yield from toll_actions(state, "p", cell, s, space["v"], label)
                    continue
                yield Action(space_code("p", cell, s), f"Put a {space['v']} on {name(cell)}{ally}", "Hunt",
                             board=True, target=("space", *cell, s))
    for cell in sorted(marker_cells(state)):
        c = cell_at(state, cell)
        for s, (space, unit) in enumerate(zip(board.spaces(c), c["units"])):
            if space["kind"] != "hoard" or (unit is not None and (unit[0] == player or protected(state, unit[0]))):
                continue
            floor = 0 if unit is None else unit[1]
            for v in sorted({v for v in pool if v > floor}, reverse=True):
                steal = f", stealing {who(state, unit[0])}'s {unit[1]}" if unit else ""
                if variants.toll_due(state, cell):
                    yield from toll_actions(state, "h", cell, s, v, f"Hoard a {v} on {name(cell)}{steal}", v)
                    continue
                yield Action(space_code("h", cell, s, v), f"Hoard a {v} on {name(cell)}{steal}", "Hoard",
                             target=("space", *cell, s))
    powers_ = card_powers(me(state))
    for k, pw in enumerate(powers_):
        if me(state)["slots"][k] is not None:
            continue
        for n, (a, b) in enumerate(costs.unlock_pairs(pw["unlock"], pool)):
            # one button per Power in the list; every pair on the player's card (the panel)
            yield Action(code("u", k, a, b), f"Unlock {pw['label']} with {a} and {b}", "Unlock",
                         board=n > 0, target=("unlock", k, a, b), where="on your cards" if n else "")
    on_card = set()
    for k, pay in usable(state):
        pw = powers_[k]
        doubles = use_cost(state, pw) == "doubles"
        paid = f" (pay {'two ' + str(pay) + 's' if doubles else 'a ' + str(pay)})" if pay else ""
        yield Action(code("use", k, *([pay] if pay else [])), f"{pw['label']}{paid}", "Powers",
                     POWERS[pw["key"]][1], target=("use", k) if k not in on_card else ())
        on_card.add(k)


def toll_actions(state: dict, verb: str, cell, s: int, value: int, label: str, *more) -> list[Action]:
    """Enemies at the Gate: the same placement, paying one more rolled die (any) for each face left."""
    group = "Hunt" if verb == "p" else "Hoard"
    return [Action(space_code(verb, cell, s, *more, pay), f"{label}, paying a {pay} (Gate toll)", group,
                   target=("space", *cell, s) if n == 0 else ())
            for n, pay in enumerate(variants.tolls(state["pool"], value))]


def usable(state: dict) -> list[tuple[int, int | None]]:
    """(slot, payment) of every unlocked card Power that may be used now."""
    player = me(state)
    out = []
    used_keys = {card_powers(player)[k]["key"] for k in state["used"]} if once_per_name(state) else set()
    for k in unlocked(player):
        pw = card_powers(player)[k]
        if pw["key"] in PERMANENT or k in state["used"] or pw["key"] in used_keys:
            continue
        cost = use_cost(state, pw)
        for pay in costs.payments(cost, state["pool"]):
            left = list(state["pool"])
            for v in costs.paid_dice(cost, pay):
                left.remove(v)
            army = player["army"] + len(state["pool"]) - len(left)
            if vault_powers.can_use(state, pw["key"], left, army):
                out.append((k, pay))
    return out


def use_cost(state: dict, pw: dict) -> str:
    """The bracket a card Power pays when used. From rules version 9 Dog Pile pays the one the Power it repeats
    prints ("paying any appropriate cost for the second use"): with its own [5+] a Goblin repeated a rival's
    Onslaught [doubles] with a single 5. The Power last used keeps its bracket in state["last_cost"]."""
    if pw["key"] == "dogpile" and plays(state, DOG_PILE_PAYS_REPEAT):
        return state.get("last_cost", "")
    return pw["cost"]


def once_per_name(state: dict) -> bool:
    """Under rules versions 3 to 8, a Power printed twice on a player's cards (the Warrior's two Attacks) is still
    one Power: used once a turn, at either cost. From version 9 (issue 31) "each Power can only be used once per
    turn" counts each printed Power, as versions 1 and 2 did: the text's Warrior prints Attack [3+] and Attack
    [1+] to Attack twice a turn, each copy unlocked and paid on its own."""
    return ONE_USE_PER_POWER <= rules_version(state) < EACH_PRINTED


def pending_actions(state: dict, step: dict) -> list[Action]:
    kind = step["kind"]
    if kind == "orient":
        cell = step["cell"]
        return [Action(code("o", t), f"Turn {name(cell)} to face {explore.exit_words(exits_after(state, cell, t))}",
                       "Orient", explore.dead_ends(state, cell, exits_after(state, cell, t)))
                for t in explore.facing_choices(state, step)]
    if kind == "tile":
        label = POWERS[step["power"]][0]
        offer = [Action("tp", f"Use the tile's {label}", "Tile Power", POWERS[step["power"]][1])]
        pool, army = state["pool"], me(state)["army"]
        if not vault_powers.can_use(state, step["power"], pool, army):
            offer = []
        return offer + [Action("pass", f"Pass up the tile's {label}", "Tile Power")]
    out = [Action(c, label, group_of(kind), board=bool(target) and kind not in ("die", "toll", "reroll", "lose"),
                  target=target) for c, label, target in vault_powers.targets(state, step)]
    if step.get("src") == "tile":
        out.append(Action("pass", "Pass up the tile's Power", "Tile Power"))
    return out


def group_of(kind: str) -> str:
    groups = {"die": "Which die", "toll": "Gate toll", "reroll": "Reinforcements", "swap2": "Swap",
              **vault_powers.GROUPS}
    return groups.get(kind, POWERS.get(kind, (kind,))[0])


def exits_after(state: dict, cell, turns: int) -> int:
    return board.rotate_mask(TILES[cell_at(state, cell)["t"]]["exits"], turns)


# ---------------------------------------------------------------- doing it
def apply(state: dict, action_code: str) -> None:
    verb, args = numbers(action_code)
    state["steps"] += 1
    if verb in ("pr", "pc", "keep"):
        if picks.apply(state, verb, args):
            state["turn"] = state["first"]
            begin_turn(state)
        return
    if verb == "next":
        if not picks.begin(state, series.next_game(state, corners)):
            begin_turn(state)
        return
    if state["pending"]:
        step = state["pending"].pop()
        answer(state, step, verb, args, action_code)
    elif verb == "x":
        explore.reveal(state, (args[0], args[1]), "explore" if state["phase"] == "explore" else "start")
    elif verb == "m":
        me(state)["at"] = args[:2]
        state["moved"] = True
        say(state, f"{who(state, state['turn'])} moves to {name(args)}.")
    elif verb == "roll":
        start_crawl(state)
    elif verb == "end":
        end_turn(state)
        return
    elif verb == "p":
        pay_toll(state, args[3:])
        hunt(state, (args[0], args[1]), args[2])
    elif verb == "h":
        pay_toll(state, args[4:])
        hoard(state, (args[0], args[1]), args[2], args[3])
    elif verb == "u":
        unlock(state, args[0], args[1], args[2])
    elif verb == "use":
        use(state, args[0], args[1] if len(args) > 1 else None)
    after_step(state)


def answer(state: dict, step: dict, verb: str, args: list, action_code: str) -> None:
    if step["kind"] == "orient":
        explore.orient(state, step, args[0])
        if step["why"] == "start":
            state["phase"] = "explore"
        if step["why"] != "rotate":
            vaults.revealed(state, step["cell"])
    elif step["kind"] == "doom":
        use(state, args[0], args[1] if len(args) > 1 else None)
    elif step["kind"] == "tile":
        if verb == "tp":
            if plays(state, DOG_PILE_PAYS_REPEAT):
                state["last_cost"] = ""  # a tile's Power prints no cost: repeating it is free too
            vault_powers.start(state, step["power"], "tile")
        else:
            say(state, f"{who(state, state['turn'])} passes up the tile's {POWERS[step['power']][0]}.")
    elif verb == "pass" and step["kind"] in POWERS:
        say(state, f"{who(state, state['turn'])} passes up the tile's {POWERS[step['kind']][0]}.")
    else:
        vault_powers.resolve(state, step, action_code, lambda cell, was: covered(state, cell, was))


def after_step(state: dict) -> None:
    """The turn ends by itself once the dice are spent or nothing is left to spend them on (the text: "Once
    all of your units are spent or there are no more options to spend units, your turn is over")."""
    if state["over"] or state["pending"] or state["phase"] != "crawl":
        return
    if next(crawl_choices(state), None) is None:
        end_turn(state)


def covered(state: dict, cell, was_conquered: bool) -> None:
    """A die went on a tile: a new conquest triggers the tile's Power for the active player."""
    c = cell_at(state, cell)
    if was_conquered or not conquered(c):
        return
    say(state, f"{name(cell)} is conquered.")
    power = powers.tile_power(c)
    if power:
        state["pending"].append({"kind": "tile", "power": power, "cell": list(cell)})


def pay_toll(state: dict, paid: list[int]) -> None:
    for v in paid:
        take(state["pool"], v)
        me(state)["army"] += 1
        say(state, f"{who(state, state['turn'])} pays a {v} to the Gate.")


def hunt(state: dict, cell, s: int) -> None:
    c = cell_at(state, cell)
    value = board.spaces(c)[s]["v"]
    take(state["pool"], value)
    c["units"][s] = [state["turn"], value]
    say(state, f"{who(state, state['turn'])} puts a {value} on {name(cell)}.")
    covered(state, cell, False)


def hoard(state: dict, cell, s: int, value: int) -> None:
    c = cell_at(state, cell)
    if c["units"][s] is not None:
        powers.return_unit(state, cell, s, "a higher die steals the Hoard")
    take(state["pool"], value)
    c["units"][s] = [state["turn"], value]
    say(state, f"{who(state, state['turn'])} hoards a {value} on {name(cell)}.")


def unlock(state: dict, k: int, a: int, b: int) -> None:
    take(state["pool"], a)
    take(state["pool"], b)
    me(state)["slots"][k] = [a, b]
    say(state, f"{who(state, state['turn'])} unlocks {card_powers(me(state))[k]['label']} with {a} and {b}.")


def use(state: dict, k: int, pay: int | None) -> None:
    pw = card_powers(me(state))[k]
    for v in costs.paid_dice(use_cost(state, pw), pay):
        take(state["pool"], v)
        me(state)["army"] += 1
    state["used"].append(k)
    if pw["key"] != "dogpile" and plays(state, DOG_PILE_PAYS_REPEAT):  # a repeat keeps the repeated one's bracket
        state["last_cost"] = pw["cost"]
    vault_powers.start(state, pw["key"], "card")
