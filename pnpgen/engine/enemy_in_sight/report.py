"""Enemy in Sight's lines of the simulation table and its report charts, from a batch's summed figures."""

from __future__ import annotations

from ...maths.stats import rate_text, wilson
from ..api import Chart

TOP_CARDS = 6  # cards named in the table


def _total(result: dict, name: str) -> float:
    return result.get(name, {}).get("total", 0)


def _mean(result: dict, name: str) -> float:
    return result.get(name, {}).get("mean", 0.0)


def _per_game(result: dict, name: str) -> str:
    """A counter's keys with their counts per game: 'gunfire 9.9, fire-ship 2.2'."""
    games = result["games"] or 1
    return ", ".join(f"{k} {v / games:.1f}" for k, v in result.get(name, {}).items()) or "none"


def report_lines(result: dict) -> list[str]:
    """VP at the end, ships lost by cause, captures, Prizes, the Line penalty, Red cards, the most played cards."""
    games = result["games"] or 1
    finished = result["finished"]
    out = [f"VP at the end: first minus last {_mean(result, 'vp_spread'):.1f}, first minus second "
           f"{_mean(result, 'vp_lead'):.1f} (means per game)",
           f"ships per game: sunk by {_per_game(result, 'ships_sunk')}; lost for no VP by "
           f"{_per_game(result, 'ships_lost')}; captured by {_per_game(result, 'captures')}; struck "
           f"{_mean(result, 'ships_struck'):.1f}"]
    gained = _total(result, "winner_gained_vp")
    share = 100 * _total(result, "winner_prize_vp") / gained if gained else 0.0
    needed = wilson(int(_total(result, "wins_needing_prizes")), finished).as_dict()
    out.append(f"Prizes: {_mean(result, 'prizes_to_port'):.2f} taken into Port per game; {share:.0f}% of the "
               f"winners' VP; games won only with Prize VP: {rate_text(needed)} finished")
    ends = _total(result, "player_round_ends")
    paid = _total(result, "line_penalties")
    out.append(f"Line maintenance penalty: paid {paid / games:.2f} times per game, at "
               f"{100 * paid / ends if ends else 0.0:.1f}% of a player's round ends")
    passed = sum(result.get("red_passed_on", {}).values())
    back = sum(result.get("red_returned", {}).values())
    out.append(f"Red cards: passed on {passed / games:.1f} times per game, back to their owner {back / games:.1f}"
               f" times ({_per_game(result, 'red_returned')})")
    plays = result.get("cards_played", {})
    if plays:
        total = sum(plays.values())
        top = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in list(plays.items())[:TOP_CARDS])
        out.append(f"cards played {total / games:.1f} per game: {top}{' …' if len(plays) > TOP_CARDS else ''}")
    return out


LABEL_ROOM = 15  # characters a bar's label has before the bar begins
LOSS_LABELS = {("ships_sunk", "gunfire"): "gunfire", ("ships_sunk", "fire-ship"): "fire ship",
               ("ships_sunk", "break-the-line"): "line broken", ("ships_lost", "run-aground"): "aground (0 VP)",
               ("ships_lost", "explosion"): "blown up (0 VP)", ("captures", "surrender"): "surrendered",
               ("captures", "boarding"): "boarded", ("captures", "repelled boarders"): "boarders taken"}


def card_label(rules, card: str) -> str:
    """A card's label on a bar: its id, or a shorter form (a Break The Line card by its flag)."""
    info = rules.cards.get(card)
    if len(card) <= LABEL_ROOM or info is None:
        return card
    if info.flag:
        return f"break: {info.flag}"[:LABEL_ROOM]
    return card.split("-")[0][:LABEL_ROOM]


def report_charts(rules, result: dict) -> list[Chart]:
    """Each card played, discarded and passed on per game; ships lost per game by cause."""
    games = result["games"] or 1
    cards: dict[str, list[float]] = {}
    for k, name in enumerate(("cards_played", "cards_discarded", "red_passed_on")):
        for card, n in result.get(name, {}).items():
            cards.setdefault(card, [0.0, 0.0, 0.0])[k] = n / games
    played = tuple((card_label(rules, card), round(v[0], 2))
                   for card, v in sorted(cards.items(), key=lambda kv: -kv[1][0]))
    dropped = tuple((card_label(rules, card), round(v[1] + v[2], 2))
                    for card, v in sorted(cards.items(), key=lambda kv: -(kv[1][1] + kv[1][2])))
    lost = tuple((LOSS_LABELS.get((name, cause), cause[:LABEL_ROOM]), round(n / games, 2))
                 for name in ("ships_sunk", "ships_lost", "captures") for cause, n in result.get(name, {}).items())
    return [Chart("cards-played", "Cards played per game", "bars", played, label="plays per game",
                  caption="each card's plays"),
            Chart("cards-dropped", "Cards discarded or passed on per game", "bars", dropped, label="cards per game",
                  caption="discarded as the turn's action, or a Red card passed to the left"),
            Chart("ships-lost", "Ships lost per game, by cause", "bars", lost, label="ships per game")]
