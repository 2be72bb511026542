"""Dice Crawl state -> SVG board and HTML panels. Pure: text in, text out.

The board draws what the legal actions offer (engine.by_target): a cell
target ("cell", x, y) makes the whole tile a button (explore, move, reveal,
rotate, swap, scout), a space target ("space", x, y, s) makes one dice icon
or Hoard space a button (hunt, Hoard, Garrison, Withdraw, Onslaught,
Shapechange, Attack). Units carry their player's letter as well as the
colour; markers have a shape and a letter. Style: board_css.py (dc- classes).
"""

from __future__ import annotations

from ... import svg
from ...dice_faces import PIPS, die_svg, roll_figure
from ...engine import BOARD_ID, Action, View, by_target, just_rolled, rolls
from ...markup import escape
from ..core import costs
from ..core.board import cell_at, cells, conquered, controller, exits, is_dragon, name
from ..core.state import TRAY, actor, card_powers, me
from ..data import ALL_CLASSES, ALL_RACES, COLOURS, LETTERS, POWERS, SHAPE_OF_SEAT, TILES
from ..rules import scoring
from ..variants import view as variant_view
from ..vaults.render import feature_parts, hoard_letter, hoard_rx, hoard_words

C = 110  # pixels per tile
M = 18  # margin for the coordinates
SPOT = 26
SPOTS = ((5, 5), (79, 5), (5, 79), (79, 79), (42, 79), (42, 5))
# In the side columns between the corner spaces: clear of every space, the value, a tile Power's name and a
# Forbidden Vaults band
MARKS = ((14, 40), (96, 40), (14, 58), (96, 58))
POWER_LABEL_WIDTH = 62  # the widest a tile Power's name is drawn (a long one is narrowed to it)
SIDE_BARS = {1: (43, 0, 24, 55), 2: (55, 43, 55, 24), 4: (43, 55, 24, 55), 8: (0, 43, 55, 24)}


def render(state: dict, legal: list[Action]) -> View:
    return View(board=board_svg(state, by_target(legal)), status=status_html(state), panel=panel_html(state, legal),
                dice=dice_html(state, legal))


# ---------------------------------------------------------------- the board
def board_svg(state: dict, targets: dict) -> str:
    size = state["size"]
    parts = [svg.title("The dungeon", id="board-title")]
    for n in range(size):
        parts.append(svg.text(chr(65 + n), x=M + n * C + C / 2, y=13, class_="dc-coord", aria_hidden="true"))
        parts.append(svg.text(n + 1, x=9, y=M + n * C + C / 2, class_="dc-coord", aria_hidden="true"))
    here = tuple(me(state)["at"]) if not state["over"] else None
    for cell in cells(state):
        parts.append(tile_svg(state, cell, targets, cell == here))
    # The markers lie over the tiles, not in them: a tile that is a button is named by its action, and
    # a marker's letter inside it would be visible text its name lacks (WCAG "label in name").
    marks = [svg.el("g", *marker_parts(state, cell), transform=f"translate({M + cell[0] * C} {M + cell[1] * C})")
             for cell in cells(state) if any(tuple(p["at"]) == cell for p in state["players"])]
    parts.append(svg.el("g", *marks, class_="dc-markers", aria_hidden="true"))
    width = M + size * C + 4
    phase = "over" if state["over"] else state["phase"]
    return svg.root(*parts, id=BOARD_ID, viewBox=f"0 0 {width} {width}", role="group",
                    aria_labelledby="board-title", class_="dc-board", data_turn=state["turn"], data_phase=phase,
                    data_seat=state["players"][state["turn"]]["seat"], data_round=state["round"])


def tile_svg(state: dict, cell, targets: dict, current: bool) -> str:
    c = cell_at(state, cell)
    x, y = M + cell[0] * C, M + cell[1] * C
    action = targets.get(("cell", *cell))
    body = [svg.el("rect", x=2, y=2, width=C - 4, height=C - 4, rx=6, class_="dc-ground")]
    if c["t"] is None:
        body.append(svg.el("rect", x=6, y=6, width=C - 12, height=C - 12, rx=5,
                           class_="dc-back dc-dragon-back" if is_dragon(c) else "dc-back"))
        if is_dragon(c):
            body.append(svg.text("Exit" if c.get("exit") else "Dragon", x=C / 2, y=C / 2, class_="dc-dragon-word",
                                 aria_hidden="true"))
    else:
        body += face_parts(state, cell, c, {} if action else targets)
    step = state["pending"][-1] if state["pending"] else {}
    turning = step.get("kind") == "orient" and tuple(step["cell"]) == tuple(cell)
    classes = ("dc-cell" + (" dc-conquered" if conquered(c) else "") + (" dc-here" if current else "")
               + (" dc-orienting" if turning else ""))
    move = f"translate({x} {y})"
    if action:
        body.append(svg.el("rect", x=3, y=3, width=C - 6, height=C - 6, rx=6, class_="dc-target"))
        body.append(svg.text(name(cell), x=C / 2, y=C - 8, class_="dc-cellname"))
        return svg.button(action.code, action.label, *[svg.el("g", *body[:-1], aria_hidden="true"), body[-1]],
                          class_=classes + " dc-choice", transform=move)
    return svg.el("g", svg.title(cell_title(state, cell, c)), *body, class_=classes, transform=move,
                  data_current=current)


