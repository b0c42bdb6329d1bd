from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sidecar.onefile import OneFileWorker, empty_dir, unpack_dir
from tests.helpers import ROOT, request, sidecar_env
from tests.processes import exited_within, kill_quietly

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX parent-death handling")

# A stand-in for PyInstaller: the "bootloader" runs the same interpreter as a child that believes it is
# a frozen one-file worker unpacked in argv[1], and waits for it, sharing its pipes as the real one does.
WORKER = "import sys; sys.frozen = True; sys._MEIPASS = sys.argv.pop(1); from sidecar.cli import run; run()"
BOOTLOADER = "import subprocess, sys; sys.exit(subprocess.call([sys.executable, '-c', sys.argv[1], *sys.argv[2:]]))"


def test_only_a_mei_dir_away_from_the_executable_is_a_one_file_unpack_dir(tmp_path: Path) -> None:
    app = tmp_path / "app" / "memory-sidecar"
    assert unpack_dir(None, str(app)) is None
    assert unpack_dir(str(app.parent / "_internal"), str(app)) is None
    assert unpack_dir(str(app.parent), str(app)) is None
    assert unpack_dir(str(app.parent / "_MEI123"), str(app)) is None
    assert unpack_dir(str(tmp_path / "tmp" / "_MEI123abc"), str(app)) == tmp_path / "tmp" / "_MEI123abc"


def unpacked(tmp_path: Path) -> Path:
    home = tmp_path / "tmp" / "_MEI0001test"
    (home / "lib-dynload").mkdir(parents=True)
    (home / "libpython.so").write_bytes(b"\0" * 64)
    (home / "lib-dynload" / "_asyncio.so").write_bytes(b"\0" * 64)
    return home


def test_emptying_removes_everything_inside_and_never_follows_a_link_out(tmp_path: Path) -> None:
    home = unpacked(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    (home / "link").symlink_to(outside, target_is_directory=True)
    empty_dir(home)
    assert home.is_dir() and list(home.iterdir()) == []
    assert (outside / "keep.txt").read_text() == "keep"
    empty_dir(tmp_path / "missing")


def test_release_leaves_the_empty_dir_to_a_live_bootloader_and_removes_it_for_a_dead_one(tmp_path: Path) -> None:
    home = unpacked(tmp_path)
    OneFileWorker(home, bootloader_pid=os.getppid()).release()
    assert home.is_dir() and list(home.iterdir()) == []
    OneFileWorker(home, bootloader_pid=-1).release()
    assert not home.exists()


@posix_only
def test_parent_death_outside_the_serving_loop_exits_and_inside_it_asks_the_loop_to_stop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    worker = OneFileWorker(unpacked(tmp_path), bootloader_pid=-1)
    monkeypatch.setattr(signal, "getsignal", lambda signum: signal.SIG_DFL)
    with pytest.raises(SystemExit):
        worker._on_parent_death(signal.SIGHUP, None)
    raised: list[int] = []
    monkeypatch.setattr(signal, "getsignal", lambda signum: lambda *args: None)
    monkeypatch.setattr(signal, "raise_signal", raised.append)
    worker._on_parent_death(signal.SIGHUP, None)
    assert raised == [signal.SIGTERM]
    worker.release()
    worker._on_parent_death(signal.SIGHUP, None)
    assert raised == [signal.SIGTERM]


@pytest.fixture
def bootloader(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    home = unpacked(tmp_path)
    proc = subprocess.Popen([sys.executable, "-c", BOOTLOADER, WORKER, str(home),
                             "--config-dir", str(tmp_path / "config")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=sidecar_env(), cwd=ROOT)
    yield proc, home
    kill_quietly(proc.pid)
    proc.wait()
    for stream in (proc.stdin, proc.stdout):
        assert stream is not None
        stream.close()


def worker_pid(proc: subprocess.Popen[bytes]) -> int:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(request("sidecar_info"))
    proc.stdin.flush()
    pid = json.loads(proc.stdout.readline())["result"]["pid"]
    assert pid != proc.pid
    return int(pid)


@pytest.mark.e2e
@posix_only
@pytest.mark.parametrize("close_stdin", [False, True], ids=["stdin-held-open", "stdin-closed"])
def test_a_killed_bootloader_leaves_no_worker_and_no_unpack_dir(bootloader: tuple[subprocess.Popen[bytes], Path],
                                                                close_stdin: bool) -> None:
    proc, home = bootloader
    pid = worker_pid(proc)
    proc.kill()
    proc.wait()
    if close_stdin:
        assert proc.stdin is not None
        proc.stdin.close()
    try:
        assert exited_within(pid, 3.0), "the worker outlived its bootloader"
    finally:
        kill_quietly(pid)
    assert not home.exists()


@pytest.mark.e2e
@posix_only
def test_a_worker_ending_on_eof_empties_the_dir_and_leaves_it_to_its_live_bootloader(
        bootloader: tuple[subprocess.Popen[bytes], Path]) -> None:
    proc, home = bootloader
    worker_pid(proc)
    assert proc.stdin is not None
    proc.stdin.close()
    assert proc.wait(10) == 0
    assert home.is_dir() and list(home.iterdir()) == []


@pytest.mark.e2e
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent's executable is read from /proc")
def test_a_worker_whose_bootloader_is_already_gone_serves_nothing_and_cleans_up(tmp_path: Path) -> None:
    home = unpacked(tmp_path)
    # Its parent is a shell, not the same executable: what a worker sees when the bootloader died first.
    worker = subprocess.run(["/bin/sh", "-c", '"$@"; true', "sh", sys.executable, "-c", WORKER, str(home),
                             "--config-dir", str(tmp_path / "config")],
                            input=request("sidecar_info"), capture_output=True, env=sidecar_env(), cwd=ROOT,
                            check=False, timeout=30)
    assert worker.returncode == 0 and worker.stdout == b""
    assert not home.exists()
