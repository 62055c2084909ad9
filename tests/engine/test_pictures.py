"""Pictures of a position (`pnpgen rules draw`): the kit's board with each piece on the cell the position file
puts it on, the cards of each row, the rest in words; through the engine contract's scene()."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnpgen.cli import main
from pnpgen.components.board import SPEC, hex_centre, square_origin
from pnpgen.components.context import Ctx
from pnpgen.components.scene import picture
from pnpgen.engine.api import engine_for
from pnpgen.engine.positions import open_position

ROOT = Path(__file__).resolve().parents[2] / "content"
SVG = "{http://www.w3.org/2000/svg}"


def _markers(svg: bytes) -> dict[str, tuple[float, float]]:
    """Each marker group's id and its disc's centre, in the coordinates of the board it stands on."""
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("id", "").startswith("marker-"):
            disc = g.find(f"{SVG}circle")
            out[g.get("id")[7:]] = (float(disc.get("cx")), float(disc.get("cy")))
    return out


def _texts(svg: bytes) -> str:
    """The words of a picture: each line of text, drawn as glyph outlines, names itself in aria-label."""
    return " ".join(g.get("aria-label") for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("aria-label"))


def _template(game):
    return Ctx.make(game).template(None, "board", "board", SPEC, None)


def test_narrow_seas_ships_stand_on_the_hexes_the_position_gives():
    path = ROOT / "narrow-seas" / "examples" / "position-01.yaml"
    engine, pos = open_position(str(path))
    svg = picture(engine, pos.state, "t")
    ships = yaml.safe_load(path.read_text())["ships"]
    board, t = pos.state.rules.board, _template(pos.state.rules.content)
    got = _markers(svg)
    afloat = {sid: s["hex"] for sid, s in ships.items() if "hex" in s}
    assert set(got) == set(afloat) and len(got) == 4
    for sid, qr in afloat.items():
        assert got[sid] == pytest.approx(hex_centre(board, t, tuple(qr)), abs=0.01), sid
    words = _texts(svg)
    assert "Wind: NW" in words and "round 5, action phase, player 1 to move" in words
    assert words.count("Broadside") >= 2  # the hands' cards print their own faces


def test_seas_of_havoc_ships_sit_on_their_squares_facing_their_headings():
    path = ROOT / "seas-of-havoc" / "examples" / "position-sea.yaml"
    engine, pos = open_position(str(path))
    svg = picture(engine, pos.state, "t")
    ships = yaml.safe_load(path.read_text())["ships"]
    g = pos.state.rules
    ox, oy = square_origin(g.sea, _template(g.content))
    cell = g.sea.cell_size_mm
    got = _markers(svg)
    assert set(got) == {str(p) for p in ships} == {"1", "2"}
    for p, ship in ships.items():
        x, y = ship["at"]
        assert got[str(p)] == pytest.approx((ox + (x + 0.5) * cell, oy + (y + 0.5) * cell), abs=0.01)
    root = ET.fromstring(svg)
    for p, ship in ships.items():  # the notch points the ship's way: up for N, down for S
        (g_,) = [e for e in root.iter(f"{SVG}g") if e.get("id") == f"marker-{p}"]
        tip = [float(v) for v in re.findall(r"-?\d+\.?\d*", g_.find(f"{SVG}path").get("d"))[:2]]
        cx, cy = got[str(p)]
        assert (tip[1] < cy) == (ship["heading"] == "N") and abs(tip[0] - cx) < 0.01
    assert "Player 2's hand" in _texts(svg) and "Market" in _texts(svg)


def test_enemy_in_sight_draws_each_line_and_hand_as_the_kits_cards():
    path = ROOT / "enemy-in-sight" / "examples" / "position-01.yaml"
    engine, pos = open_position(str(path))
    svg = picture(engine, pos.state, "t")
    assert _markers(svg) == {}  # no board
    words = _texts(svg)
    doc = yaml.safe_load(path.read_text())
    names = {s.id: s.name for s in pos.state.rules.ships}
    for sid, ship in doc["ships"].items():
        if ship["at"] == "line":
            assert names[sid] in words, sid
    for p in (1, 2):
        assert f"Player {p}'s line" in words and f"Player {p}'s hand" in words
    assert "sunk Euryalus, Monarca, Bucentaure" in words


def test_rules_draw_writes_the_picture_of_a_log_step_and_says_where(tmp_path):
    log = ROOT / "narrow-seas" / "examples" / "playtest-01.yaml"
    out = tmp_path / "step.svg"
    r = CliRunner().invoke(main, ["rules", "draw", str(log), "--at", "5", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == f"wrote {out}"
    svg = out.read_bytes()
    assert "Narrow Seas: playtest-01.yaml, after action 5" in _texts(svg)
    assert len(_markers(svg)) >= 2


def test_rules_draw_to_a_missing_folder_is_one_line_and_writes_nothing(tmp_path):
    pos = ROOT / "narrow-seas" / "examples" / "position-01.yaml"
    r = CliRunner().invoke(main, ["rules", "draw", str(pos), "--out", str(tmp_path / "no" / "x.svg")])
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [f"error: --out {tmp_path / 'no' / 'x.svg'}: the folder "
                                             f"'{tmp_path / 'no'}' does not exist"]
    assert not (tmp_path / "no").exists()



@pytest.mark.parametrize("game, log", [("narrow-seas", "playtest-01.yaml"), ("seas-of-havoc", "playtest-01.yaml"),
                                       ("enemy-in-sight", "playtest-01.yaml")])
def test_replay_frames_draw_each_step_as_rules_draw_does_and_the_narration_links_them(game, log, tmp_path):
    from pnpgen.engine.positions import open_log, open_position_at
    path = ROOT / game / "examples" / log
    out = tmp_path / "frames"
    r = CliRunner().invoke(main, ["replay", str(path), "--narrate", "--frames", str(out)])
    assert r.exit_code == 0, r.output
    engine, lg = open_log(str(path))
    n = len(lg.actions)
    assert n > 10
    assert sorted(p.name for p in out.iterdir() if p.suffix == ".svg") == [f"frame-{k:03d}.svg" for k in range(n + 1)]
    page = (out / "index.html").read_text()
    assert all(f'href="frame-{k:03d}.svg"' in page for k in range(n + 1))
    said = [line for line in r.output.splitlines() if line[:1].isdigit()]
    assert len(said) == n and said[0].split(" ", 1)[1] in page.replace("&#x27;", "'")
    for k in (1, n // 2, n):  # a frame is the picture of the position after its action
        _e, pos = open_position_at(str(path), k)
        assert _markers((out / f"frame-{k:03d}.svg").read_bytes()) == _markers(picture(engine, pos.state, "t"))
        assert said[k - 1].split(": ", 1)[1].split(" — ")[0] in _texts((out / f"frame-{k:03d}.svg").read_bytes())


def test_replay_frames_need_narrate_and_a_folder_pnpgen_may_replace(tmp_path, monkeypatch):
    path = ROOT / "narrow-seas" / "examples" / "playtest-01.yaml"
    r = CliRunner().invoke(main, ["replay", str(path), "--frames", str(tmp_path / "f")])
    assert r.exit_code == 1 and r.output.strip() == "error: --frames goes with --narrate (the pictures are the " \
                                                    "narration's)"
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep")
    r = CliRunner().invoke(main, ["replay", str(path), "--narrate", "--frames", str(mine)])
    assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1 and "error:" in r.output
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]


# -- what an action involves on the picture (the play page makes it clickable) ---------------------------------
def test_narrow_seas_actions_name_the_ship_the_card_and_the_hex_or_target_they_involve():
    from kit.narrow_seas import position, sea, ship

    s = position({"A": ship(1, (0, 0), sail=1, fire=1, duty=1, lookout=1),
                  "W": ship(2, (0, -2), fire=1)}, board=sea(), wind="S",
                 hands={1: ["blue-run", "blue-broadside"], 2: []})
    engine = engine_for(s.rules.content)
    spots = {a: tuple(spot.key for spot in engine.action_spots(s, a)) for a in s.legal_actions()}
    hand = "card:Player 1's hand:"
    assert spots[("sail", "blue-run", "A", (0, 1))] == ("marker:A", hand + "blue-run", "cell:0,1")
    fires = [a for a in spots if a[0] == "fire"]
    assert fires and all(spots[a] == ("marker:A", hand + a[1], f"marker:{a[3]}") for a in fires)
    assert spots[("discard", "blue-run")] == (hand + "blue-run",)
    assert spots[("pass",)] == ()


def test_enemy_in_sight_actions_name_the_card_in_hand_and_the_ship_cards_they_involve():
    path = ROOT / "enemy-in-sight" / "examples" / "position-01.yaml"
    engine, pos = open_position(str(path))
    s = pos.state
    p = s.current_player()
    keys = {a: tuple(spot.key for spot in engine.action_spots(s, a)) for a in s.legal_actions()}
    for a, got in keys.items():
        if a[0] in ("play", "discard", "muster"):
            assert got == (f"card:Player {p}'s hand:{a[1]}",), a
    play = next(a for a in keys if a[0] == "play" and s.rules.cards[a[1]].action == "broadsides")
    s.apply(play)
    targets = [a for a in s.legal_actions() if a[0] == "target"]
    assert targets
    for a in targets:
        (spot,) = engine.action_spots(s, a)
        owner = s.owner[s.rules.ship_index[a[1]]]
        assert spot.key in (f"card:Player {owner}'s line:{a[1]}", f"card:Player {owner}'s prizes:{a[1]}")


@pytest.mark.parametrize("game", ["narrow-seas", "enemy-in-sight", "seas-of-havoc"])
def test_every_spot_of_every_legal_action_is_on_the_picture_its_player_sees(game):
    import random

    from pnpgen.components.scene import Pictures
    from pnpgen.load.loader import load_game

    content = load_game(game)
    engine = engine_for(content)
    rules = engine.make_rules(content)
    pictures = Pictures(content)
    checked, spotted = 0, 0
    for seed in range(2):
        s, rng = rules.new_initial_state(seed), random.Random(seed)
        for _ in range(150):
            if s.is_terminal():
                break
            player = s.current_player()
            _svg, regions = pictures.svg_and_regions(engine.scene(s, player), "t")
            for a in s.legal_actions()[:60]:
                keys = [spot.key for spot in engine.action_spots(s, a)]
                assert all(k in regions for k in keys), (a, keys)
                assert len(set(keys)) == len(keys), (a, keys)
                spotted += bool(keys)
                checked += 1
            for m in engine.scene(s, player).markers:  # a marker's disc is on its cell's centre
                mark, cell = regions[f"marker:{m.label}"], regions[f"cell:{m.cell[0]},{m.cell[1]}"]
                assert (mark["x"], mark["y"]) == pytest.approx((cell.get("x", 0) + cell.get("w", 0) / 2,
                                                                cell.get("y", 0) + cell.get("h", 0) / 2)) \
                    if cell["shape"] == "rect" else (mark["x"], mark["y"]) == pytest.approx((cell["x"], cell["y"]))
            s.apply(s.random_action(rng))
    assert checked > 500 and spotted > checked // 4


def test_the_seas_of_havoc_island_is_drawn_under_the_sea_with_a_box_for_each_location():
    from pnpgen.components.scene import Pictures

    path = ROOT / "seas-of-havoc" / "examples" / "position-sea.yaml"
    engine, pos = open_position(str(path))
    g = pos.state.rules
    scene = engine.scene(pos.state, 1)
    svg, regions = Pictures(g.content).svg_and_regions(scene, "t")
    places = {k: r for k, r in regions.items() if k.startswith("place:")}
    assert set(places) == {f"place:{g.island.id}:{loc.id}" for loc in g.island.locations}
    sea_bottom = max(r["y"] + r["h"] for k, r in regions.items() if k.startswith("cell:"))
    boxes = sorted((r["x"], r["y"], r["w"], r["h"]) for r in places.values())
    assert all(y > sea_bottom for _x, y, _w, _h in boxes)  # under the sea
    for k, (x, y, w, h) in enumerate(boxes):  # no two boxes overlap
        assert all(x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y for x2, y2, w2, h2 in boxes[k + 1:])
    assert "Sail Maker" in _texts(svg) and "Capitol" in _texts(svg)
