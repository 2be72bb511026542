"""sitebuild.build_cache: what a build made is taken back for the same inputs, only for the same inputs, and
the folder keeps only the most recently used."""

import os

from sitebuild import build_cache


def test_the_same_inputs_are_made_once_and_others_again(tmp_path):
    made = []

    def make(text):
        made.append(text)
        return text.encode()

    assert build_cache.kept(tmp_path, ["a", b"\x00"], lambda: make("one")) == b"one"
    assert build_cache.kept(tmp_path, ["a", b"\x00"], lambda: make("two")) == b"one"
    assert build_cache.kept(tmp_path, ["a\x00"], lambda: make("three")) == b"three"  # not the same inputs joined
    assert build_cache.kept(tmp_path, ["a", b"\x01"], lambda: make("four")) == b"four"
    assert made == ["one", "three", "four"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no half-written file left


def test_only_the_most_recently_used_are_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(build_cache, "KEEP", 3)
    for n in range(5):
        build_cache.kept(tmp_path, [str(n)], lambda n=n: b"%d" % n)
        for path in tmp_path.iterdir():  # each older by a second than the one after it
            os.utime(path, (path.stat().st_mtime - 1,) * 2)
    build_cache.kept(tmp_path, ["2"], lambda: b"made again")  # used: kept first
    build_cache.kept(tmp_path, ["5"], lambda: b"5")
    assert sorted(p.read_bytes() for p in tmp_path.iterdir()) == [b"2", b"4", b"5"]
