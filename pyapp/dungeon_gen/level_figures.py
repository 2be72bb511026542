"""Levels per Size and type under the released rules: written by figures/levels.py --write (do not edit).

(size, type): {seeds, rules, levels: dungeons with 1..7 levels, in_range: % in the article's range,
rolled: % of stairs down placed by a level roll, rooms: median rooms, out_by_seed: Seed -> [dungeons,
of them out of range]}"""

FIGURES = {}
