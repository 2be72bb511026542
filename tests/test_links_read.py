"""Hand-edited links (issue 46, item 4): a key in capitals and a link percent-encoded again are read as the
link they were; a link cut inside a %-escape says what was ignored; unknown parameters stay silent; and no
query string crashes parse_query (pyapp/webapp/links.py, the notes above _read_params).

Figures over every golden link: bench/link_damage_figures.py."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given, settings, strategies as st

from pyapp import registry, webapp
from pyapp.markup import encode_query, query_pairs, unquote_plus
from pyapp.webapp import links

TRACKERS = "&utm_source=chat&utm_medium=social&fbclid=IwAR0xYz"
# links the pages made (tests/golden/links.json), on two rulesets
LINKS = {
    "three-dice-dungeon": [
        "?seed=%C3%9Cmlaut+cave+7&players=3&name1=Ann&name2=Bo&mode=quest",
        "?seed=link-v2&players=2&v=2",
        "?seed=link-replay&replay=assign_4_4_5~exits_NE~attack_SPIRIT~attack_BODY~attack_BODY~attack_MIND",
    ],
    "dice-crawl": [
        "?seed=link-2&players=3&name1=Ann&seat2=easy&easier=1",
        "?seed=link-v2-2&players=3&name1=Ann&seat3=hard&v=2",
        "?seed=link-replay-v4&v=4&replay=x_0_4~o_0~roll~u_0_6_6~u_3_2_4~end~x_4_0~o_0~roll~u_3_3_3~u_2_4_6~end",
    ],
}
CASES = [(slug, query) for slug, queries in LINKS.items() for query in queries]


def read(slug: str, query: str) -> webapp.StartRequest:
    return webapp.parse_query(registry.get(slug), query)


def opens(slug: str, query: str) -> tuple:
    """What a page load opens from this link: the game's seed, settings, moves and state, and the messages."""
    ruleset = registry.get(slug)
    result = webapp.open_game(ruleset, webapp.parse_query(ruleset, query), webapp.SaveStore({}, slug), "fresh", 0)
    return result.game.seed, result.game.settings, result.game.actions, result.game.state, result.messages


def capitals(query: str, every: bool = True) -> str:
    """The link with its keys in capitals (every key, or only the first)."""
    fields = [field.partition("=") for field in query.lstrip("?").split("&")]
    return "?" + "&".join((k.upper() if every or i == 0 else k) + eq + v for i, (k, eq, v) in enumerate(fields))


def encoded_again(query: str, times: int = 1) -> str:
    bare = query.lstrip("?")
    for _ in range(times):
        bare = quote(bare, safe="")
    return "?" + bare


# -- keys in capitals ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "query"), CASES)
def test_a_link_with_its_keys_in_capitals_opens_the_same_game_in_silence(slug, query):
    assert read(slug, capitals(query)) == read(slug, query) == read(slug, capitals(query, every=False))
    assert not read(slug, capitals(query)).problems


@pytest.mark.parametrize("slug", sorted(LINKS))
def test_the_issue_s_capitals_and_mixed_case(slug):
    request = read(slug, "?SEED=cave&Players=2&V=1")
    assert request.seed == "cave" and request.settings["players"] == 2 and request.rules_version == 1
    assert not request.problems
    assert opens(slug, "?SEED=cave&Players=2")[:4] == opens(slug, "?seed=cave&players=2")[:4]


@pytest.mark.parametrize("slug", sorted(LINKS))
def test_a_key_written_both_ways_is_read_in_lower_case_and_the_other_said(slug):
    request = read(slug, "?seed=cave&SEED=den")
    assert request.seed == "cave"
    assert request.problems == ["The link names seed twice (seed= and SEED=); SEED='den' was ignored."]
    assert not read(slug, "?seed=cave&SEED=cave").problems  # the same value twice: nothing to say


# -- encoded twice ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "query"), CASES)
@pytest.mark.parametrize("times", [1, 2])
def test_a_link_percent_encoded_again_opens_the_same_game_in_silence(slug, query, times):
    damaged = encoded_again(query, times)
    assert "=" not in damaged and ("%3D" if times == 1 else "%253D") in damaged  # seed%3D..., seed%253D...
    assert read(slug, damaged) == read(slug, query)
    assert not read(slug, damaged).problems


