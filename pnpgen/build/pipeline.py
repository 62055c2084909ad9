"""`build` as a list of named steps: load -> check -> layout -> render -> changes -> write (more may be inserted)."""

from __future__ import annotations

import gc
import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..checks import Report, check_game, summary
from ..checks.print import preflight, rulebook_preflight
from ..components import CardFormat, Kit, layout_kit
from ..draw import fonts
from ..draw.templates import Templates
from ..engine.api import engine_for
from ..errors import ContentError, ContentErrors, PnpgenError, Problems
from ..files.atomic import Written, check_target, write_atomically
from ..files.paths import TEMPLATES_DIR
from ..load.loader import load_game
from ..model import Game
from ..model.game import count_words
from ..render.imposition import impose
from ..render.ink import ink_by_kind, ink_lines
from ..render.pages import DUPLEX_MODES, build_pages
from ..render.paper import SHEET_SPEC, paper, with_printer_margin
from ..render.raster import DPI_RANGE
from ..render.writers import FORMATS as WRITER_HELP
from ..render.writers import writer_named
from ..render.writers.base import WriteOptions
from ..render.writers.pdf import kit_pdf_name
from .changes import (
    CHANGES,
    changed_kit,
    changed_pdf_name,
    changes_text,
    compare,
    file_digest,
    is_changes_file,
    is_snapshot,
    read_snapshot,
    snapshot_bytes,
    snapshot_name,
    take_snapshot,
)
from .profiles import NINE_CARD_EXTRAS, left_out, profile_named, with_profile
from .rulebook import is_rules_pdf, rulebook_step

PAPER_NAMES = ("a4", "letter")
INKS = ("full", "low", "both")
PREVIOUS_RESULT = "report/previous-result.json"  # the previous build's simulation result, compared with this one
QUICK_SIM_MOST = 2000  # games the quick simulation plays at most when it chooses how many
PRINT_FORMATS = ("pdf", "svg")  # the print kit: what a build writes unless told otherwise
FORMATS = tuple(WRITER_HELP)  # every format, in the order a build writes them (render/writers)
Progress = Callable[[str, int, int], None]  # (what, done, total)


@dataclass(frozen=True)
class BuildOptions:
    """What to build and where: a game, papers, formats, output folder, colour and duplex choices."""

    game: str | None = None
    papers: tuple[str, ...] = PAPER_NAMES
    formats: tuple[str, ...] = PRINT_FORMATS
    out: Path = Path("output")
    ink_saver: bool = False  # the kit is laid out in low ink (--ink-saver: the low-ink kit only)
    ink: str = "both"  # the PDF kits a home build writes: full (colour), low (ink) or both (INKS)
    duplex: str = "long-edge"
    blank_backs: bool = False  # long-edge: every sheet followed by its backs or a blank page (print the file whole)
    back_offset: tuple[float, float] = (0.0, 0.0)
    progress: Progress | None = None
    sim_games: int | None = None  # the quick simulation's games (0 skips it; None: until SMALL_EDGE shows, at most
    # QUICK_SIM_MOST, within sim_seconds)
    sim_seconds: float = 10.0  # the time the quick simulation may take, when it chooses its games
    sim_agents: tuple[str, ...] = ("greedy", "greedy")
    force: bool = False  # export even when checks report errors or simulated games are unfinished
    final: bool = False  # refuse to build while anything is provisional (a kit to send out)
    printer_margin: float | None = None  # mm of paper edge kept free of ink (None: the sheet template's)
    players: int | None = None  # print only what this many players use (None: every player count)
    dpi: int = 300  # PNG and Tabletop Simulator images
    tts_url_prefix: str | None = None  # where Tabletop Simulator finds the images (None: file:/// paths)
    profile: str = "home"  # where the files go (profiles.py): sets formats, card sizes and bleed
    cards: CardFormat | None = None  # how cards print (a shop's sizes and bleed); None: as their templates say
    png_bleed: tuple[bool, ...] = (False, True)  # PNGs without bleed, with bleed
    png_kinds: tuple[str, ...] = ()  # PNGs of these kinds of piece only (empty: all)
    extras_limit: int = NINE_CARD_EXTRAS  # bgg-9card: components allowed besides the nine cards


