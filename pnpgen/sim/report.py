"""A simulation report: the table's lines, and SVG charts with the numbers, written as a small folder with an
index.html. Every chart (the generic ones and an engine's, which are data: engine/api.Chart) is drawn here."""

from __future__ import annotations

import html
import json
import math
from collections.abc import Callable

from ..engine.api import Chart
from ..maths.hexgrid import corners, to_pixel
from ..maths.stats import margin_line, rate_text
from ..model import Board, Game

FONT = "DejaVu Sans, Verdana, sans-serif"
BAR = "#2C6FB7"
CELL = 18  # a board-heat hex's radius (or a square's side) in px


def _svg(width: float, height: float, title: str):
    from ..render.svgxml import Drawing  # only when charts are drawn: `simulate` without --report stays quick

    d = Drawing(size=(f"{width}px", f"{height}px"), viewBox=f"0 0 {width} {height}")
    d.add(d.rect((0, 0), (width, height), fill="#ffffff"))
    d.add(d.text(title, insert=(10, 20), font_size=14, font_family=FONT, font_weight="bold"))
    return d


AXIS = "#444444"
REFERENCE = "#888888"
GREY_LIGHT, GREY_DARK = 245, 60  # the heat scale runs in greys, so no shade reads as a suit's colour


def _text(d, text: str, x: float, y: float, size: int = 11, anchor: str = "start", **extra) -> None:
    d.add(d.text(text, insert=(x, y), font_size=size, font_family=FONT, text_anchor=anchor, **extra))


def _nice(top: float) -> float:
    """A round number at or above `top` for an axis's end (1, 2 or 5 times a power of ten)."""
    if top <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(top))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= top - 1e-9)


def _axis(d, left: float, right: float, y: float, top: float, unit: str, label: str) -> None:
    """A horizontal value axis from 0 to `top` with end and middle ticks, and its label (with the unit) below."""
    d.add(d.line((left, y), (right, y), stroke=AXIS, stroke_width=1))
    for v in (0, top / 2, top):
        x = left + (right - left) * v / top
        d.add(d.line((x, y), (x, y + 4), stroke=AXIS, stroke_width=1))
        _text(d, f"{v:g}{'%' if unit == '%' else ''}", x, y + 15, anchor="middle")
    _text(d, label, (left + right) / 2, y + 30, anchor="middle")


def _axis_label(unit: str, label: str) -> str:
    if label:
        said = not unit or unit in label or (unit == "%" and "percent" in label)
        return label if said else f"{label} ({unit})"
    return {"%": "percent of games", "": "count"}.get(unit, unit)


def bar_chart(title: str, bars: list[tuple[str, float]], unit: str = "", label: str = "", width: int = 520) -> str:
    """A horizontal bar chart as SVG text, with a value axis naming what the bars count and in what unit."""
    row, left = 24, 130
    right = width - 70
    height = 78 + row * max(1, len(bars))
    d = _svg(width, height, title)
    top = _nice(max([v for _, v in bars] + [0.0]))
    for i, (name, value) in enumerate(bars):
        y = 32 + i * row
        w = (right - left) * value / top
        _text(d, name, 10, y + 15, 12)
        d.add(d.rect((left, y + 3), (max(w, 0.5), row - 8), fill=BAR))
        _text(d, f"{value:g}{'%' if unit == '%' else ''}", left + w + 5, y + 15)
    _axis(d, left, right, 36 + row * max(1, len(bars)), top, unit, _axis_label(unit, label))
    return d.tostring()


