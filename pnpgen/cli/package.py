"""`pnpgen package`: the whole contest entry of a game as one zip to upload."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("package")
@click.argument("game", required=False)
@click.option("--out", "out", type=click.Path(file_okay=False), default=".", metavar="DIR",
              help="The folder to write <game>-entry.zip into (default: the current folder).")
@click.option("--tts-url-prefix", "tts_url_prefix", default=None, metavar="URL",
              help="Where the Tabletop Simulator images will be hosted (default: the folder the zip unpacks to "
                   "beside itself).")
def package_cmd(game: str | None, out: str, tts_url_prefix: str | None) -> None:
    """Write OUT/<game>-entry.zip: the kit in full colour and low ink on A4 and Letter, the rules and the rules
    booklet, the Tabletop Simulator save with its images, and a text file of what is in the box and what to
    print. GAME defaults to narrow-seas; the pack is checked as `build` checks it."""
    from ..build.package import package

    made = package(game, Path(out), tts_url_prefix)
    click.echo(f"wrote {made.path} ({len(made.names)} files)")
    for name in made.names:
        if "/tts/" not in name or name.endswith(".json"):
            click.echo(f"  {name}")


commands = [package_cmd]