@dataclass
class BuildState:
    """What the steps share as the build goes on."""

    options: BuildOptions
    game: Game | None = None
    report: Report | None = None
    kit: Kit | None = None
    pages: dict[str, list] = field(default_factory=dict)  # paper -> pages
    files: dict[str, bytes] = field(default_factory=dict)  # relative path -> content
    notes: dict[str, str] = field(default_factory=dict)
    written: list[Written] = field(default_factory=list)
    target: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # room for inserted steps (a simulation report ...)

    def tick(self, what: str, done: int, total: int) -> None:
        """Report progress, if anyone listens."""
        if self.options.progress:
            self.options.progress(what, done, total)


@dataclass(frozen=True)
class Step:
    """A named build step."""

    name: str
    run: Callable[[BuildState], None]


def load_step(state: BuildState) -> None:
    """Load the game's content (located errors stop the build); a player count it is not played with stops it."""
    state.game = load_game(state.options.game)
    check_target(output_folder(state.options, state.game.id), protect=_read_from(state.game))  # before any work
    n = state.options.players
    if n is not None and n not in state.game.players:
        raise PnpgenError(f"--players {n}: {state.game.title} is played by "
                          f"{count_words(tuple(sorted(set(state.game.players))))} players")


def check_step(state: BuildState) -> None:
    """Run the consistency checks; any error stops the build (unless forced). A final build stops at anything
    provisional, forced or not."""
    state.report = check_game(state.game)
    if state.options.final:
        unsettled = provisional_errors(state.game, state.options.players)
        if unsettled:
            raise ContentErrors(unsettled)
    if state.report.errors:
        if not state.options.force:
            raise ContentErrors(state.report.errors)
        state.notes["forced"] = f"{len(state.report.errors)} check error(s) ignored (--force)"


def provisional_errors(game: Game, players: int | None = None) -> list[ContentError]:
    """An error at each value marked provisional (that `players` players use, if given)."""
    return [ContentError(p.loc, f"provisional: {p.what}: {p.why} (a --final build takes nothing provisional: "
                                "settle the value and take out its 'provisional:')")
            for p in game.provisional if players is None or not p.players or players in p.players]


def simulate_step(state: BuildState) -> None:
    """A quick seeded simulation; unfinished games (still running at the round budget) stop the export (unless
    forced)."""
    o = state.options
    if o.sim_games == 0 or engine_for(state.game) is None:
        return
    from ..maths.stats import SMALL_EDGE
    from ..sim.runner import result_of, simulate  # (the simulator loads only for builds that simulate)

    games, enough = o.sim_games, None
    if games is None:  # as many as tell an edge of SMALL_EDGE points, unless the time runs out first
        games, start = QUICK_SIM_MOST, time.monotonic()

        def enough(agg) -> bool:
            return agg.resolution() <= SMALL_EDGE or time.monotonic() - start >= o.sim_seconds

    agg = simulate(state.game, o.sim_agents, games=games, seed=1, jobs=1,
                   progress=lambda done, total: state.tick("simulate", done, total), enough=enough)
    result = state.extra["simulation"] = result_of(state.game, agg, o.sim_agents, 1)
    state.extra["simulation_resolution"] = agg.resolution()
    if agg.unfinished and not o.force:
        seeds = ", ".join(map(str, agg.unfinished_seeds[:5]))
        raise PnpgenError(f"quick simulation: {agg.unfinished} of {agg.games} games unfinished after "
                          f"{result['max_rounds']} rounds (sim: max_rounds; seeds {seeds}); "
                          "nothing was written (--force builds anyway, --skip-sim skips the simulation)")


def report_step(state: BuildState) -> None:
    """Add the simulation report to the output and link it from the contact sheet."""
    result = state.extra.get("simulation")
    if result is None:
        return
    from ..sim.compare import comparison_lines, summary_line
    from ..sim.report import report_files
    from ..sim.runner import engine_report

    lines, charts = engine_report(state.game, result)
    previous = _previous_result(output_folder(state.options, state.game.id) / "report" / "result.json")
    compared = []
    if previous is not None:
        state.extra["simulation_compared"] = summary_line(previous, result)
        compared = comparison_lines(previous, result)
        state.files[PREVIOUS_RESULT] = (json.dumps(previous, indent=2, sort_keys=True) + "\n").encode("utf-8")
    for name, data in report_files(state.game, result, lines, charts, compared).items():
        state.files[f"report/{name}"] = data
    state.notes["report/index.html"] = "simulation report"
    index = state.files.get("index.html")
    if index is not None:
        link = b'<p class="report"><a href="report/index.html">Simulation report</a></p>'
        state.files["index.html"] = index.replace(b"</body>", link + b"</body>", 1)


