"""Names of the phases of a Narrow Seas game and of the ways it can end."""

SETUP, PLAN, DRAW, ACTION, OVER = "setup", "plan", "draw", "action", "over"
PHASES = (SETUP, PLAN, DRAW, ACTION, OVER)
SINK, MERCY = "sink", "mercy"
ELIMINATION = "elimination"  # a team game won by sinking both ships of one enemy player (a partner still sails)
VICTORIES = (SINK, ELIMINATION, MERCY)

# Action types allowed in each phase (casualties: in the Action phase, after a hit).
PHASE_ACTIONS = {SETUP: ("place", "set_wind"), PLAN: ("plan",), DRAW: ("draw", "market"),
                 ACTION: ("sail", "fire", "duty", "wind", "discard", "pass", "casualties"), OVER: ()}
