"""The layers of the whole pyapp tree, read from its import statements (tests/test_dice_crawl_layers.py
checks the floors inside Dice Crawl's package):

- the core (the contract and its board in words, dice, codes, drawing and markup helpers, the simulation
  tools) imports only the core;
- a ruleset's package imports the core, and another ruleset's package only where its Ruleset declares
  it (`draws_with`);
- webapp (what the page does without a browser) imports the core and the registry, never a ruleset;
- nothing in pyapp imports the browser (`js`, `pyodide`, `pyscript`): it runs the same in CPython.

A new top-level module must be placed in a layer here, or this test says so.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyapp import registry

PYAPP = Path(__file__).resolve().parent.parent / "pyapp"
CORE = {"engine", "places", "dice", "codes", "svg", "markup", "dice_faces", "stats_chart", "simulate", "lab",
        "play_by_link"}
ABOVE = {"registry", "bench_figures", "webapp"}  # built on the rulesets or on the registry
BROWSER = {"js", "pyodide", "pyscript"}


def package_of(slug: str) -> str:
    module = registry.SOURCES.get(slug) or registry.EXAMPLE_SOURCES[slug]
    return module[0].lstrip(".").split(".")[0]


def ruleset_of(slug: str):
    return registry.RULESETS[slug] if slug in registry.SOURCES else registry.EXAMPLES[slug]


SLUGS = list(registry.SOURCES) + list(registry.EXAMPLE_SOURCES)
RULESETS = {package_of(slug) for slug in SLUGS}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PYAPP.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module `path` imports, as dotted names (a `from X import y` counts as X.y where y is a module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            out.add(source)
            out.update(f"{source}.{alias.name}" for alias in node.names
                       if (PYAPP.parent / Path(*f"{source}.{alias.name}".split("."))).with_suffix(".py").exists()
                       or (PYAPP.parent / Path(*f"{source}.{alias.name}".split("."))).is_dir())
    return out


def unit(dotted: str) -> str | None:
    """The top-level part of pyapp a module is in ("engine", "tabletop"...); None outside pyapp."""
    parts = dotted.split(".")
    return parts[1] if parts[0] == "pyapp" and len(parts) > 1 else None


MODULES = sorted(PYAPP.rglob("*.py"))


def test_every_top_level_part_has_a_layer():
    tops = {module_name(path).split(".")[1] for path in MODULES if module_name(path) != "pyapp"}
    unplaced = tops - CORE - ABOVE - RULESETS
    assert not unplaced, f"place {sorted(unplaced)} in a layer of tests/test_layers.py (CORE or ABOVE), or register it"


@pytest.mark.parametrize("path", MODULES, ids=lambda path: module_name(path))
def test_each_module_imports_only_what_its_layer_may(path):
    here = unit(module_name(path))
    used = {unit(name) for name in imports(path)} - {None, here}
    assert not {name.split(".")[0] for name in imports(path)} & BROWSER, "pyapp runs without a browser"
    if here in CORE:
        assert used <= CORE, f"the core imports {sorted(used - CORE)}"
    elif here in RULESETS:
        slugs = [slug for slug in SLUGS if package_of(slug) == here]
        declared = {package_of(other) for slug in slugs for other in ruleset_of(slug).draws_with}
        assert used <= CORE | declared, f"{here} imports {sorted(used - CORE - declared)}, undeclared (draws_with)"
    elif here == "webapp":
        assert used <= CORE | {"registry"}, f"webapp imports {sorted(used - CORE - {'registry'})}"
