"""Tabletop Dungeon panels: the status line, the hero sheets (compact cards)
and the dice tray. Pure: state in, escaped HTML out (their styles are in
static/style.css, under .tt-sheets)."""

from __future__ import annotations

from ..dice_faces import tray_html
from ..engine import just_rolled, rolls
from ..markup import escape
from .data import DOORS, GEAR, HEROES, ITEM_NAMES, MAX_WOUNDS, MONSTERS, POTIONS
from .state import TRAY, cleared_count, doors_in_box, in_box, in_peril, label, monster_name, selected
from .words import plural, their

PHASES = {"heroes": "Heroes' phase", "monsters": "Monsters' phase", "saves": "Saving throws",
          "grow": "The dungeon grows", "place": "Place the new tile", "over": "Game over"}
POTION_SHORT = {"luck": "Luck", "heal": "Healing", "invis": "Invisibility"}


def status_html(state: dict) -> str:
    rooms = sum(1 for t in state["tiles"] if t["kind"] == "room")
    bits = [f"Turn {state['turn']}", PHASES.get(state["phase"], state["phase"])]
    hero = selected(state)
    if hero and state["phase"] == "heroes":
        bits.append(f"acting: {label(hero)} ({plural(hero['moves'], 'move')} left"
                    f"{', has attacked' if hero['attacked'] else ''})")
    if state["phase"] == "monsters" and state.get("last_move") and state["log"]:
        bits.append(f"last move: {state['log'][-1]}")  # step by step, the move just made (also in the log)
    bits.append(f"{plural(rooms, 'room')} ({cleared_count(state)} cleared), "
                f"{plural(len(state['tiles']) - rooms, 'hallway')}")
    if state["dragon"]:
        bits.append("the Dragon is in: the dungeon is complete")
    if state["opts"].get("search_again"):
        bits.append("house rule on: cleared rooms may be searched again")
    if state["pending"]:
        who = state["heroes"][state["pending"]["hero"]]
        bits.append(f"{label(who)} may drink Luck to re-roll")
    if state["result"] == "won":
        bits.append("The heroes found the Exit and escaped!")
    elif state["result"] == "lost":
        bits.append("Every hero is out: the dungeon wins.")
    return "<p>" + " · ".join(escape(b) for b in bits) + "</p>"


# ---------------------------------------------------------------- hero sheets
def panel_html(state: dict) -> str:
    return (box_html(state) + '<div class="sheets tt-sheets">' + "".join(sheet_html(state, h) for h in state["heroes"])
            + "</div>")


def box_html(state: dict) -> str:
    """What the box still holds: the limits of the components (Doors, minis)."""
    left = [plural(in_box(state, "goblin"), "goblin"), plural(in_box(state, "orc"), "orc"),
            f"{plural(doors_in_box(state), 'Door')} of {DOORS}"]
    return f'<p class="tt-box"><b>In the box:</b> {escape(", ".join(left))}</p>'


def condition(hero: dict) -> tuple[str, str]:
    """(class, words) of her state."""
    if hero["out"]:
        return "out", "out of the game"
    if in_peril(hero):
        return "peril", "in Peril"
    if hero["threats"]:
        return "threatened", "threatened"
    return "free", "free"


def wound_pips(wounds: int) -> str:
    return "●" * wounds + "○" * (MAX_WOUNDS - wounds)


def sheet_html(state: dict, hero: dict) -> str:
    data = HEROES[hero["cls"]]
    acting = selected(state) is hero and state["phase"] == "heroes" and not state["result"]
    cond_cls, cond = condition(hero)
    if hero["invisible"]:
        cond += ", invisible"
    head = (f'<h3>{escape(hero["name"])} <span class="tt-cls">· {escape(data["name"])}</span>'
            + (' <span class="tt-acting">acting now</span>' if acting else "") + "</h3>")
    wounds = hero["wounds"]
    stats = [f"Hit On {data['hit']}+", f"Save On {data['save']}+"]
    stats_html = "".join(f"<span>{escape(s)}</span> · " for s in stats)
    stats_html += f"<span>Moves {hero['moves']}</span> · " if not hero["out"] else ""
    if hero.get("owed") and not hero["out"]:
        stats_html += f"<span>Next turn −{plural(hero['owed'], 'square')} (Luck)</span> · "
    stats_html += (f'<span>Wounds <span class="tt-wounds" aria-label="{wounds} of {MAX_WOUNDS}">'
                   f'{wound_pips(wounds)}</span></span>')
    lines = [f'<p class="tt-state"><span class="tt-cond {cond_cls}">{escape(cond.capitalize())}</span>'
             + (" · has attacked this turn" if hero["attacked"] and not hero["out"] else "") + "</p>",
             f'<p class="tt-stats">{stats_html}</p>',
             f'<p class="tt-ability">{escape(data["ability"])}</p>']
    worn = [ITEM_NAMES[g] for g in GEAR if g in hero["worn"]]
    carried = [ITEM_NAMES[g] for g in hero["items"]]
    for g in hero["worn"]:
        if ITEM_NAMES[g] in carried:
            carried.remove(ITEM_NAMES[g])
    if worn:
        lines.append(f'<p class="tt-items"><b>Worn:</b> {escape(", ".join(worn))}</p>')
    if carried:
        lines.append(f'<p class="tt-items"><b>Carried:</b> {escape(", ".join(carried))}</p>')
    potions = [f"{POTION_SHORT[p]} ×{hero['potions'][p]}" for p in POTIONS if hero["potions"][p]]
    if potions:
        lines.append(f'<p class="tt-items"><b>Potions:</b> {escape(", ".join(potions))}</p>')
    if hero["threats"]:
        foes = ", ".join(f"{monster_name(m)} ({life(m)} life)" for m in hero["threats"])
        lines.append(f'<p class="tt-foes"><b>On {their(hero)} sheet:</b> {escape(foes)}</p>')
    classes = f"sheet {hero['cls']}" + (" active" if acting else "") + (" out" if hero["out"] else "")
    current = ' aria-current="true"' if acting else ""
    return (f'<section class="{classes}" data-hero="{hero["seat"]}"{current}>{head}'
            + "".join(lines) + "</section>")


def life(m: dict) -> int:
    return (MONSTERS[m["kind"]]["life"] or 0) - m["hurt"]


# ---------------------------------------------------------------- dice
def dice_html(state: dict) -> str:
    """The rolls of the latest action that rolled, each with what it was for; marked as just rolled
    (data-rolled) when that action is the latest of all (the tray notes which action it holds)."""
    return tray_html(rolls(state, TRAY), rolled=just_rolled(state, TRAY), empty="No dice rolled yet.", kind="tt-tray")
