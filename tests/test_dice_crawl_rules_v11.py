"""Dice Crawl rules version 11 (issue 45, item 5; RULINGS.md, Dice Crawl: bots end a game they lead when they can):
once every marker is shut in, the normal bot that would win if the game ended now plays to end it, locking its
rolled dice on its cards and the board rather than returning them to its army (bots/bot.closing). In fixed scenes
and in the seeded game the issue names, and version 10 still playing as it did (its links and golden games)."""

from __future__ import annotations

from dice_crawl_helpers import at, crawl, fill, lay, scene, tile
from pyapp.dice_crawl.bots import bot
from pyapp.dice_crawl.core.state import card_powers
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game

A5, E1 = (0, 4), (4, 0)
ROLL_SEVEN = 2  # the text's Elf: Scout [1], Reveal [2], Roll seven (any two dice)
BEHIND = tile((3, 3), "dead end", power="reveal")  # worth 3, no Hoard space: player 2 trails 3 to 4


def shut_in(version: int, rival: int) -> Game:
    """Every marker shut in: player 1 on A5, player 2 on E1, each on a conquered dead end facing off the grid
    (A5 is worth 4; E1 is tile `rival`). Player 1 is the text's Elf with its Roll
    seven still locked (its Scout [1] and Reveal [2] too), and the version-1 Thief, every Power unlocked (Hoarder,
    Swap, Withdraw: none sends a unit back or can be used here); it crawls with its last two dice, a 3 and a 4."""
    game = scene(2, v=version)
    for p in game.state["players"]:
        p.update(race=0, cls=1)
        p["slots"] = [None] * len(card_powers(p))
    me = game.state["players"][0]
    me["slots"] = [None, None, None, [6, 6], [6, 6], [6, 6]]
    lay(game, A5, tile((1, 2, 3), "dead end"), rot=2)
    fill(game, A5)
    lay(game, E1, rival)
    fill(game, E1, player=1)
    at(game, 0, A5)
    at(game, 1, E1)
    me["army"] = 2
    crawl(game, 3, 4)
    assert bot.shut_in(game.state, A5) and bot.shut_in(game.state, E1)
    return game


def test_version_11_a_leader_shut_in_locks_its_last_dice_and_the_game_ends():
    """Under version 10 the leader hands its last two dice back to its army, turn after turn; under version 11 it
    locks them on its Roll seven, its army is empty when its next turn starts, and it wins there."""
    game = shut_in(10, BEHIND)
    assert bot.normal(game.state) == "end"
    game = shut_in(11, BEHIND)
    assert not bot.closing(game.state, 1) and bot.closing(game.state, 0)
    assert bot.normal(game.state) == f"u {ROLL_SEVEN} 3 4"
    for _ in range(60):
        if game.over:
            break
        game.play(bot.normal(game.state))
    assert game.over and str(game.state["log"][-4]).startswith("The game ends: Player 1's turn starts with 0 dice")
    assert str(game.state["log"][-1]) == "Player 1 wins."


def test_version_11_a_tie_on_points_is_led_by_the_powers_that_break_it():
    """Points tied, player 1 holding more Powers: the scoring's tie-break makes it the winner if the game ended
    now, so from version 11 it is the one that plays to end the game and may send units back; under version 10 a
    tie on points was no lead, neither bot played to end the game, and the round limit decided it (seed balance/23
    under the first version-11 candidate: 7 points each from round 12 to 40, 6 Powers against 5)."""
    for version in (10, 11):
        game = shut_in(version, tile((6, 6), "dead end"))  # E1 worth 4, as A5: 4 points each
        assert [(r["total"], r["powers"]) for r in bot.scoring.breakdown(game.state)] == [(4, 3), (4, 0)]
        assert bot.trails_when_closed(game.state, 0) == (version == 10)
        assert bot.closing(game.state, 0) == (version == 11) and not bot.closing(game.state, 1)
        assert bot.trails_when_closed(game.state, 1)


