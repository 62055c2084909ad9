"""Enemy in Sight checks: what the rules imply for the Ship deck, the Action deck, chits and the score pad."""

from __future__ import annotations

from collections import Counter

from ..engine.enemy_in_sight import params as eis_params
from ..engine.enemy_in_sight.names import (
    ACTION_DECK,
    BLACK,
    BLACK_ACTIONS,
    BLOCKADE,
    BREAK_THE_LINE,
    BROADSIDES,
    FIRE,
    GUNNERY,
    RAKE,
    RED,
    RED_ACTIONS,
    SHIP_DECK,
    STRIKE,
)
from ..errors import Problems
from ..model import CardType, Deck, Game
from .registry import GameChecks

SHIP_FIELDS = ("rating", "hull", "rigging", "value")
GRAPE_SHOT_MAX = 2  # a valid Broadsides and a Rake: the most Grape Shot adds to (or takes from) a boarding roll


def check(game: Game, p: Problems) -> None:
    """Decks, hand capacity, Broadside ratings, Line Breaker flags, chits and the score pad."""
    before = len(p.errors)
    prm = eis_params.read(game, p)
    ships, actions = deck(game, SHIP_DECK, p), deck(game, ACTION_DECK, p)
    if len(p.errors) != before:
        return  # the checks below need sound rules numbers and both decks
    check_ship_deck(game, ships, prm, p)
    check_hand(game, actions, prm, p)
    check_action_deck(game, actions, p)
    check_broadsides(ships, actions, p)
    check_line_breakers(game, ships, actions, prm, p)
    check_chits(game, actions, prm, p)
    check_dice(game, prm, p)
    check_score_pad(game, p)
    check_play(game, ships, actions, prm, p)


def deck(game: Game, did: str, p: Problems) -> Deck | None:
    """A deck the rules need, by id; an error when the content lacks it."""
    d = next((d for d in game.decks if d.id == did), None)
    if d is None:
        p.error(game.loc, f"Enemy in Sight needs a deck with id '{did}' (decks: "
                f"{', '.join(x.id for x in game.decks) or 'none'})")
    return d


def ship_rating(card: CardType) -> int | None:
    """A ship card's rating, or None when absent."""
    r = card.field("rating")
    return r if isinstance(r, int) else None


def check_ship_deck(game: Game, ships: Deck, prm, p: Problems) -> None:
    """Ships declare rating, Hull, Rigging and Value; the deck deals every player and shows the next ship."""
    declared = {s.id for s in ships.field_specs}
    missing = [f for f in SHIP_FIELDS if f not in declared]
    if missing:
        p.error(ships.loc, f"deck '{ships.id}': a ship needs the field(s) {', '.join(missing)} "
                "(declare them under 'fields:' with kind: int)")
    for c in ships.cards:
        if c.suit is None:
            p.error(c.loc, f"ship '{c.id}' has no nation (its suit)")
        r = ship_rating(c)
        if r is not None and r > prm.die_sides:
            p.error(c.loc, f"ship '{c.id}': rating {r} can never run aground on a {prm.die_sides}-sided die "
                    "(Run Aground sinks on a roll at or above the rating)")
    need = prm.ships_dealt * max(game.players) + 1
    if ships.size < need:
        p.error(ships.loc, f"deck '{ships.id}' holds {ships.size} ships; dealing {prm.ships_dealt} to each of "
                f"{max(game.players)} players and showing the next one needs at least {need}")


def check_hand(game: Game, actions: Deck, prm, p: Problems) -> None:
    """Hand capacity bounds, and an Action deck that lasts past the deal."""
    rules = game.rules
    if prm.hand_capacity_no_line > prm.hand_capacity_min:
        p.error(rules.loc("hand_capacity_no_line"), f"rules: 'hand_capacity_no_line' ({prm.hand_capacity_no_line}) "
                f"is above 'hand_capacity_min' ({prm.hand_capacity_min}): losing the Line would raise the hand")
    start_capacity = max(prm.hand_capacity_min, prm.ships_dealt)
    if prm.actions_dealt > start_capacity:
        p.error(rules.loc("actions_dealt"), f"rules: 'actions_dealt' ({prm.actions_dealt}) is above the starting "
                f"hand capacity ({start_capacity}: {prm.ships_dealt} ships in the Line, at least "
                f"{prm.hand_capacity_min})")
    players = max(game.players)
    if actions.size <= prm.actions_dealt * players:
        p.error(actions.loc, f"deck '{actions.id}' holds {actions.size} cards; dealing {prm.actions_dealt} to each "
                f"of {players} players leaves none to draw, so the first round would end at once")
    elif actions.size < players * prm.hand_capacity_min:
        p.error(actions.loc, f"deck '{actions.id}' holds {actions.size} cards, fewer than {players} full hands of "
                f"{prm.hand_capacity_min}")


