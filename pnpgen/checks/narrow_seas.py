"""Narrow Seas component checks: what the rulebook's component list implies, from the rules numbers;
for each variant (the four-player team game) too, as the game is played that way."""

from __future__ import annotations

from collections import Counter

from ..engine.narrow_seas import params as ns_params
from ..engine.narrow_seas.game import SICK_BAY, ship_cards
from ..errors import ContentErrors, Problems
from ..maths.hexgrid import distance
from ..model import Game, Variant
from . import generic, narrow_seas_play
from .registry import GameChecks

KINDS = ("sail", "fire", "duty", "wind")


def check(game: Game, p: Problems) -> None:
    """Component counts and card structure as the Narrow Seas rules describe them."""
    check_hex_suits(game, p)  # (a ship sails by its hex's suit: before the play analysis, which assumes one)
    structure_ok = not p.errors  # the play analysis needs a sound board and decks
    before = len(p.errors)
    prm = ns_params.read(game, p)
    params_ok = len(p.errors) == before
    check_cards(game, p)
    if len(p.errors) == before:  # the component checks below need sound rules numbers
        check_ships(game, prm, p)
        check_tokens(game, prm, p)
    if not p.errors:  # a problem of the game itself would show again in each variant
        for v in game.variants:
            check_variant(game, v, p)
    if params_ok and structure_ok:  # whether play is possible: sailing, reach, cannon ranges, setup, dead cards
        narrow_seas_play.analyse_all(game, p)


def check_hex_suits(game: Game, p: Problems) -> None:
    """Every hex of a board has a suit: a ship sails by the cards of its hex's suit (any game's map may leave one
    out; this game's may not)."""
    for board in game.boards:
        for h in getattr(board, "hexes", ()):
            if h.suit is None:
                p.error(h.loc, f"board '{board.id}': hex [{h.q}, {h.r}] has no suit (a ship sails by the cards "
                        "of its hex's suit)")


def check_cards(game: Game, p: Problems) -> None:
    """Every suit holds the same actions once; neutral cards are Wind cards; card kinds known."""
    for a in game.actions:
        if a.kind not in KINDS:
            p.error(a.loc, f"action '{a.id}': kind '{a.kind}' is not one of {', '.join(KINDS)}")
        elif a.kind == "sail" and any(abs(h) == 3 for h in a.headings):
            p.error(a.loc, f"action '{a.id}': heading {3 if 3 in a.headings else -3} is straight upwind, "
                    "where no ship may sail")
        elif a.kind == "fire" and a.range == 0:
            p.error(a.loc, f"action '{a.id}': range 0 would fire at the firing ship's own hex, which no other "
                    "ship can share; expected a range of at least 1")
        elif a.kind == "duty" and a.heal == 0:
            p.error(a.loc, f"action '{a.id}': heal 0 brings no crew back, so the card could never be played; "
                    "expected at least 1")
    for deck in game.decks:
        per_suit = {s: Counter() for s in game.suit_ids}
        for c in deck.cards:
            if c.action is None:
                p.error(c.loc, f"card '{c.id}' has no action")
                continue
            if c.suit is None and c.action.kind != "wind":
                p.error(c.loc, f"card '{c.id}': only Wind cards may have no suit")
            if c.suit is not None:
                per_suit[c.suit][c.action.id] += c.count
        suits = [s for s in per_suit if per_suit[s]]
        if not suits:
            continue
        acts = list(dict.fromkeys(a for s in suits for a in per_suit[s]))
        for s in suits:
            missing = [a for a in acts if not per_suit[s][a]]
            if missing:
                p.error(deck.loc, f"deck '{deck.id}': suit '{s}' lacks the action(s): {', '.join(missing)} "
                        "(every suit holds the same actions)")
        for a in acts:
            held = {s: per_suit[s][a] for s in suits if per_suit[s][a]}
            if len(set(held.values())) > 1:
                p.error(deck.loc, f"deck '{deck.id}': the suits hold different numbers of {a} cards "
                        f"({', '.join(f'{s} {n}' for s, n in held.items())})")
        for s in game.suit_ids:
            if not per_suit[s]:
                p.error(deck.loc, f"deck '{deck.id}': suit '{s}' has no cards")


def check_ships(game: Game, prm, p: Problems) -> None:
    """Ship cards per player, crew per ship, plan areas, one sick bay."""
    ships = ship_cards(game)
    need = max(game.players) * prm.ships_per_player
    owners = Counter(s.owner for s in ships)
    if min(game.players) == 2 and len([s for s in ships if s.owner in (1, 2)]) != 2 * prm.ships_per_player:
        p.error(game.loc, f"the two-player game needs {2 * prm.ships_per_player} ship cards "
                f"({prm.ships_per_player} per player), found {len(ships)}")
    for player in range(1, max(game.players) + 1):
        if owners[player] != prm.ships_per_player and len(ships) >= need:
            p.error(game.loc, f"player {player} owns {owners[player]} ship cards, expected {prm.ships_per_player}")
    for s in ships:
        if s.owner is None:
            p.error(s.loc, f"ship card '{s.id}' has no owner")
        if s.crew != prm.crew_per_ship:
            p.error(s.loc, f"ship card '{s.id}': crew {s.crew}, expected {prm.crew_per_ship} (rules crew_per_ship)")
        ids = [a.id for a in s.areas]
        missing = [a for a in (*prm.plan_areas, "spent") if a not in ids]
        if missing:
            p.error(s.loc, f"ship card '{s.id}' lacks the area(s): {', '.join(missing)}")
        small = [a for a in s.areas if a.capacity < prm.crew_per_ship]
        if small:
            p.error(small[0].loc, f"ship card '{s.id}': area(s) {', '.join(a.id for a in small)} hold fewer than "
                    f"{prm.crew_per_ship} cubes (rules crew_per_ship)")
    bays = [a for a in game.area_cards if a.kind == SICK_BAY]
    if len(bays) != 1:
        p.error(game.loc, f"expected 1 shared sick bay card, found {len(bays)}")


