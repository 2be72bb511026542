"""3RD6 Dungeon's map in words (pyapp/places.py): 3 Dice Dungeon's locations (pyapp/three_dice/places.py) with
this edition's rooms, bosses on the stairs, and the foes of a fight in the hero's room."""

from __future__ import annotations

from ..engine import Action, rolls
from ..places import BoardWords, Place, listing, plain, roll_words, score_words
from ..three_dice.grid import xy
from ..three_dice.places import exits_words, places
from ..three_dice.records import TRAY
from .render import status_html

KIND_WORDS = {"stairs": "stairs down", "vault": "treasure room", "entrance": "the entrance", "room": "room"}


def words(state: dict, legal: list[Action]) -> BoardWords:
    shown = places(state, legal, contents)
    if state["town"]:  # the map stays drawn; the hero is in town, off it
        town = tuple(a for a in legal if a.target)
        shown = (Place("town", "Town (you are here)", "heal for coins, buy a level, or go back in", xy(state["pos"]),
                       town), *shown)
    hero = state["hero"]
    so_far = (f"No score yet: dungeon level {state['depth']}, {len(state['cells'])} rooms mapped, "
              f"{hero['coins']} coins, character level {hero['level']}, {max(0, hero['hp'])} of {hero['hp_max']} HP.")
    return BoardWords(places=shown, turn=plain(status_html(state)), score=score_words(state.get("score"), so_far),
                      rolls=roll_words(rolls(state, TRAY)), title="Rooms")


def contents(state: dict, key: str, cell: dict) -> str:
    bits = [f"room {cell['n']}, {KIND_WORDS.get(cell['kind'], cell['kind'])}"]
    if cell["bosses"]:
        bits.append(f"{len(cell['bosses'])} × {cell['bosses'][0]['name']} on guard")
    if key == state["pos"] and state["foes"]:
        bits.append("fighting " + listing(
            f"{one['name']}, {one['hp']} of {one['max']} HP{', asleep' if one['asleep'] else ''}"
            for one in state["foes"] if one["hp"] > 0))
    if not cell["cleared"]:
        bits.append("not cleared")
    bits.append(exits_words(state, key, cell))
    return "; ".join(bits) + "."
