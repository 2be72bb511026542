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


def offline_files(out: Path) -> list[str]:
    """What offline play of any page needs, precached when the worker installs: the site's shell
    and the runtime as a boot fetches it. Not the pages (each is kept when first opened: page.js,
    sw.js), nor the standard library shipped apart, the heap (the boot keeps its own), the runtime's
    unpacked fallbacks or PyScript, which no page loads (README)."""
    def needed(path: str) -> bool:
        parts = path.split("/")
        if parts[0] == "vendor":
            if parts[1] == "pyscript":
                return False
            return path.endswith((".zst", ".mjs", ".json")) and not path.endswith("pyodide.asm.mjs")
        if parts[0] == "icons":
            return True
        return len(parts) == 1 and path not in ("index.html", "sw.js", "_headers") and not path.endswith(".bin.gz")

    return sorted(p for p in (f.relative_to(out).as_posix() for f in out.rglob("*") if f.is_file()) if needed(p))


def write_service_worker(env, out: Path, build_id: str, precache: list[str]) -> None:
    """The worker: the precache (offline_files) and the site's index under the build's hash."""
    text = env.get_template("sw.js").render(build_id=build_id, precache=["./", *precache])
    (out / "sw.js").write_text(text, encoding="utf-8")
