"""The settings both 3 Dice Dungeon editions offer (the rules panel's house-rule table names them too)."""

from __future__ import annotations

from ..engine import Setting
from ..play_by_link import BY_LINK


def shared_settings(wheels: bool, tiles: bool = False) -> tuple[Setting, ...]:
    names = tuple(Setting(f"name{i}", f"Player {i} name", f"Hero {i}" if i > 1 else "Hero", maximum=24)
                  for i in range(1, 5))
    return (
        Setting("players", "Players", 1, minimum=1, maximum=4, help="Hot-seat: one monster die per player."),
        Setting("sixes_aside", "Several players: set sixes aside", False,
                help="off (the text): the highest monster die sets the kind, so a highest 6 (None) means no "
                     "monster; on: sixes are set aside and the other dice make the monster (none only when every "
                     "die shows 6)."),
        *names,
        BY_LINK,
        Setting("mode", "Mode", "endless", ("endless", "quest"),
                help="Endless: play on, score XP and depth. Quest: artifacts from three levels."),
        Setting("first_theme", "First level", "classic", ("classic", "undead")),
        Setting("level_theme", "New level theme", "choose", ("choose", "random"),
                help="Choose Classic or Undead when descending, or let a die decide."),
        Setting("training_wheels", "Training wheels", wheels,
                help="Reroll 4-5 monster dice in the first location, 5s in the second."),
        Setting("secret_doors", "Search dead ends (comments)", True,
                help="In a dead end, 1d6: 5-6 a secret door, 1 a trap."),
        Setting("deeper_monsters", "Deeper monsters (comments)", False,
                help="+1 monster HP per level below the first."),
        Setting("xp_curve", "Level-up XP (comments)", "flat", ("flat", "rising"),
                help="flat: every 50 XP; rising: 50, then 100 more, then 150 more..."),
        Setting("temple_rest", "Rest in temples (comments)", False, help="4-6 restores a point, 1-2 wakes a monster."),
        Setting("flee_rule", "Fleeing (comments)", "off", ("off", "alvin", "stacey", "nerun"),
                help="alvin: 1-2 escapes; stacey: escape at " + ("1 HP" if tiles else "-1 to every attribute")
                + "; nerun: 0-3 damage by 1d6."),
        Setting("inventory_limit", "Carry at most 6 items (comments)", False),
        Setting("descent_drain", "Weaker deeper (comments)", False, help="-1 to every maximum per level descended."),
        Setting("extra_monsters", "One more monster per level (comments)", False,
                help="Firebolt: every dungeon level below the first adds one more monster of the same type."),
        Setting("locked_doors", "Locked doors and the Key (comments)", False,
                help="SorgUR: 1d6 for each new door, even open, odd locked; a Key (instead of 'None' treasure) "
                     "opens one."),
        Setting("lose_rewards", "Lose rewards (comments)", False,
                help="Fishsticks: every item and artifact is lost at each level-up and each new dungeon level."),
    )