def face_parts(state: dict, cell, c: dict, targets: dict) -> list[str]:
    tile = TILES[c["t"]]
    out = [svg.el("rect", x=6, y=6, width=C - 12, height=C - 12, rx=5,
                  class_="dc-face dc-dragon-face" if is_dragon(c) else "dc-face")]
    mask = exits(c)
    for bit, (bx, by, w, h) in SIDE_BARS.items():
        if mask & bit:
            out.append(svg.el("rect", x=bx, y=by, width=w, height=h, class_="dc-corridor"))
    out.append(svg.el("circle", cx=C / 2, cy=C / 2, r=13, class_="dc-value"))
    out.append(svg.text(tile["points"], x=C / 2, y=C / 2, class_="dc-points", aria_hidden="true"))
    if tile["power"]:
        # Below the top row of spaces and above the value, so never over a space; a long name is narrowed.
        label = POWERS[tile["power"]][0]
        fit = {"textLength": POWER_LABEL_WIDTH, "lengthAdjust": "spacingAndGlyphs"} if len(label) > 11 else {}
        out.append(svg.text(label, x=C / 2, y=40, class_="dc-power", aria_hidden="true", **fit))
    out += feature_parts(tile, C)
    for s, (space, unit) in enumerate(zip(tile["spaces"], c["units"])):
        out.append(space_svg(state, s, space, unit, targets.get(("space", *cell, s))))
    return out


def space_svg(state: dict, s: int, space: dict, unit, action) -> str:
    sx, sy = SPOTS[s]
    body = []
    if space["kind"] == "hoard":
        body.append(svg.el("rect", x=0, y=0, width=SPOT, height=SPOT, rx=hoard_rx(space, SPOT), class_="dc-hoard"))
    else:
        body.append(svg.el("rect", x=0, y=0, width=SPOT, height=SPOT, rx=4, class_="dc-icon"))
        if unit is None:
            body += [svg.el("circle", cx=px * 6.5, cy=py * 6.5, r=2.3, class_="dc-pip") for px, py in PIPS[space["v"]]]
    if unit is not None:
        body.append(svg.el("rect", x=2, y=2, width=SPOT - 4, height=SPOT - 4, rx=4, class_=f"dc-unit dc-p{unit[0]}"))
        body.append(svg.text(unit[1], x=SPOT / 2, y=SPOT / 2 + 1, class_="dc-unit-value"))
        body.append(svg.text(LETTERS[unit[0]], x=SPOT - 5, y=SPOT - 4, class_="dc-unit-letter", aria_hidden="true"))
    elif space["kind"] == "hoard":
        body.append(svg.text(hoard_letter(space), x=SPOT / 2, y=SPOT / 2 + 1, class_="dc-hoard-mark",
                             aria_hidden="true"))
    move = f"translate({sx} {sy})"
    if action:
        body.append(svg.el("rect", x=-2, y=-2, width=SPOT + 4, height=SPOT + 4, rx=6, class_="dc-target"))
        return svg.button(action.code, action.label, *body, class_="dc-space dc-choice", transform=move)
    return svg.el("g", svg.title(space_title(state, space, unit)), *body, class_="dc-space", transform=move)


def marker_parts(state: dict, cell) -> list[str]:
    out = []
    for n, p in enumerate(state["players"]):
        if tuple(p["at"]) != cell:
            continue
        mx, my = MARKS[n]
        shape = SHAPE_OF_SEAT[n]
        cls = f"dc-marker dc-p{n}"
        if shape == "circle":
            mark = svg.el("circle", cx=mx, cy=my, r=8, class_=cls)
        elif shape == "square":
            mark = svg.el("rect", x=mx - 7, y=my - 7, width=14, height=14, class_=cls)
        elif shape == "triangle":
            mark = svg.el("polygon", points=f"{mx},{my - 9} {mx + 9},{my + 7} {mx - 9},{my + 7}", class_=cls)
        else:
            mark = svg.el("polygon", points=f"{mx},{my - 9} {mx + 9},{my} {mx},{my + 9} {mx - 9},{my}", class_=cls)
        out.append(svg.el("g", mark, svg.text(LETTERS[n], x=mx, y=my + 1, class_="dc-marker-letter"),
                          aria_hidden="true"))
    return out


