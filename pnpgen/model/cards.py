"""Card actions, card types and decks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc
from ..source.declare import (
    COLOUR,
    ID,
    INVALID,
    MAPPING,
    NAME,
    NUMBER,
    REQUIRED,
    STR,
    TEMPLATE,
    TEXT,
    TITLED,
    Derived,
    Fixed,
    Holder,
    Kind,
    ListOf,
    OneOf,
    Pattern,
    Record,
    Table,
    declarations,
    declared,
    did_you_mean,
    record,
)
from ..source.sheets import NESTED
from .images import IMAGE, ImageRef
from .provisional import provisional_field

FIELD_KINDS = ("text", "int", "bool", "choice", "suit", "icon", "icon-counts", "manoeuvre", "shots")
DEFAULT_BACK = "#1b3a5c"
DECK_MARK = Pattern(r"^\s*\S(.?\S)?\s*$", "a letter or two (up to 3 characters)",
                    "a deck mark is a letter or two (up to 3 characters), got '{value}'")

# Named card sizes, trim in mm (width, height): the metric poker card, and the inch sizes print shops use.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "poker-us": (63.5, 88.9),  # 2.5 x 3.5 in
    "bridge": (57.15, 88.9),  # 2.25 x 3.5 in
    "tarot": (69.85, 120.65),  # 2.75 x 4.75 in
    "mini": (44.45, 63.5),  # 1.75 x 2.5 in
    "square": (63.5, 63.5),  # 2.5 x 2.5 in
}
CARD_SIZE = OneOf((STR.bounded(None, None, tuple(CARD_SIZES)),
                   Fixed((NUMBER.bounded(20, 300, None), NUMBER.bounded(20, 300, None)),
                         "[width, height] in mm, each from 20 to 300")),
                  "a card size: " + ", ".join(CARD_SIZES) + ", or [width, height] in mm")


def card_size_mm(size: str | tuple[float, float] | None) -> tuple[float, float] | None:
    """A deck's card size in mm: a named size looked up, [w, h] as given, None for the template's."""
    if size is None or isinstance(size, tuple):
        return size
    return CARD_SIZES[size]


@record("action")
@dataclass(frozen=True)
class Action:
    """What a card does, as fields the rules engine reads and the card text is made from."""

    id: str = declared("the action's id, as cards name it", from_key=True)
    name: str = declared("the name printed on its cards", default=TITLED)
    kind: str = declared("what it does (sail, fire, duty, wind ...: the game's engine says which kinds it knows)")
    plan_area: str | None = declared("the Plan area whose cube the card spends", key="plan", default=None)
    headings: tuple[int, ...] = declared("sail: the headings allowed at each step, in sixths of a turn from "
                                         "straight downwind", default=(), min=-3, max=3)
    steps: tuple[int, ...] = declared("sail: the numbers of steps allowed", default=(), min=1, max=10)
    pass_through: bool = declared("sail: whether a ship may pass an occupied hex before its last step",
                                  default=False)
    range: int | None = declared("fire: the exact range in hexes", default=None, min=0, max=50)
    damage: int | None = declared("fire: the crew it strikes", default=None, min=0, max=50)
    heal: int | None = declared("duty: the crew it brings back", default=None, min=0, max=50)
    icon: str | None = declared("an icon printed with its text", default=None)
    text: str = declared("the text printed when the engine does not write it", default="")
    loc: Loc | None = field(default=None, compare=False, repr=False)
    provisional: str = provisional_field("why its values are not final: the cover lists it, `check` counts it")
    plan_loc: Loc | None = field(default=None, compare=False, repr=False)  # where its `plan` is written


def _card_id(mapping: Any) -> str | None:
    parts = [mapping[k] for k in ("suit", "action") if isinstance(mapping.get(k), str)]
    return "-".join(parts) or None


@record("card")
@dataclass(frozen=True)
class CardType:
    """One kind of card: its id, suit, action, how many copies, and extra fields."""

    id: str = declared("the card's id", kind=ID, default=Derived("<suit>-<action>", _card_id))
    name: str = declared("the name printed", default=Derived("the action's name, else the id titled"))
    deck: str = ""  # the deck it is in
    suit: str | None = declared("its suit (none: a neutral card)", default=None)
    action: Action | None = declared("the id of what it does (an action)", kind=NAME, default=None)
    count: int = declared("how many copies", default=1, min=0, max=1000)
    text: str = declared("text printed on it", default="")
    template: str | None = declared("its layout template (default: its deck's)", kind=TEMPLATE, default=None)
    fields: tuple[tuple[str, Any], ...] = declared("values of the card fields its deck declares", kind=MAPPING,
                                                   default=())
    loc: Loc | None = field(default=None, compare=False, repr=False)
    provisional: str = provisional_field()
    image: ImageRef | None = declared("a picture printed in its art box, in place of a rules diagram (PNG, JPEG "
                                      "or SVG in the pack)", kind=IMAGE, default=None)

    def field(self, name: str, default: Any = None) -> Any:
        """An extra field by name."""
        return dict(self.fields).get(name, default)


class CardList(Holder):
    """A deck's cards: a list of them, or a file in the pack that holds them (a CSV or XLSX sheet with a row per
    card, or a YAML list)."""

    words = "a list of cards, or a CSV, XLSX or YAML file in the pack"
    empty = ()

    def __init__(self, item: Kind):
        self.items = ListOf(item)

    def read(self, v: Any, at: Any) -> Any:
        if isinstance(v, str):
            data = at.reading.open(v, at.loc) if at.reading.open is not None else None
            if data is None:  # (reported where the file is named, or in the file)
                return INVALID
            v = self.known_columns(data, at)
        return self.items.read(v, at)

    def known_columns(self, rows: Any, at: Any) -> Any:
        """A sheet's rows with the columns that name no card field reported once, at the header, and left out."""
        known = [d.key for d in declarations(CardType) if not d.spec.from_key]
        for title, loc in getattr(rows, "columns", ()):
            prefix, dot, rest = title.partition(".")
            if (prefix if dot and prefix in NESTED and rest else title) in known:
                continue
            hint = did_you_mean(title, known) or f" (expected: {', '.join(sorted(known))}, or fields.NAME)"
            at.bad(f"unknown field '{title}'{hint}", loc)
            for row in rows:
                row.pop(title, None)
        return rows

    def schema(self) -> dict:
        return {"anyOf": [{"type": "string", "description": "a CSV, XLSX or YAML file in the pack that holds them"},
                          self.items.schema()]}

    def doc(self) -> str:
        return f"{self.items.doc()}, or a CSV, XLSX or YAML file holding them"

    def held(self) -> Kind:
        return self.items.item


