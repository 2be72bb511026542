"""Command-line tools that generate many whole dungeons for figures (`python3 -m pyapp.dungeon_gen.figures.NAME`):
levels per Size and type (levels; with --write it rewrites level_figures.py, which the rules panel shows).
No page imports them (sitebuild/archive.py leaves them out)."""
