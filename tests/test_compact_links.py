"""Compact replay links (issue 46, item 2; pyapp/webapp/compact.py): each move as its place among the legal
actions offered then. They round-trip on every page, a damaged one says so and opens the seed's game, a long
game's moves go after "#", and the page keeps each move's place as it plays (engine.Game.picks)."""

import dataclasses
import json
from urllib.parse import quote

import pytest
from hypothesis import given, settings as hsettings, strategies as st

import toy
from page_agent import Agent, opened
from pyapp import registry, webapp
from pyapp.engine import Game
from pyapp.webapp import compact, handover, links
from random_play import random_game
from toy import LONG, TOY

SLUGS = list(registry.RULESETS)
CHEAP_SEEDS = st.text(alphabet="abcdefgh-0123456789", min_size=1, max_size=12)
END = "The dungeon starts from the beginning."


def played(slug: str, seed: str, picks: list[int], bot_share: int = 2) -> Game:
    ruleset = registry.get(slug)
    return random_game(ruleset, seed, ruleset.newest(), picks, bot_share)


def opened_game(ruleset, query: str, store=None) -> webapp.Opened:
    """A link opened as a page load opens it (parse_query, then open_game)."""
    store = store if store is not None else webapp.SaveStore({}, ruleset.slug)
    return webapp.open_game(ruleset, webapp.parse_query(ruleset, query), store, "fresh", 0.0)


# -- round trips ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@hsettings(max_examples=12, deadline=None)
@given(seed=CHEAP_SEEDS, picks=st.lists(st.integers(0, 10_000), max_size=150), bot_share=st.integers(0, 4))
def test_random_legal_play_round_trips_on_every_page(slug, seed, picks, bot_share):
    game = played(slug, seed, picks, bot_share)
    query = webapp.game_replay_query(game)
    assert query is not None and ("&replay=~1" in query) == bool(game.actions)
    assert query == webapp.replay_query(game.ruleset, seed, game.settings, game.actions)  # with picks or not
    request = webapp.parse_query(game.ruleset, query)
    assert request.problems == [] and (request.replay or []) == game.actions
    assert opened_game(game.ruleset, query).game.state == game.state


@pytest.mark.parametrize("slug", SLUGS)
@hsettings(max_examples=15, deadline=None)
@given(junk=st.one_of(st.text(max_size=40), st.text(alphabet=compact.ALPHABET, max_size=40)))
def test_random_garbage_never_raises(slug, junk):
    ruleset = registry.get(slug)
    for query in (f"?seed=g&replay=~1{quote(junk)}", f"?seed=g#replay=~1{quote(junk)}", f"?seed=g&replay={junk}"):
        result = opened_game(ruleset, query)
        assert result.game.seed == "g"
        if not result.game.actions:
            continue
        assert webapp.parse_query(ruleset, query).replay == result.game.actions  # it was a replay after all


@hsettings(max_examples=60, deadline=None)
@given(picks=st.lists(st.integers(0, 2), min_size=1, max_size=6), at=st.integers(0, 10_000),
       char=st.sampled_from(compact.ALPHABET))
def test_a_changed_character_is_said_not_played(picks, at, char):
    game = Game(TOY, "s")
    for pick in picks:
        game.play(game.legal()[pick].code)
    query = webapp.game_replay_query(game)
    head, moves = query.split("~1")
    at %= len(moves)
    changed = moves[:at] + char + moves[at + 1:]
    request = webapp.parse_query(TOY, f"{head}~1{changed}")
    if changed != moves:
        assert request.replay is None and request.problems[-1].endswith(END)


def test_a_whole_endless_game_of_5000_moves_fits_a_chat():
    game = Game(registry.get("three-dice-dungeon"), "len-1", registry.get("three-dice-dungeon").newest())
    while len(game.actions) < webapp.MAX_REPLAY_STEPS and not game.over:
        game.auto()
    old = webapp.share_query(game.ruleset, game.seed, game.settings) + "&replay=" + webapp.encode_replay(game.actions)
    query = webapp.game_replay_query(game)
    assert len(game.actions) == webapp.MAX_REPLAY_STEPS and len(old) > 50_000
    assert len(query) < 2_000


def test_a_step_that_offers_one_action_costs_nothing():
    one = dataclasses.replace(LONG, legal_actions=lambda state: toy.legal_actions(state)[:1])
    short = compact.pack([(0, 1)] * 10, ["roll"] * 10)
    assert len(compact.pack([(0, 1)] * 1000, ["roll"] * 1000)) == len(short) + 1  # the count's second character
    query = webapp.replay_query(one, "s", one.defaults(), ["roll"] * 1000)
    assert webapp.parse_query(one, query).replay == ["roll"] * 1000


