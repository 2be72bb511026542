"""Dice Crawl (seed 004).

The data (data.py, vaults_data.py) and the ruleset the page loads (ruleset.py) are here; the rest is in
sub-packages, from the ground up:

- core: the state, the grid, action codes, Power costs, seats;
- vaults: the Forbidden Vaults' tile checks, piles, drawings, in-page rules and bot hints;
- variants: the text's variants, games in a series and the card-picking steps;
- rules: the turn, exploring, the Powers, scoring, and the sets' tile rules and Powers;
- bots: easy, normal and hard;
- view: the board, the panels, the components, print and play, the in-page rules;
- figures: command-line tools that auto-play games for figures.

Each imports only the data, itself and the sub-packages listed before it (the ruleset stands between view and
figures), so no two of them import each other (tests/test_dice_crawl_layers.py).

Why the Forbidden Vaults expansion is in five places, not one: each part of it sits on the floor of the
layer it belongs to, beside the base game's same part. Its tables are data (vaults_data.py, beside data.py,
which deals base and set cards in one deck so that base ids never move); its tile checks, piles, drawings
and bot hints are vaults/; its steps of the turn and its Powers are rules/ (rules/vaults.py,
rules/vault_powers.py), because the turn that calls them is there; its balance figures are view/'s
(view/vault_balance_figures.py). One package for it would have to import rules and view from below them.
"""
