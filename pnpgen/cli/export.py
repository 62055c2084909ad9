"""`pnpgen export-cards`: a deck's cards written as a spreadsheet."""

from __future__ import annotations

from pathlib import Path

import click

from ..files.atomic import write_file
from ..load.cardsheet import cards_csv
from ..load.loader import load_game
from ..source.yamlsrc import display_path


@click.command("export-cards")
@click.argument("game")
@click.argument("deck")
@click.option("--csv", "as_csv", is_flag=True, default=True, help="Write CSV (the only format, and the default).")
@click.option("--out", type=click.Path(path_type=Path, allow_dash=True), default=None,
              help="The file to write (default, or '-': standard output).")
def export_cards_cmd(game: str, deck: str, as_csv: bool, out: Path | None) -> None:
    """Write the cards of DECK in GAME as CSV: a header row of field names (card fields as fields.NAME), a row per
    card. Name the file in the deck (`cards: cards.csv`) and it reads back as the same cards."""
    text = cards_csv(load_game(game), deck)
    if out is None or str(out) == "-":
        click.echo(text, nl=False)
        return
    write_file(out, text.encode("utf-8"))
    click.echo(f"wrote {display_path(out)}", err=True)


commands = [export_cards_cmd]
