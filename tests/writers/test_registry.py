"""The format registry: every name `build --format` offers has a writer module of that name, loaded only when used."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnpgen.errors import PnpgenError
from pnpgen.render.writers import FORMATS, writer_named


def test_every_format_has_its_writer():
    checked = 0
    for name in FORMATS:
        writer = writer_named(name)
        assert writer.name == name and callable(writer.write)
        checked += 1
    assert checked == len(FORMATS) >= 6
    assert [n for n in FORMATS if writer_named(n).needs_pages] == ["pdf"]
    with pytest.raises(PnpgenError, match="unknown format 'jpeg' \\(expected one of: pdf, svg, png, tts"):
        writer_named("jpeg")


@pytest.mark.slow
def test_naming_the_formats_loads_no_writer():
    code = ("import sys, pnpgen.cli; from pnpgen.render.writers import FORMATS; "
            "print(sorted(m for m in sys.modules if m.startswith('pnpgen.render.') or m in ('reportlab', 'PIL')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['pnpgen.render.writers']"


def test_all_is_every_format_but_the_nine_card_sheet():
    from pnpgen.cli.build import parse_formats

    assert parse_formats("all") == ("pdf", "svg", "png", "tts", "card-pdf")
    assert parse_formats(" PDF, png,pdf") == ("pdf", "png")
    with pytest.raises(PnpgenError, match="--format: expected one or more formats"):
        parse_formats(",")
