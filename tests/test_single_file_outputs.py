"""Single-file outputs (`export-cards --out`, `rules draw --out`): written whole over a regular file or nothing,
through a device or named pipe as a shell's redirection would, refused for a folder or socket, '-' to stdout."""

from __future__ import annotations

import os
import socket
import stat
import threading

import pytest
from click.testing import CliRunner

from pnpgen.cli import main
from pnpgen.files.atomic import write_file

POSITION = "content/narrow-seas/examples/position-01.yaml"


def _export(out) -> tuple[int, str]:
    got = CliRunner().invoke(main, ["export-cards", "narrow-seas", "deck-b", "--out", str(out)])
    return got.exit_code, got.output


def _csv() -> str:
    got = CliRunner().invoke(main, ["export-cards", "narrow-seas", "deck-b"])
    assert got.exit_code == 0 and got.output.startswith("id,")
    return got.output


def test_a_named_pipe_is_written_through_and_stays_a_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, _ = _export(fifo)
    reader.join(10)
    assert code == 0
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode), "the pipe was replaced by a file"
    assert read == [_csv().encode()]


def test_a_device_is_written_through_and_stays_a_device(tmp_path):
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # the same device as /dev/null, in a scratch folder
    except PermissionError:
        pytest.skip("making a device node needs root")
    code, _ = _export(null)
    assert code == 0
    assert stat.S_ISCHR(os.lstat(null).st_mode), "the device was replaced by a file"
    assert os.lstat(null).st_rdev == os.makedev(1, 3)


@pytest.mark.parametrize("kind", ["folder", "socket"])
def test_a_folder_or_socket_is_refused_in_one_line_and_left_alone(tmp_path, kind):
    path = tmp_path / "target"
    if kind == "folder":
        path.mkdir()
    else:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
    code, output = _export(path)
    assert code == 1
    assert output.strip() == (f"error: --out {path}: expected the name of a file to write, got a {kind} "
                              f"(nothing was written)")
    assert (stat.S_ISDIR if kind == "folder" else stat.S_ISSOCK)(os.lstat(path).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["target"], "no temporary file left"


def test_a_regular_file_is_replaced_whole_and_keeps_its_permissions(tmp_path):
    out = tmp_path / "cards.csv"
    out.write_text("old")
    out.chmod(0o640)
    code, _ = _export(out)
    assert code == 0
    assert out.read_text() == _csv()
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv"]


def test_a_link_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.csv"
    real.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    code, _ = _export(link)
    assert code == 0
    assert link.is_symlink() and real.read_text() == _csv()


def test_a_dash_writes_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, output = _export("-")
    assert (code, output) == (0, _csv())
    got = CliRunner().invoke(main, ["rules", "draw", os.path.join(os.path.dirname(__file__), "..", POSITION),
                                    "--out", "-"])
    assert got.exit_code == 0 and got.output.startswith("<?xml") and got.output.rstrip().endswith("</svg>")
    assert list(tmp_path.iterdir()) == [], "nothing written to a file named '-'"


def test_rules_draw_writes_through_a_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_bytes()), daemon=True)
    reader.start()
    got = CliRunner().invoke(main, ["rules", "draw", POSITION, "--out", str(fifo)])
    reader.join(10)
    assert got.exit_code == 0 and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert read and read[0].rstrip().endswith(b"</svg>")


def test_the_library_writer_refuses_what_the_command_refuses(tmp_path):
    from pnpgen.errors import PnpgenError

    with pytest.raises(PnpgenError, match="got a folder"):
        write_file(tmp_path, b"x")
