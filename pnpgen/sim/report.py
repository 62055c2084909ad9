"""A simulation report: SVG charts and the numbers, written as a small folder with an index.html."""

from __future__ import annotations

import html
import json

from ..hexgrid import corners, to_pixel
from ..model import Game

FONT = "DejaVu Sans, Verdana, sans-serif"
BAR = "#2C6FB7"


def _svg(width: float, height: float, title: str):
    import svgwrite  # only when charts are drawn: `simulate` without --report stays quick to start

    d = svgwrite.Drawing(size=(f"{width}px", f"{height}px"), viewBox=f"0 0 {width} {height}", debug=False)
    d.add(d.rect((0, 0), (width, height), fill="#ffffff"))
    d.add(d.text(title, insert=(10, 20), font_size=14, font_family=FONT, font_weight="bold"))
    return d


def bar_chart(title: str, bars: list[tuple[str, float]], unit: str = "", width: int = 480) -> str:
    """A horizontal bar chart as SVG text."""
    row = 24
    height = 40 + row * max(1, len(bars))
    d = _svg(width, height, title)
    top = max([v for _, v in bars] + [1e-9])
    for i, (label, value) in enumerate(bars):
        y = 32 + i * row
        w = (width - 200) * value / top
        d.add(d.text(label, insert=(10, y + 15), font_size=12, font_family=FONT))
        d.add(d.rect((120, y + 3), (max(w, 0.5), row - 8), fill=BAR))
        d.add(d.text(f"{value:g}{unit}", insert=(125 + w, y + 15), font_size=12, font_family=FONT))
    return d.tostring()


def histogram(title: str, hist: dict[str, int], xlabel: str, width: int = 480, height: int = 240) -> str:
    """A column histogram (value -> count) as SVG text."""
    d = _svg(width, height, title)
    items = sorted((int(k), v) for k, v in hist.items())
    if items:
        lo, hi = items[0][0], items[-1][0]
        span = hi - lo + 1
        top = max(v for _, v in items)
        plot_w, plot_h, x0, y0 = width - 60, height - 70, 40, height - 35
        col = plot_w / span
        for k, v in items:
            h = plot_h * v / top
            d.add(d.rect((x0 + (k - lo) * col, y0 - h), (max(col - 1, 0.5), h), fill=BAR))
        for k in {lo, hi, (lo + hi) // 2}:
            d.add(d.text(str(k), insert=(x0 + (k - lo + 0.5) * col, y0 + 14), font_size=11,
                         font_family=FONT, text_anchor="middle"))
        d.add(d.text(f"max {top}", insert=(x0, 38), font_size=11, font_family=FONT))
    d.add(d.text(xlabel, insert=(width / 2, height - 5), font_size=12, font_family=FONT, text_anchor="middle"))
    return d.tostring()


def heat_map(game: Game, visits: dict[str, int], board=None, title: str = "Hex heat map", size: float = 18) -> str:
    """The board's hexes shaded by how often ships stood on them."""
    board = board or game.board
    if board is None or not board.hexes:
        return _svg(200, 40, "no board").tostring()
    pts = {h.qr: to_pixel(h.qr, size) for h in board.hexes}
    xs = [x for x, _ in pts.values()]
    ys = [y for _, y in pts.values()]
    ox, oy = -min(xs) + size + 10, -min(ys) + size + 30
    width, height = max(xs) - min(xs) + 2 * size + 20, max(ys) - min(ys) + 2 * size + 40
    d = _svg(width, height, title)
    top = max(visits.values(), default=0) or 1
    for h in board.hexes:
        x, y = pts[h.qr]
        v = visits.get(f"{h.q},{h.r}", 0)
        t = v / top
        shade = f"rgb({255},{int(245 - 200 * t)},{int(235 - 215 * t)})"
        d.add(d.polygon([(cx + ox, cy + oy) for cx, cy in corners((x, y), size * 0.97)], fill=shade,
                        stroke=game.colour(h.suit) or "#888888", stroke_width=1.5))
        d.add(d.text(str(v), insert=(x + ox, y + oy + 4), font_size=9, font_family=FONT, text_anchor="middle"))
    return d.tostring()


def report_files(game: Game, result: dict, board=None) -> dict[str, bytes]:
    """The report's files (charts, result.json, index.html) by name, in memory; `board` is the one played on."""
    charts = {
        "length.svg": histogram("Game length", result["rounds"]["histogram"], "rounds"),
        "wins-by-seat.svg": bar_chart("Wins by seat", [(k, v["pct"]) for k, v in result["wins_by_seat"].items()],
                                      "%"),
        "victory.svg": bar_chart("Victory type", [(k, v["pct"]) for k, v in result["victory"].items()], "%"),
        "heat.svg": heat_map(game, result["hex_visits"], board),
    }
    if result.get("wins_by_agent"):
        charts["wins-by-agent.svg"] = bar_chart(
            "Wins by agent", [(k, v["pct"]) for k, v in result["wins_by_agent"].items()], "%")
    if result.get("wins_by_team"):
        charts["wins-by-team.svg"] = bar_chart(
            "Wins by team", [(f"team {k}", v["pct"]) for k, v in result["wins_by_team"].items()], "%")
    files = {name: svg.encode("utf-8") for name, svg in charts.items()}
    files["result.json"] = (json.dumps(result, indent=2, sort_keys=True) + "\n").encode("utf-8")
    lines = [f"<li>{html.escape(line)}</li>" for line in summary_lines(result)]
    imgs = "".join(f'<figure><img src="{n}" alt="{n}"></figure>' for n in charts)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(game.title)} — simulation"
            f"</title><style>body{{font-family:sans-serif;margin:2em}}figure{{display:inline-block;margin:1em}}"
            f"</style></head><body><h1>{html.escape(game.title)} — simulation</h1><ul>{''.join(lines)}</ul>"
            f"{imgs}<p><a href='result.json'>All numbers (JSON)</a></p></body></html>\n")
    files["index.html"] = page.encode("utf-8")
    return files


