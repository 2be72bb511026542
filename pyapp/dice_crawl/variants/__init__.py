"""The text's variants: their settings and small rules, games in a series, the card-picking set-up steps, and
what they add to the page, the in-page rules and the normal bot.

The base rules ask them (scoring, the turn), so they stand on the core and the sets' piles alone.
"""
