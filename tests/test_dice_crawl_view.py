"""Dice Crawl's board, panels, in-page rules and bots: what a player sees and who plays the seats."""

from __future__ import annotations

from dice_crawl_helpers import at, crawl, fill, give, lay, scene, tile
from pyapp.dice_crawl.bots import bot
from pyapp.dice_crawl.data import (
    ALL_CLASSES,
    ALL_RACES,
    CLASS_IDS,
    CLASS_NAMES,
    CLASSES,
    DECK,
    POWERS,
    RACE_IDS,
    RACE_NAMES,
    RACES,
    RULES_VERSION,
    TILE_IDS,
    TILES,
)
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.dice_crawl.vaults.rules_text import VAULT_CLAUSES
from pyapp.dice_crawl.view import rules_text
from pyapp.engine import Game
from pyapp.simulate import play_out

A5, E1 = (0, 4), (4, 0)


def test_the_board_draws_face_down_tiles_the_dragon_units_with_letters_and_marker_shapes():
    game = scene(players=4)
    lay(game, A5, tile((1, 2, 3, 4), "cross"), units={0: [0, 1], 1: [1, 2]})
    view = game.view()
    assert view.board.count('class="dc-back"') == 23 and "dc-dragon-back" in view.board and ">Dragon<" in view.board
    assert 'class="dc-unit dc-p0"' in view.board and ">R</text>" in view.board and ">B</text>" in view.board
    for shape in ("<circle", "<rect", "<polygon"):
        assert shape in view.board  # markers: circle, square, triangle, diamond, each with its letter
    assert 'data-phase="explore"' in view.board


def test_hunting_targets_are_the_dice_icons_on_the_board():
    game = scene()
    lay(game, A5, tile((2, 3), "elbow"))
    at(game, 0, A5)
    crawl(game, 2, 5)
    board = game.view().board
    assert 'data-action="p 0 4 0"' in board and 'aria-label="Put a 2 on A5"' in board
    assert "Dice to spend" in game.view().dice


def test_the_tile_being_oriented_stands_out():
    game = scene()
    game.state["phase"] = "start"
    game.play("x 0 4")
    assert game.view().board.count("dc-orienting") == 1


def test_cards_show_unlock_slots_pairs_use_buttons_and_live_scores():
    game = scene()
    slot = give(game, 0, "withdraw", cost="1+")
    lay(game, A5, tile((2, 3), "elbow"), units={0: [0, 2]})
    at(game, 0, A5)
    crawl(game, 4, 4)
    panel = game.view().panel
    assert f'data-action="use {slot} 4"' in panel and "6 6" in panel  # unlocked with a pair, and usable
    assert 'aria-label="Unlock' in panel and ">4 and 4<" in panel  # every pair on the card
    assert "score 0" in panel and "Army" in panel


def test_the_panel_says_in_words_whose_turn_it_is():
    game = scene()
    game.state["players"][1]["seat"] = "normal"
    cards = game.view().panel.split('<section class="dc-player')[1:]
    assert "(your turn)" in cards[0] and "turn)" not in cards[1] and "(playing)" not in cards[1]
    game.state["turn"] = 1
    cards = game.view().panel.split('<section class="dc-player')[1:]
    assert "(playing)" in cards[1] and "(your turn)" not in "".join(cards)
    over = RULESET.render(play_out(RULESET, "whose-turn", {"players": 2}), []).panel
    assert "(your turn)" not in over and "(playing)" not in over


def test_the_end_shows_the_scoring_breakdown_per_player_and_rule():
    state = play_out(RULESET, "breakdown", {"players": 3})
    view = RULESET.render(state, [])
    assert state["over"] and '<table class="dc-final">' in view.panel
    for column in ("Tiles", "Allies", "Hoards", "Dragon", "Total", "Powers"):
        assert f">{column}<" in view.panel
    assert "Game over" in view.status


