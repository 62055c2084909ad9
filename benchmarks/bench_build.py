"""Benchmark: time to build a whole kit (both papers, PDF and SVG), each build step, and each component's cost.

Run: python benchmarks/bench_build.py [GAME] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from pnpgen.build.pipeline import BuildOptions, BuildState, Step, build, default_steps
from pnpgen.components import layout_kit
from pnpgen.draw.primitives import Drawing, walk
from pnpgen.load.loader import load_game
from pnpgen.render.pdf import write_pdf
from pnpgen.render.svg import write_svg


def timed_steps(timings: dict[str, list[float]]) -> list[Step]:
    """The default steps, each wrapped to record how long it takes."""
    def wrap(step: Step) -> Step:
        def run(state: BuildState) -> None:
            t0 = time.perf_counter()
            step.run(state)
            timings[step.name].append(time.perf_counter() - t0)
        return Step(step.name, run)
    return [wrap(s) for s in default_steps()]


def whole_builds(game: str | None, repeat: int) -> tuple[list[float], dict[str, list[float]], BuildState]:
    """Full builds into a scratch folder: total seconds per run and seconds per step."""
    totals: list[float] = []
    steps: dict[str, list[float]] = defaultdict(list)
    state = None
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeat):
            t0 = time.perf_counter()
            state = build(BuildOptions(game=game, out=Path(tmp)), timed_steps(steps))
            totals.append(time.perf_counter() - t0)
    return totals, steps, state


def layout_times(game, repeat: int) -> dict[str, float]:
    """Seconds to lay out each kind of component, per piece (median of `repeat` runs)."""
    from pnpgen.components.aids import aid_piece
    from pnpgen.components.areacards import area_card_pieces
    from pnpgen.components.board import board_piece
    from pnpgen.components.cards import deck_pieces
    from pnpgen.components.context import Ctx
    from pnpgen.components.tokens import token_piece
    jobs = [("card", d, lambda c, d: deck_pieces(c, d), len(d.cards) + 1) for d in game.decks]
    jobs += [("board", b, board_piece, 1) for b in game.boards]
    jobs += [("area-card", a, area_card_pieces, 1) for a in game.area_cards]
    jobs += [("player-aid", a, aid_piece, 1) for a in game.player_aids]
    jobs += [("token", t, token_piece, 1) for t in game.tokens]
    out: dict[str, list[float]] = defaultdict(list)
    for kind, item, fn, n in jobs:
        runs = []
        for _ in range(repeat):
            ctx = Ctx.make(game)
            t0 = time.perf_counter()
            fn(ctx, item)
            runs.append(time.perf_counter() - t0)
        out[kind].extend([statistics.median(runs) / n] * n)
    return {k: statistics.mean(v) for k, v in out.items()}


def per_component(game_name: str | None, repeat: int) -> list[tuple[str, int, float, float, float, int]]:
    """(kind, pieces, layout ms, SVG ms, PDF ms, primitives) per kind of component, averaged per piece."""
    game = load_game(game_name)
    kit = layout_kit(game)
    lay = layout_times(game, repeat)
    by_kind: dict[str, list] = defaultdict(list)
    for p in kit.pieces:
        by_kind[p.kind].append(p)
    rows = []
    for kind, pieces in by_kind.items():
        svg_t = pdf_t = 0.0
        prims = 0
        for p in pieces:
            d = Drawing(p.width, p.height, p.face, p.name)
            prims += sum(1 for _ in walk(p.face))
            t0 = time.perf_counter()
            for _ in range(repeat):
                write_svg(d)
            svg_t += (time.perf_counter() - t0) / repeat
            t0 = time.perf_counter()
            for _ in range(repeat):
                write_pdf([d])
            pdf_t += (time.perf_counter() - t0) / repeat
        n = len(pieces)
        layout_ms = 1000 * lay.get(kind, lay.get("card", 0.0) if kind == "card-back" else 0.0)
        rows.append((kind, n, layout_ms, 1000 * svg_t / n, 1000 * pdf_t / n, prims // n))
    return rows


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default=None)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    totals, steps, state = whole_builds(args.game, args.repeat)
    files = state.files
    pdf_pages = {k: len(v) for k, v in state.pages.items()}
    print(f"whole kit ({state.game.id}: A4 + Letter PDFs, {sum(1 for f in files if f.startswith('svg/'))} SVGs, "
          f"index.html), {args.repeat} runs")
    print(f"  build: median {statistics.median(totals):.3f} s, best {min(totals):.3f} s")
    for name, ts in steps.items():
        print(f"  {name:<8} median {1000 * statistics.median(ts):8.1f} ms")
    print(f"  pages: {pdf_pages}; bytes written: {sum(len(b) for b in files.values()):,}")
    print("per component (average per piece; a deck's layout is shared by its cards and back; PDF is a one-page "
          "file holding just that piece, font embedding included)")
    print(f"  {'kind':<12}{'pieces':>7}{'layout ms':>11}{'SVG ms':>9}{'PDF ms':>9}{'primitives':>12}")
    for kind, n, lay, svg, pdf, prims in per_component(args.game, args.repeat):
        print(f"  {kind:<12}{n:>7}{lay:>11.2f}{svg:>9.2f}{pdf:>9.2f}{prims:>12}")


if __name__ == "__main__":
    main()