# -- damaged links -----------------------------------------------------------------------------------------------


def finished_toy() -> Game:
    return Game.replay(TOY, "s", TOY.defaults(), ["roll", "move N", "attack BODY", "roll", "roll", "move N"])


def moves_of(game: Game) -> str:
    return compact.pack(game.picks(), game.actions)


DAMAGED = {
    "bad characters": (lambda m: m[:4] + "*" + m[5:], "characters that a replay never has"),
    "cut short": (lambda m: m[:-2], "do not match its check"),
    "a character changed": (lambda m: m[:6] + ("B" if m[6] != "B" else "C") + m[7:], "do not match its check"),
    "moves past the end": (lambda m: compact.pack([*finished_toy().picks(), (1, 3)], [*finished_toy().actions, "roll"]),
                           "goes on after the game ended (move 7 of 7)"),
    "a form of a newer page": (lambda m: "~2" + m[2:], "form this page does not know"),
    "too many moves": (lambda m: compact.pack([(0, 3)] * (webapp.MAX_REPLAY_STEPS + 1), ["roll"] * 5001),
                       "too long (5001 steps"),
    "a count that never ends": (lambda m: "~1" + "_" * 8, "number of moves cannot be read"),
    "only the mark": (lambda m: "~1", "do not match its check"),
}


@pytest.mark.parametrize("damage", DAMAGED, ids=list(DAMAGED))
def test_a_damaged_compact_replay_says_why_and_opens_the_seeds_game_keeping_the_saves(damage):
    spoil, why = DAMAGED[damage]
    moves = spoil(moves_of(finished_toy()))
    query = f"?seed=s&replay={moves}"
    request = webapp.parse_query(TOY, query)
    assert request.replay is None and request.seed == "s"
    assert len(request.problems) == 1 and why in request.problems[0] and request.problems[0].endswith(END)
    storage: dict = {}
    store = webapp.SaveStore(storage, TOY.slug)
    kept = Game.replay(TOY, "s", TOY.defaults(), ["move N"])
    store.new_slot(kept, 1.0)
    before = dict(storage)
    result = opened_game(TOY, query, store)
    assert result.game.actions == kept.actions and storage == before  # the seed's own game, nothing lost
    assert opened_game(TOY, query).game.actions == []  # no save of it: the seed's game from its start


def test_a_rules_failure_while_reading_is_said():
    def broken(state, code):
        raise KeyError("bug")

    buggy = dataclasses.replace(TOY, apply=broken)
    request = webapp.parse_query(buggy, f"?seed=s&replay={moves_of(finished_toy())}")
    assert request.replay is None and request.problems == [f"The replay could not be played (KeyError). {END}"]


def test_legal_actions_offered_in_another_order_are_said_not_played():
    """A later release that reordered a ruleset's legal actions would read the indices as other moves: the check
    catches it (golden compact links hold each ruleset to its order)."""
    query = webapp.game_replay_query(finished_toy())
    reordered = dataclasses.replace(TOY, legal_actions=lambda state: toy.legal_actions(state)[::-1])
    request = webapp.parse_query(reordered, query)
    assert request.replay is None and "do not match its check" in request.problems[0]


def test_the_code_form_of_links_made_before_still_opens_next_to_the_compact_one():
    game = finished_toy()
    old = "?seed=s&replay=" + webapp.encode_replay(game.actions)
    assert webapp.parse_query(TOY, old).replay == game.actions == webapp.parse_query(
        TOY, webapp.game_replay_query(game)).replay


# -- a long game's moves after "#" -----------------------------------------------------------------------------------


def test_a_game_too_long_for_a_hosts_query_puts_its_moves_after_the_hash(monkeypatch):
    game = Game.replay(LONG, "s", LONG.defaults(), ["roll", "move N", "attack BODY"] * 30)
    short = webapp.game_replay_query(game)
    assert "#" not in short and "&replay=~1" in short
    monkeypatch.setattr(links, "HOST_QUERY_CHARS", len(short) - 1)
    query = webapp.game_replay_query(game)
    head, _, behind = query.partition("#")
    assert head == webapp.share_query(LONG, "s", game.settings) and behind == short.partition("&")[2]
    request = webapp.parse_query(LONG, query)
    assert request.replay == game.actions and request.problems == [] and request.replay_behind
    assert not webapp.parse_query(LONG, short).replay_behind


