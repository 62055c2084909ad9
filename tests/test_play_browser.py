"""The play page in headless Chromium, clicked with the mouse as a person clicks: a whole game of every bundled
engine played on the board (pieces, places and cards of the picture; steppers for numbers; the list only for
actions with no place on the picture), its log downloaded and replayed to the same end; a hot-seat game handed
from seat to seat; an action taken back before the agents reply."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from kit import enemy_in_sight as eis
from kit.chromium import CHROMIUM, Browser

from pnpgen.devloop.play import Session
from pnpgen.devloop.play_server import PlayServer
from pnpgen.engine.api import Log, LoggedAction, engine_for, replay
from pnpgen.engine.positions import open_log
from pnpgen.files.paths import bundled_packs
from pnpgen.load.loader import load_game

pytestmark = [pytest.mark.slow, pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (Debian: "
                                                   "apt-get install chromium; .ci/run installs it)")]
GAMES = [pack for pack in bundled_packs() if engine_for(load_game(pack)) is not None]
MOST_CLICKS = 20_000
TALLIES = ("board clicks", "played on the board", "played on the board, chosen in the list", "stepper clicks",
           "played with steppers", "stepper resets", "played from the list", "hand-overs")

# Where to click an element so that the click lands on it (a marker may stand on a cell): its middle, else a point
# nearer an edge; null when it cannot be reached.
POINT = """(function (selector, index) {
  var all = document.querySelectorAll(selector), e = all[index];
  if (!e) { return null; }
  e.scrollIntoView({block: "center", inline: "center"});
  var r = e.getBoundingClientRect(), tries = [[.5, .5], [.5, .2], [.5, .8], [.2, .5], [.8, .5], [.3, .3], [.7, .7],
                                             [.3, .7], [.7, .3]];
  for (var i = 0; i < tries.length; i++) {
    var x = r.left + r.width * tries[i][0], y = r.top + r.height * tries[i][1];
    if (document.elementFromPoint(x, y) === e) { return {x: x, y: y, key: e.getAttribute("data-key")}; }
  }
  return null;
})"""


def count(browser: Browser, selector: str) -> int:
    return browser.run(f"document.querySelectorAll({json.dumps(selector)}).length")


def click_nth(browser: Browser, selector: str, index: int) -> str | None:
    """Click the index-th element matching a selector where it shows; its data-key (None: it could not be)."""
    point = browser.run(f"{POINT}({json.dumps(selector)}, {index})")
    if point is None:
        return None
    browser.click(point["x"], point["y"])
    return point["key"] or ""


def state_of(browser: Browser) -> tuple[str, int]:
    got = browser.run("[document.body.getAttribute('data-state'), document.body.getAttribute('data-played')]")
    return got[0] or "", int(got[1] or -1)


def settled(browser: Browser, played: int) -> tuple[str, int]:
    """Wait until the page shows a position after `played` actions, or something to do (or a refusal)."""
    browser.wait_for(f"""(function () {{
        var s = document.body.getAttribute('data-state'), p = +document.body.getAttribute('data-played');
        return document.body.getAttribute('data-busy') === '0' && (s !== 'waiting' || p === {played});
    }})()""")
    return state_of(browser)


def click_key(browser: Browser, key: str) -> bool:
    """Click the overlay's spot of a key where it shows; whether it could be."""
    return click_nth(browser, f"#overlay .spot[data-key={json.dumps(key)}]", 0) is not None


