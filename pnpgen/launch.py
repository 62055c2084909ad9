"""The `pnpgen` command's entry point: a Ctrl-C while the command line loads ends it quietly (status 130), and a
command that is over ends the process at once, without taking its objects apart one by one."""

from __future__ import annotations

import _signal  # the C module: `signal` itself takes tens of milliseconds to import, and Ctrl-C can land there
import atexit
import gc
import os
import sys
import threading

COLLECT_EVERY = 50_000  # new objects between two passes of the cycle collector (a build sets the same)


def _interrupted_while_loading(_signum: int, _frame: object) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(130)  # nothing is written yet: there is nothing to clean up


def main() -> None:
    """Load the command line with Ctrl-C ending it quietly, run it (it handles Ctrl-C), keep the status it chose."""
    # Loading the command line and its command makes tens of thousands of objects that live to the end (modules,
    # classes, functions): the cycle collector passes over them every 700 new objects at Python's default, a
    # twentieth of the loading time. It passes every COLLECT_EVERY while the command runs.
    gc.set_threshold(COLLECT_EVERY, *gc.get_threshold()[1:])
    loading = _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler  # (not when started with it ignored)
    if loading:
        _signal.signal(_signal.SIGINT, _interrupted_while_loading)
    from .cli import main as command_line

    if loading:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    try:
        command_line()
    except SystemExit as done:
        _command_over()
        if done.code is None or (isinstance(done.code, int) and not isinstance(done.code, bool)):
            end_now(done.code or 0)
        raise
    except BaseException:
        _command_over()
        raise
    _command_over()
    end_now(0)


def _command_over() -> None:
    # The command is over: its output is written and its status chosen. Python's shutdown puts a handled SIGINT
    # back to its default (an ignored one it leaves), and a Ctrl-C landing then would end the process by the
    # signal instead of with that status.
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)


def end_now(status: int) -> None:
    """End the process with a status, its exit handlers run and its output flushed, but without Python's teardown,
    which frees every object one by one (a tenth of a second for a 1,000-card kit's drawings, seconds for 20,000):
    the files are written and closed by then. With another thread still running, or output that cannot be flushed,
    Python's own exit takes over."""
    if threading.active_count() > 1 or not _flushed():
        return
    atexit._run_exitfuncs()
    if _flushed():  # (what the exit handlers printed)
        os._exit(status)


def _flushed() -> bool:
    """Whether standard output and error are flushed (a stream closed before the start is None: nothing to do)."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):  # a closed pipe or stream: Python's exit meets it as it would have
        return False
    return True