def test_the_rules_panel_lists_every_clause_power_card_and_tile():
    html = rules_text.rules_html()
    for cid, _ in rules_text.CLAUSES:
        assert f'id="rule-{cid}"' in html
    for label, _ in POWERS.values():
        assert f"<strong>{label}</strong>" in html
    for cid, _ in VAULT_CLAUSES:
        assert f'id="rule-{cid}"' in html
    for name, _ in ALL_RACES + ALL_CLASSES:  # the base cards and the Forbidden Vaults sets'
        assert f"<td>{name}</td>" in html
    cards_and_tiles, balance = html.split("<h3>Balance")  # the newest rules' cards and tiles, then the figures
    assert cards_and_tiles.count("<tr><td>") == len(RACE_IDS[RULES_VERSION]) + len(CLASS_IDS[RULES_VERSION]) + len(
        TILE_IDS[RULES_VERSION]) + 1  # and the Dragon
    newest = [RACE_NAMES[k] for k in RACE_IDS[RULES_VERSION]] + [CLASS_NAMES[k] for k in CLASS_IDS[RULES_VERSION]]
    assert all(f"<td>{name}</td>" in balance for name in newest) and "Turn position 2" in balance
    assert "Rulings" in html


def test_the_texts_elf_and_warrior_stay_as_printed():
    elf = dict(RACES)["Elf"]
    assert [(p["key"], p["cost"]) for p in elf] == [("scout", "1"), ("reveal", "2"), ("roll", "")]
    assert elf[2]["extra"] == 2 and elf[2]["label"] == "Roll seven"
    warrior = dict(CLASSES)["Warrior"]
    assert [(p["key"], p["cost"]) for p in warrior] == [("attack", "3+"), ("attack", "1+"), ("onslaught", "doubles")]


def test_the_components_are_the_issue_counts():
    assert len(DECK) == 50 and TILES[0]["id"] == 0  # 50 dungeon tiles and the Dragon
    assert len(RACES) == 12 and len(CLASSES) == 12
    for version in range(1, RULES_VERSION + 1):  # each version's own: 50 dungeon tiles and the Dragon, 12 + 12 cards
        assert len(TILE_IDS[version]) == 50 and TILES[0]["id"] == 0
        assert len(RACE_IDS[version]) == 12 and len(CLASS_IDS[version]) == 12
    assert all(2 <= len(powers) <= 3 for _, powers in RACES + CLASSES)
    assert {t["shape"] for t in TILES[1:]} == {"dead end", "straight", "elbow", "T", "cross"}


def test_bot_seats_play_themselves_and_a_person_seat_waits():
    game = Game(RULESET, "seats", {"players": 2, "seat1": "person", "seat2": "normal"})
    game.state["turn"] = 0
    assert not bot.automatic(game.state)
    game.state["turn"] = 1
    assert bot.automatic(game.state)


def test_the_normal_bot_beats_the_easy_bot():
    wins = 0
    for n in range(16):
        seats = ("normal", "easy") if n % 2 == 0 else ("easy", "normal")
        state = play_out(RULESET, f"levels-{n}", {"players": 2, "seat1": seats[0], "seat2": seats[1]})
        normal_seat = seats.index("normal")
        wins += state["result"] == "won" and state["score"]["winner"] == state["players"][normal_seat]["name"]
    assert wins >= 12  # 94% over 300 games (pyapp/dice_crawl/figures/balance.py)


def test_the_normal_bot_explores_the_dragon_only_when_that_wins():
    game = scene()
    lay(game, (2, 3), tile((1,), "cross"))
    fill(game, (2, 3))  # 1 point
    at(game, 0, (2, 3))
    hoards = lay(game, (1, 3), tile((6,), "dead end", hoards=2), units={1: [1, 6], 2: [1, 6]})  # 4 points
    assert bot.normal(game.state) != "x 2 2"  # 1 + 3 would only tie
    hoards["units"][2] = None
    assert bot.normal(game.state) == "x 2 2"  # 1 + 3 beats 2


def test_a_bots_turn_offers_the_person_nothing_to_click():
    from pyapp import webapp

    game = Game(RULESET, "bot-turn", {"players": 2, "seat1": "person", "seat2": "normal"})
    game.state["turn"] = 1
    legal = game.legal()
    assert legal and all(a.board and not a.target for a in legal)  # still every rule's action, for the bot
    assert bot.auto_action(game.state) in {a.code for a in legal}
    view = game.view()
    assert "data-action" not in view.board and "data-action" not in view.panel
    html = webapp.actions_html(legal, rules_playing=RULESET.rules_step(game.state))
    assert "<button" not in html and "The computer is playing" in html and "choose on the map" not in html
    game.state["turn"] = 0
    assert any(not a.board for a in game.legal())  # the person's own turn: buttons again


