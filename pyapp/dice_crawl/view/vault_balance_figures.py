"""Win rates of the Forbidden Vaults cards among equal normal bots: written by figures/vaults.py --write
(do not edit)."""

# set: {games, players, rules, mean_rounds, mean (win rate of a seat), cards (the set's, in %
# of the games seated), seated (how many seats each had), seating}
FIGURES: dict  # declared, not inferred: the entries mix numbers, lists and dicts
FIGURES = {'crypt': {'cards': {'Death Knight': 48.8, 'Exorcist': 48.7, 'Ghoul': 50.2, 'Vampire': 48.2},
           'games': 10000,
           'mean': 49.3,
           'mean_rounds': 13.7,
           'players': 2,
           'rules': 8,
           'seated': {'Death Knight': 2500, 'Exorcist': 2500, 'Ghoul': 2500, 'Vampire': 2500},
           'seating': 'each game seats one set card'},
 'dwarves': {'cards': {'Deep Dwarf': 48.2, 'Duergar': 47.9, 'Loremaster': 47.8, 'Runesmith': 47.6},
             'games': 10000,
             'mean': 49.1,
             'mean_rounds': 14.5,
             'players': 2,
             'rules': 8,
             'seated': {'Deep Dwarf': 2500, 'Duergar': 2500, 'Loremaster': 2500, 'Runesmith': 2500},
             'seating': 'each game seats one set card'},
 'goblins': {'cards': {'Goblin': 50.6, 'Hobgoblin': 49.5, 'Trapper': 48.8, 'Warchief': 47.7},
             'games': 10000,
             'mean': 49.2,
             'mean_rounds': 16.9,
             'players': 2,
             'rules': 8,
             'seated': {'Goblin': 2500, 'Hobgoblin': 2500, 'Trapper': 2500, 'Warchief': 2500},
             'seating': 'each game seats one set card'},
 'traps': {'cards': {'Gnoll': 51.4, 'Illusionist': 51.6, 'Kobold': 51.0, 'Trapsmith': 45.4},
           'games': 10000,
           'mean': 49.4,
           'mean_rounds': 18.3,
           'players': 2,
           'rules': 8,
           'seated': {'Gnoll': 2500, 'Illusionist': 2500, 'Kobold': 2500, 'Trapsmith': 2500},
           'seating': 'each game seats one set card'}}
