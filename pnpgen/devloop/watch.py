"""`build --watch`: the kit rebuilt on every save in the pack folder (content, templates, fonts, images) or in
pnpgen's own templates, until stopped.

A pass loads and checks the content, lays it out and writes the SVGs and the contact sheet (one swap of the output
folder); then, when the checks pass, it writes the PDFs and the build's other formats after the print preflight,
with changes.txt and the changed-components PDFs (a second swap). The quick simulation is not run: it takes
longer than a save should wait (`pnpgen build` runs it). Changes are counted from the output as it stood when
watching began, so changes.txt lists everything the session changed. Content that does not load is reported and
the watch waits for the next save; the output stays as the last good pass left it.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..build.changes import Changes, Snapshot, is_changes_file, read_snapshot
from ..build.pipeline import (
    BuildOptions,
    BuildState,
    baseline_kind,
    changes_step,
    layout_step,
    load_step,
    output_folder,
    preflight_step,
    profile_step,
    render_step,
    validate,
    write_step,
)
from ..build.profiles import profile_named, with_profile
from ..checks import check_game
from ..draw import fonts
from ..errors import ContentErrors, PnpgenError
from ..files.paths import TEMPLATES_DIR, resolve_game
from .filewatch import FileWatcher

CONTENT_SUFFIXES = (".yaml", ".yml")  # any other file that changes may be a font or an image read once and kept


@dataclass(frozen=True)
class WatchEvent:
    """What a pass of the watch did, for the command to print: one line, and the problems behind it.

    kind: 'start' (watching begins), 'drawn' (SVGs and contact sheet written, or checked only), 'held' (the checks
    failed: the PDFs wait for a save that passes), 'printed' (PDFs, other formats and changes written), 'failed'
    (the content does not load, or a step stopped: nothing more was written).
    """

    kind: str
    message: str
    problems: tuple[str, ...] = ()  # errors, then warnings when they differ from the previous pass's
    trigger: tuple[str, ...] = ()  # the files whose change began the pass (none: the first pass)
    target: Path | None = None  # the output folder
    changes: Changes | None = None
    seconds: float = 0.0


@dataclass
class _Session:
    options: BuildOptions
    tell: Callable[[WatchEvent], None]
    baselines: dict[Path, tuple[Snapshot | None, str]] = field(default_factory=dict)  # what changes count from
    warnings: dict[str, tuple[str, ...]] = field(default_factory=dict)  # per phase: the last warnings shown

    def problems(self, phase: str, errors: list, warnings: list) -> tuple[tuple[str, ...], str]:
        """The lines to show (errors always, warnings when new) and a note on warnings left unshown."""
        shown = tuple(str(w) for w in warnings)
        repeat = bool(shown) and self.warnings.get(phase) == shown
        self.warnings[phase] = shown
        note = f" ({len(shown)} warning(s) as before)" if repeat else ""
        return tuple(str(e) for e in errors) + (() if repeat else shown), note

    def run(self, trigger: tuple[str, ...], files: FileWatcher) -> None:
        """One pass: SVGs and contact sheet, then (checks passing, no newer save waiting) the other formats and
        changes."""
        o = self.options
        start = time.perf_counter()
        state = BuildState(replace(o, formats=("svg",) if "svg" in o.formats else (), sim_games=0, progress=None))
        try:
            load_step(state)
        except ContentErrors as e:
            self._failed(trigger, "does not load", e.errors, start)
            return
        target = output_folder(o, state.game.id)
        if target not in self.baselines:
            self.baselines[target] = (read_snapshot(target, baseline_kind(o)),
                                      "the output as it was when watching began")
        report = check_game(state.game)
        state.report = report
        try:
            layout_step(state)
            profile_step(state)
            if state.options.formats:
                render_step(state)
                write_step(state)
        except ContentErrors as e:
            self._failed(trigger, f"{report.summary}; layout stopped", report.errors + e.errors, start)
            return
        lines, note = self.problems("check", report.errors, report.warnings)
        done = "SVGs and contact sheet written" if state.options.formats else "checked"
        self.tell(WatchEvent("drawn", f"{report.summary}{note}; {done} in {time.perf_counter() - start:.2f} s",
                             lines, trigger, target, seconds=time.perf_counter() - start))
        if report.errors and not o.force:
            self.tell(WatchEvent("held", "PDFs not rebuilt until the checks pass; waiting for the next save",
                                 (), trigger, target))
            return
        if files.pending():  # a newer save is waiting: its pass writes the PDFs
            return
        self._print(state, trigger, target)

    def _print(self, state: BuildState, trigger: tuple[str, ...], target: Path) -> None:
        o = self.options
        start = time.perf_counter()
        state.options = replace(o, formats=tuple(f for f in o.formats if f != "svg"), sim_games=0, progress=None)
        state.files, state.notes, state.pages = {}, {}, {}
        before = len(state.report.warnings)
        state.extra["baseline"], state.extra["baseline_name"] = self.baselines[target]
        state.extra["baseline_kind"] = baseline_kind(o)  # (this pass leaves the SVGs out of its formats)
        try:
            render_step(state)
            preflight_step(state)
            changes_step(state)
            write_step(state)
        except ContentErrors as e:
            self._failed(trigger, "PDFs not rebuilt", e.errors, start, target)
            return
        lines, note = self.problems("print", [], state.report.warnings[before:])
        changes: Changes = state.extra["changes"]
        if changes.first:  # nothing was there when watching began: later passes compare with this one
            self.baselines[target] = (read_snapshot(target, baseline_kind(o)), "the first build of this watch")
        gid = state.game.id
        reprints = sorted(w.path for w in state.written if is_changes_file(w.path, gid) and w.path.endswith(".pdf"))
        made = [w.path for w in state.written if not is_changes_file(w.path, gid)]
        pdfs = sum(1 for path in made if path.endswith(".pdf"))
        others = len(made) - pdfs
        what = ", ".join([f"{pdfs} PDF(s)"] * bool(pdfs) + [f"{others} other file(s)"] * bool(others)) or "changes.txt"
        since = (f"compared with {self.baselines[target][1]}: {changes.headline()}" if not changes.first
                 else "nothing to compare with yet: later saves compare with this build")
        tail = f" → {', '.join(reprints)}" if reprints else ""
        self.tell(WatchEvent("printed", f"{what} written in {time.perf_counter() - start:.2f} s{note}; {since}{tail}",
                             lines, trigger, target, changes, time.perf_counter() - start))

    def _failed(self, trigger: tuple[str, ...], what: str, errors: list, start: float,
                target: Path | None = None) -> None:
        stopped = [e for e in errors if getattr(e, "message", "").startswith("too many errors")]
        count = f"more than {len(errors) - len(stopped)}" if stopped else str(len(errors))
        self.tell(WatchEvent("failed", f"{what} — {count} error(s); waiting for the next save",
                             tuple(str(e) for e in errors), trigger, target,
                             seconds=time.perf_counter() - start))


def watched_folders(game: str | None) -> list[Path]:
    """The folders a watch looks at: the pack's and pnpgen's templates."""
    return [resolve_game(game).resolve(), TEMPLATES_DIR.resolve()]


def watch(options: BuildOptions, tell: Callable[[WatchEvent], None], stop: threading.Event | None = None,
          poll: bool = False) -> None:
    """Build once, then again after every save, until `stop` is set (or Ctrl-C, which propagates)."""
    options = with_profile(options, profile_named(options.profile))
    validate(options)
    stop = stop or threading.Event()
    folders = watched_folders(options.game)
    session = _Session(options, tell)
    with FileWatcher(folders, leave_out=[Path(os.path.abspath(options.out))], poll=poll) as files:
        tell(WatchEvent("start", f"watching {folders[0]} and pnpgen's templates ({files.how}); Ctrl-C stops"))
        _guarded(session, (), files)
        while not stop.is_set():
            changed = files.wait(0.2)
            if not changed:
                continue
            if any(p.suffix.lower() not in CONTENT_SUFFIXES for p in changed):
                fonts.forget()  # a font file may have changed under a name already read
            _guarded(session, tuple(sorted(_name(p, folders) for p in changed)), files)


def _guarded(session: _Session, trigger: tuple[str, ...], files: FileWatcher) -> None:
    """A pass whose failures are reported, never raised: the watch goes on to the next save."""
    try:
        session.run(trigger, files)
    except PnpgenError as e:
        session.tell(WatchEvent("failed", f"error: {e}; waiting for the next save", (), trigger))
    except OSError as e:
        where = f"{e.filename}: " if getattr(e, "filename", None) else ""
        session.tell(WatchEvent("failed", f"error: {where}{e.strerror or e}; waiting for the next save", (), trigger))
    except Exception as e:  # a bug in pnpgen: say so in one line and keep watching
        session.tell(WatchEvent("failed", f"internal error ({type(e).__name__}: {e}); please report it; waiting for "
                                          "the next save", (), trigger))


def _name(path: Path, folders: list[Path]) -> str:
    """A changed file as the watch names it: relative to the pack, or as one of pnpgen's templates."""
    for base, prefix in ((folders[0], ""), (folders[1], "pnpgen templates/")):
        try:
            return prefix + Path(os.path.abspath(path)).relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)
