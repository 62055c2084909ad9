"""`pnpgen package`: the whole contest entry as one zip to upload. The kit in full colour and low ink on A4 and
Letter, the rules (pages and booklet) on both papers, the Tabletop Simulator save with its images, and a short text
file saying what is in the box and which pages to print; built from the pack in a
folder of its own (one build writes both inks), checked as `build` checks, and written whole or not at all."""

from __future__ import annotations

import io
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import PnpgenError
from ..files.atomic import write_file
from ..render.cover import components, page_ranges
from ..render.pages import page_map, page_plan
from .pipeline import BuildOptions, BuildState, build
from .rulebook import rules_pdf_name

PAPERS = ("a4", "letter")
README = "READ ME FIRST.txt"
ZIP_TIME = (2026, 1, 1, 0, 0, 0)  # every member's date, so that the same pack gives the same zip


@dataclass(frozen=True)
class Package:
    """What `package` wrote: the zip and the names it holds."""

    path: Path
    names: tuple[str, ...]


def entry_name(game_id: str) -> str:
    """The zip a package is written to: `<game>-entry.zip`."""
    return f"{game_id}-entry.zip"


def package(game: str | None, out: Path, tts_url_prefix: str | None = None, progress=None) -> Package:
    """Build the entry of a game and write `out/<game>-entry.zip`; PnpgenError (or ContentErrors) when the pack
    does not check or `out` is no folder. Without a URL prefix, the Tabletop Simulator save finds its images in
    `out/<game>-entry/tts/`, where unzipping the package beside itself puts them."""
    out = Path(out)
    if not out.is_dir():
        raise PnpgenError(f"--out: the folder '{out}' does not exist")
    from ..load.loader import load_game

    gid = load_game(game).id  # (its located errors stop the package before any build)
    images = tts_url_prefix or (out.resolve() / f"{gid}-entry" / "tts").as_uri()
    with tempfile.TemporaryDirectory(prefix="pnpgen-package-") as scratch:
        made = build(BuildOptions(game=game, papers=PAPERS, formats=("pdf", "tts"), out=Path(scratch), sim_games=0,
                                  ink="both", tts_url_prefix=images, progress=progress))
        files: dict[str, bytes] = {}
        for paper in PAPERS:
            for name in (f"{gid}-{paper}.pdf", f"{gid}-{paper}-low-ink.pdf", rules_pdf_name(gid, paper),
                         rules_pdf_name(gid, paper, True)):
                if name in made.files:
                    files[name] = made.files[name]
        files.update({rel: data for rel, data in made.files.items() if rel.startswith("tts/")})
        files[README] = readme(made, sorted([*files, README])).encode("utf-8")
    names = tuple(f"{gid}-entry/{rel}" for rel in sorted(files))
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as z:
        for rel, name in zip(sorted(files), names):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[rel])
    target = out / entry_name(gid)
    write_file(target, data.getvalue())
    return Package(target, names)


def readme(colour: BuildState, names: list[str]) -> str:
    """The entry's text file: the game, what is in the box with counts, which files to print and which pages each
    player count needs, and what else is in the zip."""
    game, kit = colour.game, colour.kit
    counts = tuple(sorted(set(game.players)))
    players = " or ".join([", ".join(map(str, counts[:-1])), str(counts[-1])]) if len(counts) > 1 else str(counts[0])
    lines = [f"{game.title} (version {game.version})", "",
             f"A print-and-play game for {players} players" + (f", {game.playing_time}" if game.playing_time else "")
             + ".", "", "WHAT IS IN THE BOX", ""]
    for c in components(kit):
        lines.append(f"  {c.count:>3}  {c.name} ({c.kind})" + (f"  [{c.group}]" if c.group else ""))
    lines += ["", "WHAT TO PRINT", "",
              f"  The kit: {game.id}-a4.pdf or {game.id}-letter.pdf (full colour), or the same with -low-ink",
              "  for a printer short of ink. Print at actual size (100 %), never 'fit to page'; page 2 of each",
              "  kit says which pages print double-sided.", ""]
    for paper in PAPERS:
        pages = colour.pages.get(paper, [])
        lines.append(f"  {game.id}-{paper}.pdf: {len(pages)} pages")
        for n, got in _per_count(colour, paper).items():
            lines.append(f"    for {n} players: pages {page_ranges(got)}")
    rules = [n for n in names if "-rules-" in n]
    if rules:
        lines += ["", "  The rules: " + ", ".join(n for n in rules if "-booklet-" not in n)
                  + " (pages), or " + ", ".join(n for n in rules if "-booklet-" in n)
                  + " (a booklet: print double-sided, flipping on the short edge, fold and staple)."]
    if any(n.startswith("tts/") for n in names):
        lines += ["", "TABLETOP SIMULATOR", "",
                  "  tts/ holds a saved object (the .json file) and its images. Put the .json file in Tabletop",
                  "  Simulator's Saved Objects folder. It finds its images where the zip was unpacked by its",
                  "  maker, or at the web address the maker gave when packaging; elsewhere, host the images and",
                  "  package again with that address."]
    lines += ["", "FILES", ""] + [f"  {n}" for n in names] + [""]
    return "\n".join(lines)


def _per_count(state: BuildState, paper: str) -> dict[int, list[int]]:
    """Which pages of a paper's kit each player count needs, as its cover says."""
    from ..render.imposition import impose
    from ..render.paper import paper as paper_named
    from .pipeline import sheet_template

    kit = state.kit
    t = sheet_template(state.game, state.options.printer_margin)
    sheets = impose(kit, paper_named(paper), t)
    plan = page_plan(sheets, state.options.duplex, state.options.blank_backs)
    lead = len(state.pages.get(paper, [])) - len(plan)  # (the cover's pages)
    _page_of, per_count = page_map(kit, plan, lead)
    return per_count
