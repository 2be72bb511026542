"""pyapp.markup gives exactly what the standard library gives, on any text."""

import html
from urllib.parse import parse_qsl, unquote_plus as std_unquote_plus, urlencode

from hypothesis import given, strategies as st

from pyapp.markup import encode_query, escape, query_pairs, unquote_plus

QUERYISH = st.text(alphabet=st.sampled_from(list("ab=&+%2F0Ce é;?#~ \x00<>\"'")) | st.characters(), max_size=40)


@given(st.text())
def test_escape_is_html_escape(text):
    assert escape(text) == html.escape(text)


@given(st.lists(st.tuples(st.text(), st.text()), max_size=5))
def test_encode_query_is_urlencode(pairs):
    assert encode_query(pairs) == urlencode(pairs)


@given(QUERYISH)
def test_query_pairs_is_parse_qsl_keeping_blanks(query):
    assert query_pairs(query) == parse_qsl(query, keep_blank_values=True)


@given(QUERYISH)
def test_unquote_plus_is_unquote_plus(text):
    assert unquote_plus(text) == std_unquote_plus(text)


@given(st.lists(st.tuples(st.text(), st.text()), max_size=5))
def test_round_trip(pairs):
    assert query_pairs(encode_query(pairs)) == pairs


def test_examples():
    assert escape("<a href='x'>&</a>") == "&lt;a href=&#x27;x&#x27;&gt;&amp;&lt;/a&gt;"
    assert query_pairs("seed=a+b%21&embed=1&x") == [("seed", "a b!"), ("embed", "1"), ("x", "")]
    assert encode_query([("seed", "dé jà")]) == "seed=d%C3%A9+j%C3%A0"


def test_the_page_start_up_path_imports_neither_html_nor_urllib():
    """What pyapp/webapp/controller.py imports must not pull the slow modules back in."""
    import subprocess
    import sys
    from pathlib import Path

    probe = ("import sys, pyapp.registry, pyapp.webapp; "
             "print(sorted({'html', 'urllib.parse', 'statistics'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent).stdout
    assert out.strip() == "[]"
