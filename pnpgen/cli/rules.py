"""`pnpgen rules legal|apply`: ask a game's rules engine what is legal in a position, or play one action."""

from __future__ import annotations

import json

import click

from ..engine.api import IllegalMove, why_illegal
from ..engine.positions import Opened, open_position, open_position_at, read_action
from ..files.atomic import write_file
from .replay import illegal_move


def _open(path: str, at: int | None) -> Opened:
    """A position file, or a playtest log's position after its first `at` actions."""
    if at is None:
        return open_position(path)
    try:
        return open_position_at(path, at)
    except IllegalMove as e:
        illegal_move(e)


AT = click.option("--at", type=click.IntRange(min=0), default=None, metavar="N",
                  help="Read POSITION as a playtest log and use the position after its first N actions.")


@click.group("rules")
def rules_group() -> None:
    """Ask the rules engine about a position file (see docs/positions.md)."""


@rules_group.command("legal")
@click.argument("position")
@AT
@click.option("--json", "as_json", is_flag=True, help="One JSON object per legal action, nothing else.")
def legal_cmd(position: str, at: int | None, as_json: bool) -> None:
    """List every legal action of the player to move, in a stable order."""
    engine, pos = _open(position, at)
    state, rules = pos.state, pos.state.rules
    actions = state.legal_actions()
    if as_json:
        for a in actions:
            click.echo(json.dumps(engine.action_to_json(rules, a)))
        return
    click.echo(f"{engine.status(state)}: {len(actions)} legal action{'s' if len(actions) != 1 else ''}")
    for a in actions:
        click.echo(f"  {engine.describe_action(rules, a)}")


@rules_group.command("apply")
@click.argument("position")
@click.argument("action")
@AT
def apply_cmd(position: str, action: str, at: int | None) -> None:
    """Play ACTION (a JSON object) in POSITION and print the resulting position as YAML, after a comment line
    saying what the action did."""
    engine, pos = _open(position, at)
    state = pos.state
    chosen, player = read_action(engine, state.rules, action)
    bad = why_illegal(engine, state, chosen, player)
    if bad is not None:
        click.echo(f"error: illegal action: {bad}", err=True)
        raise SystemExit(1)
    from ..engine.narrate import step

    said, _ = step(engine, state, chosen, pos)
    click.echo(f"# {said}")
    click.echo(engine.write_position(pos), nl=False)


@rules_group.command("draw")
@click.argument("position")
@AT
@click.option("--out", "out", type=click.Path(allow_dash=True), default=None, metavar="FILE",
              help="Where to write the SVG (default: the position's name with .svg, in the current folder; '-': "
                   "standard output).")
def draw_cmd(position: str, at: int | None, out: str | None) -> None:
    """Draw the position as SVG: the kit's board with the pieces on it, hands and rows of cards, the rest in
    words."""
    from pathlib import Path

    from ..components.scene import picture

    engine, pos = _open(position, at)
    target = Path(out) if out else Path(Path(position).stem + ("" if at is None else f"-at-{at}") + ".svg")
    name = f"{pos.state.rules.content.title}: {Path(position).name}"
    data = picture(engine, pos.state, name if at is None else f"{name}, after action {at}")
    if out == "-":
        click.echo(data.decode("utf-8"), nl=False)
        return
    write_file(target, data)
    click.echo(f"wrote {target}")


@rules_group.command("readings")
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per reading, nothing else.")
def readings_cmd(game: str | None, as_json: bool) -> None:
    """List where GAME's rulebook (default: narrow-seas) leaves room and the reading its engine takes: the section,
    the question, the reading, the alternatives, and the rules option that chooses between them (a sweep compares
    its values: `pnpgen sweep --set rules.NAME=...`)."""
    from ..engine.api import engine_for
    from ..errors import PnpgenError
    from ..load.loader import load_game

    content = load_game(game)
    engine = engine_for(content)
    if engine is None:
        raise PnpgenError(f"game '{content.id}' has no rules engine, so no readings")
    found = engine.readings(content)
    if as_json:
        for r in found:
            click.echo(json.dumps({"section": r.section, "question": r.question, "reading": r.reading,
                                   "alternatives": list(r.alternatives), "option": r.option or None,
                                   "values": list(r.values)}, ensure_ascii=False))
        return
    options = sum(1 for r in found if r.option)
    click.echo(f"{content.title}: {len(found)} reading{'s' if len(found) != 1 else ''} of the rulebook"
               + (f", {options} of them rules options" if options else ""))
    for r in found:
        click.echo(f"\n{r.section}  {r.question}")
        click.echo(f"     reading: {r.reading}")
        for other in r.alternatives:
            click.echo(f"     or:      {other}")
        if r.option:
            values = ",".join(r.values)
            click.echo(f"     option:  rules.{r.option} ({' | '.join(r.values)}); compare them with "
                       f"`pnpgen sweep {content.id} --set rules.{r.option}={values}`")


commands = [rules_group]
