"""Dice Crawl's normal bot (pyapp/dice_crawl/bots/bot.py) plays the positional Powers with a purpose: a Reveal
goes where a rival's corridor leads and is turned to close it, as the text's example says ("it can block
his enemies"); before, it revealed the first face-down tile in the grid's order (as it still does in the games
of rules versions 1 and 2, whose golden links were made by auto-play)."""

from __future__ import annotations

import pytest

from dice_crawl_helpers import at, crawl, fill, force_tile, give, lay, scene, tile
from pyapp.dice_crawl.bots import bot, power_values
from pyapp.dice_crawl.core.board import cell_at, connected
from pyapp.dice_crawl.core.state import card_powers


def reveal_scene():
    """Player 0 conquered A5 and holds Reveal; player 1 stands on E1, a conquered straight whose corridor
    runs south to the face-down E2."""
    game = scene(v=3)  # the aimed bot of rules version 3 (bot.AIMED)
    for p in game.state["players"]:
        p["race"] = p["cls"] = 0  # the text's Elf Warrior, before `give` deals player 0 a card with Reveal
    slot = give(game, 0, "reveal", cost="1+")
    lay(game, (0, 4), tile((1, 2, 3, 4), "cross"))
    fill(game, (0, 4))
    at(game, 0, (0, 4))
    lay(game, (4, 0), tile((5, 6), "straight"))
    fill(game, (4, 0), player=1)
    at(game, 1, (4, 0))
    crawl(game, 1, 6)
    return game, slot


def test_the_normal_bot_reveals_where_a_rivals_corridor_leads_and_closes_it():
    game, slot = reveal_scene()
    game.play(f"use {slot} 1")
    choice = bot.normal(game.state)
    assert choice == "rv 4 1"  # E2, the rival's way on; the first face-down tile in order is A1
    force_tile(game, tile((6, 6), "dead end"))
    game.play(choice)
    game.play(bot.normal(game.state))  # the orientation
    assert cell_at(game.state, (4, 1))["t"] is not None
    assert not connected(game.state, (4, 0), (4, 1))  # the rival's corridor now meets a wall


def test_a_rivals_open_ways_count_against_the_bots_board():
    game, _ = reveal_scene()
    lay(game, (4, 1), tile((1, 6), "dead end"), rot=0)  # its corridor points north, into the rival's E1
    joined = bot.evaluate(game.state, 0)
    lay(game, (4, 1), tile((1, 6), "dead end"), rot=2)  # turned south: the rival's corridor meets a wall
    closed = bot.evaluate(game.state, 0)
    assert connected(game.state, (4, 0), (4, 1)) is False
    assert closed > joined


def test_power_uses_counts_only_powers_the_user_holds():
    from pyapp.dice_crawl.data import POWERS
    from pyapp.dice_crawl.figures import power_uses

    game = power_uses.one_game((0, 2))
    assert game["uses"] and game["won"]
    for player, key, src, swing in game["uses"]:
        assert key in POWERS and isinstance(swing, int)
        assert src == "tile" or key in game["held"][player]  # a card Power is used only once unlocked


