"""Dice Crawl in play: the turn (turn.py), exploring, the base Powers, scoring, and the Forbidden Vaults sets'
tile rules and Powers.

The sets' rules are here, not in dice_crawl/vaults/, because they call the base Powers and the turn calls them:
apart, the two packages would import each other.
"""