@record("field", within="{} ")
@dataclass(frozen=True)
class FieldSpec:
    """A card field a deck declares: label, kind and bounds, so values are checked and printed alike."""

    id: str = declared("the field's id, as cards name it under 'fields'", from_key=True)
    label: str = declared("its label, printed on the card", default=Derived(
        "the id, '_' as spaces, capitalised", lambda values: str(values["id"]).replace("_", " ").capitalize()))
    kind: str = declared("what its values are: text, int, bool, choice, suit, icon, icon-counts ({icon: whole "
                         "number}), or square-grid moves and shots (manoeuvre, shots)", default="text",
                         choices=FIELD_KINDS)
    min: int | None = declared("int and icon-counts: the least value", default=None)
    max: int | None = declared("int and icon-counts: the greatest value", default=None)
    choices: tuple[str, ...] = declared("choice: the values allowed", kind=ListOf(TEXT), default=())
    required: bool = declared("whether every card must give it", default=False)
    show: bool = declared("whether it is printed on the card face (false: for rules checks only)", default=True)
    index: bool = declared("int: the deck's index, printed in the card's top-left corner where a fanned hand "
                           "shows it (one field a deck at most)", default=False)
    loc: Loc | None = field(default=None, compare=False, repr=False)


@record("back", within="{} ")
@dataclass(frozen=True)
class Back:
    """The back printed on every card of a deck."""

    colour: str = declared("its colour", kind=COLOUR, default=DEFAULT_BACK)
    text: str = declared("text printed on it", default="")
    template: str | None = declared("its layout template", kind=TEMPLATE, default=None)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    image: ImageRef | None = declared("a picture printed on it, by default in place of the template's icon (PNG, "
                                      "JPEG or SVG in the pack)", kind=IMAGE, default=None)
    mark: bool = declared("whether the deck's mark prints on the back too (false for a deck shuffled together with "
                          "others: on the face only, the mark gives nothing away)", default=True)


