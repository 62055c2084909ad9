"""`pnpgen build`: check a game, then write its print-and-play PDFs, SVGs and contact sheet."""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import click

from ..errors import PnpgenError
from ..maths.stats import resolution_line
from ..render.writers import EVERY, FORMATS
from .params import MARGIN


def parse_offset(value: str | None) -> tuple[float, float]:
    """'X,Y' in mm -> (x, y)."""
    if not value:
        return (0.0, 0.0)
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(v) for v in parts)
    except ValueError:
        raise PnpgenError(f"--back-offset: expected X,Y in mm such as 0.5,-1, got '{value}'") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise PnpgenError(f"--back-offset: expected X,Y in mm such as 0.5,-1, got '{value}'")
    if abs(x) > 20 or abs(y) > 20:
        raise PnpgenError(f"--back-offset: {value} mm is more than any printer is off; expected at most 20 mm")
    return (x, y)


class _Progress:
    """One updating line on stderr, shown only when stderr is a terminal."""

    def __init__(self):
        self.on = sys.stderr.isatty()
        self.width = 0

    def __call__(self, what: str, done: int, total: int) -> None:
        if not self.on:
            return
        text = f"{what} {done}/{total}" if total else f"{what}…"
        sys.stderr.write("\r" + text.ljust(self.width))
        sys.stderr.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.on and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


@click.command("build")
@click.argument("game", required=False)
@click.option("--paper", type=click.Choice(["a4", "letter", "both"]), default="both", show_default=True,
              help="Paper size of the PDFs.")
@click.option("--format", "fmt", default=None, metavar="LIST",
              help="Formats, comma-separated (default pdf,svg; 'all' is every one but nine-card): "
                   + "; ".join(f"{name}: {what}" for name, what in FORMATS.items())
                   + ". png and tts need pip install 'pnpgen[png]'.")
@click.option("--profile", default="home", show_default=True,
              help="Where the files go: home, drivethrucards, thegamecrafter, bgg-9card (sets the formats, card "
                   "sizes and bleed).")
@click.option("--extra-limit", type=click.IntRange(0, 1000), default=None, metavar="N",
              help="bgg-9card: components allowed besides the nine cards (default: the 2025 contest's 24).")
@click.option("--dpi", type=int, default=300, show_default=True,
              help="Resolution of PNG and Tabletop Simulator images (50 to 600).")
@click.option("--tts-url-prefix", metavar="URL", default=None,
              help="Where the Tabletop Simulator images will be hosted (default: file:/// paths to the output).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True,
              help="Output folder; files go to OUT/<game>/.")
@click.option("--ink", type=click.Choice(["full", "low", "both"]), default=None,
              help="The PDF kits to write: full colour (<game>-<paper>.pdf), low ink (<game>-<paper>-low-ink.pdf: "
                   "light backgrounds and outlined backs) or both  [default: both; a print-shop profile: full]")
@click.option("--ink-saver", is_flag=True, help="The low-ink kit only (as --ink low).")
@click.option("--duplex", type=click.Choice(["long-edge", "fold", "none"]), default="long-edge", show_default=True,
              help="Card backs: alternate face and back pages (print double-sided, flip on long edge), "
                   "faces and backs either side of a fold line, or no backs.")
@click.option("--blank-backs", is_flag=True,
              help="Long-edge duplex: keep every sheet in its place with a blank back where it has none, so the whole "
                   "file prints double-sided in one go (by default sheets with nothing on their backs come last, "
                   "to print single-sided, and the cover says which pages are which).")
@click.option("--back-offset", metavar="X,Y", default=None,
              help="Shift back pages by X,Y mm (right, down) to correct a printer's front/back misregistration.")
@click.option("--players", type=click.IntRange(1, 8), default=None, metavar="N",
              help="Print only the components N players use (default: every player count, with a page map on "
                   "the cover).")
@click.option("--sim-games", default=None, type=click.IntRange(0, 100_000),
              help="Games in the quick simulation (greedy vs greedy) run before export (default: as many as tell "
                   "a 5-point edge from an even game, within --sim-seconds).")