def cell_title(state: dict, cell, c: dict) -> str:
    who = [p["name"] for p in state["players"] if tuple(p["at"]) == cell]
    there = f"; markers: {', '.join(who)}" if who else ""
    if c["t"] is None:
        hidden = "an exit (face down)" if c.get("exit") else "the Dragon (face down)" if is_dragon(c) else "face down"
        return f"{name(cell)}: {hidden}{there}"
    tile = TILES[c["t"]]
    state_word = "conquered" if conquered(c) else "occupied" if any(c["units"]) else "explored"
    owner = controller(c)
    held = f", controlled by {state['players'][owner]['name']}" if owner is not None else ""
    return (f"{name(cell)}: {tile['shape']} worth {tile['points']}, {state_word}{held}"
            f"{', Power: ' + POWERS[tile['power']][0] if tile['power'] else ''}{there}")


def space_title(state: dict, space: dict, unit) -> str:
    what = hoard_words(space) if space["kind"] == "hoard" else f"dice icon {space['v']}"
    if unit is None:
        return f"{what}, open"
    return f"{what}: {state['players'][unit[0]]['name']}'s {unit[1]}"


# ---------------------------------------------------------------- panels
def status_html(state: dict) -> str:
    rows = state["final"] or scoring.breakdown(state)
    scores = ", ".join(f"{escape(p['name'])} ({LETTERS[n]}) {rows[n]['total']}" for n, p in enumerate(state["players"]))
    note = variant_view.status_note(state)
    if state["over"]:
        return f"<p><strong>Game over.</strong> Final scores: {scores}.</p>{note}"
    player = me(state)
    step = {"start": "reveals the start tile", "explore": "explores", "crawl": "crawls",
            "setup": variant_view.setup_word(state), "between": "has finished this game"}[state["phase"]]
    chooser = actor(state)  # a trap may make another player choose in the middle of a turn
    choosing = f" <strong>{escape(state['players'][chooser]['name'])}</strong> chooses now." if chooser != \
        state["turn"] else ""
    return (f"<p>Round {state['round']}: <strong>{escape(player['name'])}</strong> ({COLOURS[state['turn']]}, "
            f"{LETTERS[state['turn']]}) {step}.{choosing} Army {player['army']}. Scores now: {scores}.</p>{note}")


def panel_html(state: dict, legal: list[Action]) -> str:
    targets = by_target(legal)
    cards = "".join(player_html(state, n, targets) for n in range(len(state["players"])))
    final = final_html(state) if state["over"] or state["phase"] == "between" else ""
    final += variant_view.series_html(state) + variant_view.setup_html(state)
    return f'{final}<div class="dc-players">{cards}</div>'


def player_html(state: dict, n: int, targets: dict) -> str:
    p = state["players"][n]
    rows = state["final"] or scoring.breakdown(state)
    active = n == state["turn"] and not state["over"]
    items = []
    for k, pw in enumerate(card_powers(p) if p["race"] is not None and p["cls"] is not None else ()):
        pair = p["slots"][k]
        if pair is not None:
            slot = f'<span class="dc-slot dc-open">{pair[0]} {pair[1]}</span>'
        else:
            slot = f'<span class="dc-slot">{escape(costs.unlock_words(pw["unlock"]))}</span>'
        buttons = ""
        for target, action in targets.items() if active else ():
            if target[:2] == ("unlock", k):
                buttons += card_button(action, f"{target[2]} and {target[3]}")
            elif target == ("use", k):
                buttons += card_button(action, "Use", f"Use {action.label}")
        used = " (used this turn)" if active and k in state["used"] else ""
        items.append(f'<li><strong>{escape(pw["label"])}</strong> {escape(costs.words(pw["cost"]))}{used} '
                     f'{slot}{buttons}<br><small>{escape(POWERS[pw["key"]][1])}</small></li>')
    race = "(race to choose)" if p["race"] is None else ALL_RACES[p["race"]][0]
    cls = "(class to choose)" if p["cls"] is None else ALL_CLASSES[p["cls"]][0]
    cls += f" and {ALL_CLASSES[p['cls2']][0]}" if "cls2" in p else ""
    seat = {"person": "person", "easy": "easy bot", "normal": "normal bot"}.get(p["seat"], p["seat"])
    # whose turn it is, in words as well as by the card's frame (told by colour alone, it is lost to some players)
    turn = ""
    if active:
        turn = " <strong>(your turn)</strong>" if p["seat"] == "person" else " <strong>(playing)</strong>"
    return (f'<section class="dc-player dc-p{n}{" dc-active" if active else ""}">'
            f'<h3><span class="dc-chip dc-p{n}">{LETTERS[n]}</span> {escape(p["name"])} '
            f'<small>({escape(seat)})</small>{turn}</h3><p>{race} {cls}. Army {p["army"]}, '
            f'score {rows[n]["total"]}.</p><ul class="dc-powers">{"".join(items)}</ul></section>')


