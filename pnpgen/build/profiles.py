"""Profiles for where the files go (`build --profile NAME`): the home printer, print-on-demand shops, a contest.

A profile picks the formats, how cards print (a shop's sizes and bleed) and what must hold before anything is
written; everything else comes from the build's options.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..components import CardFormat, Kit
from ..draw.units import MM_PER_IN
from ..errors import PnpgenError
from ..model.cards import CARD_SIZES

SHOP_BLEED = MM_PER_IN / 8  # 1/8 inch, what DriveThruCards and The Game Crafter ask for
SHOP_SIZES = ((CARD_SIZES["poker"], CARD_SIZES["poker-us"]),)  # shops print the inch poker card
TGC_PIXELS = {"poker-us": (825, 1125), "bridge": (750, 1125), "tarot": (900, 1500), "mini": (600, 825),
              "square": (825, 825)}  # The Game Crafter's card images at 300 dpi, bleed included
CARDS = ("card", "card-back")
NINE_CARD_EXTRAS = 24  # components besides the nine cards (cubes, coins, dice ...): the 2025 contest's limit


@dataclass(frozen=True)
class Profile:
    """Where the files go: the formats it writes (None: as --format says), how cards print, PNG choices, and a
    check of the laid-out kit that returns lines to report (or raises)."""

    name: str
    help: str
    formats: tuple[str, ...] | None = None
    cards: CardFormat | None = None
    dpi: int | None = None
    png_bleed: tuple[bool, ...] | None = None
    png_kinds: tuple[str, ...] | None = None
    check: Callable[[Kit, int], list[str]] | None = None
    prints: tuple[str, ...] | None = None  # the piece kinds its files hold (None: every one)
    leaves_out: str = ""  # why the other kinds are not in its files, and where to print them


KIND_NAMES = {"board": ("board", "boards"), "area-card": ("ship or area card", "ship and area cards"),
              "player-aid": ("player aid", "player aids"), "token": ("token", "tokens"), "card": ("card", "cards"),
              "card-back": ("card back", "card backs")}


def left_out(profile: Profile, kit: Kit) -> list[str]:
    """The line that names, by kind, the components a profile's files do not hold and says why (none when it
    holds them all); a variant's pieces count with the game's."""
    if profile.prints is None:
        return []
    kinds: dict[str, list] = {}
    for p in kit.pieces:
        if p.kind not in profile.prints and p.count > 0:
            kinds.setdefault(p.kind, []).append(p)
    if not kinds:
        return []
    parts = []
    for kind, pieces in kinds.items():
        names = list(dict.fromkeys(p.name for p in pieces))
        count = sum(p.count for p in pieces)
        what = "; ".join(names) if len(names) <= 3 else f"{len(names)} kinds"
        one, more = KIND_NAMES.get(kind, (kind, kind))
        parts.append(f"{count} {one if count == 1 else more} ({what})")
    return [f"{profile.name}: left out: {', '.join(parts)}: {profile.leaves_out}"]


def card_counts(kit: Kit) -> list[tuple[str, int, tuple[float, float]]]:
    """(deck name, physical cards, card size) for each deck of a kit."""
    out: dict[str, list] = {}
    names = {p.id: p.part_of or p.name for p in kit.pieces if p.kind == "card-back"}
    for p in kit.pieces:
        if p.kind == "card" and p.count > 0 and p.back_id:
            entry = out.setdefault(p.back_id, [names.get(p.back_id, p.back_id), 0, p.size])
            entry[1] += p.count
    return [tuple(v) for v in out.values()]


def _size_name(size: tuple[float, float]) -> str | None:
    return next((n for n, s in CARD_SIZES.items() if abs(s[0] - size[0]) < 0.01 and abs(s[1] - size[1]) < 0.01),
                None)


def check_nine_cards(kit: Kit, extras_limit: int) -> list[str]:
    """Exactly nine poker cards; the components besides them counted against the contest's limit."""
    decks = card_counts(kit)
    total = sum(n for _, n, _ in decks)
    if total != 9:
        held = ", ".join(f"{name} {n}" for name, n, _ in decks) or "no deck"
        raise PnpgenError(f"bgg-9card: the 9-card contest takes exactly 9 cards; this kit has {total} ({held})")
    odd = [f"{name} ({s[0]:g} x {s[1]:g} mm)" for name, _, s in decks if _size_name(s) != "poker-us"]
    if odd:
        raise PnpgenError(f"bgg-9card: the contest's cards are poker size, 63.5 x 88.9 mm; not {', '.join(odd)}")
    others: dict[str, int] = {}
    for p in kit.pieces:
        if p.kind in ("token", "board", "area-card") and p.count > 0:
            others[p.kind] = others.get(p.kind, 0) + p.count
    n = sum(others.values())
    words = ", ".join(f"{k.replace('-', ' ')}s {v}" for k, v in others.items())
    line = (f"bgg-9card: 9 cards on one sheet; {n} other component(s)" + (f" ({words})" if words else "")
            + f" against the contest's limit of {extras_limit} (cubes, coins, dice and the like)")
    if n > extras_limit:
        raise PnpgenError(line + f": {n - extras_limit} too many")
    return [line + ": within it"]