def test_a_hand_over_link_keeps_its_seat_in_the_query_when_the_moves_go_after_the_hash(monkeypatch):
    game = Game.replay(LONG, "s", LONG.defaults(), ["roll"] * 40)
    monkeypatch.setattr(links, "HOST_QUERY_CHARS", 10)
    query = handover.hand_query(game, 1)
    assert query.startswith("?seed=s&hand=2#replay=~1")
    assert webapp.parse_query(LONG, query).hand == 1 and webapp.parse_query(LONG, query).replay == game.actions


def test_a_watch_links_move_stays_in_the_query_when_the_moves_go_after_the_hash(monkeypatch):
    game = Game.replay(LONG, "s", LONG.defaults(), ["roll"] * 40)
    monkeypatch.setattr(links, "HOST_QUERY_CHARS", 10)
    query = webapp.with_pair(webapp.game_replay_query(game), "&at=3")
    assert query.startswith("?seed=s&at=3#replay=~1")
    request = webapp.parse_query(LONG, query)
    assert request.at == 3 and request.replay == game.actions and request.problems == []


@pytest.mark.parametrize("fragment, said", [
    ("#?secret=Ab12", None),  # WordPress's, not the page's: silent
    ("#", None),
    ("#replay=" + "A" * (webapp.MAX_QUERY_CHARS + 1), "after its # is far too long"),
])
def test_what_else_follows_the_hash_is_not_a_replay(fragment, said):
    request = webapp.parse_query(TOY, "?seed=s" + fragment)
    assert request.replay is None and request.seed == "s"
    assert request.problems == [] if said is None else said in request.problems[0]


def test_a_link_with_a_replay_before_and_after_the_hash_reads_the_first_and_says_so():
    one, two = finished_toy(), Game.replay(TOY, "s", TOY.defaults(), ["roll"])
    query = f"{webapp.game_replay_query(one)}#replay={moves_of(two)}"
    request = webapp.parse_query(TOY, query)
    assert request.replay == one.actions and "two replays" in request.problems[0]


def test_the_page_reads_the_moves_after_the_hash_and_drops_them_from_its_address(dice_page, monkeypatch):
    ruleset = registry.get("three-dice-dungeon")
    game = Game(ruleset, "behind", ruleset.newest())
    for _ in range(30):
        game.auto()
    monkeypatch.setattr(links, "HOST_QUERY_CHARS", 10)
    query = webapp.game_replay_query(game)
    assert "#replay=~1" in query
    agent = Agent()
    page = dice_page.start(opened(query=query), agent)
    assert page.game.actions == game.actions and page.game.state == game.state
    assert [op[1] for op in agent.ops("address")] == [query.partition("#")[0]]  # a reload continues, not replays


# -- the page keeps each move's place as it plays ----------------------------------------------------------------


def test_a_game_keeps_each_moves_place_and_how_many_were_offered():
    game = Game(TOY, "s")
    game.play("attack BODY")
    game.play("move N")
    assert game.picks() == [(2, 3), (1, 3)]
    game.undo()  # nothing rolled: undone, and its place with it
    assert game.picks() == [(2, 3)]
    game.play("roll")
    game.play("move N")
    game.undo()  # the snapshot path of undo
    assert game.picks() == [(2, 3), (0, 3)]


def test_a_save_keeps_the_picks_and_one_made_before_gets_them_by_replaying():
    game = Game.replay(TOY, "s", TOY.defaults(), ["attack BODY", "roll", "move N"])
    data = json.loads(game.to_json())
    assert data["picks"] == [2, 3, 0, 3, 1, 3]
    assert Game.from_json(TOY, game.to_json())._picks == game.picks()  # read as kept: no replay
    for kept in (None, [9, 3, 0, 3, 1, 3], [2, 3], "x"):  # made before issue 46, or damaged: worked out again
        older = {k: v for k, v in data.items() if k != "picks"} | ({} if kept is None else {"picks": kept})
        loaded = Game.from_json(TOY, json.dumps(older))
        assert loaded._picks is None and loaded.picks() == game.picks()
        assert webapp.game_replay_query(loaded) == webapp.game_replay_query(game)


def test_a_save_whose_moves_no_longer_replay_offers_no_link():
    data = json.loads(Game.replay(TOY, "s", TOY.defaults(), ["roll"]).to_json())
    data.pop("picks")
    data["actions"] = ["fly away"]
    assert webapp.game_replay_query(Game.from_json(TOY, json.dumps(data))) is None
