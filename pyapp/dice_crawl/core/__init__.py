"""What every part of Dice Crawl reads: the state, the grid, the action codes, Power costs and the seats.

It imports nothing of Dice Crawl but the data (data.py), so the rules, the sets, the variants, the bots and the
page can all stand on it.
"""
