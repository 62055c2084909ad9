"""Icons, suit symbols and pictures placed as elements, and groups of elements placed together."""

from __future__ import annotations

from pathlib import Path

from ...draw.primitives import Group, Item
from ...model.images import ImageRef
from ...source.fields import did_you_mean
from .declared import Param, register
from .layout import draw_elements
from .subject import Unbound, lookup

FITS = ("contain", "cover", "stretch")


@register("icon", "an icon or a suit's symbol, as large as its box's shorter side allows, centred",
          {"icon": Param("text", "{suit.id}", "the icon's name, or a reference to one: {suit.id} (the suit's symbol, "
                         "the default), {icon} (a repeat's icon), {FIELD} (a field naming an icon)"),
           "colour": Param("colour", None, "one colour for the whole icon (default: its own; a suit's symbol in its "
                           "suit's colour)"),
           "scale": Param("number", 1, "its size as a share of the box's shorter side", min=0.05, max=1)})
def draw_icon(element, box, scope) -> list[Item]:
    name = _name(element, scope)
    if not name:
        return []
    icons = scope.ctx.icons
    if not icons.known(name):
        names = icons.names()
        scope.problems.error(element.loc_of("icon"), f"{element.role}: unknown icon '{name}' for "
                             f"{scope.subject.what} (expected one of: {', '.join(names)})"
                             + (did_you_mean(name, names) or "; declare it under 'icons:' in game.yaml"))
        return []
    x, y, w, h = box
    size = min(w, h) * element["scale"]
    if size <= 0:
        return []
    ix, iy = x + (w - size) / 2, y + (h - size) / 2
    colour = scope.colour(element["colour"])
    if colour is not None and scope.inks.theme.ink_saver:
        colour = scope.inks.theme.line(colour)
    if name in icons.suits and colour is None:
        drawn = icons.suit_symbol(name, ix, iy, size)
    else:
        drawn = icons.draw(name, ix, iy, size, colour or scope.inks.ink, mono=colour is not None)
    return [drawn] if drawn is not None else []


def _name(element, scope) -> str:
    written = element["icon"].strip()
    if written.startswith("{") and written.endswith("}"):
        key = written[1:-1]
        if key == "suit.id":
            return scope.subject.suit or ""
        try:
            value = lookup(scope.subject, key, scope.suits)
        except Unbound:
            scope.problems.error(element.loc_of("icon"), f"{element.role}: {written} names nothing "
                                 f"{scope.subject.what} has" + did_you_mean(key, scope.subject.names()))
            return ""
        return value.strip("{}")
    return written


@register("image", "a picture: the piece's own ({image}) or a file of the pack, fitted to its box",
          {"image": Param("text", "{image}", "{image} for the piece's picture, or the path of a PNG, JPEG or SVG "
                          "file in the pack"),
           "fit": Param("choice", "contain", "whole and centred (contain), filling the box and cut to it (cover), "
                        "or stretched to it", FITS),
           "saver": Param("choice", "keep", "in a low-ink kit: the picture as it is, or left out", ("keep", "hide"))})
def draw_image(element, box, scope) -> list[Item]:
    if element["saver"] == "hide" and scope.inks.theme.ink_saver:
        return []
    written = element["image"].strip()
    if written == "{image}":
        ref = scope.subject.image
    else:
        root = Path(scope.ctx.game.root)
        ref = ImageRef(written, root / written, element.loc_of("image"))
        if not (root / written).resolve().is_relative_to(root.resolve()):
            scope.problems.error(element.loc_of("image"), f"{element.role}: the image must be a file in the pack, "
                                 f"got '{written}'")
            return []
    if ref is None or box[2] <= 0 or box[3] <= 0:
        return []
    art = scope.ctx.art(ref, element.role, box, element["fit"])
    return [art] if art is not None else []


@register("group", "elements placed together: their anchor 'group' is the group's box, and the group turns, "
          "repeats and hides as one", {})
def draw_group(element, box, scope) -> list[Item]:
    inner = type(scope)(scope.ctx, scope.template, scope.subject, scope.trim, scope.inks, scope.problems,
                        dict(scope.boxes), {**scope.extra, "group": box})
    items = draw_elements(element.children, inner)
    return [Group(tuple(items), label=f"group {element.name}")] if items else []
