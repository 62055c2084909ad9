"""Edge cases of the command line: bad options and odd paths give one line and exit 1, nothing is lost."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner
from kit.packs import copy_pack

from pnpgen.cli import main
from pnpgen.files.paths import TEMPLATES_DIR
from pnpgen.launch import COLLECT_EVERY


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_back_offset_must_be_finite(tmp_path):
    r = run("build", "--skip-sim", "--out", str(tmp_path), "--back-offset", "nan,nan")
    assert r.exit_code == 1
    assert r.output.strip() == "error: --back-offset: expected X,Y in mm such as 0.5,-1, got 'nan,nan'"


@pytest.mark.slow
def test_an_output_path_that_is_a_file_is_refused_and_kept(tmp_path):
    (tmp_path / "narrow-seas").write_text("mine")
    r = run("build", "--skip-sim", "--format", "svg", "--out", str(tmp_path))
    assert r.exit_code == 1 and "exists and is not a folder" in r.output and "Traceback" not in r.output
    assert (tmp_path / "narrow-seas").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["narrow-seas"]


@pytest.mark.slow
def test_a_report_folder_holding_other_files_is_refused_and_kept(tmp_path):
    (tmp_path / "notes.txt").write_text("precious")
    r = run("simulate", "--games", "3", "--agents", "greedy,greedy", "--report", str(tmp_path))
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "pnpgen did not make it" in r.output
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    assert (tmp_path / "notes.txt").read_text() == "precious"


def test_empty_agent_names_are_refused():
    r = run("simulate", "--agents", ",")
    assert r.exit_code == 1 and r.output.strip() == "error: --agents: expected agent names separated by commas, got ','"


def test_reading_a_device_stops_at_the_size_limit():
    r = run("rules", "legal", "/dev/zero")
    assert r.exit_code == 1
    assert r.output.strip() == "/dev/zero:1:1: error: file is too large (1001 kB; the limit is 1000 kB)"


@pytest.mark.slow
def test_a_null_template_parameter_is_an_error_not_a_crash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pack = copy_pack(tmp_path / "ns")
    (pack / "templates").mkdir(exist_ok=True)
    text = (TEMPLATES_DIR / "ship-card.yaml").read_text()
    assert "\nmargin:" in text
    lines = [("margin: null" if line.startswith("margin:") else line) for line in text.splitlines()]
    (pack / "templates" / "ship-card.yaml").write_text("\n".join(lines) + "\n")
    r = run("build", str(pack), "--skip-sim", "--format", "svg", "--out", str(tmp_path / "out"))
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "ns/templates/ship-card.yaml:" in r.output and "'margin' must be" in r.output
    assert not (tmp_path / "out").exists()


def test_usage_mistakes_get_one_line_and_exit_1():
    cases = {
        ("simulate", "--gmes", "5"): "error: No such option '--gmes'.",
        ("bild",): "error: No such command 'bild'. Did you mean 'build'? (see 'pnpgen --help')",
        ("build", "--paper", "a5"): "error: Invalid value for '--paper': 'a5' is not one of 'a4', 'letter', 'both'. "
                                    "(see 'pnpgen build --help')",
        ("rules", "legal"): "error: Missing argument 'POSITION'. (see 'pnpgen rules legal --help')",
    }
    for args, line in cases.items():
        r = CliRunner().invoke(main, list(args), prog_name="pnpgen")
        assert r.exit_code == 1, args
        assert len(r.output.splitlines()) == 1 and r.output.startswith(line), r.output


def test_a_folder_named_in_bytes_that_are_not_utf8_prints_escaped(tmp_path):
    # Found by tests/fuzz: the line naming such a folder ended the command with a UnicodeEncodeError (a UTF-8
    # terminal's stdout is strict; Python reads the name's odd byte as a lone surrogate).
    folder = tmp_path / b"schema\xff".decode("utf-8", "surrogateescape")
    r = run("schema", "narrow-seas", "--out", str(folder))
    assert r.exit_code == 0 and r.exception is None, r.output
    assert r.stdout.startswith("wrote ") and r.stdout.rstrip().endswith("schema\\udcff/")
    assert (folder / "game.schema.json").is_file()


def test_a_printer_margin_that_is_not_a_number_is_refused():
    # Found by tests/fuzz: 'nan' passed the 0..40 range (it compares false with both bounds) and printed
    # "inside the printer margin of nan mm" warnings.
    for command in ("check", "build"):
        r = run(command, "--printer-margin", "nan")
        assert r.exit_code == 1
        assert r.output.strip() == (f"error: Invalid value for '--printer-margin': 'nan' is not a number. "
                                    f"(see 'main {command} --help')")


def test_a_sweep_for_a_player_count_the_game_lacks_is_one_line():
    # Found by tests/fuzz: each variant failed inside the table (or the JSON) and stderr said nothing.
    r = run("sweep", "narrow-seas", "--players", "5", "--games", "2", "--json")
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == "error: --players 5: Narrow Seas is played by 2 or 4 players\n"


CTRL_C_WHILE_LOADING = """
import builtins, os, signal, sys
import pnpgen.launch
real_import = builtins.__import__
def interrupting_import(name, *args, **kwargs):
    if name == "cli":  # `from .cli import main`: Ctrl-C arrives while the command line loads
        os.kill(os.getpid(), signal.SIGINT)
        print("sent", flush=True)
    return real_import(name, *args, **kwargs)