def test_the_issue_s_encoded_examples():
    request = read("dice-crawl", "?seed%3Dabc%26v%3D2")
    assert (request.seed, request.rules_version, request.problems) == ("abc", 2, [])
    request = read("three-dice-dungeon", "?seed%253Dabc%2526players%253D2")
    assert (request.seed, request.settings["players"], request.problems) == ("abc", 2, [])
    request = read("three-dice-dungeon", "?%3Fseed%3Dabc")  # the "?" encoded with it
    assert request.seed == "abc" and not request.problems
    # a replay link encoded again replays the same moves
    query = LINKS["dice-crawl"][2]
    assert opens("dice-crawl", encoded_again(query)) == opens("dice-crawl", query)


@pytest.mark.parametrize("slug", sorted(LINKS))
def test_what_decodes_to_no_query_of_known_keys_stays_an_unknown_parameter(slug):
    for query in ("?utm_content%3Dspring%26utm_term%3Ddice", "?foo%3Dbar", "?q=seed%3Dabc"):
        request = read(slug, query)
        assert request.seed is None and not request.problems


# -- cut inside a %-escape ----------------------------------------------------------------------------------
def cut_links() -> list[tuple[str, str, str]]:
    """(page, link, the link cut inside its last %-escape), cut after the "%" and after one hex digit."""
    out = []
    for slug, seed, more in [("three-dice-dungeon", "Ümlaut cave 7", {"players": 3}),
                             ("dice-crawl", "Zoë's crawl", {"players": 3})]:
        ruleset = registry.get(slug)
        query = webapp.share_query(ruleset, seed, {**ruleset.defaults(), **more})
        at = query.rindex("%")
        out += [(slug, query, query[: at + 1]), (slug, query, query[: at + 2])]
    return out


@pytest.mark.parametrize(("slug", "query", "cut"), cut_links())
def test_a_link_cut_inside_an_escape_says_its_seed_was_ignored(slug, query, cut):
    assert cut.endswith("%") or cut[-2] == "%"
    request = read(slug, cut)
    assert request.seed is None and len(request.problems) == 1
    problem = request.problems[0]
    assert problem.startswith("The link's seed '") and "ends inside a %-escape" in problem
    assert "cut short" in problem and problem.endswith("A new dungeon was started instead.")
    assert "\n" not in problem
    assert opens(slug, cut)[4] == [problem]  # the page shows it


@pytest.mark.parametrize("slug", sorted(LINKS))
def test_a_setting_cut_inside_an_escape_says_the_default_was_used(slug):
    ruleset = registry.get(slug)
    for cut in ("%", "%C", "%C3", "%C3%A"):  # "Zoë" cut in its escapes, even between two whole ones
        request = read(slug, f"?seed=cave&players=2&name1=Zo{cut}")
        assert request.seed == "cave" and request.settings["players"] == 2
        assert request.settings["name1"] == ruleset.defaults()["name1"]
        label = next(setting.label for setting in ruleset.settings if setting.key == "name1")
        assert request.problems == [f"{label}: {unquote_plus('Zo' + cut)!r} ends inside a %-escape: the link was "
                                    "cut short or mistyped, so it was ignored (the default was used)."]
    assert not read(slug, "?seed=cave&name1=Zo%C3%AB").problems  # the whole escape: Zoë


@pytest.mark.parametrize("slug", sorted(LINKS))
def test_a_link_cut_after_a_key_or_inside_an_encoded_link_says_so(slug):
    for cut in ("?seed%", "?seed%3", "?seed%3Dcave%26players%3", "?seed%3Dcave%26players%3D2%26name1%3DZo%25C"):
        request = read(slug, cut)
        assert len(request.problems) == 1 and "ends inside a %-escape" in request.problems[0], cut
    assert read(slug, "?seed%3Dcave%26players%3").seed == "cave"