def rate_chart(title: str, rows: list[tuple[str, dict]], reference: float | None, label: str = "",
               width: int = 520) -> str:
    """Rates as SVG text: one row a rate, a dot at it and a line across its 95 % Wilson interval, on a 0-100 % axis
    with a dashed line at `reference` (an even game's rate, for wins); each row names its count of games."""
    row, left = 26, 170
    right = width - 110
    height = 88 + row * max(1, len(rows))
    d = _svg(width, height, title)
    bottom = 36 + row * max(1, len(rows))

    def x(v: float) -> float:
        return left + (right - left) * v / 100

    if reference is not None:
        d.add(d.line((x(reference), 28), (x(reference), bottom), stroke=REFERENCE, stroke_width=1,
                     stroke_dasharray="4,3"))
        _text(d, f"even {reference:g}%", x(reference) + 3, 31, 10, fill=REFERENCE)
    for i, (name, r) in enumerate(rows):
        y = 36 + i * row + row / 2
        _text(d, name, 10, y + 4, 12)
        d.add(d.line((x(r["low"]), y), (x(r["high"]), y), stroke=BAR, stroke_width=2))
        for end in (r["low"], r["high"]):
            d.add(d.line((x(end), y - 5), (x(end), y + 5), stroke=BAR, stroke_width=2))
        d.add(d.circle((x(r["pct"]), y), 4, fill=BAR))
        _text(d, f"{r['pct']:g}% of {r['of']}", right + 8, y + 4)
    _axis(d, left, right, bottom + 6, 100, "%", label or "percent of finished games won")
    _text(d, "dot: the rate; line: its 95 % Wilson interval" + ("; dashed: an even game" if reference is not None
                                                                 else ""), 10, height - 6, 10, fill=AXIS)
    return d.tostring()


