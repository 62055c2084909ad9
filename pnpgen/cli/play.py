"""`pnpgen play GAME`: play one seat against the bundled agents in a page served on this machine."""

from __future__ import annotations

import threading

import click

from ..load.loader import load_game
from ..sim.playout import parse_agent_options


@click.command("play")
@click.argument("game", default="narrow-seas")
@click.option("--seat", default=1, show_default=True, type=int, help="The seat you play (1 moves first).")
@click.option("--hot-seat", is_flag=True, help="Every seat a person, taking turns at one page (each sees only its "
              "own hand when it is its turn); no agents.")
@click.option("--agent", default="greedy", show_default=True, help="The agent in the other seats: random, greedy, "
              "mcts, or the game's own.")
@click.option("--agent-option", "agent_options", multiple=True, metavar="AGENT.OPTION=VALUE",
              help="The agent's strength and settings, e.g. mcts.iterations=400 (repeatable).")
@click.option("--players", type=int, default=None, help="Player count (default: the game's smallest).")
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the game (its shuffles and rolls).")
@click.option("--pause", default=1.5, show_default=True, type=click.FloatRange(0, 60),
              help="Seconds the agents wait before they reply (you may take your action back meanwhile).")
@click.option("--port", default=8766, show_default=True, type=click.IntRange(0, 65535),
              help="Port to serve on, on this machine only (0: any free port).")
def play_cmd(game: str, seat: int, hot_seat: bool, agent: str, agent_options: tuple[str, ...], players: int | None,
             seed: int, pause: float, port: int) -> None:
    """Play GAME (default: narrow-seas) in a browser against the bundled agents, or hot-seat: the page shows the
    position as your seat sees it; you play on the board (or from the list of your legal actions); the finished
    game downloads as a playtest log. Ctrl-C stops."""
    from ..devloop.play import Session
    from ..devloop.play_server import PlayServer

    session = Session(load_game(game), None if hot_seat else seat, agent, players, seed,
                      parse_agent_options(agent_options), pause_ms=round(pause * 1000))
    with PlayServer(session, port) as server:
        click.echo(f"playing {session.title} at {server.url} (this machine only); open it in a browser, "
                   "Ctrl-C stops")
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            click.echo("stopped")


commands = [play_cmd]
