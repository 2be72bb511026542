"""The parts of building the site that build.py delegates (standard library only)."""
