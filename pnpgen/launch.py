"""The `pnpgen` command's entry point: a Ctrl-C while the command line loads ends it quietly (status 130)."""

from __future__ import annotations

import _signal  # the C module: `signal` itself takes tens of milliseconds to import, and Ctrl-C can land there
import os
import sys


def _interrupted_while_loading(_signum: int, _frame: object) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(130)  # nothing is written yet: there is nothing to clean up


def main() -> None:
    """Load the command line with Ctrl-C ending it quietly, run it (it handles Ctrl-C), keep the status it chose."""
    loading = _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler  # (not when started with it ignored)
    if loading:
        _signal.signal(_signal.SIGINT, _interrupted_while_loading)
    from .cli import main as command_line

    if loading:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    try:
        command_line()
    finally:
        # The command is over: its output is written and its status chosen. Python's shutdown puts a handled
        # SIGINT back to its default (an ignored one it leaves), and a Ctrl-C landing then would end the process
        # by the signal instead of with that status.
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