def play_turn(browser: Browser, rng: random.Random, tally: dict) -> None:
    """One decision of the seat to move, drawn at random among its legal actions (a set of steppers counting as
    one) and made as a person makes it: an action with a place on the board by clicking its spots there (each next
    one highlighted as a target once the first is clicked), numbers with the steppers, the rest from the list."""
    _, played = state_of(browser)
    view = browser.run("window.pnpgenView")
    choices = [("action", k) for k in range(len(view["legal"]))] + [("group", k) for k in range(len(view["groups"]))]
    kind, k = rng.choice(choices)
    if kind == "group":
        group = f"fieldset.group[data-group='{k}']"
        for _ in range(rng.randrange(4)):  # one more here, one less there: the total may stay
            steppers = count(browser, f"{group} button.more")
            click_nth(browser, f"{group} button.more", rng.randrange(steppers))
            click_nth(browser, f"{group} button.less", rng.randrange(steppers))
            tally["stepper clicks"] += 2
        if browser.run(f"document.querySelector(\"{group} button.play\").disabled"):
            assert click_nth(browser, f"{group} button.reset", 0) is not None  # back to a legal choice
            browser.wait_for(f"!document.querySelector(\"{group} button.play\").disabled", 5)
            tally["stepper resets"] += 1
        assert click_nth(browser, f"{group} button.play", 0) is not None
        tally["played with steppers"] += 1
        settled(browser, played)
        return
    action = view["legal"][k]
    if not action["spots"]:
        buttons = browser.run("[...document.querySelectorAll('#actions button')].map(b => b.textContent)")
        assert click_nth(browser, "#actions button", buttons.index(action["text"])) is not None
        tally["played from the list"] += 1
        settled(browser, played)
        return
    for n, key in enumerate(action["spots"]):
        spot = json.dumps(f"#overlay .spot[data-key={json.dumps(key)}]")
        cls = browser.run(f"document.querySelector({spot}).getAttribute('class')")
        assert ("pickable" if n == 0 else "target") in cls or "picked" in cls, (action, key, cls)
        assert click_key(browser, key), key
        tally["board clicks"] += 1
        state, now = settled(browser, played)
        if now != played or state != "your-turn":
            tally["played on the board"] += 1
            return
    chosen = browser.run("[...document.querySelectorAll('#actions button.chosen')].map(b => b.textContent)")
    assert action["text"] in chosen, (action, chosen)  # several actions fit what was clicked: the list shows them
    click_nth(browser, "#actions button.chosen", chosen.index(action["text"]))
    tally["played on the board, chosen in the list"] += 1
    settled(browser, played)


def play_whole_game(browser: Browser, rng: random.Random, tally: dict) -> None:
    for _ in range(MOST_CLICKS):
        state, played = state_of(browser)
        if state == "over":
            return
        if state == "handover":
            click_nth(browser, "#take", 0)
            tally["hand-overs"] += 1
            browser.wait_for("document.body.getAttribute('data-state') !== 'handover'")
        elif state == "your-turn":
            play_turn(browser, rng, tally)
        else:
            browser.wait_for(f"document.body.getAttribute('data-played') !== '{played}' || "
                             "document.body.getAttribute('data-state') !== 'waiting'")
    raise AssertionError(f"the game did not end within {MOST_CLICKS} clicks: {tally}")


def replays_to_the_same_end(session: Session, log: bytes, tmp_path) -> None:
    path = tmp_path / "playtest.yaml"
    path.write_bytes(log)
    engine, lg = open_log(str(path))
    assert len(lg.actions) == len(session.actions)
    done = replay(engine, Log(lg.position, [LoggedAction(a.action, a.player, a.loc) for a in lg.actions]))
    assert engine.status(done.state) == engine.status(session.state)
    assert done.state.winners == session.state.winners


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_by_clicking_the_board_replays_from_its_downloaded_log(game, tmp_path):
    session = Session(load_game(game), 1, "greedy", None, 3)
    rng = random.Random(game)
    tally = dict.fromkeys(TALLIES, 0)
    with PlayServer(session, 0) as server, Browser() as browser:
        browser.open(server.url)
        browser.wait_for("document.body.getAttribute('data-state')")
        play_whole_game(browser, rng, tally)
        assert not browser.run("document.getElementById('log').hidden")  # offered now that the game is over
        href = browser.run("document.getElementById('log').href")
        with urllib.request.urlopen(href) as answer:
            log = answer.read()
        assert browser.errors == []
    mine = sum(1 for line in session.lines if line.player == 1)
    on_board = tally["played on the board"] + tally["played on the board, chosen in the list"]
    assert mine > 10 and on_board > 10 and tally["board clicks"] >= on_board, tally  # on the board, by clicks
    assert mine == on_board + tally["played with steppers"] + tally["played from the list"], tally
    replays_to_the_same_end(session, log, tmp_path)


