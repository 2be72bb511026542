"""The HTML pages: one game page (with its PyScript config) per ruleset, and the site index."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from sitebuild import csp
from sitebuild.paths import STATIC


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def describe_setting(setting) -> str:
    """A setting's range and default in words, for the in-page rules."""
    if isinstance(setting.default, bool):
        return f"On or off; default {'on' if setting.default else 'off'}."
    if isinstance(setting.default, int):
        if setting.minimum is None or setting.maximum is None:
            return f"A whole number; default {setting.default}."
        return f"{setting.minimum} to {setting.maximum}; default {setting.default}."
    if setting.choices:
        return f"One of {', '.join(setting.choices)}; default {setting.default}."
    return f"Text; default {setting.default!r}."


def write_game_page(env, out: Path, ruleset, snapshot: str | None, preview, base: str | None) -> None:
    """`out`/<slug>/: the page, its main.py and its pyscript.json. `preview` is its link preview
    (sitebuild/previews.py); `base` the site's public address, or None (no absolute URL is written)."""
    from pyapp import webapp
    from pyapp.webapp.spoken import KEYS_TEXT

    page_dir = out / ruleset.slug
    html = env.get_template("game.html").render(
        ruleset=ruleset, root="../", describe=describe_setting, snapshot=snapshot,
        automatic=ruleset.automatic is not None,  # a Speed control for the rules' own steps
        downloads_html=webapp.downloads_html, tools_html=webapp.tools_html, opening=opening(ruleset),
        engine_bytes=engine_bytes(out, snapshot), share=share_tags(preview, base, ruleset.slug + "/", True),
        keys_text=KEYS_TEXT,
    )
    write_text(page_dir / "index.html", csp.with_policy(html, base))
    for name, part in (ruleset.rules_parts() if ruleset.rules_parts else {}).items():
        write_text(page_dir / "parts" / f"{name}.html", part)  # fetched when its <details data-part> first opens
    shutil.copy2(STATIC / "main.py", page_dir / "main.py")
    config = {
        # the site's one boot, as PyScript's interpreter: the kept heap or the plain boot, pyapp written out
        "interpreter": "../boot.mjs",
    }
    write_text(page_dir / "pyscript.json", json.dumps(config, indent=1) + "\n")


def engine_bytes(out: Path, snapshot: str | None) -> int:
    """The packed runtime and pyapp a first visit downloads (the loading bar's whole: page.js)."""
    from sitebuild.archive import APP_ARCHIVE
    from sitebuild.snapshot import stdlib_file
    from sitebuild.vendor import PACKED, PACKED_SUFFIX

    files = [out / "vendor" / "pyodide" / (name + PACKED_SUFFIX) for name in PACKED]
    files.append(out / APP_ARCHIVE)
    if snapshot:
        files.append(out / (stdlib_file(snapshot) + PACKED_SUFFIX))
    return sum(path.stat().st_size for path in files if path.exists())


def opening(ruleset) -> dict:
    """The opening position as the engine draws it (board, status, dice, panel, actions), in the page
    from its first paint: something to look at while Python comes, of the size Python then draws, so
    nothing moves when it does. Until then its buttons are refused with a word (page.js). A part that
    differs by seed (a first roll, a dealt card) holds its place unseen ("seed-dependent"), rather
    than show what this game may not have."""
    from pyapp import webapp
    from pyapp.engine import Game

    def parts(seed: str) -> dict[str, str]:
        game = Game(ruleset, seed)
        legal = game.legal()
        view = ruleset.render(game.state, legal)
        actions = webapp.actions_html(legal, ruleset.done_text, ruleset.rules_step(game.state), view.pictures)
        return {"board": view.board, "status": view.status, "dice": view.dice, "panel": view.panel,
                "actions": actions}

    drawn, other = parts("opening"), parts("opening, another seed")
    differs = [part for part in drawn if drawn[part] != other[part]]
    # nothing of the play area the same from seed to seed (the Generator's): it shows none of it before Python
    return {**drawn, "seed_dependent": differs, "play_area_differs": set(drawn) - {"board"} <= set(differs)}


def write_index(env, out: Path, rulesets: list, preview, base: str | None) -> None:
    """The site index: a link to every game page."""
    write_text(out / "index.html", csp.with_policy(env.get_template("index.html").render(
        rulesets=rulesets, share=share_tags(preview, base, "", False)), base))


def share_tags(preview, base: str | None, path: str, oembed: bool) -> dict:
    """What head.html's link-preview tags need: the absolute addresses only when the public one is known."""
    from sitebuild.previews import OEMBED_FILE

    if not base:
        return {"url": None}
    return {"url": base + path, "image": base + preview.path, "preview": preview,
            "oembed": base + path + OEMBED_FILE if oembed else None}
