"""Benchmark: how a build's cost grows with the cards. Builds a kit of N cards and a 61-hex board (A4 PDF only,
no simulation) for each N, and a plain reportlab script that writes the same kit, each as a whole process with the
bytecode cache on, the two in turn; prints seconds, the ratio to plain reportlab, the cost per card (average, and
marginal between sizes), pages and peak memory; then `pnpgen --help` and `pnpgen check` against `python -c pass`.

Run: python benchmarks/bench_scale.py [--sizes 22,1000,5000,20000] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SUITS = (("sun", "#F0C020", "diamond"), ("sea", "#4A90D9", "circle"), ("ember", "#A32A24", "triangle"))
ACTIONS = (("move", "Move", "Move one of your pieces to a neighbouring hex of this card's suit."),
           ("strike", "Strike", "Remove an enemy piece next to one of yours."),
           ("gather", "Gather", "Draw a card, then discard a card."))
RADIUS = 4  # 61 hexes
HEX_MM = 16.0


def hexes() -> list[tuple[int, int, str]]:
    """The board's hexes: axial (q, r) within RADIUS, suits in turn."""
    out = []
    for q in range(-RADIUS, RADIUS + 1):
        for r in range(max(-RADIUS, -q - RADIUS), min(RADIUS, -q + RADIUS) + 1):
            out.append((q, r, SUITS[(q - r) % 3][0]))
    return out


