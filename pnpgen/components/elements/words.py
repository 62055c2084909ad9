"""Text elements: the piece's data set in a box through the text setter (wrapped, shrunk to fit, **bold** marks,
{icon} markers), turned upper case if asked."""

from __future__ import annotations

from dataclasses import replace

from ...draw.primitives import Item
from ...draw.text import TextStyle, text_box
from ...draw.units import SMALLEST
from ...source.fields import did_you_mean
from .declared import Param, register
from .subject import fill_text

TEXT_PARAMS = {
    "text": Param("text", "", "what it prints: words, with {name}, {FIELD}, {label.FIELD}, {suit.name}, "
                  "{suit.symbol} (the symbol, drawn), {suits}, {rules.NAME}, a repeat's {n}, {item}, {icon} and "
                  "{count}, and {ICON} markers"),
    "size": Param("length", "9pt", "the type size", min=0.5, max=200),
    "min_size": Param("length", None, "shrink toward this size when the text does not fit (default: never "
                      "shrink)", min=0.5, max=200),
    "bold": Param("bool", False, "in the bold face"),
    "italic": Param("bool", False, "in the italic face"),
    "display": Param("bool", False, "in the title (display) face"),
    "align": Param("choice", "left", "across the box", ("left", "center", "right")),
    "valign": Param("choice", "top", "down the box", ("top", "middle", "bottom")),
    "colour": Param("colour", "ink", "its colour"),
    "leading": Param("number", 1.22, "line pitch, in ems", min=0.8, max=3),
    "case": Param("choice", "as-written", "upper or lower case, or as written", ("as-written", "upper", "lower")),
}


@register("text", "text set in its box: wrapped, aligned, shrunk to fit down to min_size", TEXT_PARAMS)
def draw_text(element, box, scope) -> list[Item]:
    text, unbound = fill_text(element["text"], scope.subject, scope.suits, scope.ctx.icons)
    for name in unbound:
        key = ("unbound", element.loc_of("text"), name)
        if key in scope.ctx.reported:  # (once for the template, not for every card)
            continue
        scope.ctx.reported.add(key)
        scope.problems.error(element.loc_of("text"), f"{element.role}: {{{name}}} names nothing "
                             f"{scope.subject.what} has" + (did_you_mean(name, scope.subject.names()) or
                                                            f" (it has: {', '.join(scope.subject.names())})"))
    if element["case"] == "upper":
        text = text.upper()
    elif element["case"] == "lower":
        text = text.lower()
    if not text.strip() or box[2] <= 0 or box[3] <= 0:
        return []
    colour = scope.colour(element["colour"]) or scope.inks.ink
    style = TextStyle(size=element["size"], colour=colour, bold=element["bold"], italic=element["italic"],
                      align=element["align"], valign=element["valign"], leading=element["leading"],
                      min_size=element["min_size"], display=element["display"],
                      source=element.loc_of("size"), role=element.role)
    sizing = scope.extra.get("sizing") if element["min_size"] else None  # a deck sets such text at one size
    if sizing is not None:
        cap = scope.ctx.body_caps.get((sizing, element.role), 1.0)
        if cap < 1:
            style = replace(style, size=max(style.size * cap, style.min_size, min(style.size, SMALLEST)))
    laid = text_box(text, box, style, scope.ctx.icons.inline, source=scope.subject.loc)
    if sizing is not None and laid.fits:
        scope.ctx.body_kept.setdefault((sizing, element.role), []).append((scope.extra.get("card"),
                                                                            laid.size / element["size"]))
    return [laid.group]