def histogram(title: str, hist: dict[str, int], xlabel: str, ylabel: str = "games", width: int = 520,
              height: int = 260) -> str:
    """A column histogram (value -> count) as SVG text, both axes labelled."""
    d = _svg(width, height, title)
    items = sorted((int(k), v) for k, v in hist.items())
    plot_w, plot_h, x0, y0 = width - 80, height - 90, 60, height - 45
    d.add(d.line((x0, y0), (x0 + plot_w, y0), stroke=AXIS, stroke_width=1))
    d.add(d.line((x0, y0), (x0, y0 - plot_h), stroke=AXIS, stroke_width=1))
    if items:
        lo, hi = items[0][0], items[-1][0]
        span = hi - lo + 1
        top = _nice(max(v for _, v in items))
        col = plot_w / span
        for k, v in items:
            h = plot_h * v / top
            d.add(d.rect((x0 + (k - lo) * col, y0 - h), (max(col - 1, 0.5), h), fill=BAR))
        for k in sorted({lo, hi, (lo + hi) // 2}):
            _text(d, str(k), x0 + (k - lo + 0.5) * col, y0 + 14, anchor="middle")
        for v in (0, top / 2, top):
            y = y0 - plot_h * v / top
            d.add(d.line((x0 - 4, y), (x0, y), stroke=AXIS, stroke_width=1))
            _text(d, f"{v:g}", x0 - 6, y + 4, anchor="end")
    _text(d, xlabel, x0 + plot_w / 2, height - 12, 12, anchor="middle")
    _text(d, ylabel, 14, y0 - plot_h / 2, 12, anchor="middle", transform=f"rotate(-90 14 {y0 - plot_h / 2})")
    return d.tostring()


def _shade(t: float) -> str:
    """Light to dark grey as t goes from 0 to 1 (no hue, so no shade reads as a suit's colour)."""
    g = int(GREY_LIGHT - (GREY_LIGHT - GREY_DARK) * t)
    return f"rgb({g},{g},{g})"


def board_heat(game: Game, board: Board | None, values: dict, title: str, label: str = "") -> str:
    """A board's cells (hexes by (q, r), squares by (x, y)) shaded in greys by their values, each value written in
    its cell and each cell outlined in its suit's colour, with a legend of the grey scale and of the outlines."""
    if board is None or not (board.hexes or board.squares):
        return _svg(200, 40, "no board").tostring()
    if board.hexes:
        cells = [(h.qr, h.suit, to_pixel(h.qr, CELL)) for h in board.hexes]
    else:
        cells = [(c.xy, c.suit, ((c.x + 0.5) * CELL * 2, (c.y + 0.5) * CELL * 2)) for c in board.squares]
    xs = [x for _, _, (x, _) in cells]
    ys = [y for _, _, (_, y) in cells]
    ox, oy = -min(xs) + CELL + 10, -min(ys) + CELL + 30
    plot_h = max(ys) - min(ys) + 2 * CELL + 40
    width = max(max(xs) - min(xs) + 2 * CELL + 20, 360)
    d = _svg(width, plot_h + 70, title)
    top = max(values.values(), default=0) or 1
    for cell, suit, (x, y) in cells:
        v = values.get(cell, 0)
        style = {"fill": _shade(v / top), "stroke": game.colour(suit) or "#888888", "stroke_width": 1.5}
        if board.hexes:
            d.add(d.polygon([(cx + ox, cy + oy) for cx, cy in corners((x, y), CELL * 0.97)], **style))
        else:
            d.add(d.rect((x + ox - CELL * 0.97, y + oy - CELL * 0.97), (CELL * 1.94, CELL * 1.94), **style))
        _text(d, f"{v:g}", x + ox, y + oy + 4, 9, anchor="middle", fill="#ffffff" if v / top > 0.55 else "#000000")
    # the legend: the grey scale from 0 to the largest value, what it counts, and what the outlines are
    left, right, y = 10, min(width - 10, 250), plot_h + 4
    steps = 20
    for k in range(steps):
        d.add(d.rect((left + (right - left) * k / steps, y), ((right - left) / steps + 0.5, 10),
                     fill=_shade(k / (steps - 1))))
    d.add(d.rect((left, y), (right - left, 10), fill="none", stroke=AXIS, stroke_width=0.5))
    _text(d, "0", left, y + 22, 10)
    _text(d, f"{top:g}", right, y + 22, 10, anchor="end")
    _text(d, f"grey scale: {label or 'value'}", left, y + 36, 10)
    _text(d, "outline: the cell's suit (its colour)", left, y + 50, 10)
    return d.tostring()


def draw(game: Game, chart: Chart) -> str:
    """A chart as SVG text."""
    if chart.kind == "bars":
        return bar_chart(chart.title, [(str(k), v) for k, v in chart.values], chart.unit, chart.label)
    if chart.kind == "histogram":
        return histogram(chart.title, {str(k): v for k, v in chart.values}, chart.label, chart.unit or "games")
    if chart.kind == "rates":
        return rate_chart(chart.title, [(str(k), v) for k, v in chart.values], chart.reference, chart.label)
    return board_heat(game, chart.board, dict(chart.values), chart.title, chart.label or chart.caption)


def _rates(result: dict, key: str, label: Callable[[str], str] = str) -> tuple:
    return tuple((label(k), v) for k, v in result[key].items())


def _even(result: dict) -> float:
    return result.get("first_player_edge", {}).get("even", 50.0)


def generic_charts(result: dict) -> list[Chart]:
    """The charts of any game: length, wins by seat and victory type; by agent, team and role when there are any."""
    even = _even(result)
    charts = [Chart("length", "Game length", "histogram",
                    tuple((int(k), v) for k, v in result["rounds"]["histogram"].items()), unit="games",
                    label="rounds played (unfinished games: the budget)"),
              Chart("wins-by-seat", "Wins by seat", "rates", _rates(result, "wins_by_seat"), "%", reference=even),
              Chart("victory", "Victory type", "rates", _rates(result, "victory"), "%",
                    label="percent of finished games", reference=None)]
    if result.get("wins_by_role"):
        charts.insert(1, Chart("wins-by-role", "Wins by setup role", "rates", _rates(result, "wins_by_role"), "%",
                               reference=even))
    if result.get("wins_by_agent"):
        charts.append(Chart("wins-by-agent", "Wins by agent", "rates", _rates(result, "wins_by_agent"), "%",
                            reference=even))
    if result.get("wins_by_team"):
        charts.append(Chart("wins-by-team", "Wins by team", "rates",
                            _rates(result, "wins_by_team", lambda k: f"team {k}"), "%", reference=even))
    return charts


def report_files(game: Game, result: dict, engine_lines: list[str] = (), engine_charts: list[Chart] = (),
                 comparison: list[str] = ()) -> dict[str, bytes]:
    """The report's files (charts, result.json, index.html) by name, in memory; `comparison`: lines comparing the
    result with a previous one, shown under the summary."""
    charts = [*generic_charts(result), *engine_charts]
    files = {f"{c.name}.svg": draw(game, c).encode("utf-8") for c in charts}
    files["result.json"] = (json.dumps(result, indent=2, sort_keys=True) + "\n").encode("utf-8")
    head, *rest = summary_lines(result, engine_lines)
    lines = [f"<li>{html.escape(line)}</li>" for line in rest]
    compared = ("<h2>Compared with the previous result</h2><ul>"
                + "".join(f"<li>{html.escape(line)}</li>" for line in comparison) + "</ul>") if comparison else ""
    imgs = "".join(f'<figure><img src="{html.escape(c.name)}.svg" alt="{html.escape(c.title)}">'
                   + (f"<figcaption>{html.escape(c.caption)}</figcaption>" if c.caption else "") + "</figure>"
                   for c in charts)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(game.title)} — simulation"
            f"</title><style>body{{font-family:sans-serif;margin:2em}}figure{{display:inline-block;margin:1em}}"
            f".run{{font-size:1.1em;background:#f4f4f4;padding:.5em}}</style></head><body>"
            f"<h1>{html.escape(game.title)} — simulation</h1><p class='run'>{html.escape(head)}</p>"
            f"<ul>{''.join(lines)}</ul>{compared}"
            f"{imgs}<p><a href='result.json'>All numbers (JSON)</a></p></body></html>\n")
    files["index.html"] = page.encode("utf-8")
    return files


