"""Win rates of the Forbidden Vaults cards among equal normal bots: written by vault_figures.py --write
(do not edit)."""

# set: {games, players, rules, mean_rounds, mean (of every card in play), cards (the set's,
# in % of the games seated), seated (how many seats each had)}
FIGURES = {}
