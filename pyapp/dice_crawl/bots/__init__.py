"""Dice Crawl's bots: easy and normal (bot.py), hard (hard.py), and what each unlocked Power is worth to them.

They choose among the turn's legal actions, so they stand on the rules; the sets' and the variants' rules of
thumb are in dice_crawl/vaults/bot.py and dice_crawl/variants/bot.py.
"""
