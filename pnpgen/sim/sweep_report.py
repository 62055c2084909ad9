"""A sweep's report folder: charts comparing the variants (finish rate, game length, victory types, role edge),
the table as HTML, and sweep.json."""

from __future__ import annotations

import html
import json

from .report import BAR, FONT, _svg
from .sweep import table_lines

ROW = 24
PALETTE = ("#2C6FB7", "#C8352E", "#E0B000", "#2E8B57", "#7A4FA0", "#D4588F", "#4A5A6A", "#B8860B")
REFERENCE = "#888888"


def _label_width(labels: list[str]) -> float:
    return 20 + 7.2 * max((len(x) for x in labels), default=4)


def interval_chart(title: str, rows: list[tuple[str, float, float, float]], unit: str = "",
                   reference: float | None = None, low: float | None = None, high: float | None = None,
                   caption: str = "", width: int = 640) -> str:
    """One row per variant: a dot at its value and a line across its interval (low to high), on one scale; a dashed
    line at `reference` (an even game, say). A row of None is a variant not played."""
    left = _label_width([r[0] for r in rows])
    right = width - 80
    height = 60 + ROW * max(1, len(rows)) + (18 if caption else 0)
    d = _svg(width, height, title)
    values = [x for r in rows if r[1] is not None for x in r[1:]] + ([reference] if reference is not None else [])
    lo = low if low is not None else min(values, default=0.0)
    hi = high if high is not None else max(values, default=1.0)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1

    def x(v: float) -> float:
        return left + (right - left) * (v - lo) / (hi - lo)

    bottom = 36 + ROW * len(rows)
    d.add(d.line((left, bottom), (right, bottom), stroke="#444444", stroke_width=1))
    for v in (lo, hi, reference):
        if v is not None:
            d.add(d.text(f"{v:g}{unit}", insert=(x(v), bottom + 14), font_size=11, font_family=FONT,
                         text_anchor="middle"))
    if reference is not None:
        d.add(d.line((x(reference), 30), (x(reference), bottom), stroke=REFERENCE, stroke_width=1,
                     stroke_dasharray="4,3"))
    for i, (label, value, a, b) in enumerate(rows):
        y = 32 + i * ROW + ROW / 2
        d.add(d.text(label, insert=(10, y + 4), font_size=12, font_family=FONT))
        if value is None:
            d.add(d.text("not played", insert=(left, y + 4), font_size=11, font_family=FONT, fill=REFERENCE))
            continue
        d.add(d.line((x(a), y), (x(b), y), stroke=BAR, stroke_width=2))
        for end in (a, b):
            d.add(d.line((x(end), y - 5), (x(end), y + 5), stroke=BAR, stroke_width=2))
        d.add(d.circle((x(value), y), 4, fill=BAR))
        d.add(d.text(f"{value:g}{unit}", insert=(right + 8, y + 4), font_size=11, font_family=FONT))
    if caption:
        d.add(d.text(caption, insert=(10, height - 8), font_size=11, font_family=FONT, fill="#444444"))
    return d.tostring()


def stacked_chart(title: str, rows: list[tuple[str, dict[str, float] | None]], width: int = 640) -> str:
    """One bar per variant, split into its parts (percent of its games), with a legend of the parts."""
    left = _label_width([r[0] for r in rows])
    right = width - 20
    parts = list(dict.fromkeys(k for _, shares in rows if shares for k in shares))
    colour = {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(parts)}
    height = 60 + ROW * max(1, len(rows))
    d = _svg(width, height, title)
    for i, (label, shares) in enumerate(rows):
        y = 32 + i * ROW
        d.add(d.text(label, insert=(10, y + 15), font_size=12, font_family=FONT))
        if shares is None:
            d.add(d.text("not played", insert=(left, y + 15), font_size=11, font_family=FONT, fill=REFERENCE))
            continue
        at = left
        for part in parts:
            w = (right - left) * shares.get(part, 0.0) / 100
            if w <= 0:
                continue
            d.add(d.rect((at, y + 3), (w, ROW - 8), fill=colour[part]))
            if w > 34:
                d.add(d.text(f"{shares[part]:.0f}%", insert=(at + w / 2, y + 15), font_size=10, font_family=FONT,
                             text_anchor="middle", fill="#ffffff"))
            at += w
    at = 10.0
    for part in parts:
        y = height - 14
        d.add(d.rect((at, y - 9), (10, 10), fill=colour[part]))
        d.add(d.text(part, insert=(at + 14, y), font_size=11, font_family=FONT))
        at += 30 + 7 * len(part)
    return d.tostring()


def charts(result: dict) -> dict[str, str]:
    """The sweep's charts as SVG text, by file name."""
    vs = result["variants"]
    played = [(v["variant"], v) for v in vs]
    finish = [(name, v["finish_rate"]["pct"], v["finish_rate"]["low"], v["finish_rate"]["high"]) if "result" in v
              else (name, None, None, None) for name, v in played]
    rounds = [(name, v["result"]["rounds"]["mean"], v["result"]["rounds"]["p10"], v["result"]["rounds"]["p90"])
              if "result" in v else (name, None, None, None) for name, v in played]
    edge = []
    role = "seat 1"
    for name, v in played:
        e = v.get("role_edge")
        if e is None:
            edge.append((name, None, None, None))
            continue
        role = e["role"]
        edge.append((name, e["edge"], round(e["low"] - e["even"], 1), round(e["high"] - e["even"], 1)))
    victory = [(name, {k: x["pct"] for k, x in v["result"]["victory"].items()} if "result" in v else None)
               for name, v in played]
    return {
        "finish-rate.svg": interval_chart("Games finished", finish, "%", low=0, high=100,
                                          caption="the dot: games the rules ended within the round budget; the line: "
                                                  "its 95% interval"),
        "length.svg": interval_chart("Game length (rounds)", rounds, low=0,
                                     caption="the dot: mean rounds of the finished games; the line: p10 to p90"),
        "victory.svg": stacked_chart("Victory type (finished games)", victory),
        "edge.svg": interval_chart(f"Edge of '{role}' (points over an even game)", edge, reference=0.0,
                                   caption="the dot: its win rate minus an even game's; the line: its 95% Wilson "
                                           "interval; dashed: even"),
    }


def report_files(result: dict) -> dict[str, bytes]:
    """The report's files (charts, sweep.json, index.html) by name, in memory."""
    files = {name: svg.encode("utf-8") for name, svg in charts(result).items()}
    files["sweep.json"] = (json.dumps(result, indent=2, sort_keys=True) + "\n").encode("utf-8")
    lines = table_lines(result)
    title = f"{result['game']} — rule sweep"
    imgs = "".join(f'<figure><img src="{name}" alt="{html.escape(name)}"></figure>' for name in files
                   if name.endswith(".svg"))
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title><style>"
            "body{font-family:sans-serif;margin:2em}figure{display:inline-block;margin:1em}"
            "pre{background:#f4f4f4;padding:1em}</style></head>"
            f"<body><h1>{html.escape(title)}</h1><pre>{html.escape(chr(10).join(lines))}</pre>{imgs}"
            "<p><a href='sweep.json'>All numbers (JSON)</a></p></body></html>\n")
    files["index.html"] = page.encode("utf-8")
    return files