def card_list(n: int) -> list[tuple[str, str, str, str]]:
    """(id, name, suit, action) of n distinct cards."""
    return [(f"c{k:05d}", f"{ACTIONS[k % 3][1]} {k + 1}", SUITS[(k // 3) % 3][0], ACTIONS[k % 3][0])
            for k in range(n)]


def make_pack(root: Path, n: int) -> Path:
    """A pack made with `pnpgen new`: n distinct cards in one deck and a 61-hex board, nothing else."""
    from pnpgen.authoring.scaffold import new_pack
    pack = new_pack("scale", into=root)
    game = (pack / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("tokens: tokens.yaml\n", "").replace("player_aids: aids.yaml\n", "")
    game = game.replace("  cards: 12\n", f"  cards: {n}\n").replace("  hexes: 19\n", f"  hexes: {len(hexes())}\n")
    game = game.replace("  tokens: 3\n", "")
    (pack / "game.yaml").write_text(game, encoding="utf-8")
    (pack / "tokens.yaml").unlink()
    (pack / "aids.yaml").unlink()
    # the cards as a designer keeps thousands of them: a CSV the deck reads (20,000 as YAML pass its size limit)
    deck = f"- id: main\n  name: Action\n  count: {n}\n  back: {{colour: navy, text: SCALE}}\n  cards: cards.csv\n"
    (pack / "cards.yaml").write_text(deck, encoding="utf-8")
    rows = ["id,name,suit,action"] + [",".join(card) for card in card_list(n)]
    (pack / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    cells = ", ".join(f"[{q}, {r}, {s}]" for q, r, s in hexes())
    (pack / "board.yaml").write_text(f"- id: main\n  name: The Board\n  hex_size_mm: {HEX_MM}\n  hexes: [{cells}]\n",
                                     encoding="utf-8")
    return pack


def plain_kit(n: int, out: Path, embedded: bool = True) -> int:
    """The same kit written with reportlab alone: a cover, faces and mirrored backs 3 x 3 to an A4 page with crop
    marks and a footer, the board on a page of its own. Returns its pages. `embedded`: its text in the DejaVu Sans
    files pnpgen embeds (subset into the PDF, as a kit must be: a home printer may not have the font); else in
    Helvetica, one of the PDF's standard fonts, which no file holds and the printer supplies."""
    import importlib.util
    import math
    import textwrap

    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    regular, bold = "Helvetica", "Helvetica-Bold"
    if embedded:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont
        folder = Path(importlib.util.find_spec("pnpgen").submodule_search_locations[0]) / "fonts"
        regular, bold = "DejaVuSans", "DejaVuSans-Bold"
        for name in (regular, bold):
            pdfmetrics.registerFont(TTFont(name, str(folder / f"{name}.ttf")))

    colours = {s: HexColor(c) for s, c, _ in SUITS}
    marks = {s: m for s, _, m in SUITS}
    texts = {a: (name, text) for a, name, text in ACTIONS}
    width, height = A4
    cw, ch, bleed, gutter = 63 * mm, 88 * mm, 3 * mm, 6 * mm
    x0 = (width - 3 * cw - 2 * gutter) / 2
    y0 = height - 12 * mm - ch
    canvas = Canvas(str(out), pagesize=A4)
    pages = 0

    def footer(text: str) -> None:
        nonlocal pages
        pages += 1
        canvas.setFont(bold, 7)
        canvas.setFillColor(HexColor("#333333"))
        canvas.drawRightString(width - 5 * mm, 6 * mm, f"Scale 0.1 - {text} - page {pages}")
        canvas.showPage()

    def symbol(kind: str, cx: float, cy: float, r: float) -> None:
        if kind == "circle":
            canvas.circle(cx, cy, r, stroke=0, fill=1)
            return
        corners = 4 if kind == "diamond" else 3
        path = canvas.beginPath()
        for k in range(corners):
            a = math.pi / 2 + 2 * math.pi * k / corners
            (path.moveTo if k == 0 else path.lineTo)(cx + r * math.cos(a), cy + r * math.sin(a))
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)

    def crop_marks() -> None:
        canvas.setStrokeColor(HexColor("#000000"))
        canvas.setLineWidth(0.25)
        for c in range(4):
            x = x0 + c * (cw + gutter) - (gutter / 2 if 0 < c < 3 else 0)
            for xx in ((x,) if c in (0, 3) else (x - gutter / 2, x + gutter / 2)):
                canvas.line(xx, y0 + ch + 2 * mm, xx, y0 + ch + 6 * mm)
                canvas.line(xx, y0 - 2 * (ch + gutter) - 2 * mm, xx, y0 - 2 * (ch + gutter) - 6 * mm)

    def face(card, x: float, y: float) -> None:
        _id, name, suit, action = card
        canvas.setFillColor(HexColor("#FAF6EE"))
        canvas.rect(x - bleed, y - bleed, cw + 2 * bleed, ch + 2 * bleed, stroke=0, fill=1)
        canvas.setFillColor(colours[suit])
        canvas.rect(x - bleed, y + ch - 16 * mm, cw + 2 * bleed, 16 * mm + bleed, stroke=0, fill=1)
        canvas.rect(x - bleed, y - bleed, cw + 2 * bleed, 6 * mm + bleed, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#222222"))
        symbol(marks[suit], x + 8 * mm, y + ch - 8 * mm, 4 * mm)
        canvas.setFont(bold, 11)
        canvas.drawString(x + 16 * mm, y + ch - 9.5 * mm, name)
        canvas.setFont(bold, 5)
        canvas.drawString(x + 4 * mm, y + ch - 21 * mm, "NEEDS")
        canvas.drawString(x + 4 * mm, y + ch - 28 * mm, "EFFECT")
        canvas.drawString(x + 4 * mm, y + 2 * mm, suit.upper())
        canvas.setFont(regular, 6)
        canvas.drawString(x + 4 * mm, y + ch - 23.5 * mm, "None.")
        for k, row in enumerate(textwrap.wrap(texts[action][1], 48)):
            canvas.drawString(x + 4 * mm, y + ch - (30.5 + 2.6 * k) * mm, row)
        canvas.drawRightString(x + cw - 8 * mm, y + 2 * mm, "v0.1")
        symbol(marks[suit], x + cw - 5 * mm, y + 2.6 * mm, 1.2 * mm)

    def back(x: float, y: float) -> None:
        canvas.setFillColor(HexColor("#1B3A5C"))
        canvas.rect(x - bleed, y - bleed, cw + 2 * bleed, ch + 2 * bleed, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#FFFFFF"))
        canvas.setFont(bold, 20)
        canvas.drawCentredString(x + cw / 2, y + ch / 2, "SCALE")

    canvas.setFont(bold, 24)
    canvas.drawString(20 * mm, height - 30 * mm, "Scale")
    canvas.setFont(regular, 10)
    canvas.drawString(20 * mm, height - 40 * mm, f"Action: {n} cards; The Board: 1 board")
    footer("Cover")
    footer("back of the cover: blank")  # as a long-edge duplex kit's
    cards = card_list(n)
    for start in range(0, n, 9):
        sheet = cards[start:start + 9]
        for k, card in enumerate(sheet):
            r, c = divmod(k, 3)
            face(card, x0 + c * (cw + gutter), y0 - r * (ch + gutter))
        crop_marks()
        footer("Cards")
        for k in range(len(sheet)):
            r, c = divmod(k, 3)
            back(x0 + (2 - c) * (cw + gutter), y0 - r * (ch + gutter))
        crop_marks()
        footer("Card backs")
    size = HEX_MM * mm / 2
    for q, r, suit in hexes():
        cx = width / 2 + 1.5 * size * q
        cy = height / 2 - math.sqrt(3) * size * (r + q / 2)
        path = canvas.beginPath()
        for k in range(6):
            a = math.pi / 3 * k
            (path.moveTo if k == 0 else path.lineTo)(cx + size * math.cos(a), cy + size * math.sin(a))
        path.close()
        canvas.setFillColor(colours[suit])
        canvas.setStrokeColor(HexColor("#222222"))
        canvas.drawPath(path, stroke=1, fill=1)
        canvas.setFillColor(HexColor("#222222"))
        canvas.setFont(regular, 5)
        canvas.drawCentredString(cx, cy - size * 0.7, f"{q},{r}")
    footer("The Board")
    footer("back of the board: blank")
    canvas.save()
    return pages


TREE: Path | None = None  # another pnpgen checkout to time instead of the installed one (--tree)


def pnpgen_command() -> list[str]:
    """The command that runs pnpgen: the installed one, or `python -m pnpgen` from --tree."""
    if TREE is not None:
        return [sys.executable, "-m", "pnpgen"]
    found = shutil.which("pnpgen")
    return [found] if found else [sys.executable, "-m", "pnpgen"]


def run(cmd: list[str], cwd: Path | None = None) -> tuple[float, float]:
    """Seconds and peak memory (MB) of a whole process."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if TREE is not None:
        env["PYTHONPATH"] = str(TREE)
        cwd = cwd or TREE  # (`python -m` puts the folder it runs in first: from this checkout, it would run this one)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    out, err = proc.communicate()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out.decode()}{err.decode()}")
    return seconds, usage.ru_maxrss / 1024


def pages_of(pdf: Path) -> int:
    """Pages of a PDF, counted by reportlab's reader-free way: the /Type /Page objects."""
    data = pdf.read_bytes()
    return data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + data.count(b"/Type /Page/")


def best_alternating(repeat: int, commands: list[list[str]], out: Path) -> tuple[float, float, float, float]:
    """pnpgen's build and the plain scripts run in turn `repeat` times (a burst of load on the shared machine falls
    on all of them alike); the fastest of each: (pnpgen seconds, its peak MB, plain seconds, standard seconds).
    Each build starts from an empty output folder, as a first build does."""
    builds, plains, standards = [], [], []
    for _ in range(repeat):
        shutil.rmtree(out, ignore_errors=True)
        builds.append(run(commands[0]))
        plains.append(run(commands[1])[0])
        standards.append(run(commands[2])[0])
    seconds, peak = min(builds)
    return seconds, peak, min(plains), min(standards)


def startup(repeat: int) -> None:
    """pnpgen --help and pnpgen check against a bare interpreter, alternating."""
    pnpgen = pnpgen_command()
    base, helps, checks = [], [], []
    for _ in range(repeat):
        base.append(run([sys.executable, "-c", "pass"])[0])
        helps.append(run([*pnpgen, "--help"])[0])
        checks.append(run([*pnpgen, "check"])[0])
    b = statistics.median(base)
    print(f"start-up, median of {repeat} alternating runs: python -c pass {b * 1000:.0f} ms; "
          f"pnpgen --help {statistics.median(helps) * 1000:.0f} ms ({statistics.median(helps) / b:.2f}x); "
          f"pnpgen check {statistics.median(checks) * 1000:.0f} ms ({statistics.median(checks) / b:.2f}x)")


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="22,1000,5000,20000")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each size up to 1,000 cards (one above)")
    ap.add_argument("--tree", type=Path, help="time the pnpgen of another checkout (say, a baseline's)")
    ap.add_argument("--plain", nargs=2, metavar=("N", "PDF"), help=argparse.SUPPRESS)
    ap.add_argument("--standard-font", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.plain:
        plain_kit(int(args.plain[0]), Path(args.plain[1]), embedded=not args.standard_font)
        return
    global TREE
    TREE = args.tree.resolve() if args.tree else None
    pnpgen = pnpgen_command()
    # One kit, as the plain script writes: a pnpgen that prints both ink versions by default is asked for one
    env = {**os.environ, "PYTHONPATH": str(TREE)} if TREE is not None else None
    helped = subprocess.run([*pnpgen, "build", "--help"], capture_output=True, text=True, env=env, cwd=TREE).stdout
    one_ink = ["--ink", "full"] if "--ink " in helped else []
    sizes = [int(s) for s in args.sizes.split(",")]
    print("plain: the kit from reportlab alone, its text in the embedded DejaVu Sans pnpgen prints with; "
          "standard: the same in Helvetica, a font the PDF does not carry")
    print(f"{'cards':>6} {'pnpgen s':>9} {'plain s':>8} {'ratio':>6} {'standard s':>10} {'ratio':>6} "
          f"{'ms/card':>8} {'marginal':>9} {'pages':>6} {'plain pages':>11} {'MB':>6}")
    last = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            root = Path(tmp) / f"n{n}"
            root.mkdir()
            pack = make_pack(root, n)
            repeat = args.repeat if n <= 1000 else 1
            plain_pdf = root / "plain.pdf"
            seconds, peak, plain, standard = best_alternating(repeat, [
                [*pnpgen, "build", str(pack), "--paper", "a4", "--format", "pdf", "--skip-sim", *one_ink, "--out",
                 str(root / "out")],
                [sys.executable, __file__, "--plain", str(n), str(plain_pdf)],
                [sys.executable, __file__, "--plain", str(n), str(root / "std.pdf"), "--standard-font"]], root / "out")
            pages = pages_of(root / "out" / "scale" / "scale-a4.pdf")
            marginal = "" if last is None else f"{(seconds - last[1]) / (n - last[0]) * 1000:9.2f}"
            print(f"{n:>6} {seconds:>9.2f} {plain:>8.2f} {seconds / plain:>6.2f} {standard:>10.2f} "
                  f"{seconds / standard:>6.2f} {seconds / n * 1000:>8.2f} {marginal:>9} {pages:>6} "
                  f"{pages_of(plain_pdf):>11} {peak:>6.0f}", flush=True)
            last = (n, seconds)
            shutil.rmtree(root)
    startup(max(5, args.repeat))


if __name__ == "__main__":
    main()
