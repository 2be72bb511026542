"""Measured balance figures shown in the rules panel, per class with a new game's settings (the newest rules).

Printed by the command in BALANCE_COMMAND (bench/rd6_balance.py); rerun it and
paste its rows here after a rules or auto-play change."""

BALANCE_COMMAND = "PYTHONPATH=. .venv/bin/python bench/rd6_balance.py 1000"
BALANCE_GAMES = 1000
# class, won %, fell %, median rooms made
BALANCE_ROWS = (
    ("Barbarian", 37, 63, 60),
    ("Rogue", 69, 31, 88),
    ("Elf", 83, 17, 101),
    ("Dwarf", 22, 78, 27),
    ("Wizard", 16, 84, 26),
)
