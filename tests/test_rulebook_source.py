"""The rulebook as content: its Markdown read with every block located, sections numbered, references resolved at the
place they are written, numbers held against the data, the blocks pnpgen fills in checked, and the engine's cited
sections held to it (`check`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.packs import edit, errors_of, where, write

from pnpgen.checks import check_game
from pnpgen.errors import Loc, Problems
from pnpgen.load.loader import load_game
from pnpgen.load.markdown import read_markdown
from pnpgen.load.rulebook import read_rulebook
from pnpgen.load.textrefs import REFERENCE
from pnpgen.model.rulebook import Figure, Heading, ListBlock, Paragraph, TableBlock
from pnpgen.render.booklet import padded, sheet_order


def blocks(text: str):
    problems = Problems()
    out = read_markdown(text, "r.md", problems)
    return out, [str(e) for e in problems.errors]


def test_markdown_blocks_know_the_line_and_column_they_start_at():
    got, errors = blocks("# 1.0 Overview\n\nSome **bold** text\nover two lines.\n\n- one\n  more\n- two\n    - under"
                         "\n\n1. first\n2. second\n\n> a note\n\n| Card | Range |\n|---|---|\n| Reach | 1 \\| 2 |\n")
    assert not errors
    heading, para, bullets, numbers, note, table = got
    assert (heading.level, heading.title, heading.loc) == (1, "1.0 Overview", Loc("r.md", 1, 3))
    assert para.text == "Some **bold** text over two lines." and para.loc == Loc("r.md", 3, 1)
    assert bullets.items == ((0, "one more"), (0, "two"), (1, "under")) and not bullets.ordered
    assert [loc.col for loc in bullets.item_locs] == [3, 3, 7]
    assert numbers.ordered and numbers.items == ((0, "first"), (0, "second"))
    assert note.note and note.text == "a note" and note.loc == Loc("r.md", 14, 3)
    assert table.rows == (("Card", "Range"), ("Reach", "1 | 2"))
    assert table.cell_locs[1] == (Loc("r.md", 18, 3), Loc("r.md", 18, 11))


def test_comments_links_and_code_print_their_words_only():
    got, _ = blocks("<!-- a note\nfor the designer -->\nSee [the board](board.yaml) and `hand_size`.\n")
    assert [b.text for b in got] == ["See the board and hand_size."] and got[0].loc.line == 3


def test_a_block_left_open_and_a_fourth_level_heading_are_errors_where_they_start():
    _, errors = blocks("#### Deep\n\n```cards\nblue-reach\n")
    assert errors == ["r.md:1:1: error: rulebook: a heading has at most three '#' (a section, a subsection, a "
                      "heading without a number), got 4",
                      "r.md:3:1: error: rulebook: the block opened here with ``` is never closed (end it with a line "
                      "of ```)"]


def book(tmp_path: Path, text: str):
    write(tmp_path / "rules.md", text)
    problems = Problems()
    return read_rulebook(tmp_path, "rules.md", Loc("game.yaml", 3, 11), problems), [str(e) for e in problems.errors]


def test_sections_are_numbered_as_written_or_after_the_one_before(tmp_path):
    got, errors = book(tmp_path, "# 1.0 Overview\n## Goal\n## 1.4 Winning\n## Ties\n# Setup\n### Unnumbered\n"
                                 "# 7 Actions\n## Sail\n# Extras\n")
    assert not errors
    assert [(h.level, h.number, h.title) for h in got.headings] == [
        (1, "1.0", "Overview"), (2, "1.1", "Goal"), (2, "1.4", "Winning"), (2, "1.5", "Ties"), (1, "2.0", "Setup"),
        (3, "", "Unnumbered"), (1, "7", "Actions"), (2, "7.1", "Sail"), (1, "8", "Extras")]


def test_a_section_numbered_twice_is_an_error_at_the_second(tmp_path):
    _, errors = book(tmp_path, "# 1 Overview\n# 2 Setup\n# 2.0 Again\n")
    assert errors == [f"{tmp_path / 'rules.md'}:3:3: error: rulebook: section 2.0 is numbered twice (first at "
                      f"{tmp_path / 'rules.md'}:2:3)"]


def test_the_blocks_pnpgen_fills_in_read_their_lines(tmp_path):
    write(tmp_path / "examples" / "p.yaml", "game: x\n")
    got, errors = book(tmp_path, "```cards\nblue-reach, wind\nred-run\ncaption: Three cards\n  on a line.\n```\n\n"
                                 "```position\nexamples/p.yaml\nat: 4\nshow: all\n```\n\n```components\n```\n")
    assert not errors
    cards, position, listing = got.blocks
    assert isinstance(cards, Figure) and cards.ids == ("blue-reach", "wind", "red-run")
    assert cards.caption == "Three cards on a line." and [loc.col for loc in cards.id_locs] == [1, 13, 1]
    assert (position.kind, position.ref, position.at, position.show) == ("position", "examples/p.yaml", 4, "all")
    assert position.path == (tmp_path / "examples" / "p.yaml").resolve() and listing.kind == "components"


@pytest.mark.parametrize("body, message", [
    ("```diagram\n```", "5:4: error: rulebook: unknown block 'diagram' (expected one of: components, cards, tokens, "
                        "position, clarifications)"),
    ("```position\n../../outside.yaml\n```", "6:1: error: rulebook: position file reference '../../outside.yaml' "
                                             "leaves the content folder"),
    ("```position\nmissing.yaml\n```", "6:1: error: rulebook: position file 'missing.yaml': no such file in {root}"),
    ("```position\nrules.md\nat: two\n```", "7:5: error: rulebook: 'at' must be a whole number of actions (0 or more),"
                                            " got 'two'"),
    ("```cards\n```", "5:4: error: rulebook: a cards block lists the ids of the cards to show, one or "
                                   "more"),
    ("```position\nrules.md\nsize: big\n```", "7:1: error: rulebook: a position block has no 'size' (it takes: file, "
                                              "at, show, caption)"),
])
def test_a_block_that_does_not_read_is_an_error_at_its_line(tmp_path, body, message):
    _, errors = book(tmp_path, f"# 1 A\n\nText.\n\n{body}\n")
    assert errors == [f"{tmp_path / 'rules.md'}:{message.format(root=tmp_path)}"]


# -- against the data (a copy of the bundled pack) ---------------------------------------------------------------

def test_a_misspelt_reference_is_an_error_at_the_reference(pack):
    rules = pack / "rulebook.md"
    edit(rules, "until both\nhands hold {rules.hand_size} cards", "until both\nhands hold {rules.hand_sise} cards")
    at = where(rules, "{rules.hand_sise}")
    assert errors_of(pack) == [f"{at}: error: rulebook: reference {{rules.hand_sise}}: unknown 'hand_sise': 'rules' "
                               "has: crew_per_ship, first_ship_edge_distance, hand_size, initiative_area, "
                               "market_cost_area, market_size, mercy_margin, placement_exact_enemy_distance, "
                               "placement_min_enemy_distance, plan_areas, ships_per_player, wind_setter (did you mean "
                               "'hand_size'?)"]
    edit(rules, "{rules.hand_sise}", "{actions.broadsid.damage}")
    assert errors_of(pack)[0].startswith(f"{where(rules, '{actions.broadsid.damage}')}: error: rulebook: reference "
                                         "{actions.broadsid.damage}: unknown 'broadsid'")


def test_a_number_in_the_text_that_contradicts_the_data_is_an_error_at_the_number(pack):
    rules = pack / "rulebook.md"
    edit(rules, "Every round has four phases", "The hand size is 7. Every round has four phases")
    edit(rules, "| Broadside | {actions.broadside.range} | {actions.broadside.damage} |", "| Broadside | 2 | 3 |")
    edit(rules, "You win at once when:", "A Long Nines deals 2 damage. You win at once when:")
    lines = errors_of(pack)
    text = rules.read_text(encoding="utf-8")
    assert lines == [
        f"{where(rules, 'A Long Nines deals 2', 19)}: error: rulebook: the text states 2 beside 'damage', but "
        f"actions.long-nines.damage is 1 (set at {where(pack / 'actions.yaml', 'damage: 1', 8)}); write "
        "{actions.long-nines.damage} to print it from the data",
        f"{where(rules, 'hand size is 7', 13)}: error: rulebook: the text states 7 beside 'hand size', but "
        f"rules.hand_size is 6 (set at {where(pack / 'game.yaml', 'hand_size: 6', 11)}); write {{rules.hand_size}} "
        "to print it from the data",
        f"{where(rules, '| Broadside | 2 | 3 |', 18)}: error: rulebook: the table gives Broadside damage '3', but "
        f"actions.broadside.damage is 2 (set at {where(pack / 'actions.yaml', 'damage: 2', 8)}); write "
        "{actions.broadside.damage} to print it from the data"]
    assert "| Broadside | 2 | 3 |" in text  # (its range, 2, states the data: no error)


def test_numbers_that_agree_or_come_from_a_reference_are_not_errors(pack):
    edit(pack / "rulebook.md", "Every round has four phases", "The hand size is 6; the mercy margin is "
         "{rules.mercy_margin}. A Broadside deals 2 damage. Every round has four phases")
    assert errors_of(pack) == []


def test_a_card_or_token_the_pack_lacks_is_an_error_at_its_id(pack):
    rules = pack / "rulebook.md"
    edit(rules, "blue-reach, blue-broadside, blue-return-to-duty, wind", "blue-reach, blue-brodside, wind")
    assert errors_of(pack) == [f"{where(rules, 'blue-brodside')}: error: rulebook: unknown card 'blue-brodside' "
                               "(expected one of: yellow-reach, yellow-tack, yellow-run, yellow-carronades, "
                               "yellow-broadside, yellow-long-nines, yellow-return-to-duty, blue-reach, blue-tack, "
                               "blue-run, blue-carronades, blue-broadside, ...) (did you mean 'blue-broadside'?)"]


def test_a_rulebook_missing_a_cited_section_fails_check_at_the_section_before_it(pack):
    rules = pack / "rulebook.md"
    edit(rules, "## 7.2 Cannon\n", "## Cannons\n")  # numbered 7.2 still, after 7.1
    assert errors_of(pack) == []
    edit(rules, "## Cannons\n", "## 7.5 Cannon\n")
    assert errors_of(pack) == [f"{where(rules, '7.1 Sail', 0)}: error: rulebook: the narrow-seas engine cites "
                               "section 7.2 (Cannon) when it refuses an action, but the rulebook has no section 7.2: "
                               "number a heading '7.2 Cannon'"]


def test_a_position_the_rules_no_longer_allow_is_a_warning_in_its_file_and_left_out(pack):
    edit(pack / "examples" / "position-01.yaml", "wind: NW", "wind: NNW")
    report = check_game(load_game(str(pack)))
    assert report.errors == []
    found = [str(w) for w in report.warnings]
    assert len(found) == 1 and found[0].startswith(f"{where(pack / 'examples' / 'position-01.yaml', 'NNW')}: "
                                                   "warning:")
    assert found[0].endswith("(the rulebook's position examples/position-01.yaml is left out until it reads)")


def test_a_pack_without_a_rulebook_checks_as_before(pack):
    edit(pack / "game.yaml", "rulebook: rulebook.md", "")
    game = load_game(str(pack))
    assert game.rulebook is None and errors_of(pack) == []


def test_the_bundled_rulebooks_load_with_their_sections_and_blocks():
    for name, cited in (("narrow-seas", "7.2"), ("enemy-in-sight", "7.4"), ("seas-of-havoc", "5.3")):
        game = load_game(name)
        numbers = [h.number for h in game.rulebook.headings]
        assert cited in numbers
        assert game.rulebook.figures("position") and game.rulebook.figures("clarifications")
        assert not any(REFERENCE.search(b.text) for b in game.rulebook.blocks if isinstance(b, Paragraph)), name
        assert any(isinstance(b, (ListBlock, TableBlock)) for b in game.rulebook.blocks)
        assert all(isinstance(h, Heading) for h in game.rulebook.headings)


# -- the booklet's order ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("pages, sheets", [(1, 1), (4, 1), (5, 2), (8, 2), (10, 3), (12, 3)])
def test_a_booklet_pads_to_a_multiple_of_four_and_puts_page_one_beside_the_last(pages, sheets):
    n = padded(pages)
    assert n % 4 == 0 and n - pages < 4 and n // 4 == sheets
    order = sheet_order(pages)
    assert len(order) == 2 * sheets
    assert order[0] == (n if n <= pages else None, 1)  # the first side: the last page (or a blank) beside page 1
    shown = [p for side in order for p in side if p is not None]
    assert sorted(shown) == list(range(1, pages + 1))
    for k, (left, right) in enumerate(order):  # each spread of a folded sheet adds up to n + 1
        if left is not None and right is not None:
            assert left + right == n + 1
        if k % 2 == 0:
            assert right == 2 * (k // 2) + 1  # fronts carry the odd pages on the right, in order