def summary_lines(r: dict) -> list[str]:
    """The result as a few readable lines (the terminal table)."""
    seat = " · ".join(f"{k} wins {v['pct']}% ±{v['ci95']}" for k, v in r["wins_by_seat"].items())
    vic = " · ".join(f"{k} {v['pct']:.0f}%" for k, v in r["victory"].items())
    out = [
        f"games {r['games']} · finished {r['finished']} · stalled {r['stalled']}",
        f"{seat} · {vic}" if vic else seat,
        f"rounds {r['rounds']['mean']} (p10 {r['rounds']['p10']:g}, p90 {r['rounds']['p90']:g}) · "
        f"decisions {r['decisions']['mean']} (p10 {r['decisions']['p10']:g}, p90 {r['decisions']['p90']:g})",
    ]
    if r.get("wins_by_team"):
        out.append(" · ".join(f"team {k} wins {v['pct']}% ±{v['ci95']}" for k, v in r["wins_by_team"].items()))
    if r.get("wins_by_agent"):
        out.append(" · ".join(f"{k} wins {v['pct']}% ±{v['ci95']} of {v['of']}" for k, v in
                              r["wins_by_agent"].items()))
    out.append(f"dead hands {r['dead_hands']['count']} of {r['dead_hands']['turns']} turns "
               f"({100 * r['dead_hands']['rate']:.1f}%) · reshuffles {r['reshuffles']['per_game']} per game")
    plays = r["card_plays"]
    if plays:
        total = sum(plays.values())
        top = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in list(plays.items())[:6])
        out.append(f"card plays {total}: {top}{' …' if len(plays) > 6 else ''}")
    if r["stalled"]:
        out.append(f"stalled seeds: {', '.join(map(str, r['stalled_seeds']))}")
    return out
