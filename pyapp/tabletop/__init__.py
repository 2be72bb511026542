"""Tabletop Dungeon (seed 002)."""
