"""Shared mathematics: hex and square grids, grid moves, and the statistics of simulated games."""