def agents_text(agents: list[str]) -> str:
    """'greedy vs random', or one agent's name when it fills every seat."""
    return " vs ".join(agents) if len(agents) > 1 else agents[0]


def run_line(r: dict) -> str:
    """What was played: game and content version, players, agents, seed, games and the round budget."""
    players = f" · {r['players']} players" if r.get("players") else ""
    return (f"{r['game']} {r.get('version', '')}{players} · {agents_text(r['agents'])} · seed {r['seed']} · "
            f"{r['games']} games" + (f" · budget {r['max_rounds']} rounds" if r.get("max_rounds") else ""))


def edge_line(r: dict) -> str:
    """The headline: the first setup role's win rate against an even game's, CLEAR when its interval leaves even
    out."""
    e = r["first_player_edge"]
    name = "first-player edge" if e["role"] != "p1" else "seat 1 edge"
    return (f"{name}: {e['role']} wins {rate_text(e)} against an even {e['even']:g}%: {e['edge']:+.1f} points"
            + ("; CLEAR: the interval leaves out an even game" if e["clear"] else "; within noise of an even game"))


def summary_lines(r: dict, engine_lines: list[str] = ()) -> list[str]:
    """The result as a few readable lines (the terminal table): what was played, the headline edge and its margin,
    the generic figures with their intervals, then the engine's lines."""
    out = [run_line(r), f"games {r['games']} · finished {r['finished']} · unfinished {r['unfinished']}"]
    if r["finished"]:
        out += [edge_line(r), margin_line(r["margin"])]
    if r.get("wins_by_role"):
        out.append("by role: " + " · ".join(f"{k} {rate_text(v)}" for k, v in r["wins_by_role"].items()))
    out.append("by seat: " + " · ".join(f"{k} {rate_text(v)}" for k, v in r["wins_by_seat"].items()))
    if r.get("wins_by_team"):
        out.append("by team: " + " · ".join(f"{k} {rate_text(v)}" for k, v in r["wins_by_team"].items()))
    if r.get("wins_by_agent"):
        out.append("by agent: " + " · ".join(f"{k} {rate_text(v)}" for k, v in r["wins_by_agent"].items()))
    if r["victory"]:
        out.append("victory: " + " · ".join(f"{k} {rate_text(v)}" for k, v in r["victory"].items()))
    out.append(f"rounds {r['rounds']['mean']} (p10 {r['rounds']['p10']:g}, p90 {r['rounds']['p90']:g}) · "
               f"decisions {r['decisions']['mean']} (p10 {r['decisions']['p10']:g}, p90 {r['decisions']['p90']:g})")
    out += engine_lines
    if r["unfinished"]:
        out.append(f"unfinished (stopped after {r.get('max_rounds', '?')} rounds) seeds: "
                   f"{', '.join(map(str, r['unfinished_seeds']))}")
    return out
