from ..three_dice.lab import TOOL  # noqa: F401
