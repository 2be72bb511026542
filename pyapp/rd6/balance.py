"""Measured balance figures shown in the rules panel, per class with the default settings.

Printed by the command in BALANCE_COMMAND (tests/rd6_balance.py); rerun it and
paste its rows here after a rules or auto-play change."""

BALANCE_COMMAND = "PYTHONPATH=. .venv/bin/python tests/rd6_balance.py 1000"
BALANCE_GAMES = 1000
# class, won %, fell %, median rooms made
BALANCE_ROWS = (
    ("Barbarian", 38, 62, 59),
    ("Rogue", 69, 31, 90),
    ("Elf", 79, 21, 102),
    ("Dwarf", 22, 78, 29),
    ("Wizard", 15, 85, 27),
)
