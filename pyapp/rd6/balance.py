"""Measured balance figures shown in the rules panel, per class with the default settings.

Printed by the command in BALANCE_COMMAND (tests/rd6_balance.py); rerun it and
paste its rows here after a rules or auto-play change."""

BALANCE_COMMAND = "PYTHONPATH=. .venv/bin/python tests/rd6_balance.py 1000"
BALANCE_GAMES = 1000
# class, won %, fell %, median rooms made
BALANCE_ROWS = (
    ("Barbarian", 25, 75, 33),
    ("Rogue", 62, 38, 94.5),
    ("Elf", 52, 48, 82),
    ("Dwarf", 21, 79, 27),
    ("Wizard", 3, 97, 10),
)
