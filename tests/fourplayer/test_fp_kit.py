"""The four-player components in the printed kit: eight ship cards, Deck B, the tiled board, the two-sided
token laid out for long-edge duplex, and the player aid; looked at as pictures too."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pnpgen.build.pipeline import BuildOptions, build
from pnpgen.render.paper import paper

VARIANT = "Four-player team game"


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory):
    """The Narrow Seas kit built once on A4 (PDF only, without the quick simulation)."""
    out = tmp_path_factory.mktemp("kit4")
    state = build(BuildOptions(papers=("a4",), formats=("pdf",), out=out, sim_games=0))
    return state, out / "narrow-seas"


@pytest.mark.slow
def test_the_kit_holds_the_four_player_components_in_their_own_section(a4):
    kit = a4[0].kit
    mine = [p for p in kit.pieces if p.section == VARIANT]
    assert kit.sections[-1] == VARIANT
    ships = sorted(p.id for p in kit.pieces if p.kind == "area-card" and p.id != "area-sick-bay")
    assert ships == ["area-A", "area-B", "area-C", "area-D", "area-W", "area-X", "area-Y", "area-Z"]
    ids = {p.id for p in mine}
    assert {"area-C", "area-D", "area-Y", "area-Z", "board-fleet-action", "aid-aid-four-player",
            "token-first-player-teams", "back-deck-b"} <= ids
    deck_b = [p for p in mine if p.kind == "card"]
    assert len(deck_b) == 22 and all(p.id.startswith("card-deck-b-") for p in deck_b)
    assert sum(p.count for p in deck_b) == 22
    token = kit.by_id("token-first-player-teams")
    assert token.back is not None and token.size == (32.0, 32.0)
    assert all(p.section != VARIANT for p in kit.pieces if p.id in ("area-A", "board-duel", "token-first-player"))


def test_the_four_player_pages_follow_the_two_player_kit(a4):
    state = a4[0]
    faces = [p for p in state.pages["a4"] if p.role == "face"]
    mine = [any(state.kit.by_id(t[0]).group == VARIANT for t in p.trims) for p in faces]
    first_variant = mine.index(True)
    assert not any(mine[:first_variant]) and all(mine[first_variant:])  # the two never share a page
    assert all(all(state.kit.by_id(t[0]).group == VARIANT for t in p.trims) for p in faces[first_variant:])
    labels = [p.label for p in faces]
    assert labels[0].startswith("Cards") and labels[first_variant] == f"{VARIANT}: Cards (Deck B)"
    assert all(lab.startswith(f"{VARIANT}: ") for lab in labels[first_variant:])
    tiles = [lab for lab in labels if lab.startswith(f"{VARIANT}: The Fleet Action, tile")]
    assert len(tiles) >= 2  # larger than a page: tiled
    ships = next(p for p in faces if any(t[0] == "area-C" for t in p.trims))
    assert {"area-C", "area-D", "area-Y", "area-Z"} <= {t[0] for t in ships.trims}


def token_pages(pages):
    face = next(p for p in pages if p.role == "face" and any(t[0] == "token-first-player-teams" for t in p.trims))
    back = pages[pages.index(face) + 1]
    (f,) = [t for t in face.trims if t[0] == "token-first-player-teams"]
    (b,) = [t for t in back.trims if t[0] == "token-first-player-teams"]
    return face, back, f, b


def test_the_tokens_back_is_laid_out_for_long_edge_duplex(a4):
    pages = a4[0].pages["a4"]
    face, back, (_, side_f, x, y, w, h), (_, side_b, bx, by, bw, bh) = token_pages(pages)
    assert back.role == "back" and (side_f, side_b) == ("face", "back")
    width = paper("a4").width
    assert (bw, bh) == pytest.approx((w, h))
    assert bx == pytest.approx(width - x - w) and by == pytest.approx(y)  # mirrored about the long edge


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_the_token_is_green_on_one_side_and_pink_on_the_other(a4, tmp_path: Path):
    state, folder = a4
    pages = state.pages["a4"]
    face, back, (_, _, x, y, w, h), (_, _, bx, by, _, _) = token_pages(pages)
    game = state.game
    want = {"green": game.colour("green"), "pink": game.colour("pink")}

    def sample(page, px, py) -> tuple[int, int, int]:
        n = pages.index(page) + 1
        prefix = tmp_path / f"p{n}"
        subprocess.run(["pdftoppm", "-r", "50", "-f", str(n), "-l", str(n), str(folder / "narrow-seas-a4.pdf"),
                        str(prefix)], check=True, capture_output=True)
        (ppm,) = tmp_path.glob(f"p{n}-*.ppm")
        data = ppm.read_bytes().split(maxsplit=4)
        width = int(data[1])
        k = (round(py * 50 / 25.4) * width + round(px * 50 / 25.4)) * 3
        return tuple(data[4][k:k + 3])

    def near(got, colour: str) -> bool:
        return all(abs(a - int(colour[1 + 2 * i:3 + 2 * i], 16)) <= 20 for i, a in enumerate(got))

    # a point inside the token, clear of its icon and label: a fifth of the way in from the left
    assert near(sample(face, x + w * 0.2, y + h / 2), want["green"])
    assert near(sample(back, bx + w * 0.8, by + h / 2), want["pink"])