def card_button(action: Action, shown: str, label: str = "") -> str:
    return (f'<button type="button" class="dc-card-act" data-action="{escape(action.code)}" '
            f'aria-label="{escape(label or action.label)}">{escape(shown)}</button>')


def final_html(state: dict) -> str:
    rows = state["final"]
    won = scoring.winners(state, rows)
    head = "<tr><th>Player</th><th>Tiles</th><th>Allies</th><th>Hoards</th>" \
           f"<th>{variant_view.bonus_word(state)}</th><th>Total</th><th>Powers</th></tr>"
    body = "".join(
        f'<tr><td>{escape(state["players"][n]["name"])}{" (wins)" if n in won and len(won) == 1 else ""}</td>'
        f'<td>{r["tiles"]}</td><td>{r["allies"]}</td><td>{r["hoards"]}</td><td>{r["dragon"]}</td>'
        f'<td>{r["total"]}</td><td>{r["powers"]}</td></tr>' for n, r in enumerate(rows))
    return f'<table class="dc-final"><caption>Scoring</caption>{head}{body}</table>'


def fresh_in_pool(state: dict) -> int:
    """How many dice at the end of the pool were just rolled. The state keeps its latest roll, not when it
    was made, so a roll counts as just made while it is the dice's latest draw (dice.drew_last: a tile drawn
    since, or any other roll, ends that) and the pool still holds it: all of a Crawl or Sacrifice roll (the
    pool is that roll, sorted), or the dice Reinforcements rerolled (at its end). Spending a die makes the
    pool differ. The page tumbles marked dice only after a step that drew from the dice."""
    pool = state["pool"]
    if not pool or state["over"] or state["phase"] != "crawl" or not just_rolled(state, TRAY):
        return 0
    what, faces = rolls(state, TRAY)[0][:2]
    if what in ("Crawl", "Sacrifice") and pool == sorted(faces):
        return len(pool)
    if what == "Reinforcements" and pool[-len(faces):] == faces and not state["pending"]:
        return len(faces)
    return 0


def dice_html(state: dict, legal: list[Action]) -> str:
    """The rolled dice still to spend (buttons when a step asks for a die), or else the latest roll; the dice
    the latest action rolled carry data-rolled (an attack's roll waits for its answer: always fresh)."""
    step = state["pending"][-1] if state["pending"] and not state["over"] else None
    out = []
    if step and step["kind"] == "attack":
        out.append(roll_figure("Attack roll", step["roll"], rolled=True))
    die_actions = {a.target: a for a in legal if a.target and a.target[0] == "die"}
    faces = []
    fresh_from = len(state["pool"]) - fresh_in_pool(state)
    for i, v in enumerate(state["pool"]):
        reroll = step if step and step["kind"] == "reroll" else None
        action = die_actions.get(("die", i) if reroll else ("die", v))
        face = die_svg(v, rolled=i >= fresh_from)
        if action:
            marked = " dc-marked" if reroll and reroll["marks"][i] else ""
            # a die marked to reroll says so in its state (aria-pressed) and its dashed frame, not by colour alone
            pressed = f' aria-pressed="{"true" if marked else "false"}"' if reroll else ""
            faces.append(f'<button type="button" class="dc-die{marked}" data-action="{escape(action.code)}" '
                         f'aria-label="{escape(action.label)}"{pressed}>{face}</button>')
        else:
            faces.append(f'<span class="dc-die">{face}</span>')
    if faces:
        out.append(f'<figure class="roll"><figcaption>Dice to spend</figcaption>'
                   f'<div class="dc-tray">{"".join(faces)}</div></figure>')
    elif state["roll"] and not state["over"]:
        latest = rolls(state, TRAY)[0]
        out.append(roll_figure(f"Latest roll ({latest.what})", latest.faces, rolled=just_rolled(state, TRAY)))
    return "".join(out) or '<p class="tray empty">No dice rolled yet.</p>'