@record("shuffle", by_id=False, within="{} ")
@dataclass(frozen=True)
class ShuffledTogether:
    """Decks whose cards can end up in one draw pile or one hand, so that their backs must not tell them apart."""

    decks: tuple[str, ...] = declared("the ids of the decks", kind=ListOf(NAME))
    why: str = declared("the rule that brings them together, in a few words (named in the error when their backs "
                        "differ)", default="")
    loc: Loc | None = field(default=None, compare=False, repr=False)


@record("deck")
@dataclass(frozen=True)
class Deck:
    """A deck: its card types and the back printed on every card."""

    id: str = declared("the deck's id", kind=ID)
    name: str = declared("its name", default=TITLED)
    cards: tuple[CardType, ...] = declared("its cards: a list, or a spreadsheet (CSV, XLSX) or YAML file in the pack "
                                           "with a row per card", kind=CardList(Record(CardType)), default=(),
                                           required_doc="unless it has cards_from", model_default=REQUIRED)
    back: Back = declared("the back printed on every card", default=Back())
    card_template: str | None = declared("the layout template of its cards", key="template", kind=TEMPLATE,
                                         default=None)
    declared_count: int | None = declared("how many physical cards it holds (check compares)", key="count",
                                          default=None, min=0)
    loc: Loc | None = field(default=None, compare=False, repr=False)
    suits: tuple[str, ...] = declared("the suits its cards may have (empty: any suit of the game)", default=())
    field_specs: tuple[FieldSpec, ...] = declared("the card fields its cards give, by id", key="fields",
                                                  kind=Table(Record(FieldSpec)), default=())
    copy_of: str | None = declared("the id of a deck whose cards it repeats (with its own back)", key="cards_from",
                                   kind=NAME, default=None)
    mark: str = declared("a letter or two printed on every face and back, so decks that share card types can be "
                         "sorted apart", kind=DECK_MARK, default="")
    owner: int | None = declared("the player it belongs to (a starting deck): it prints on sheets of its own, "
                                 "needed only when that many or more play", default=None, min=1, max=8)
    provisional: str = provisional_field()
    card_size: str | tuple[float, float] | None = declared(
        "its cards' trim: poker (63 x 88 mm), poker-us (63.5 x 88.9), bridge (57.15 x 88.9), tarot (69.85 x "
        "120.65), mini (44.45 x 63.5), square (63.5 x 63.5), or [width, height] in mm; the face template's layout "
        "is scaled to fit (default: the template's size)", key="size", kind=CARD_SIZE, default=None)

    @property
    def back_template(self) -> str | None:
        """The layout template of the back."""
        return self.back.template

    @property
    def back_colour(self) -> str:
        """The back's colour."""
        return self.back.colour

    @property
    def back_text(self) -> str:
        """Text printed on the back."""
        return self.back.text

    @property
    def size(self) -> int:
        """Number of physical cards."""
        return sum(c.count for c in self.cards)

    def card_ids(self) -> list[str]:
        """One id per physical card, in content order."""
        return [c.id for c in self.cards for _ in range(c.count)]
