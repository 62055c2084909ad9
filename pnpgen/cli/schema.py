"""`pnpgen schema`: JSON Schema files of a pack's YAML files, for editors."""

from __future__ import annotations

from pathlib import Path

import click

from ..authoring.schema import default_folder, engine_of, write_schemas
from ..files.paths import resolve_game
from ..source.yamlsrc import display_path


@click.command("schema")
@click.argument("game", required=False)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for the schema files (default: the pack's schema/ folder; for a bundled pack, "
                   "output/<game>/schema).")
def schema_cmd(game: str | None, out: Path | None) -> None:
    """Write JSON Schema files (draft 2020-12) for GAME's YAML files (default: narrow-seas), including its
    engine's rules parameters; an editor reads them through a `# yaml-language-server: $schema=...` line."""
    root = resolve_game(game)
    folder = out if out is not None else default_folder(root)
    written = write_schemas(engine_of(root), folder)
    click.echo(f"wrote {len(written)} schema files to {display_path(folder)}/")


commands = [schema_cmd]