def test_head_to_head_seats_the_card_against_each_other_class_in_turn():
    from pyapp.dice_crawl.data import CLASS_IDS, CLASS_NAMES, RULES_VERSION
    from pyapp.dice_crawl.figures import head_to_head

    warrior = CLASS_IDS[RULES_VERSION][0]
    rows = head_to_head.tally(warrior, 4)
    rivals = [CLASS_NAMES[k] for k in head_to_head.opponents(warrior)]
    assert "Warrior" not in rivals and len(rivals) == 11
    assert rows.keys() == set(rivals[:2]) and all(n == 2 and mine + theirs <= n for n, mine, theirs in rows.values())
    for n in range(4):
        state, mine, rival = head_to_head.seated(warrior, n)
        assert mine == n % 2 and [p["cls"] for p in state["players"]][::1 - 2 * mine] == [warrior, rival]
        assert rival == head_to_head.opponents(warrior)[n // 2]


def test_head_to_head_seats_a_race_too_at_three_players():
    from pyapp.dice_crawl.data import RACE_IDS, RACE_NAMES, RULES_VERSION
    from pyapp.dice_crawl.figures import head_to_head

    kind, elf = head_to_head.kind_of("Elf")
    assert (kind, elf) == ("race", RACE_IDS[RULES_VERSION][0])
    rivals = head_to_head.opponents(elf, "race")
    assert elf not in rivals and len(rivals) == 11
    for n in range(6):
        state, mine, rival = head_to_head.seated(elf, n, "race", 3)
        races = [p["race"] for p in state["players"]]
        assert mine == n % 3 and races[mine] == elf and races[(mine + 1) % 3] == rival == rivals[n // 3]
        assert len(set(races)) == 3  # whoever was dealt a seated card takes the seat's own
    rows = head_to_head.tally(elf, 3, kind="race", players=3)
    assert rows.keys() == {RACE_NAMES[rivals[0]]} and rows[RACE_NAMES[rivals[0]]][0] == 3
    with pytest.raises(SystemExit, match="no base race or class"):
        head_to_head.kind_of("Beholder")



def test_a_balance_run_played_in_parts_merges_into_the_same_counts_as_one_run():
    from pyapp.dice_crawl.figures import balance
    from pyapp.dice_crawl.figures.parts import merged

    whole = balance.tally(4, 2, ["easy"])
    parts = [balance.tally(1, 2, ["easy"], first=3), balance.tally(3, 2, ["easy"])]
    assert merged(parts, balance.SAME) == whole and whole["games"] == 4 and sum(whole["seen"]["kind"].values()) == 8
    assert balance.rates(whole)["position"].keys() == {"1", "2"} and balance.measured(whole)["games"] == 4
    with pytest.raises(ValueError, match="do not follow on"):
        merged([parts[1], parts[1]], balance.SAME)  # games 0 to 2 twice
    with pytest.raises(ValueError, match="not of one run"):
        merged([parts[1], {**parts[0], "players": 3}], balance.SAME)

def unlock_scene(v: int):
    """Player 0, the Human Barbarian (Roll +1, Reinforcements; Onslaught, Reveal), in the Crawl with 4 and 4 on
    a tile where no 4 fits: any of the four Powers can take the pair."""
    game = scene(v=v)
    p = game.state["players"][0]
    p["race"], p["cls"] = 2, 26  # the Human (every version) and the Barbarian of versions 2 and 3
    p["slots"] = [None] * 4
    lay(game, (0, 4), tile((1, 2, 3), "dead end"))
    at(game, 0, (0, 4))
    crawl(game, 4, 4)
    return game


def test_the_normal_bot_unlocks_the_power_worth_most_from_rules_version_4():
    game = unlock_scene(v=4)
    assert [pw["key"] for pw in card_powers(game.state["players"][0])] == ["roll", "reinforcements", "onslaught",
                                                                           "reveal"]
    assert bot.normal(game.state) == "u 2 4 4"  # Onslaught, the Power that swings a margin most per unlock
    old = unlock_scene(v=3)
    assert bot.normal(old.state) != "u 2 4 4"  # every Power alike (1.2): the first pair it finds


def test_the_forbidden_vaults_powers_have_their_own_worth_from_version_5():
    """Before version 5 every set Power was worth the flat 1.2, so the bot locked two dice on Replace as
    readily as on Withering Touch; the games of older links were made that way and keep it."""
    from pyapp.dice_crawl.data import ALL_CLASSES, SET_CLASS_IDS  # noqa: PLC0415

    p = {"race": 2, "cls": SET_CLASS_IDS[1]["crypt"][0], "slots": [None, None, None, [6, 6], None]}  # Withering
    assert [pw["key"] for pw in ALL_CLASSES[p["cls"]][1]][1] == "withering"
    assert power_values.worth(p, 4) == power_values.UNMEASURED
    assert power_values.worth(p, 5) == power_values.VAULT_VALUES["withering"]
    p["slots"] = [None, None, None, None, [3, 3]]  # Reveal, a base Power: the same worth in both
    assert power_values.worth(p, 4) == power_values.worth(p, 5) == power_values.VALUES["reveal"]


def test_from_version_5_the_normal_bot_leaves_a_chance_power_locked_rather_than_spend_two_dice_on_it():
    """Sacrifice, Disarm, Escape and Replace are worth less than the two dice they keep out of the army: with
    a pair that fits nowhere the bot ends its Crawl (the dice go home), where the flat worth of the sets'
    Powers before version 5 locked them on Sacrifice."""
    from pyapp.dice_crawl.data import ALL_CLASSES, SET_CLASS_IDS  # noqa: PLC0415

    exorcist = SET_CLASS_IDS[5]["crypt"][1]
    assert [pw["key"] for pw in ALL_CLASSES[exorcist][1]] == ["attack", "garrison", "sacrifice"]

    def leftover_pair(v: int) -> str:
        game = scene(v=v)
        p = game.state["players"][0]
        p["race"], p["cls"] = 2, exorcist  # the Human (Roll +1, Reinforcements [1+]) and version 5's Exorcist
        p["slots"] = [[1, 1], [1, 1], [3, 3], [4, 4], None]  # all but Sacrifice unlocked
        lay(game, (0, 4), tile((1, 2, 3), "dead end"))
        at(game, 0, (0, 4))
        crawl(game, 4, 4)
        return bot.normal(game.state)

    assert leftover_pair(4) == "u 4 4 4" and not leftover_pair(5).startswith("u ")


def test_each_unlocked_power_has_its_measured_worth():
    game = scene(v=4)
    p = game.state["players"][0]
    p["race"], p["cls"] = 2, 26
    p["slots"] = [None, None, [4, 4], None]
    onslaught = bot.evaluate(game.state, 0)
    p["slots"] = [None, None, None, [4, 4]]
    reveal = bot.evaluate(game.state, 0)
    assert onslaught - reveal == pytest.approx(power_values.VALUES["onslaught"] - power_values.VALUES["reveal"])
    p["slots"] = [[4, 4], None, None, None]
    assert power_values.worth(p, 4) == power_values.VALUES["roll"]
    p["race"], p["slots"] = 0, [None, None, [1, 1], None, None, None]  # the Elf's Roll seven: two extra dice
    assert power_values.worth(p, 4) == 2 * power_values.VALUES["roll"]
    p["cls"], p["slots"] = 0, [None] * 3 + [[3, 3], [1, 1], None]  # the Warrior's two Attacks: used once a turn
    assert power_values.worth(p, 4) == pytest.approx((1 + power_values.REPEAT) * power_values.VALUES["attack"])
    v3 = scene(v=3)
    q = v3.state["players"][0]
    q["race"], q["cls"], q["slots"] = 2, 26, [None, None, [4, 4], None]
    flat = bot.evaluate(v3.state, 0)
    q["slots"] = [None, None, None, [4, 4]]
    assert bot.evaluate(v3.state, 0) == flat  # before version 4 every Power is worth the same


def test_from_version_8_roll_is_worth_its_extra_dice_only_while_the_army_could_roll_them():
    """The bot unlocked Roll late with the dice left over, and those games cost the Roll cards more than the
    extra dice brought back (the Elf won 27.0% of 3-player games under version 8, against 32.1% for a seat).
    From version 8 (power_values.FILLED) a Roll is worth its dice only while the army outside the Crawl's dice
    holds five and the extra ones; otherwise less than the two dice it locks, so a leftover pair goes home."""
    elf = {"race": 0, "cls": 1, "army": 7, "slots": [None, None, [1, 1], None, None, None]}
    assert power_values.worth(elf, 8) == power_values.worth(elf, 7) == 2 * power_values.VALUES["roll"]
    elf["army"] = 6  # one short of the Elf's seven dice
    assert power_values.worth(elf, 8) == power_values.LOCKED < 0 < power_values.worth(elf, 7)
    human = {"race": 2, "cls": 1, "army": 6, "slots": [[4, 4], None, None, None, None]}  # Roll +1
    assert power_values.worth(human, 8) == power_values.VALUES["roll"]
    human["army"] = 5
    assert power_values.worth(human, 8) == power_values.LOCKED

    def leftover_pair(v: int) -> str:
        game = scene(v=v)
        p = game.state["players"][0]
        p["race"], p["cls"] = 0, 1  # the Elf, and a class whose Powers are all unlocked
        p["slots"] = [None] * 3 + [[6, 6]] * (len(card_powers(p)) - 3)
        lay(game, (0, 4), tile((1, 2, 3), "dead end"))
        fill(game, (0, 4))  # conquered: the pair fits nowhere
        at(game, 0, (0, 4))
        crawl(game, 4, 4)
        p["army"] = 5  # late in a game: five left beside the pair that fits nowhere
        game.state["used"] = list(range(3, len(p["slots"])))  # the class's Powers: used this turn
        return bot.normal(game.state)

    assert leftover_pair(7).startswith("u ") and not leftover_pair(8).startswith("u ")


def test_a_cost_covers_another_when_every_die_that_pays_it_pays_the_other():
    from pyapp.dice_crawl.core.costs import covers  # noqa: PLC0415

    assert covers("1+", "3+") and not covers("3+", "1+")
    assert covers("", "doubles") and not covers("doubles", "1+") and not covers("1+", "doubles")
    assert covers("3+", "5") and not covers("5", "5+") and covers("2", "2") and not covers("2", "3")


def test_from_version_8_a_copy_an_unlocked_copy_already_pays_for_is_worth_nothing(monkeypatch):
    """The Warrior prints Attack [3+] and Attack [1+], and from version 3 one Attack is used a turn: once [1+] is
    unlocked the [3+] copy adds nothing, yet before version 8 the normal bot valued it at REPEAT and locked two
    of its army's dice on it (in 129 games of 150). From 8 the cheaper copy is the one worth unlocking."""
    attack, more = power_values.VALUES["attack"], power_values.REPEAT * power_values.VALUES["attack"]
    warrior = {"race": 2, "cls": 0}  # the Human (Roll +1, Reinforcements [1+]): the Warrior's Powers are 2, 3, 4
    for slots, old, new in (([[3, 3], None], attack, attack), ([None, [1, 1]], attack, attack + more),
                            ([[3, 3], [1, 1]], attack + more, attack + more)):
        warrior["slots"] = [None, None, *slots, None]
        assert power_values.worth(warrior, 7) == pytest.approx(old)
        assert power_values.worth(warrior, 8) == pytest.approx(new)

    def first_attack() -> str:
        game = scene(v=7)
        p = game.state["players"][0]
        p["race"], p["cls"] = 0, 0  # the text's Elf Warrior: Attack [3+] is slot 3, Attack [1+] slot 4
        p["slots"] = [[1, 1], [2, 2], [1, 1], None, None, [2, 2]]  # both Attacks locked
        lay(game, (0, 4), tile((1, 2, 3), "dead end"))
        at(game, 0, (0, 4))
        crawl(game, 5, 5)
        return bot.normal(game.state)

    assert first_attack() == "u 3 5 5"  # the first of two equal worths, and later the other copy for REPEAT
    monkeypatch.setattr(power_values, "COVERED", 7)  # as version 8's bot plays
    assert first_attack() == "u 4 5 5"  # the copy that pays for both