builtins.__import__ = interrupting_import
sys.argv = ["pnpgen", "list"]
pnpgen.launch.main()
print("not interrupted")
"""


def test_ctrl_c_while_the_command_line_loads_is_one_line_and_status_130():
    signal_default = lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)  # noqa: E731 (as a terminal starts it)
    done = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_LOADING], capture_output=True, text=True, timeout=60,
                          preexec_fn=signal_default)
    assert (done.returncode, done.stderr, done.stdout) == (130, "interrupted\n", "")


def test_after_loading_ctrl_c_is_the_command_lines_own_again():
    code = "import signal, pnpgen.launch as l, pnpgen.cli as c; c.main = lambda: print(signal.getsignal(2).__name__)" \
           "; l.main()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert done.stdout == "default_int_handler\n", done.stderr


CTRL_C_AS_THE_PROCESS_ENDS = """
import atexit, os, signal, sys
import pnpgen.launch
def interrupt_at_exit():  # an exit handler: it runs after the command, as the process ends
    os.kill(os.getpid(), signal.SIGINT)
    os.write(1, b"sent")
atexit.register(interrupt_at_exit)
sys.argv = ["pnpgen", "list"]
pnpgen.launch.main()
"""


def test_a_ctrl_c_as_the_process_ends_leaves_the_commands_status():
    # Found by tests/fuzz: Ctrl-C just after `simulate` printed its table killed the process (status -2): Python's
    # shutdown had put SIGINT back to its default.
    done = subprocess.run([sys.executable, "-c", CTRL_C_AS_THE_PROCESS_ENDS], capture_output=True, text=True,
                          timeout=60, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith("sent") and "narrow-seas" in done.stdout


ENDING = """
import atexit, os, sys, threading, time
import pnpgen.launch
class TakenApart:  # a global of __main__: Python's teardown deletes it, after the command
    def __del__(self, write=os.write):
        write(1, b" taken apart")
left = TakenApart()
atexit.register(lambda: os.write(1, b" exit handler"))
def until_python_exits():  # runs for as long as the command does, however slow the machine (Python's exit stops
    while threading.main_thread().is_alive():  # the main thread first, then waits for this one)
        time.sleep(0.01)
    os.write(1, b" thread")
if sys.argv[1] == "thread":  # a thread still running when the command is over: Python's own exit waits for it
    threading.Thread(target=until_python_exits).start()
sys.argv = ["pnpgen", *sys.argv[2:]]
pnpgen.launch.main()
"""


@pytest.mark.parametrize("case, args, status, printed", [
    ("done", ["list", "--help"], 0, " exit handler"),
    ("bad input", ["build", "no-such-pack"], 1, " exit handler"),
    ("thread", ["list", "--help"], 0, " thread exit handler taken apart"),
])
def test_a_command_that_is_over_ends_the_process_without_taking_it_apart(case, args, status, printed):
    # Python's teardown frees every object one by one, seconds for a large kit's drawings; the exit handlers still
    # run, the output is flushed, the status is the command's
    done = subprocess.run([sys.executable, "-c", ENDING, case.split()[0], *args], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == status, done.stderr
    assert done.stdout.endswith(printed) and (case == "thread" or "taken apart" not in done.stdout)


def test_a_command_that_fails_unexpectedly_still_shows_its_traceback():
    code = ("import sys, pnpgen.launch, pnpgen.cli as c\n"
            "def broken(): raise RuntimeError('a bug')\n"
            "c.main = broken\npnpgen.launch.main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "RuntimeError: a bug" in done.stderr


def test_the_command_line_loads_and_runs_with_the_cycle_collector_passing_less_often():
    code = ("import gc, pnpgen.launch as l, pnpgen.cli as c\n"
            "c.main = lambda: print(gc.get_threshold()[0])\nprint(gc.get_threshold()[0])\nl.main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    python_default, running = done.stdout.split()
    assert int(python_default) < COLLECT_EVERY and int(running) == COLLECT_EVERY, done.stderr


@pytest.mark.parametrize("closed", [1, 2])
def test_a_command_run_with_its_output_or_error_stream_closed_keeps_its_status(closed, tmp_path):
    # (Python starts with sys.stdout or sys.stderr None: the end of the command has nothing to flush there)
    done = subprocess.run([sys.executable, "-m", "pnpgen", "build", "--skip-sim", "--paper", "a4", "--format", "pdf",
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=300,
                          preexec_fn=lambda: os.close(closed))
    assert done.returncode == 0 and "Traceback" not in done.stderr + done.stdout
    assert (tmp_path / "narrow-seas" / "narrow-seas-a4.pdf").is_file()


def test_what_an_exit_handler_prints_to_buffered_output_is_not_lost():
    code = "import atexit, sys, pnpgen.launch\natexit.register(lambda: print('from the handler'))\n" \
           "sys.argv = ['pnpgen', 'list']\npnpgen.launch.main()"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # (a pipe: block-buffered output)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0 and done.stdout.endswith("from the handler\n"), done.stderr