def check_action_deck(game: Game, actions: Deck, p: Problems) -> None:
    """Every Action card is Red or Black and has its action; Red cards are events, Black cards are not."""
    for c in actions.cards:
        if c.suit not in (RED, BLACK):
            p.error(c.loc, f"card '{c.id}': an Action card is Red or Black (suit red or black)")
        if c.action is None:
            p.error(c.loc, f"card '{c.id}' has no action")
            continue
        if c.suit == RED and c.action.kind != "event":
            p.error(c.loc, f"card '{c.id}': a Red card strikes whoever draws it; its action "
                    f"'{c.action.id}' must have kind 'event', not '{c.action.kind}'")
        if c.suit == BLACK and c.action.kind == "event":
            p.error(c.loc, f"card '{c.id}': action '{c.action.id}' is a Red event but the card is Black")
    held = {c.action.id for c in actions.cards if c.action}
    for a in game.actions:
        if a.id not in held:
            p.error(a.loc, f"action '{a.id}' is on no card of deck '{actions.id}'")


def check_broadsides(ships: Deck, actions: Deck, p: Problems) -> None:
    """Every Broadside card has a rating that some ship of the Ship deck can fire (ship rating <= card rating)."""
    ratings = sorted({r for c in ships.cards if (r := ship_rating(c)) is not None})
    for c in actions.cards:
        if c.action is None or c.action.id != BROADSIDES:
            continue
        r = c.field("rating")
        if not isinstance(r, int):
            p.error(c.loc, f"card '{c.id}': a Broadsides card needs a 'rating' field")
        elif not ratings or ratings[0] > r:
            best = f"the best ship is rated {ratings[0]}" if ratings else "the Ship deck has no rated ships"
            p.error(c.loc, f"card '{c.id}': no ship can fire it: it needs a ship rated {r} or better, and {best}")


def check_line_breakers(game: Game, ships: Deck, actions: Deck, prm, p: Problems) -> None:
    """Each Break The Line card flies a nation of the Ship deck, with enough Line Breaker chits of that nation."""
    nations = {c.suit for c in ships.cards if c.suit}
    flags: Counter = Counter()
    for c in actions.cards:
        if c.action is None or c.action.id != BREAK_THE_LINE:
            continue
        flag = c.field("flag")
        if flag is None:
            p.error(c.loc, f"card '{c.id}': a Break The Line card needs a 'flag' field (a nation)")
        elif flag not in nations:
            p.error(c.loc, f"card '{c.id}': flag '{flag}' is no nation of the Ship deck "
                    f"({', '.join(sorted(nations))})")
        else:
            flags[flag] += c.count
    chits = Counter()
    for t in game.tokens:
        if t.kind == "line-breaker":
            if t.suit is None:
                p.error(t.loc, f"token '{t.id}': a Line Breaker chit needs a 'suit' (its nation)")
            chits[t.suit] += t.count
    for nation, cards in sorted(flags.items()):
        need = cards * prm.line_breakers_max
        if chits[nation] < need:
            p.error(game.loc, f"Line Breaker chits: {cards} Break The Line card(s) fly the {nation} flag and each "
                    f"marks up to {prm.line_breakers_max} ships, so {need} {nation} chits are needed; "
                    f"found {chits[nation]}")


def check_chits(game: Game, actions: Deck, prm, p: Problems) -> None:
    """A Fire chit for every Fire card; Strike chits for a whole starting Line."""
    kinds = Counter()
    for t in game.tokens:
        kinds[t.kind] += t.count
    fires = sum(c.count for c in actions.cards if c.action and c.action.id == FIRE)
    if kinds["fire"] < fires:
        p.error(game.loc, f"expected at least {fires} Fire chits (one per Fire card), found {kinds['fire']}")
    if kinds["strike"] < prm.ships_dealt:
        p.error(game.loc, f"expected at least {prm.ships_dealt} Strike chits (a whole starting Line may strike), "
                f"found {kinds['strike']}")


