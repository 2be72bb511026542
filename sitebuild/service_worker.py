"""The build id (a hash of the built files) and the service worker that precaches the site under it."""

from __future__ import annotations

import hashlib
from pathlib import Path


def content_hash(out: Path, skip: tuple[str, ...] = ()) -> str:
    """A hash of every file in `out`: the build id and the service worker's cache name."""
    hasher = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.relative_to(out).as_posix() not in skip):
        hasher.update(path.relative_to(out).as_posix().encode() + b"\0")
        hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()[:16]


def content_hash_without_worker(out: Path) -> str:
    """The build id of a finished dist/: everything but the worker that carries it."""
    return content_hash(out, skip=("sw.js",))


def write_service_worker(env, out: Path, rulesets: dict, build_id: str, skip: tuple = ()) -> None:
    """The worker precaches the whole site but the files named in `skip`."""
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name not in skip)
    precache = ["./"] + [f"{slug}/" for slug in rulesets] + files
    text = env.get_template("sw.js").render(build_id=build_id, precache=precache)
    (out / "sw.js").write_text(text, encoding="utf-8")
