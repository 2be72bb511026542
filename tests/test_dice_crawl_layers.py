"""Dice Crawl's sub-packages stand in layers (pyapp/dice_crawl/__init__.py): each module imports only its own
layer and those below it, so no two sub-packages import each other, however long the way round."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pyapp" / "dice_crawl"

# from the ground up; a module at the package's top level is a layer of its own
LAYERS = ("vaults_data", "data", "core", "vaults", "variants", "rules", "bots", "view", "ruleset", "figures")


def layer(parts: tuple[str, ...]) -> str:
    """The layer of a module, by its path in the package: ("rules", "turn.py") is in "rules"."""
    return parts[0].removesuffix(".py")


def imported_layers(path: Path) -> set[str]:
    """The layers of Dice Crawl that the module at `path` imports from."""
    here = path.relative_to(PACKAGE).parts[:-1]  # the sub-package it is in; () at the top level
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or not node.level or node.level - 1 > len(here):
            continue  # absolute, or above dice_crawl: pyapp's own modules
        target = here[: len(here) - (node.level - 1)] + (tuple(node.module.split(".")) if node.module else ())
        found |= {layer(target)} if target else {alias.name for alias in node.names}
    return found


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts != ("__init__.py",))


def test_every_module_of_dice_crawl_has_a_layer():
    assert {layer(p.relative_to(PACKAGE).parts) for p in modules()} == set(LAYERS)


def test_each_module_imports_only_its_own_layer_and_those_below():
    upward = [f"{path.relative_to(PACKAGE)} imports from {target}"
              for path in modules() for target in sorted(imported_layers(path))
              if LAYERS.index(target) > LAYERS.index(layer(path.relative_to(PACKAGE).parts))]
    assert not upward, "\n".join(upward)
