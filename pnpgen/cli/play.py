"""`pnpgen play GAME`: play one seat against the bundled agents in a page served on this machine."""

from __future__ import annotations

import threading

import click

from ..load.loader import load_game
from ..sim.playout import parse_agent_options


@click.command("play")
@click.argument("game", default="narrow-seas")
@click.option("--seat", default=1, show_default=True, type=int, help="The seat you play (1 moves first).")
@click.option("--agent", default="greedy", show_default=True, help="The agent in the other seats: random, greedy, "
              "mcts, or the game's own.")
@click.option("--agent-option", "agent_options", multiple=True, metavar="AGENT.OPTION=VALUE",
              help="The agent's strength and settings, e.g. mcts.iterations=400 (repeatable).")
@click.option("--players", type=int, default=None, help="Player count (default: the game's smallest).")
@click.option("--seed", default=1, show_default=True, type=int, help="Seed of the game (its shuffles and rolls).")
@click.option("--port", default=8766, show_default=True, type=click.IntRange(0, 65535),
              help="Port to serve on, on this machine only (0: any free port).")
def play_cmd(game: str, seat: int, agent: str, agent_options: tuple[str, ...], players: int | None, seed: int,
             port: int) -> None:
    """Play GAME (default: narrow-seas) in a browser against the bundled agents: the page shows the position as
    your seat sees it and your legal actions; the game downloads as a playtest log once it is over. Ctrl-C stops."""
    from ..devloop.play import Session
    from ..devloop.play_server import PlayServer

    session = Session(load_game(game), seat, agent, players, seed, parse_agent_options(agent_options))
    with PlayServer(session, port) as server:
        click.echo(f"playing {session.title} at {server.url} (this machine only); open it in a browser, "
                   "Ctrl-C stops")
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            click.echo("stopped")


commands = [play_cmd]
