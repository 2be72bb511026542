"""What the page says to a player who cannot see it (issue 48, pyapp/webapp/spoken.py), as the game's worker
runs it: the board in words drawn with every redraw, each step's news said once in the live region, the game's
end said assertively once, and the question keys answered."""

import json
import re

from page_agent import Agent, opened
from pyapp import registry
from pyapp.engine import Game
from pyapp.places import plain
from pyapp.webapp import spoken


def event(kind, **data):
    return json.dumps({"kind": kind, **data})


def said(agent, region="#announce"):
    """Everything put in a live region, in order, as text."""
    return [plain(op[2]) for op in agent.ops("html") if op[1] == region]


def test_the_board_in_words_is_drawn_and_opening_says_nothing(dice_page):
    agent = Agent()
    page = dice_page.start(opened(), agent)
    body = agent.html("#words-body")
    first = page.game.ruleset.words(page.game.state, page.game.legal()).places[0]
    assert f'data-place="{first.id}"' in body and 'tabindex="0"' in body
    assert said(agent) == [] and said(agent, "#announce-end") == []


def test_each_step_says_its_new_lines_once_and_the_dice_they_do_not_name(dice_page):
    agent = Agent()
    page = dice_page.start(opened(query="?seed=spoken"), agent)
    code = page.game.legal()[0].code  # the character's attributes: the first log lines
    before = len(page.game.state["log"])
    page.handle(event("action", code=code))
    news = page.game.state["log"][before:]
    (heard,) = said(agent)
    assert all(line in heard for line in news)
    agent.batches.clear()
    page.handle(event("key", key="t"))  # a question redraws nothing: only its answer is said
    assert said(agent) == [plain(page.game.view().status)]


def test_the_question_keys_answer_and_c_takes_the_focus_to_the_current_place(dice_page):
    agent = Agent()
    page = dice_page.start(opened(query="?seed=spoken-keys"), agent)
    words = page.game.ruleset.words(page.game.state, page.game.legal())
    for key, expected in (("t", words.turn), ("s", words.score), ("r", words.rolls), ("h", spoken.KEYS_TEXT)):
        agent.batches.clear()
        page.handle(event("key", key=key))
        assert said(agent) == [expected], key
    agent.batches.clear()
    page.handle(event("key", key="c"))  # the focus goes to the place, whose words the screen reader then says
    assert agent.ops("focus-place") == [["focus-place", "#words", words.places[0].id]] and said(agent) == []
    agent.batches.clear()
    page.handle(event("key", key="x"))
    assert said(agent)[0].startswith("Keys: 1 ")


def test_the_end_of_a_game_is_said_once_assertively(dice_page):
    game = Game(registry.get("three-dice-dungeon"), "spoken-end")
    while not game.over:  # endless mode: the hero leaves the dungeon after a few steps
        codes = [a.code for a in game.legal()]
        game.play("retire") if len(game.actions) > 8 and "retire" in codes else game.auto()
    agent = Agent()
    page = dice_page.start(opened(query="?seed=spoken-end"), agent)
    for code in game.actions:
        page.handle(event("action", code=code))
    ended = said(agent, "#announce-end")
    assert len(ended) == 1 and ended[0].startswith("Game over: ") and "Final score" in ended[0]
    page.render()
    assert len(said(agent, "#announce-end")) == 1


def test_the_announcer_says_only_what_is_new():
    speaker = spoken.Announcer()
    assert speaker.news(["a", "b"], True, "Attack: 3.") == ""  # a game opened: its lines are not news
    assert speaker.news(["a", "b", "You roll 3: a hit."], True, "Attack: 3.") == "You roll 3: a hit."
    assert speaker.news(["b", "You roll 3: a hit.", "Room 6."], True, "Room: 6, 4 and 4.") == \
        "Room 6. Dice: Room: 6, 4 and 4."  # the front trimmed; faces the lines do not name are said
    assert speaker.news(["b", "other"], False, "") == ""  # an undo: nothing new
    assert speaker.news(["b", "other", "A tile."], True, "No dice rolled yet.") == "A tile."
    assert speaker.ended(False, "", "") == ""
    assert speaker.ended(True, "won", "Final score: 9 points.") == "Game over: won. Final score: 9 points."
    assert speaker.ended(True, "won", "Final score: 9 points.") == ""


def test_every_place_of_the_words_html_is_one_stop_with_its_actions():
    game = Game(registry.get("tabletop-dungeon"), "spoken-html")
    while not any(a.board for a in game.legal()):
        game.auto()
    words = game.ruleset.words(game.state, game.legal())
    html = spoken.words_html(words)
    assert html.count('class="place"') == len(words.places) and html.count('tabindex="0"') == 1
    for action in (a for a in game.legal() if a.board):
        assert f'data-place-action="{action.code}"' in html
    assert re.search(r'data-near="[NESW]\d', html)
