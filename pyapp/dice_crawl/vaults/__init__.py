"""The Forbidden Vaults expansion, but for its rules of play: what a tile's feature changes in the base checks,
the piles a game deals from, how the board draws the features, the in-page rules, and the normal bot's hints.

The base rules and the variants ask these, so they stand on the core alone; the sets' tile rules and Powers,
which call the base Powers, are in dice_crawl/rules/ (vaults.py, vault_powers.py).
"""