def _previous_result(path: Path) -> dict | None:
    """The previous build's simulation result, kept to compare with; None when there is none (or it cannot be
    read: an older pnpgen's, say)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return data if isinstance(data, dict) and "finish_rate" in data and "rounds" in data else None


def layout_step(state: BuildState) -> None:
    """Lay out every component once, as drawing primitives."""
    g = state.game
    n = [0]
    total = (sum(len(d.cards) + 1 for d in g.decks) + len(g.boards) + len(g.area_cards) + len(g.player_aids)
             + len(g.tokens))

    def tick(_what: str) -> None:
        n[0] += 1
        state.tick("layout", n[0], total)
    state.kit = layout_kit(state.game, state.options.ink_saver, progress=tick, players=state.options.players,
                           cards=state.options.cards)


def profile_step(state: BuildState) -> None:
    """What the profile demands of the laid-out kit (nine cards, a shop's sizes); its report lines."""
    profile = profile_named(state.options.profile)
    lines = profile.check(state.kit, state.options.extras_limit) if profile.check else []
    lines += left_out(profile, state.kit)
    if lines:
        state.extra["profile"] = lines


def sheet_template(game: Game, printer_margin: float | None = None):
    """The 'sheet' template for a game (its own templates/sheet.yaml first), with a printer margin if given."""
    problems = Problems()
    t = Templates(game, problems).get("sheet", "sheet", SHEET_SPEC)
    problems.raise_if_any()
    return with_printer_margin(t, printer_margin)


def render_step(state: BuildState) -> None:
    """Impose sheets and write every file's bytes in memory (nothing touches the disk yet)."""
    with fonts.using(fonts.for_game(state.game)):
        _render(state)


def _render(state: BuildState) -> None:
    o = state.options
    kit = state.kit
    writers = [writer_named(name) for name in o.formats]
    if any(w.needs_pages for w in writers):
        state.pages = imposed_pages(state, kit, cover=True)
    options = write_options(state)
    for writer in writers:
        for f in writer.write(kit, state.pages, options):
            state.files[f.path] = f.data
            if f.note:
                state.notes[f.path] = f.note


def imposed_pages(state: BuildState, kit: Kit, cover: bool) -> dict[str, list]:
    """A kit imposed on each paper of the build (opened by its cover, if asked): paper -> its pages."""
    o = state.options
    t = sheet_template(state.game, o.printer_margin)
    out = {}
    for name in o.papers:
        state.tick(f"impose {name}", 0, 0)
        sheets = impose(kit, paper(name), t, fold=o.duplex == "fold", sides=o.duplex != "none")
        out[name] = build_pages(sheets, t, kit.title, kit.version, o.duplex, o.back_offset, kit if cover else None,
                                o.blank_backs)
    return out


def write_options(state: BuildState) -> WriteOptions:
    """What the format writers read from the build's options."""
    o = state.options
    return WriteOptions(title=f"{state.kit.title} {state.kit.version}", papers=o.papers, duplex=o.duplex,
                        back_offset=o.back_offset, sheet=sheet_template(state.game, o.printer_margin), dpi=o.dpi,
                        png_bleed=o.png_bleed, png_kinds=o.png_kinds, tts_url_prefix=o.tts_url_prefix,
                        target=output_folder(o, state.game.id), progress=o.progress, low_ink=o.ink_saver)


def preflight_step(state: BuildState) -> None:
    """The print preflight on the kit and its pages; a glyph the font lacks stops the build (unless forced)."""
    problems = Problems()
    t = sheet_template(state.game, state.options.printer_margin)
    with fonts.using(fonts.for_game(state.game)):
        preflight(state.kit, problems, state.game.loc, state.pages, t, t["printer_margin"])
        rules = {**state.extra.get("rulebook pages", {}), **state.extra.get("rulebook sheets", {})}
        if rules:
            rulebook_preflight(rules, problems, state.game.rulebook.loc, t["printer_margin"])
        kinds = {p.id: p.kind for p in state.kit.pieces}
        state.extra["ink"] = [line for name, pages in state.pages.items()
                              for line in ink_lines(name, ink_by_kind(pages, kinds), state.options.ink_saver)]
    report = state.report or Report(state.game, summary(state.game))
    state.report = report
    report.errors += problems.errors
    report.warnings += problems.warnings
    if problems.errors:
        if not state.options.force:
            raise ContentErrors(report.errors)
        state.notes["forced"] = f"{len(report.errors)} check error(s) ignored (--force)"


def changes_step(state: BuildState) -> None:
    """Compare every component with the previous build in the output folder (the snapshot.json it left, or
    `state.extra["baseline"]` when a caller sets one): write changes.txt, this build's snapshot and, per paper,
    a PDF of only the changed components with their backs (none when nothing changed)."""
    o, game, kit = state.options, state.game, state.kit
    target = output_folder(o, game.id)
    kind = state.extra.get("baseline_kind", baseline_kind(o))
    if "baseline" in state.extra:
        before, baseline = state.extra["baseline"], state.extra.get("baseline_name", "an earlier build")
    else:
        before, baseline = read_snapshot(target, kind), f"the previous {describe_kind(o)} in this folder"
    baseline += f" ({snapshot_name(kind)})"
    fontset = fonts.for_game(game)
    printed = {kit_pdf_name(game.id, name, o.ink_saver): pages for name, pages in state.pages.items()} \
        if "pdf" in o.formats else {}
    printed.update(state.extra.get("rulebook pages", {}))
    printed.update(state.extra.get("rulebook sheets", {}))
    now = take_snapshot(kit, Path(game.root), ",".join(fontset.names()), printed,
                        skip=Path(os.path.abspath(o.out)), outputs=_other_outputs(state, before, target))
    changes = compare(before, now)
    reprints: dict[str, str] = {}
    reprint = changed_kit(kit, changes) if "pdf" in o.formats else None
    state.extra["reprint pages"] = {}  # paper -> the pages of its changed-components PDF
    if reprint is not None:  # the pdf writer's sheets of the changed sub-kit, under the changed PDFs' names
        with fonts.using(fontset):
            pages = imposed_pages(state, reprint, cover=False)
            quiet = replace(write_options(state), progress=None)  # its ticks would name the full kit's PDFs
            made = {f.path: f.data for f in writer_named("pdf").write(reprint, pages, quiet)}
        for name in o.papers:
            path = changed_pdf_name(game.id, name, o.ink_saver)
            state.files[path] = made[kit_pdf_name(game.id, name, o.ink_saver)]
            state.extra["reprint pages"][name] = pages[name]
            reprints[path] = state.notes[path] = f"{len(pages[name])} pages, {name}, " \
                f"{'low ink' if o.ink_saver else 'full colour'}, only the changed components"
    state.files[snapshot_name(kind)] = snapshot_bytes(now)
    state.files[CHANGES] = changes_text(kit.title, kit.version, changes, reprints, baseline).encode("utf-8")
    state.notes[CHANGES] = changes.headline()
    state.extra["changes"] = changes


def ink_versions(options: BuildOptions) -> tuple[bool, ...]:
    """The kits a build lays out, as low-ink flags, the first the one every format is written from. A home build
    that writes PDFs prints both by default, full colour first: the low-ink kit adds only its PDFs (SVGs, images
    and shop files are for screens and print shops, where ink costs nothing, and are written once)."""
    if options.ink_saver or options.ink == "low":
        return (True,)
    if options.ink == "full" or options.profile != "home" or "pdf" not in options.formats:
        return (False,)
    return (False, True)


def low_ink_step(state: BuildState) -> None:
    """The low-ink kit beside the full-colour one, when the build prints both: laid out, imposed and written as
    `<game>-<paper>-low-ink.pdf`, with its ink lines and its own changes (against the previous low-ink kit, in
    its own snapshot; its changed-components PDFs beside the full-colour ones, its headline in changes.txt)."""
    o = state.options
    if state.kit is None or ink_versions(o)[1:] != (True,):
        return
    low = BuildState(replace(o, ink_saver=True, ink="low", formats=("pdf",)), game=state.game,
                     report=Report(state.game, ""))
    layout_step(low)
    if state.kit.cover is not None and low.kit.cover is not None:  # (the rulebook beside it is the same)
        low.kit = replace(low.kit, cover=replace(low.kit.cover, rules=state.kit.cover.rules))
    with fonts.using(fonts.for_game(state.game)):
        _render(low)
        kinds = {p.id: p.kind for p in low.kit.pieces}
        state.extra["ink"] = state.extra.get("ink", []) + [
            line for name, pages in low.pages.items()
            for line in ink_lines(name, ink_by_kind(pages, kinds), True)]
    if CHANGES in state.files:
        changes_step(low)
        text, main, mine = low.files.pop(CHANGES).decode("utf-8"), state.extra["changes"], low.extra["changes"]
        same = (main.first, main.to_print(), {c.id for c in main.removed}) == \
            (mine.first, mine.to_print(), {c.id for c in mine.removed})
        reprint = [path for path in low.files if path.startswith(f"{state.game.id}-changed-")]
        if same:  # the same components changed (as they do unless one kit was built alone): one line says so
            kept = snapshot_name(baseline_kind(low.options))
            text = (f"The same components, compared with the previous low-ink kit ({kept}); "
                    + (f"reprint: {', '.join(sorted(reprint))}.\n" if reprint else "nothing to reprint.\n"))
        state.files[CHANGES] += ("\n-- the low-ink kit (-low-ink.pdf) --\n\n" + text).encode("utf-8")
        state.extra["low-ink changes"] = mine
    state.files.update(low.files)
    state.notes.update(low.notes)
    state.extra["low-ink kit"], state.extra["low-ink pages"] = low.kit, low.pages


def output_folder(options: BuildOptions, game_id: str) -> Path:
    """Where a build writes: OUT/<game>/ for the home printer, OUT/<game>/<profile>/ for a print shop or contest, so
    that no profile's files replace or remove another's."""
    folder = Path(options.out) / game_id
    return folder if options.profile == "home" else folder / options.profile


def baseline_kind(options: BuildOptions) -> str:
    """What a build's changes are counted against: the last build of the same profile, papers, duplex, ink and
    players ('' for a plain home build), so that a print-shop build never spoils the home kit's list. Formats are
    not part of it: within a profile they change which files are written, not what the components draw."""
    profile = profile_named(options.profile)
    plain = with_profile(BuildOptions(), profile)
    parts = [options.profile] if options.profile != "home" else []
    if options.papers != plain.papers:
        parts += options.papers
    if options.duplex != plain.duplex:
        parts.append(options.duplex)
    if options.blank_backs:
        parts.append("blank-backs")
    if options.ink_saver:
        parts.append("ink-saver")
    if options.players is not None:
        parts.append(f"{options.players}p")
    return "-".join(parts)


def describe_kind(options: BuildOptions) -> str:
    """The kind of build a baseline is, in words."""
    kind = baseline_kind(options)
    return f"build of this kind ({kind})" if kind else "plain home build"


def _other_outputs(state: BuildState, before, target: Path) -> dict[str, str]:
    """Digests of the files of the formats whose components and pages changes.txt does not already follow (all
    but the SVGs and the full-kit PDFs), with the earlier build's records of such files this build keeps."""
    gid = state.game.id
    svg = writer_named("svg")
    full = {kit_pdf_name(gid, name, low) for name in state.options.papers for low in (False, True)}
    out = {rel: file_digest(data) for rel, data in state.files.items()
           if not (svg.owned(rel) or rel in full or rel.startswith("report/") or is_changes_file(rel, gid)
                   or is_rules_pdf(rel, gid))}
    if before is not None:
        keep = _kept(state)
        out.update({rel: d for rel, d in before.outputs.items()
                    if rel not in out and keep(rel) and (target / rel).is_file()})
    return out


def write_step(state: BuildState) -> None:
    """Write everything into a folder beside the target, then swap it in (a failure leaves the old output)."""
    target = output_folder(state.options, state.game.id)
    state.target = target
    state.written = write_atomically(target, state.files, keep=_kept(state), protect=_read_from(state.game))
    for w in list(state.written):
        if w.path in state.notes:
            state.written[state.written.index(w)] = Written(w.path, w.size, state.notes[w.path])


def _read_from(game: Game) -> tuple[Path, ...]:
    """Folders a build reads, which its output must neither be nor hold: the pack and pnpgen's templates."""
    return (Path(game.root), TEMPLATES_DIR)


def _kept(state: BuildState) -> Callable[[str], bool]:
    """Which files of a previous build to carry over: the outputs this build was not asked for."""
    built_svg = "svg" in state.options.formats  # the contact sheet links to the report
    built = set(state.files)
    wrote_report = any(rel.startswith("report/") for rel in built)
    rebuilt = [writer_named(f) for f in state.options.formats]
    wrote_changes = CHANGES in built
    gid = state.game.id

    def keep(rel: str) -> bool:
        if rel in built or any(w.owned(rel) for w in rebuilt):
            return False
        if is_snapshot(rel):  # another kind of build's baseline stays for its next build
            return True
        if is_changes_file(rel, gid):  # an old changed-components PDF describes an older comparison
            return not wrote_changes
        if is_rules_pdf(rel, gid):  # a rulebook the pack no longer has goes with the kit it was printed beside
            return "pdf" not in state.options.formats
        if rel.startswith("report/"):  # an old report stays with the old contact sheet that links to it
            return not wrote_report and not built_svg
        return True
    return keep


def default_steps() -> list[Step]:
    """The build's steps in order."""
    return [Step("load", load_step), Step("check", check_step), Step("simulate", simulate_step),
            Step("layout", layout_step), Step("profile", profile_step), Step("rulebook", rulebook_step),
            Step("render", render_step),
            Step("preflight", preflight_step), Step("report", report_step), Step("changes", changes_step),
            Step("low-ink", low_ink_step), Step("write", write_step)]


def insert_step(steps: list[Step], step: Step, after: str) -> list[Step]:
    """A copy of `steps` with `step` inserted after the step named `after`."""
    names = [s.name for s in steps]
    if after not in names:
        raise PnpgenError(f"no build step named '{after}' (steps: {', '.join(names)})")
    i = names.index(after) + 1
    return steps[:i] + [step] + steps[i:]


def validate(options: BuildOptions) -> None:
    """Reject options that make no sense, before anything runs."""
    for p in options.papers:
        paper(p)
    for f in options.formats:
        if f not in FORMATS:
            raise PnpgenError(f"unknown format '{f}' (expected one of: {', '.join(FORMATS)})")
        if writer_named(f).check:
            writer_named(f).check()
    if not DPI_RANGE[0] <= options.dpi <= DPI_RANGE[1]:
        raise PnpgenError(f"--dpi: expected {DPI_RANGE[0]} to {DPI_RANGE[1]}, got {options.dpi}")
    if options.printer_margin is not None and not 0 <= options.printer_margin <= 40:
        raise PnpgenError(f"--printer-margin: expected 0 to 40 mm, got {options.printer_margin:g}")
    if options.ink not in INKS:
        raise PnpgenError(f"--ink: expected one of {', '.join(INKS)}, got '{options.ink}'")
    if options.duplex not in DUPLEX_MODES:
        raise PnpgenError(f"unknown duplex mode '{options.duplex}' (expected one of: {', '.join(DUPLEX_MODES)})")


def build(options: BuildOptions, steps: list[Step] | None = None) -> BuildState:
    """Run the build's steps in order; any error stops it before the write step changes anything."""
    options = with_profile(options, profile_named(options.profile))
    validate(options)
    options = replace(options, ink_saver=ink_versions(options)[0])
    state = BuildState(options)
    with fewer_collections() as settle:
        for step in steps or default_steps():
            state.tick(step.name, 0, 0)
            step.run(state)
            settle()
    return state


FEWER_COLLECTIONS = 50_000  # objects made between two passes of the cycle collector during a build (Python: 700)


@contextmanager
def fewer_collections() -> Iterator[Callable[[], None]]:
    """Run the cycle collector less often while a build runs, and over less. A build makes millions of small drawing
    records that live to its end and hold no cycles (reference counts free what it drops); at Python's default
    every pass walks more of them the larger the kit, so a 5,000-card build spent a fifth of its time there and the
    cost of a card grew with the kit. It yields `settle`, which a build calls after each step: what the steps so
    far made is set aside (gc.freeze), and the passes after it walk only what is newer. The setting before is
    restored after, and what was set aside is let go again (unless something before the build had set objects
    aside itself)."""
    before = gc.get_threshold()
    ours = gc.get_freeze_count() == 0
    gc.set_threshold(max(FEWER_COLLECTIONS, before[0]), *before[1:])
    try:
        yield gc.freeze if ours else (lambda: None)
    finally:
        gc.set_threshold(*before)
        if ours:
            gc.unfreeze()
