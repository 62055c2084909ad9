"""Benchmark: reading SVG pictures near the size limits (2 MB, about 50,000 elements), one element a line and all
on one line, against a bare expat parse of the same bytes in the same run (a ratio); then small hostile files that
cost work out of proportion to their size (`use` elements expanding to 10 million squares, a style sheet of
100,000 rules, a length of 100,000 digits), each read to its error or its drawing.

Run: python benchmarks/bench_svg_read.py [--repeat N]

Places (line:col) are worked out for every element as it is read; this shows that stays linear in the file's size.
The hostile files show that the work is bounded by what is drawn (each was minutes, or without end, before).
"""

from __future__ import annotations

import argparse
import statistics
import time
from xml.parsers import expat

from pnpgen.draw.svgfile import MAX_BYTES, MAX_ELEMENTS, SvgError, read_svg


def picture(separator: str) -> bytes:
    """An SVG of squares just under the element limit, cut to the size limit."""
    body = "".join(f'<rect x="{i % 90}" y="{i % 7}" width="1" height="1"/>{separator}'
                   for i in range(MAX_ELEMENTS - 10))
    text = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n{body}</svg>\n'
    return text.encode()[: MAX_BYTES - 10]  # (cut short: the read ends in a located error at the very end)


def bare(data: bytes) -> None:
    """expat alone, with a start handler that does nothing."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = lambda name, attrs: None
    try:
        parser.Parse(data, True)
    except expat.ExpatError:
        pass


def ours(data: bytes) -> None:
    """pnpgen's reader: elements, their places, styles and shapes."""
    try:
        read_svg(data, "bench.svg")
    except SvgError:
        pass


def hostile() -> dict[str, bytes]:
    """Small files that once cost work out of proportion to their size."""
    head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    groups = "".join(f'<g id="a{k}">' + f'<use href="#a{k - 1}"/>' * 10 + "</g>" for k in range(1, 8))
    rules = "".join(f".c{k}{{fill:#{k % 4096:03x}}}" for k in range(100_000))
    cells = "".join(f'<rect class="c{k}" width="1" height="1"/>' for k in range(0, 100_000, 7))
    return {
        "use: 10 million squares": f'{head}<defs><rect id="a0" width="1" height="1"/>{groups}</defs>'
                                   '<use href="#a7"/></svg>'.encode(),
        "100,000 CSS rules": f"{head}<style>{rules}</style>{cells}</svg>".encode(),
        "100,000 digits": f'{head}<rect width="{"1" * 100_000}x" height="1"/></svg>'.encode(),
        "style text of 400,000 lines": (head + "<style>" + "a{}\n" * 400_000 + "</style></svg>").encode(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for name, separator in (("one element a line", "\n"), ("all on one line", "")):
        data = picture(separator)
        times = {"expat": [], "read_svg": []}
        for _ in range(args.repeat):
            for label, run in (("expat", bare), ("read_svg", ours)):
                t0 = time.perf_counter()
                run(data)
                times[label].append(time.perf_counter() - t0)
        base, mine = statistics.median(times["expat"]), statistics.median(times["read_svg"])
        print(f"{name:20s} {len(data) / 1e6:.1f} MB: expat {base:.3f} s, read_svg {mine:.3f} s "
              f"({mine / base:.1f}x expat)")
    for name, data in hostile().items():
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            ours(data)
            times.append(time.perf_counter() - t0)
        print(f"{name:28s} {len(data) / 1e3:7.1f} kB: read_svg {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