def test_the_balance_section_shows_the_forbidden_vaults_figures_and_the_cards_outside_the_aim(monkeypatch):
    from pyapp.dice_crawl.view import balance_text

    figures = {"crypt": {"games": 2000, "players": 2, "rules": RULES_VERSION, "mean_rounds": 19.0, "mean": 48.0,
                         "cards": {"Ghoul": 50.0, "Vampire": 40.0}, "seated": {"Ghoul": 290, "Vampire": 280}}}
    monkeypatch.setattr(balance_text, "VAULT_FIGURES", figures)
    html = balance_text.balance_html()
    assert "<h3>Forbidden Vaults cards (2 players)</h3>" in html and "figures.vaults --games GAMES" in html
    assert "<td>Crypt of the Undying</td><td>Ghoul</td><td>50.0%</td><td>+2.0</td><td>290</td>" in html
    assert "outside the aim: Vampire 40.0%" in html
    monkeypatch.setattr(balance_text, "VAULT_FIGURES", {})
    assert "<h3>Forbidden Vaults cards" not in balance_text.balance_html()


def test_the_balance_run_counts_the_games_the_round_limit_ended_and_the_panel_shows_their_share(monkeypatch):
    from pyapp.dice_crawl.figures import balance
    from pyapp.dice_crawl.view import balance_text

    real = balance.play_out
    monkeypatch.setattr(balance, "play_out", lambda ruleset, seed, settings: real(
        ruleset, seed, {**settings, "max_rounds": 10}))  # the setting's least: some of these games reach it
    games = [balance.one_game((n, 2, ["normal"], "capped", RULES_VERSION)) for n in range(6)]
    assert any(capped for _, capped, _ in games)
    assert all(capped == (rounds > 10) for rounds, capped, _ in games)
    result = balance.tally(6, 2, ["normal"], prefix="capped")
    assert result["capped"] == sum(capped for _, capped, _ in games) and balance.measured(result)["capped"]
    figures = {2: {**balance_text.FIGURES[2], "games": 400, "capped": 10}, 3: {
        k: v for k, v in balance_text.FIGURES[2].items() if k != "capped"}}
    monkeypatch.setattr(balance_text, "FIGURES", figures)
    assert "<td>Games that reached the round limit</td><td>2.5%</td><td>not counted</td>" in balance_text.balance_html()


def test_the_balance_section_says_which_rules_its_figures_were_made_under(monkeypatch):
    """The base figures name an older version only when the base game changed since; the sets' figures say the
    base game they were measured against changed since (as version 6 retuned three base classes, and version 9
    changed rules and the normal bot)."""
    from pyapp.dice_crawl.view import balance_text

    html = balance_text.balance_html()
    assert "The Elf and the Warrior are the text's cards, kept as printed" in html
    sets = {f["rules"] for f in balance_text.VAULT_FIGURES.values()}
    retuned = f"version {balance_text.BASE_GAME_SINCE} changed the base game since"
    assert (retuned in html) == (min(sets) < balance_text.BASE_GAME_SINCE)
    figures = {n: {**f, "rules": 4} for n, f in balance_text.FIGURES.items()}
    monkeypatch.setattr(balance_text, "FIGURES", figures)
    assert "players (10,000 games, rules version 4)" in balance_text.balance_html()
    monkeypatch.setattr(balance_text, "BASE_GAME_SINCE", 4)
    html = balance_text.balance_html()
    assert "The base game has played the same since rules version 4" in html and ", rules version 4)" not in html


def test_base_figures_of_older_rules_say_so_until_a_run_of_the_newest_replaces_them(monkeypatch):
    """Rules version 11 changed the normal bot's play in the base game (issue 45): the panel keeps version 9's
    10,000-game figures, each column naming its version, and says why, never showing them as the newest's."""
    from pyapp.dice_crawl.view import balance_text

    monkeypatch.setattr(balance_text, "BASE_GAME_SINCE", balance_text.RULES_VERSION)
    figures = {n: {**f, "rules": 9} for n, f in balance_text.FIGURES.items()}
    monkeypatch.setattr(balance_text, "FIGURES", figures)
    html = balance_text.balance_html()
    assert f"The figures marked rules version 9 were measured before version {balance_text.RULES_VERSION} " \
           "changed the base game" in html and "players (10,000 games, rules version 9)" in html
    monkeypatch.setattr(balance_text, "FIGURES", {n: {**f, "rules": balance_text.RULES_VERSION}
                                                  for n, f in figures.items()})
    html = balance_text.balance_html()
    assert "were measured before version" not in html and "(10,000 games)" in html
