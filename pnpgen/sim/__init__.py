"""Seeded simulation of whole games: agents, playouts, batches and their metrics."""
