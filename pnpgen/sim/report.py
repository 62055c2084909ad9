"""A simulation report: the table's lines, and SVG charts with the numbers, written as a small folder with an
index.html. Every chart (the generic ones and an engine's, which are data: engine/api.Chart) is drawn here."""

from __future__ import annotations

import html
import json
from collections.abc import Callable

from ..engine.api import Chart
from ..hexgrid import corners, to_pixel
from ..model import Board, Game

FONT = "DejaVu Sans, Verdana, sans-serif"
BAR = "#2C6FB7"
CELL = 18  # a board-heat hex's radius (or a square's side) in px


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


def _shade(t: float) -> str:
    """White to red as t goes from 0 to 1."""
    return f"rgb(255,{int(245 - 200 * t)},{int(235 - 215 * t)})"


def board_heat(game: Game, board: Board | None, values: dict, title: str) -> str:
    """A board's cells (hexes by (q, r), squares by (x, y)) shaded by their values, each value written in its cell
    and each cell outlined in its suit's colour."""
    if board is None or not (board.hexes or board.squares):
        return _svg(200, 40, "no board").tostring()
    if board.hexes:
        cells = [(h.qr, h.suit, to_pixel(h.qr, CELL)) for h in board.hexes]
    else:
        cells = [(c.xy, c.suit, ((c.x + 0.5) * CELL * 2, (c.y + 0.5) * CELL * 2)) for c in board.squares]
    xs = [x for _, _, (x, _) in cells]
    ys = [y for _, _, (_, y) in cells]
    ox, oy = -min(xs) + CELL + 10, -min(ys) + CELL + 30
    d = _svg(max(xs) - min(xs) + 2 * CELL + 20, max(ys) - min(ys) + 2 * CELL + 40, title)
    top = max(values.values(), default=0) or 1
    for cell, suit, (x, y) in cells:
        v = values.get(cell, 0)
        style = {"fill": _shade(v / top), "stroke": game.colour(suit) or "#888888", "stroke_width": 1.5}
        if board.hexes:
            d.add(d.polygon([(cx + ox, cy + oy) for cx, cy in corners((x, y), CELL * 0.97)], **style))
        else:
            d.add(d.rect((x + ox - CELL * 0.97, y + oy - CELL * 0.97), (CELL * 1.94, CELL * 1.94), **style))
        d.add(d.text(f"{v:g}", insert=(x + ox, y + oy + 4), font_size=9, font_family=FONT, text_anchor="middle"))
    return d.tostring()


def draw(game: Game, chart: Chart) -> str:
    """A chart as SVG text."""
    if chart.kind == "bars":
        return bar_chart(chart.title, [(str(k), v) for k, v in chart.values], chart.unit)
    if chart.kind == "histogram":
        return histogram(chart.title, {str(k): v for k, v in chart.values}, chart.label)
    return board_heat(game, chart.board, dict(chart.values), chart.title)


def _rates(result: dict, key: str, label: Callable[[str], str] = str) -> tuple:
    return tuple((label(k), v["pct"]) for k, v in result[key].items())


def generic_charts(result: dict) -> list[Chart]:
    """The charts of any game: length, wins by seat and victory type; by agent, team and role when there are any."""
    charts = [Chart("length", "Game length", "histogram",
                    tuple((int(k), v) for k, v in result["rounds"]["histogram"].items()), label="rounds"),
              Chart("wins-by-seat", "Wins by seat", "bars", _rates(result, "wins_by_seat"), "%"),
              Chart("victory", "Victory type", "bars", _rates(result, "victory"), "%")]
    if result.get("wins_by_agent"):
        charts.append(Chart("wins-by-agent", "Wins by agent", "bars", _rates(result, "wins_by_agent"), "%"))
    if result.get("wins_by_team"):
        charts.append(Chart("wins-by-team", "Wins by team", "bars",
                            _rates(result, "wins_by_team", lambda k: f"team {k}"), "%"))
    if result.get("wins_by_role"):
        charts.append(Chart("wins-by-role", "Wins by role", "bars", _rates(result, "wins_by_role"), "%"))
    return charts


def report_files(game: Game, result: dict, engine_lines: list[str] = (), engine_charts: list[Chart] = (),
                 ) -> dict[str, bytes]:
    """The report's files (charts, result.json, index.html) by name, in memory."""
    charts = [*generic_charts(result), *engine_charts]
    files = {f"{c.name}.svg": draw(game, c).encode("utf-8") for c in charts}
    files["result.json"] = (json.dumps(result, indent=2, sort_keys=True) + "\n").encode("utf-8")
    lines = [f"<li>{html.escape(line)}</li>" for line in summary_lines(result, engine_lines)]
    imgs = "".join(f'<figure><img src="{html.escape(c.name)}.svg" alt="{html.escape(c.title)}">'
                   + (f"<figcaption>{html.escape(c.caption)}</figcaption>" if c.caption else "") + "</figure>"
                   for c in charts)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(game.title)} — simulation"
            f"</title><style>body{{font-family:sans-serif;margin:2em}}figure{{display:inline-block;margin:1em}}"
            f"</style></head><body><h1>{html.escape(game.title)} — simulation</h1><ul>{''.join(lines)}</ul>"
            f"{imgs}<p><a href='result.json'>All numbers (JSON)</a></p></body></html>\n")
    files["index.html"] = page.encode("utf-8")
    return files


def summary_lines(r: dict, engine_lines: list[str] = ()) -> list[str]:
    """The result as a few readable lines (the terminal table): the generic figures, then the engine's lines."""
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
    if r.get("wins_by_role"):
        out.append(" · ".join(f"{k} wins {v['pct']}% ±{v['ci95']}" for k, v in r["wins_by_role"].items()))
    out += engine_lines
    if r["stalled"]:
        out.append(f"stalled seeds: {', '.join(map(str, r['stalled_seeds']))}")
    return out