def check_game_crafter(kit: Kit, _limit: int) -> list[str]:
    """Every deck at a size The Game Crafter prints."""
    lines = []
    for name, n, size in card_counts(kit):
        product = _size_name(size)
        if product not in TGC_PIXELS:
            sizes = ", ".join(f"{k} ({w} x {h} px)" for k, (w, h) in TGC_PIXELS.items())
            raise PnpgenError(f"thegamecrafter: {name} cards are {size[0]:g} x {size[1]:g} mm; The Game Crafter "
                              f"prints {sizes}")
        w, h = TGC_PIXELS[product]
        lines.append(f"thegamecrafter: {name}: {n} cards, {product}, {w} x {h} px PNGs with bleed")
    return lines


PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("home", "the home printer: PDF sheets and SVGs (or what --format says)"),
    Profile("drivethrucards", "DriveThruCards: one PDF per deck, a card a page with 1/8 in bleed, face then back",
            formats=("card-pdf",), cards=CardFormat(SHOP_BLEED, SHOP_SIZES), prints=CARDS,
            leaves_out="DriveThruCards prints cards only; print these from the home kit (pnpgen build GAME)"),
    Profile("thegamecrafter", "The Game Crafter: a PNG per card face and back at their pixel sizes (825 x 1125 "
            "for poker)", formats=("png",), cards=CardFormat(SHOP_BLEED, SHOP_SIZES), dpi=300,
            png_bleed=(True,), png_kinds=CARDS, check=check_game_crafter, prints=CARDS,
            leaves_out="The Game Crafter prints these as products of their own fixed sizes (boards, mats, punchout "
                       "sheets), which this profile does not lay out; print them from the home kit, or fit "
                       "their PNGs (--format png) to those products' templates"),
    Profile("bgg-9card", "the BoardGameGeek 9-card contest: exactly nine poker cards on one sheet, then their "
            "backs", formats=("nine-card",), cards=CardFormat(None, SHOP_SIZES), check=check_nine_cards,
            prints=CARDS, leaves_out="the contest's file is the nine-card sheet; print the rest from the home kit"),
)}


def profile_named(name: str) -> Profile:
    """A profile by name."""
    try:
        return PROFILES[name]
    except KeyError:
        raise PnpgenError(f"unknown profile '{name}' (expected one of: {', '.join(PROFILES)})") from None


def with_profile(options, profile: Profile):
    """Build options as a profile sets them (formats, card format, PNG choices)."""
    changes = {k: v for k, v in (("formats", profile.formats), ("cards", profile.cards), ("dpi", profile.dpi),
                                 ("png_bleed", profile.png_bleed), ("png_kinds", profile.png_kinds))
               if v is not None}
    return replace(options, **changes)
