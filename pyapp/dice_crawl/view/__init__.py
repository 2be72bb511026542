"""What the Dice Crawl page shows: the board and its panels, the components drawn from the data, the
print-and-play sheets, and the in-page rules with their balance section.

The balance figures the rules panel shows (balance_figures.py, vault_balance_figures.py) are here rather than
beside the tools that write them (dice_crawl/figures/, --write): those play games through the ruleset, which
stands on this package.
"""
