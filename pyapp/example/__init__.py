"""The minimal example ruleset (see ruleset.py): registered for the tests, not built as a page."""