@click.option("--sim-seconds", default=10.0, show_default=True, type=click.FloatRange(0.5, 3600),
              help="Time the quick simulation may take when it chooses how many games to play.")
@click.option("--skip-sim", is_flag=True, help="Skip the quick simulation (and its report); checks still run.")
@click.option("--printer-margin", "printer_margin", type=MARGIN, default=None, metavar="MM",
              help="Paper edge in mm that sheets keep free of ink (default: the sheet template's, 5).")
@click.option("--force", is_flag=True,
              help="Write the kit even when the checks find errors or simulated games stall (content that does "
                   "not load still stops the build).")
@click.option("--final", is_flag=True,
              help="Refuse to build while anything in the content is marked provisional (each is an error at "
                   "its place), even with --force: the kit to send out carries no provisional watermark.")
@click.option("--watch", is_flag=True,
              help="Rebuild on every save in the pack or pnpgen's templates until Ctrl-C: SVGs and contact sheet "
                   "at once, PDFs and changes.txt when the checks pass (no simulation).")
@click.option("--serve", is_flag=True,
              help="Watch (as --watch) and show the output at http://127.0.0.1:PORT/, where the contact sheet "
                   "reloads itself after each rebuild and shows the errors of a save that does not build.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port for --serve, on this machine only (0: any free port).")
@click.option("--poll", is_flag=True,
              help="With --watch: look for changes a few times a second instead of being told by the system "
                   "(for folders on a network share or in a container, where no notice arrives).")
def build_cmd(game: str | None, paper: str, fmt: str | None, profile: str, extra_limit: int | None, dpi: int,
              tts_url_prefix: str | None, out: Path, ink: str | None, ink_saver: bool, duplex: str, blank_backs: bool,
              back_offset: str | None,
              players: int | None, sim_games: int | None, sim_seconds: float, skip_sim: bool,
              printer_margin: float | None,
              force: bool, final: bool, watch: bool, serve: bool, port: int, poll: bool) -> None:
    """Check GAME (default: narrow-seas), then write its PDFs and SVGs to OUT/<game>/."""
    from ..build.pipeline import BuildOptions, build  # the renderers load only for this command
    from ..build.profiles import NINE_CARD_EXTRAS, profile_named

    chosen = profile_named(profile)
    if ink_saver and ink not in (None, "low"):
        raise PnpgenError(f"--ink-saver asks for the low-ink kit only; leave out --ink {ink}")
    if fmt is not None and chosen.formats is not None:
        raise PnpgenError(f"--profile {profile} writes {', '.join(chosen.formats)}; leave out --format")
    progress = _Progress()
    options = BuildOptions(
        game=game, papers=("a4", "letter") if paper == "both" else (paper,),
        formats=parse_formats(fmt or "pdf,svg"), profile=profile,
        extras_limit=NINE_CARD_EXTRAS if extra_limit is None else extra_limit, dpi=dpi,
        tts_url_prefix=tts_url_prefix, out=out, ink_saver=ink_saver,
        ink="low" if ink_saver else ink or ("both" if profile == "home" else "full"),
        duplex=duplex, blank_backs=blank_backs,
        back_offset=parse_offset(back_offset), progress=progress, sim_games=0 if skip_sim else sim_games,
        sim_seconds=sim_seconds,
        force=force, final=final, printer_margin=printer_margin, players=players)
    if watch or serve:
        _watch(options, serve, port, poll)
        return
    try:
        state = build(options)
    finally:
        progress.clear()
    if state.report:  # what `check` would say first: what the game holds, OK or its counts after the preflight
        click.echo(state.report.summary)
    for w in (state.report.warnings if state.report else []):
        click.echo(str(w), err=True)
    if force and state.report and state.report.errors:
        for e in state.report.errors:
            click.echo(str(e), err=True)
        click.echo(f"warning: --force: built despite {len(state.report.errors)} check error(s)", err=True)
    for line in state.extra.get("profile", []):
        click.echo(line)
    for line in state.extra.get("ink", []):
        click.echo(line)
    sim = state.extra.get("simulation")
    if sim is not None:
        e = sim["first_player_edge"]
        click.echo(f"simulated {sim['games']} games ({' vs '.join(sim['agents'])}, seed {sim['seed']}): finished "
                   f"{sim['finished']}, unfinished {sim['unfinished']}, rounds {sim['rounds']['mean']} on average; "
                   f"{e['role']} wins {e['pct']:g}% [{e['low']:g}, {e['high']:g}]; "
                   + resolution_line(state.extra["simulation_resolution"], sim["finished"], state.game.id))
        compared = state.extra.get("simulation_compared")
        if compared:
            click.echo(compared)
    elif skip_sim:
        click.echo("simulation skipped (--skip-sim)")
    folders: dict[str, int] = {}
    for w in sorted(state.written, key=lambda w: (not w.path.endswith(".pdf"), w.path)):
        folder = w.path.split("/")[0] if "/" in w.path else ""
        if folder in FOLDERS and not w.note:
            folders[folder] = folders.get(folder, 0) + 1
        elif not (w.path.startswith("report/") and w.path != "report/index.html"):
            click.echo(f"wrote {state.target / w.path}" + (f" ({w.note})" if w.note else ""))
    for folder, n in folders.items():
        click.echo(f"wrote {state.target / folder}/ ({n} {FOLDERS[folder]} files)")
    changes = state.extra.get("changes")
    if changes is not None and not changes.first and not changes.any:
        click.echo("no component changed since the previous build: no changed-components PDF")