def test_version_11_players_tied_on_every_count_both_play_to_end_the_game():
    """A tie on points and Powers: under version 10 both bots counted as trailing, sent nothing back, locked no die
    and rolled and returned their last two dice to the round limit (seed balance/1307: 9 points and 5 Powers each
    from round 7 to 40, a draw). From version 11 each plays as a leader: a die locked on a Power or a unit sent
    back breaks the tie, and then only the new leader goes on ending the game (balance/1307 ends in round 8)."""
    for version in (10, 11):
        game = shut_in(version, tile((6, 6), "dead end"))
        game.state["players"][1]["slots"] = [None, None, None, [6, 6], [6, 6], [6, 6]]
        assert [(r["total"], r["powers"]) for r in bot.scoring.breakdown(game.state)] == [(4, 3), (4, 3)]
        for player in (0, 1):
            assert bot.closing(game.state, player) == (version == 11)
            assert bot.trails_when_closed(game.state, player) == (version == 10)
    game.play(bot.normal(game.state))  # a 4 Hoarded on E1: player 1 leads, and only it goes on ending the game
    assert bot.scoring.winners(game.state, bot.scoring.breakdown(game.state)) == [0]
    assert bot.closing(game.state, 0) and not bot.closing(game.state, 1) and bot.trails_when_closed(game.state, 1)


def test_version_11_a_trailing_bot_does_not_close():
    """The player behind keeps its dice: it may still catch up, and the game does not end sooner for it."""
    game = shut_in(11, tile((5, 5, 5), "dead end"))  # E1 worth 5: player 2 leads
    assert not bot.closing(game.state, 0) and bot.closing(game.state, 1)
    assert bot.normal(game.state) == "end"


def played(version: int) -> Game:
    game = Game(RULESET, "probe-2p-0", {"players": 2, "seat1": "normal", "seat2": "normal", "v": version})
    while not game.over:
        game.auto()
    return game


def test_version_11_seed_probe_2p_0_ends_before_the_round_limit_with_the_leader_winning():
    """Issue 45: two normal bots, seed probe-2p-0. Under version 10 both markers are shut in from round 14 and
    player 2 leads 16 to 7, yet it rolls and returns its last two dice for 24 rounds, until the round limit ends
    the game; under version 11 it locks them, its army runs out and it wins in round 15. Each game replays from
    its moves to the same state (a replay link's promise)."""
    ends = {}
    for version in (10, 11):
        game = played(version)
        again = Game(RULESET, game.seed, game.settings)
        for action in game.actions:
            again.play(action)
        assert again.state == game.state
        ends[version] = (game.state["round"], str(game.state["log"][-1]), game.state["log"][-4])
    rounds, winner, why = ends[10]
    assert rounds == 41 and winner == "Player 2 wins." and "the project's limit" in str(why)
    rounds, winner, why = ends[11]
    assert rounds < 20 and winner == "Player 2 wins." and "Player 2's turn starts with 0 dice" in str(why)


def test_the_figures_play_version_10_only_for_the_games_the_rule_touched():
    """figures/leader_ends.py plays version 10 only where bot.closing said yes: any other game is the same game
    under both versions (--check plays both and compares); its parts merge into the counts of one run."""
    from pyapp.dice_crawl.figures import leader_ends

    quiet, touched = leader_ends.one_seed(3, 2, check=True), leader_ends.one_seed(9, 2, check=True)
    assert not quiet["acted"] and quiet["older"] == quiet["newer"] and touched["acted"]
    assert (leader_ends.OLDER, leader_ends.NEWER) == (10, 11)
    run = leader_ends.tally([quiet, touched], 2, 3)
    parts = [leader_ends.tally([quiet], 2, 3), {**leader_ends.tally([touched], 2, 4), "first": 4}]
    assert leader_ends.merged(parts[::-1]) == {**run, "first": 3}
    assert run["acted"] == 1 and run["games"] == 2 and sum(run["newer_wins"]) <= 2
