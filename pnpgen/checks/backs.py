"""Backs that keep a draw secret: decks whose cards mix in one draw pile or hand must show one back."""

from __future__ import annotations

from ..engine.api import DeckGroup, engine_for
from ..errors import Problems
from ..model import Game
from ..model.cards import Deck, card_size_mm
from ..source.fields import did_you_mean


def deck_groups(game: Game) -> list[tuple[DeckGroup, object]]:
    """(group, where to report it) for every group of decks that mix: the engine's, then the pack's own
    `shuffled_together:` declarations."""
    engine = engine_for(game)
    out: list[tuple[DeckGroup, object]] = []
    if engine is not None:
        out += [(g, game.engine_loc or game.loc) for g in engine.shuffled_together(game)]
    out += [(DeckGroup(s.decks, "shuffled_together", s.why or "declared in game.yaml"), s.loc)
            for s in game.shuffled_together]
    return out


def back_look(game: Game, deck: Deck) -> tuple:
    """What a deck's back shows a player across the table: colour, words, picture, template, mark and card size."""
    b = deck.back
    return (game.colour(b.colour), b.text, b.template, b.image.ref if b.image else None,
            deck.mark if b.mark else "", card_size_mm(deck.card_size))


def describe_back(game: Game, deck: Deck) -> str:
    """A deck's back in a few words, for an error."""
    b = deck.back
    words = [f"colour {b.colour}"]
    if b.text:
        words.append("text '" + b.text.replace("\n", " / ") + "'")
    if b.image:
        words.append(f"picture {b.image.ref}")
    if b.template:
        words.append(f"template {b.template}")
    if deck.mark and b.mark:
        words.append(f"mark {deck.mark}")
    if deck.card_size:
        words.append(f"size {deck.card_size}")
    return ", ".join(words)


def check(game: Game, p: Problems) -> None:
    """An error for each group of decks that mix in one draw pile or hand but show different backs (at the back
    that differs from the group's first deck's), naming the decks and the rule that mixes them."""
    decks = {d.id: d for d in game.decks}
    for group, loc in deck_groups(game):
        known = []
        for did in group.decks:
            if did in decks:
                known.append(decks[did])
            elif group.rule == "shuffled_together":  # an engine names only decks the pack has
                p.error(loc, f"shuffled_together: unknown deck '{did}' (decks: {', '.join(decks) or 'none'})"
                        + did_you_mean(did, decks))
        if len(known) < 2:
            continue
        first = known[0]
        for other in known[1:]:
            if back_look(game, other) != back_look(game, first):
                rule = "game.yaml's shuffled_together" if group.rule == "shuffled_together" else \
                    f"rules: {group.rule}"
                p.error(other.back.loc or other.loc,
                        f"deck '{other.id}' and deck '{first.id}' are shuffled together ({rule}: {group.why}), but "
                        f"their backs differ, so a player can tell which the next card is: '{first.id}' has "
                        f"{describe_back(game, first)}; '{other.id}' has {describe_back(game, other)}. Give them "
                        "one back (a mark that tells them apart goes on the face: back: {mark: false})")
