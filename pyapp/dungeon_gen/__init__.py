"""Dungeon Generator (seed 003)."""
