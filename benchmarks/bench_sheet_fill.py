"""How full every printed sheet of each bundled kit is, A4 and Letter: sheet counts, the emptiest sheet and each
sheet under the 40 % target.

Run: python benchmarks/bench_sheet_fill.py [--game narrow-seas] [--paper a4] [--ink full|low] [--all]

Fill is the share of a page's room for pieces (the paper inside the sheet's margin, less the footer band) that the
pieces' trims cover, faces and back pages alike; the cover is left out. --all lists every page's fill.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from pnpgen.build.pipeline import BuildOptions, build, default_steps, sheet_template
from pnpgen.render.fill import THIN, page_fills

GAMES = ("narrow-seas", "enemy-in-sight", "seas-of-havoc")


def kit_pages(game: str, papers: tuple[str, ...], ink_saver: bool, out: Path):
    """The pages of a game's PDF on each paper, and its sheet template."""
    steps = [s for s in default_steps() if s.name in ("load", "check", "layout", "render")]
    state = build(BuildOptions(game=game, papers=papers, formats=("pdf",), out=out, sim_games=0,
                               ink_saver=ink_saver), steps)
    return state.pages, sheet_template(state.game, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a bundled game (default: all three)")
    parser.add_argument("--paper", action="append", choices=("a4", "letter"), help="default: both")
    parser.add_argument("--ink", choices=("full", "low"), default="full")
    parser.add_argument("--all", action="store_true", help="list every page's fill")
    args = parser.parse_args()
    papers = tuple(args.paper or ("a4", "letter"))
    thin_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.game or GAMES:
            pages, t = kit_pages(game, papers, args.ink == "low", Path(tmp))
            for name in papers:
                fills = page_fills(pages[name], t)
                low = min(fills, key=lambda f: f.share)
                thin = [f for f in fills if f.share < THIN]
                thin_total += len(thin)
                faces = sum(f.role in ("face", "fold") for f in fills)
                print(f"{game} {name}: {len(pages[name])} pages, {faces} sheets ({len(fills) - faces} back pages); "
                      f"emptiest p{low.number} {low.share:.0%} ({low.label}); {len(thin)} under {THIN:.0%}")
                for f in fills if args.all else thin:
                    print(f"    p{f.number} {f.role} {f.share:.0%}  {f.label}")
    print(f"sheets under {THIN:.0%}: {thin_total}")


if __name__ == "__main__":
    main()
