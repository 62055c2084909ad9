"""Narrow Seas rules engine."""
