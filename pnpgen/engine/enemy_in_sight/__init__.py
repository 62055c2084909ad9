"""Enemy in Sight rules engine: the game for 2 to 5 players, positions, actions, logs, agents and metrics."""

from .engine import ENGINE, EnemyInSightEngine
from .rules import EnemyInSight
from .state import EisState

__all__ = ["ENGINE", "EisState", "EnemyInSight", "EnemyInSightEngine"]