def test_a_hot_seat_game_is_handed_from_seat_to_seat_and_replays(tmp_path):
    session = Session(load_game("enemy-in-sight"), None, seed=5)
    rng = random.Random(5)
    tally = dict.fromkeys(TALLIES, 0)
    with PlayServer(session, 0) as server, Browser() as browser:
        browser.open(server.url)
        browser.wait_for("document.body.getAttribute('data-state')")
        play_whole_game(browser, rng, tally)
        log = urllib.request.urlopen(browser.run("document.getElementById('log').href")).read()
    assert tally["hand-overs"] > 10 and len({line.player for line in session.lines}) == 2, tally
    replays_to_the_same_end(session, log, tmp_path)


def test_the_seat_takes_its_action_back_before_the_agents_reply():
    session = Session(load_game("narrow-seas"), 1, "greedy", None, 2, pause_ms=60_000)  # they wait: undo in time
    with PlayServer(session, 0) as server, Browser() as browser:
        browser.open(server.url)
        browser.wait_for("document.body.getAttribute('data-state') === 'your-turn'")
        before = session.state.observation(1)
        played = len(session.actions)
        key = click_nth(browser, "#overlay .pickable", 0)  # a hex to place a ship on, then which ship
        assert key.startswith("cell:")
        browser.wait_for("document.querySelectorAll('#actions button.chosen').length === 2")
        click_nth(browser, "#actions button.chosen", 0)
        browser.wait_for(f"+document.body.getAttribute('data-played') === {played + 1}")
        assert not browser.run("document.getElementById('undo').hidden")
        click_nth(browser, "#undo", 0)
        browser.wait_for(f"+document.body.getAttribute('data-played') === {played}")
        assert "Taken back" in browser.run("document.getElementById('message').textContent")
    assert len(session.actions) == played and session.state.observation(1) == before


def test_a_click_on_a_card_that_may_not_be_played_shows_the_rule_it_breaks():
    # after a Broadsides that dismasted nothing, the Boarding Party in hand may not join (rule 7.3): its card, clicked
    # on the picture, says so; the Rake's plays as usual
    fleets = {"victory": eis.line(1), "leander": eis.line(1), "camilla": eis.line(1), "orient": eis.line(2),
              "achille": eis.line(2, damage=[["rigging", "broadsides-1"]]), "argus": eis.line(2)}
    session = Session(load_game("enemy-in-sight"), 1, "greedy", None, 1)
    session.state = eis.position(fleets, {1: ["broadsides-5", "rake", "boarding-party"]})
    for action in ({"type": "play", "card": "broadsides-5"}, {"type": "target", "ship": "orient"},
                   {"type": "part", "part": "hull"}, {"type": "from", "ship": "victory"}):
        session.act(action, len(session.actions))
    with PlayServer(session, 0) as server, Browser() as browser:
        browser.open(server.url)
        browser.wait_for("document.body.getAttribute('data-state') === 'your-turn'")
        assert click_key(browser, "card:Player 1's hand:boarding-party")
        browser.wait_for("document.getElementById('message').textContent.indexOf('rule 7.3') >= 0")
        message = browser.run("document.getElementById('message').textContent")
        assert message == ("Not there. play boarding-party: after a Broadsides, a Boarding Party goes only against the "
                           "ship that Broadsides dismasted, and this turn's Broadsides dismasted none (rule 7.3 "
                           "Boarding Party)")
        played = len(session.actions)
        assert click_key(browser, "card:Player 1's hand:rake")
        browser.wait_for(f"+document.body.getAttribute('data-played') > {played}")
        assert browser.errors == []
    assert session.actions[played] == ("play", "rake")