# -- a mix with a tracker's parameters ----------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "query"), CASES)
def test_damaged_links_with_a_tracker_s_parameters(slug, query):
    clean = read(slug, query)
    assert read(slug, query + TRACKERS) == clean and not clean.problems  # unknown parameters: silent
    assert read(slug, capitals(query) + TRACKERS) == clean
    assert read(slug, encoded_again(query) + TRACKERS) == clean
    assert read(slug, encoded_again(query + TRACKERS)) == clean  # encoded after the tracker added its own
    assert read(slug, "?UTM_SOURCE=x&" + capitals(query)[1:]) == clean  # a tracker's key in capitals: unknown


@pytest.mark.parametrize(("slug", "query", "cut"), cut_links())
def test_a_cut_link_with_a_tracker_s_parameters_says_so(slug, query, cut):
    request = read(slug, cut + TRACKERS)
    assert request.seed is None and len(request.problems) == 1 and "%-escape" in request.problems[0]
    assert not read(slug, "?seed=cave&utm_source=50%").problems  # a tracker's own damage: silent


# -- links the page makes read as before --------------------------------------------------------------------
VALUES = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=150, deadline=None)
@given(slug=st.sampled_from(sorted(registry.RULESETS)), data=st.data())
def test_a_query_the_page_writes_reads_as_before(slug, data):
    """Lower-case keys, any values, written as the page writes them: read exactly as query_pairs reads them."""
    ruleset = registry.get(slug)
    keys = list(webapp.links.PAGE_KEYS) + [s.key for s in ruleset.settings] + ["utm_source", "fbclid"]
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(keys), VALUES), max_size=6))
    query = encode_query(pairs)
    request = webapp.StartRequest()
    assert links._read_params(ruleset, query, request) == dict(query_pairs(query))
    assert request.problems == []


# -- no link crashes the page -------------------------------------------------------------------------------
URL_CHARS = st.sampled_from(list("sedSEDvV=&%?+#~ 23dDcCaAfF9éÜ_.-"))
URLISH = st.text(URL_CHARS | st.characters(), max_size=60)
ENCODABLE = st.text(URL_CHARS | st.characters(blacklist_categories=("Cs",)), max_size=60)  # no lone surrogates


@settings(max_examples=300, deadline=None)
@given(slug=st.sampled_from(sorted(registry.RULESETS)), query=URLISH | st.text(max_size=80))
def test_parse_query_never_raises_on_any_query(slug, query):
    request = webapp.parse_query(registry.get(slug), query, today="2026-11-27")
    assert isinstance(request, webapp.StartRequest)
    assert all(isinstance(p, str) for p in request.problems)


@st.composite
def linkish(draw, slug: str) -> str:
    """A query of the page's keys (any case), values of URL characters, encoded again 0 to 4 times, cut anywhere."""
    keys = list(links.PAGE_KEYS) + [s.key for s in registry.get(slug).settings] + ["utm_source"]
    fields = draw(st.lists(st.tuples(st.sampled_from(keys), st.booleans(), ENCODABLE), max_size=5))
    query = encode_query([(key.upper() if upper else key, value) for key, upper, value in fields])
    for _ in range(draw(st.integers(0, 4))):
        query = quote(query, safe=draw(st.sampled_from(["", "&=", "%"])))
    return query[: draw(st.integers(0, len(query)))]


@settings(max_examples=300, deadline=None)
@given(data=st.data(), slug=st.sampled_from(sorted(registry.RULESETS)))
def test_parse_query_never_raises_on_damaged_links_of_the_page_s_keys(data, slug):
    request = webapp.parse_query(registry.get(slug), data.draw(linkish(slug)), today="2026-11-27")
    assert isinstance(request, webapp.StartRequest)


@settings(max_examples=150, deadline=None)
@given(slug=st.sampled_from(sorted(LINKS)), query=ENCODABLE)
def test_parse_query_never_raises_on_damaged_forms_of_any_query(slug, query):
    for damaged in (capitals(query), encoded_again(query), encoded_again(query, 3), query[:-1], query + "%"):
        assert isinstance(read(slug, damaged), webapp.StartRequest)