def check_tokens(game: Game, prm, p: Problems) -> None:
    """A marker and crew tokens for every ship; one wind token; one first-player marker."""
    kinds = Counter()
    for t in game.tokens:
        kinds[t.kind] += t.count
    nships = len(ship_cards(game))
    if kinds["ship"] != nships:
        p.error(game.loc, f"expected {nships} ship markers (one per ship card), found {kinds['ship']}")
    if kinds["crew"] != nships * prm.crew_per_ship:
        p.error(game.loc, f"expected {nships * prm.crew_per_ship} crew tokens ({prm.crew_per_ship} per ship), "
                f"found {kinds['crew']}")
    if kinds["wind"] != 1:
        p.error(game.loc, f"expected 1 wind token, found {kinds['wind']}")
    for t in game.tokens:
        if t.kind == "wind" and len(t.edges) != 6:
            p.error(t.loc, f"token '{t.id}': a wind token needs 6 edge labels (clockwise from the wind), "
                    f"found {len(t.edges)}")
    if kinds["first-player"] < 1:
        p.error(game.loc, "expected a first-player marker")


def check_variant(game: Game, v: Variant, p: Problems) -> None:
    """The game as a variant plays it: generic and Narrow Seas checks, its setup, its starting hexes.

    Problems already reported for the game itself are not repeated.
    """
    played = game.with_variant(v.id)
    sub = Problems(limit=10_000)
    try:
        generic.check(played, sub, CHECKS)
        check_hex_suits(played, sub)
        before = len(sub.errors)
        prm = ns_params.read(played, sub)
        check_cards(played, sub)
        if len(sub.errors) == before:
            ns_params.setup_problems(played, prm, v.players, sub)
            check_ships(played, prm, sub)
            check_tokens(played, prm, sub)
            if prm.teams:
                check_team_token(played, v, sub)
            check_starts(played, prm, v, sub)
    except ContentErrors:
        pass
    seen = {str(e) for e in (*p.errors, *p.warnings)}
    for e in sub.errors:
        if str(e) not in seen:
            seen.add(str(e))
            p.error(e.loc, e.message)
    for w in sub.warnings:
        if str(w) not in seen:
            seen.add(str(w))
            p.warn(w.loc, w.message)


def check_team_token(game: Game, v: Variant, p: Problems) -> None:
    """A team game's first-player token shows a team on each side."""
    if not any(t.kind == "first-player" and t.double_sided for t in game.tokens):
        p.error(v.loc, f"variant '{v.id}': the first-player token of a team game needs two sides (one per team: "
                "give it a back_colour or back_label)")


def check_starts(game: Game, prm, v: Variant, p: Problems) -> None:
    """Prescribed starts: one hex on the board per ship, all different, and (if asked) apart from enemies."""
    if prm.placement != "prescribed":
        return
    board = next((b for b in game.boards if b.id == prm.board), None) if prm.board else game.board
    if board is None:
        return
    ships = [s for s in ship_cards(game) if s.owner is not None and s.owner <= v.players]
    owner = {s.id: s.owner for s in ships}
    starts = dict(board.starts)
    where = board.loc
    for sid in starts:
        if sid not in owner:
            p.error(where, f"board '{board.id}': a start is given for '{sid}', which is not a ship of the "
                    f"{v.players}-player game ({', '.join(owner)})")
    missing = [sid for sid in owner if sid not in starts]
    if missing:
        p.error(where, f"board '{board.id}': no start hex for ship(s) {', '.join(missing)} (variant '{v.id}' has "
                "placement: prescribed)")
    by_hex: dict = {}
    for sid, c in starts.items():
        if c in by_hex:
            p.error(where, f"board '{board.id}': ships {by_hex[c]} and {sid} start on the same hex {list(c)}")
        by_hex.setdefault(c, sid)
    if not prm.starts_keep_distance:
        return
    team = {pl: t.id for t in prm.teams for pl in t.players}
    side = {sid: team.get(o, o) for sid, o in owner.items()}
    lo, exact = prm.placement_min_enemy_distance, prm.placement_exact_enemy_distance
    for sid, c in starts.items():
        if sid not in side:
            continue
        foes = [(distance(c, c2), s2) for s2, c2 in starts.items() if s2 in side and side[s2] != side[sid]]
        if not foes:
            continue
        near = min(foes)
        if near[0] < lo:
            p.error(where, f"board '{board.id}': ship {sid} starts {near[0]} hexes from enemy ship {near[1]}, nearer "
                    f"than placement_min_enemy_distance ({lo})")
        elif not any(d == exact for d, _ in foes):
            p.error(where, f"board '{board.id}': ship {sid} starts exactly {exact} hexes from no enemy ship "
                    "(placement_exact_enemy_distance)")



def counts(game: Game) -> dict[str, int]:
    """The components a Narrow Seas pack's `counts:` may declare beyond the generic ones."""
    return {"ship_cards": len(ship_cards(game)),
            "sick_bays": sum(1 for a in game.area_cards if a.kind == SICK_BAY)}


def summary(game: Game) -> list[str]:
    """Ship cards, sick bays and any other area cards, for the summary line."""
    c = counts(game)
    others = len(game.area_cards) - c["ship_cards"] - c["sick_bays"]
    words = ((c["ship_cards"], "ship card", "ship cards"), (c["sick_bays"], "sick bay", "sick bays"),
             (others, "other card", "other cards"))
    return [f"{n} {one if n == 1 else many}" for n, one, many in words if n]


CHECKS = GameChecks(check, counts, summary)
