"""How the board draws the Forbidden Vaults features: a labelled band per tile feature (Undying, Goblin Swarm,
Goblin Tripwire, each trap) with its own shape, and Dwarven Hoard halves as round coin piles marked D.
Every cue is a word or a shape as well as a colour."""

from __future__ import annotations

from ... import svg
from ..vaults_data import FEATURES

BAND = {  # feature: (words on the band, the band's shape cue)
    "undying": ("UNDYING", "skull"), "swarm": ("SWARM 1\u21926", "arrow"), "tripwire": ("TRIPWIRE", "lines"),
    "fire": ("TRAP: FIRE", "warning"), "gas": ("TRAP: GAS", "warning"), "pit": ("TRAP: PIT", "warning"),
    "petrification": ("TRAP: STONE", "warning"), "sliding": ("TRAP: SLIDE", "warning"),
    "spinning": ("TRAP: SPIN", "warning"),
}


def feature_parts(tile: dict, size: int) -> list[str]:
    kind = tile.get("feature", "")
    if not kind:
        return []
    words, cue = BAND[kind]
    if tile.get("gas", 0) > 1:
        words += f" \u00d7{tile['gas']}"
    y = size - 42
    out = [svg.el("rect", x=16, y=y, width=size - 32, height=11, rx=2 if cue == "warning" else 5,
                  class_=f"dc-band dc-band-{cue}")]
    if cue == "warning":  # a warning triangle at the band's left end
        out.append(svg.el("polygon", points=f"12,{y + 12} 18,{y - 1} 24,{y + 12}", class_="dc-band-sign"))
    elif cue == "lines":  # the tripwire's wires, either side of the word
        out += [svg.el("line", x1=x1, y1=y + d, x2=x1 + 14, y2=y + d, class_="dc-band-line")
                for x1 in (18, size - 32) for d in (3, 8)]
    out.append(svg.text(words, x=size / 2, y=y + 6, class_="dc-band-word"))
    out.append(svg.title(FEATURES[kind]))
    return out


def hoard_rx(space: dict, size: int) -> float:
    """A Dwarven Hoard half is round (a pile of coins); a plain Hoard has rounded corners."""
    return size / 2 if "dwarf" in space else 9


def hoard_letter(space: dict) -> str:
    return "D" if "dwarf" in space else "H"


def hoard_words(space: dict) -> str:
    return f"Dwarven Hoard {space['dwarf'] + 1}, one of its two halves" if "dwarf" in space else "Hoard space"


VAULT_CSS = (
    ".dc-band{fill:#fffdf7;stroke:#3b3024;stroke-width:1}.dc-band-skull{fill:#d9d4ce}.dc-band-arrow{fill:#c8e6c9}"
    ".dc-band-lines{fill:#ffcdd2}.dc-band-warning{fill:#ffe0b2;stroke:#b71c1c;stroke-width:1.5}"
    ".dc-band-sign{fill:#b71c1c}.dc-band-line{stroke:#b71c1c;stroke-width:1}"
    ".dc-band-word{font:bold 8px sans-serif;fill:#1d1915;text-anchor:middle;dominant-baseline:central}"
)
