"""Command-line tools that auto-play Dice Crawl games for figures (`python3 -m pyapp.dice_crawl.figures.NAME`):
win rates (balance), the Forbidden Vaults cards' (vaults), the variants' (variants), one race or class against each
other of its kind (head_to_head), what each Power wins (power_uses) and how fast the bots decide (bot_speed, also the
benchmark's).

They play through the ruleset, so they stand above everything else of Dice Crawl; with --write, balance and
vaults rewrite the figures the rules panel shows (dice_crawl/view/).
"""