def check_dice(game: Game, prm, p: Problems) -> None:
    """Die-roll thresholds that some roll can reach."""
    rules = game.rules
    if not prm.boarding_capture < prm.boarding_success:
        p.error(rules.loc("boarding_capture"), f"rules: 'boarding_capture' ({prm.boarding_capture}) must be below "
                f"'boarding_success' ({prm.boarding_success})")
    if prm.fire_ship_sinks > prm.die_sides + prm.fire_ship_bonus:
        p.error(rules.loc("fire_ship_sinks"), f"rules: 'fire_ship_sinks' ({prm.fire_ship_sinks}) is above the best "
                f"roll ({prm.die_sides} + {prm.fire_ship_bonus}): a Fire Ship could never sink anything")


def check_score_pad(game: Game, p: Problems) -> None:
    """A score pad (a player aid with blank rows) with a row for every player."""
    rows = max((s.blank_rows for a in game.player_aids for s in a.sections), default=0)
    if rows < max(game.players):
        p.error(game.loc, f"expected a score pad: a player aid section with at least {max(game.players)} "
                f"blank_rows for end-of-round scoring, found {rows}")


def check_play(game: Game, ships: Deck, actions: Deck, prm, p: Problems) -> None:
    """What play needs: an action the engine plays on every card, a Damage on every damage card, cards the turn
    limits let be played, a Red card that can strike someone, rolls that can succeed, VP enough to win."""
    rules = game.rules
    for c in actions.cards:
        a = c.action
        if a is None:
            continue
        if a.id not in RED_ACTIONS + BLACK_ACTIONS:
            p.error(c.loc, f"card '{c.id}': the engine does not know what '{a.id}' does (it plays: "
                    f"{', '.join(RED_ACTIONS + BLACK_ACTIONS)})")
        if a.id in GUNNERY and not isinstance(c.field("damage"), int):
            p.error(c.loc, f"card '{c.id}': a {a.name} card lies on a ship as damage and needs a 'damage' field")
    held = {c.action.id for c in actions.cards if c.action}
    if RAKE in held and prm.rakes_per_turn == 0:
        p.error(rules.loc("rakes_per_turn"), "rules: 'rakes_per_turn' is 0, so no Rake card can ever be played")
    if BLOCKADE in held and prm.blockades_per_player == 0:
        p.error(rules.loc("blockades_per_player"), "rules: 'blockades_per_player' is 0, so no Blockade card can "
                "ever be played")
    if STRIKE in held and prm.strike_hull_below <= 1:
        p.error(rules.loc("strike_hull_below"), f"rules: 'strike_hull_below' is {prm.strike_hull_below}: no ship "
                "afloat has so little Hull left, so the Strike card can never affect anyone")
    if prm.boarding_success > prm.die_sides + GRAPE_SHOT_MAX:
        p.error(rules.loc("boarding_success"), f"rules: 'boarding_success' ({prm.boarding_success}) is above the "
                f"best boarding roll ({prm.die_sides} + {GRAPE_SHOT_MAX} for Grape Shot): a Boarding Party could take "
                "only struck ships")
    if FIRE in held and not 1 < prm.fire_hull_from <= prm.die_sides:
        where = "the Rigging" if prm.fire_hull_from > prm.die_sides else "the Hull"
        p.warn(rules.loc("fire_hull_from"), f"rules: 'fire_hull_from' ({prm.fire_hull_from}) makes every Fire "
                  f"burn in {where} on a {prm.die_sides}-sided die")
    total = sum(vp for c in ships.cards if isinstance(vp := _ship_vp(c), int))
    if total < prm.victory_points:
        p.warn(rules.loc("victory_points"), f"rules: the whole Ship deck is worth {total} VP (Hull plus Rigging), "
                  f"less than the {prm.victory_points} VP to win: only Prizes scored round after round can get there")


def _ship_vp(card: CardType) -> int | None:
    hull, rigging = card.field("hull"), card.field("rigging")
    return hull + rigging if isinstance(hull, int) and isinstance(rigging, int) else None


CHECKS = GameChecks(check)
