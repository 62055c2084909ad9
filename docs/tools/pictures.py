"""The pictures the docs show, made by the project: builds the packs the pages show (a bundled one, the tutorial's
and the Card layouts guide's, by following their own steps, and one started from each gallery layout) and turns the
pages they print, or a band of cards across one, into small PNGs in docs/images/.

    python docs/tools/pictures.py           # make them again, and their manifest
    python docs/tools/pictures.py --check   # exit 1 naming the pictures whose sources changed since

docs/images/manifest.json records, for each picture, the PDF and page it shows and the SHA-256 of that PDF (builds
are byte-identical, so the digest changes exactly when what the kit prints changes). tests/test_docs_pictures.py
fails while a picture is stale. Needs pdftoppm (Debian: poppler-utils).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
IMAGES = ROOT / "docs" / "images"
MANIFEST = IMAGES / "manifest.json"
COMMAND = "python docs/tools/pictures.py"
RESOLUTION = 60  # dots per inch of the PNGs: an A4 page is 496 x 702 pixels

sys.path.insert(0, str(HERE))
from doccommands import follow, steps  # noqa: E402


@dataclass(frozen=True)
class Picture:
    """A PNG of one page of a PDF that a source builds, or of a band across it."""

    name: str  # docs/images/<name>
    source: str  # a key of SOURCES
    pdf: str  # the PDF, relative to the source's output folder
    page: int  # from 1
    band: tuple[float, float] | None = None  # (top, height) in mm: only this band of the page, its whole width
    resolution: int = RESOLUTION


# The gallery's layouts (pnpgen new --list-layouts): a band of cards of each, as printed on A4; a 9-up sheet of
# 63 x 88 mm cards holds its rows, with their bleed, at 5-98, 98.5-191.5 and 191.5-284.5 mm from the top.
GALLERY = {
    "classic": (3, (5, 93)),
    "playing-card": (5, (98.5, 93)),
    "full-art": (3, (98.5, 93)),
    "rules-card": (3, (98.5, 93)),
    "two-suit": (5, (98.5, 93)),
    "tarot": (3, (8, 124)),
    "counters": (3, (4, 114)),
    "railway": (5, (4, 128)),
}
GALLERY_RESOLUTION = 100


PICTURES = (
    Picture("narrow-seas-sheet.png", "narrow-seas", "narrow-seas/narrow-seas-a4.pdf", 3),
    Picture("tutorial-sheet.png", "tutorial", "harbour/harbour-a4.pdf", 5),
    Picture("card-layouts-sheet.png", "card layouts", "lanterns/lanterns-a4.pdf", 9),
    *(Picture(f"gallery-{layout}.png", f"layout {layout}", f"{layout}/{layout}-a4.pdf", page, band,
              GALLERY_RESOLUTION) for layout, (page, band) in GALLERY.items()),
)


def _environment() -> dict[str, str]:
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def build_narrow_seas(work: Path) -> Path:
    """The bundled Narrow Seas kit on A4, as `pnpgen build` writes it (no simulation: it draws nothing)."""
    subprocess.run([sys.executable, "-m", "pnpgen", "build", "narrow-seas", "--paper", "a4", "--format", "pdf",
                    "--skip-sim", "--out", str(work / "output")], check=True, capture_output=True, cwd=work)
    return work / "output"


def build_tutorial(work: Path) -> Path:
    """The tutorial's pack, made by following the tutorial up to its first build."""
    page = steps((ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8"))
    first_build = next(n for n, step in enumerate(page) if step.command.startswith("pnpgen build harbour"))
    runnable = [step for step in page[:first_build + 1] if not step.skip]
    follow(runnable, work, _environment())
    return work / "output"


def build_card_layouts(work: Path) -> Path:
    """The six-suit deck of the Card layouts guide, made by following the guide up to its last build."""
    page = steps((ROOT / "docs" / "guides" / "card-layouts.md").read_text(encoding="utf-8"))
    last_build = max(n for n, step in enumerate(page) if step.command.startswith("pnpgen build lanterns"))
    follow([step for step in page[:last_build + 1] if not step.skip], work, _environment())
    return work / "output"


def build_layout(layout: str, work: Path) -> Path:
    """A pack started from a gallery layout, as `pnpgen new LAYOUT --layout LAYOUT` makes it, built on A4."""
    for command in (["new", layout, "--layout", layout],
                    ["build", f"./{layout}", "--paper", "a4", "--format", "pdf", "--skip-sim", "--out", "output"]):
        subprocess.run([sys.executable, "-m", "pnpgen", *command], check=True, capture_output=True, cwd=work)
    return work / "output"


SOURCES = {"narrow-seas": build_narrow_seas, "tutorial": build_tutorial, "card layouts": build_card_layouts,
           **{f"layout {layout}": functools.partial(build_layout, layout) for layout in GALLERY}}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sources(work: Path) -> dict[str, Path]:
    """Every source built under `work`: its output folder by name."""
    built = {}
    for name, build in SOURCES.items():
        folder = work / name
        folder.mkdir()
        built[name] = build(folder)
    return built


def manifest(built: dict[str, Path]) -> dict:
    """What each picture shows and the digest of the PDF it was made from."""
    return {
        "command": COMMAND,
        "pictures": {p.name: {"pdf": p.pdf, "page": p.page, **({"band": list(p.band)} if p.band else {}),
                              "sha256": _digest(built[p.source] / p.pdf)}
                     for p in PICTURES},
    }


def stale() -> list[str]:
    """The pictures whose source PDF is not the one they were made from (or that are missing)."""
    with tempfile.TemporaryDirectory() as work:
        now = manifest(sources(Path(work)))
    recorded = json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.is_file() else {"pictures": {}}
    return [name for name, entry in now["pictures"].items()
            if recorded["pictures"].get(name) != entry or not (IMAGES / name).is_file()]


def _band(p: Picture, pdf: Path) -> list[str]:
    """pdftoppm's options cutting the page to the picture's band (none for the whole page)."""
    if p.band is None:
        return []
    info = subprocess.run(["pdfinfo", "-f", str(p.page), "-l", str(p.page), str(pdf)], check=True,
                          capture_output=True, text=True).stdout
    width_pt = float(next(line for line in info.splitlines() if "size:" in line).split(":")[1].split()[0])
    pixels = [round(mm / 25.4 * p.resolution) for mm in p.band]
    return ["-x", "0", "-y", str(pixels[0]), "-W", str(round(width_pt / 72 * p.resolution)), "-H", str(pixels[1])]


def make() -> None:
    """Build the sources, write every picture and the manifest."""
    if shutil.which("pdftoppm") is None:
        sys.exit("pictures: pdftoppm is missing (Debian: apt-get install poppler-utils)")
    with tempfile.TemporaryDirectory() as work:
        built = sources(Path(work))
        IMAGES.mkdir(exist_ok=True)
        for p in PICTURES:
            stem = Path(work) / p.name.removesuffix(".png")
            subprocess.run(["pdftoppm", "-png", "-r", str(p.resolution), "-f", str(p.page), "-l", str(p.page),
                            *_band(p, built[p.source] / p.pdf), "-singlefile", str(built[p.source] / p.pdf),
                            str(stem)], check=True)
            shutil.copyfile(f"{stem}.png", IMAGES / p.name)
            print(f"wrote docs/images/{p.name} ({(IMAGES / p.name).stat().st_size // 1024} kB)")
        MANIFEST.write_text(json.dumps(manifest(built), indent=2) + "\n", encoding="utf-8")
    print("wrote docs/images/manifest.json")


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        names = stale()
        for name in names:
            print(f"docs/images/{name} is stale: run {COMMAND}")
        sys.exit(1 if names else 0)
    make()