def _watch(options, serve: bool, port: int, poll: bool) -> None:
    """`build --watch`: print what each pass does until Ctrl-C (exit status 0: stopping is how a watch ends)."""
    from dataclasses import replace

    from ..devloop.watch import watch

    live = server = None
    if serve:
        from ..devloop.serve import LiveServer, LiveState
        live = LiveState()
        server = LiveServer(options.out, port, live).start()

    def tell(event) -> None:
        stamp = time.strftime("%H:%M:%S")
        if event.kind == "start":
            click.echo(event.message)
            if server is not None:
                click.echo(f"serving {options.out}/ at {server.url} (this machine only); open it in a browser")
            return
        for line in event.problems:
            click.echo(line, err=True)
        saved = f"{', '.join(event.trigger[:3])}{' …' if len(event.trigger) > 3 else ''} saved: " \
            if event.trigger and event.kind in ("drawn", "failed") else ""
        click.echo(f"[{stamp}] {saved}{event.message}")
        if live is not None:
            if event.target is not None:
                live.home = f"{event.target.relative_to(options.out).as_posix()}/index.html"
            if event.kind == "drawn":
                live.rewritten(tuple(line for line in event.problems if ": error: " in line))
            elif event.kind == "failed":
                live.failed(event.problems or (event.message,))

    try:
        watch(replace(options, progress=None), tell, poll=poll)
    except KeyboardInterrupt:
        click.echo("stopped watching")
    finally:
        if server is not None:
            server.close()


FOLDERS = {"svg": "SVG", "png": "PNG", "tts": "image", "cards": "PDF"}  # folders the summary counts instead of listing


def parse_formats(value: str) -> tuple[str, ...]:
    """'pdf,png' -> ('pdf', 'png'); 'all' -> every format (but the nine-card sheet); unknown names stop with the
    list of known ones."""
    names = [v.strip().lower() for v in value.split(",") if v.strip()]
    if names == ["all"]:
        return EVERY
    for n in names:
        if n not in FORMATS:
            raise PnpgenError(f"--format: unknown format '{n}' (expected a comma-separated list of: "
                              f"{', '.join(FORMATS)}, or all)")
    if not names:
        raise PnpgenError("--format: expected one or more formats")
    return tuple(dict.fromkeys(names))


commands = [build_cmd]
