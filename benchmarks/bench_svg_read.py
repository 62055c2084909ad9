"""Benchmark: reading SVG pictures near the size limits (2 MB, about 50,000 elements), one element a line and all
on one line, against a bare expat parse of the same bytes in the same run (a ratio).

Run: python benchmarks/bench_svg_read.py [--repeat N]

Places (line:col) are worked out for every element as it is read; this shows that stays linear in the file's size.
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


if __name__ == "__main__":
    main()
