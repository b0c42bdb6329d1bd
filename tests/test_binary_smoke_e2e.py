"""Smoke test of a packaged layout (`make smoke` builds both and sets SIDECAR_BINARY to each in turn)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sidecar import __version__
from tests.helpers import item, request
from tests.processes import exited_within, kill_quietly

BINARY = os.environ.get("SIDECAR_BINARY")
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not BINARY, reason="set SIDECAR_BINARY (make smoke builds and sets it)")]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture
def temp_dir(tmp_path: Path) -> Path:
    """The temp dir the packaged process sees (a one-file build unpacks into `_MEI*` there)."""
    path = tmp_path / "tmp"
    path.mkdir()
    return path


def unpacked(temp_dir: Path) -> list[str]:
    return sorted(entry.name for entry in temp_dir.iterdir() if entry.name.startswith("_MEI"))


def start(config_dir: Path, temp_dir: Path, stderr: int = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TMPDIR": str(temp_dir), "TEMP": str(temp_dir), "TMP": str(temp_dir)}
    return subprocess.Popen([str(BINARY), "--config-dir", str(config_dir)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=stderr, env=env)


def serving_pid(proc: subprocess.Popen[bytes]) -> int:
    """The pid of the Python process answering (a one-file build's child of the bootloader)."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(request("sidecar_info"))
    proc.stdin.flush()
    return int(json.loads(proc.stdout.readline())["result"]["pid"])


def test_info_save_list_and_eof_exit_leave_nothing_unpacked(config_dir: Path, temp_dir: Path) -> None:
    proc = start(config_dir, temp_dir, stderr=subprocess.PIPE)
    out, err = proc.communicate(request("sidecar_info", id_=1)
                              + request("ai_save_memories", {"items": [item("a", "用户偏好 zsh 😀", 1)]}, 2)
                              + request("ai_list_memories", id_=3), timeout=60)
    assert proc.returncode == 0
    replies = {m["id"]: m for m in map(json.loads, out.splitlines())}
    assert replies[1]["result"]["name"] == "ai-memory-sidecar"
    assert replies[2]["result"] is None
    assert replies[3]["result"] == [item("a", "用户偏好 zsh 😀", 1)]
    assert unpacked(temp_dir) == []
    assert b"PYI" not in err, err  # e.g. the bootloader's "Failed to remove temporary directory" warning


def test_version_and_help_print_and_exit_0(temp_dir: Path) -> None:
    env = {**os.environ, "TMPDIR": str(temp_dir)}
    version = subprocess.run([str(BINARY), "--version"], capture_output=True, env=env, timeout=60, check=False)
    assert (version.returncode, version.stdout.decode().split()) == (0, ["memory-sidecar", __version__])
    usage = subprocess.run([str(BINARY), "--help"], capture_output=True, env=env, timeout=60, check=False)
    assert usage.returncode == 0 and b"ai_list_memories" in usage.stdout
    assert unpacked(temp_dir) == []


def kill_as_the_shell_plugin_does(proc: subprocess.Popen[bytes], close_stdin: bool = True) -> None:
    """`Child.kill()`: SIGKILL to the spawned process only; dropping the child closes its stdin."""
    proc.kill()
    proc.wait(10)
    if close_stdin:
        assert proc.stdin is not None
        proc.stdin.close()


@posix_only
def test_ten_sigkills_leave_no_orphan_and_no_unpacked_dir(config_dir: Path, temp_dir: Path) -> None:
    for _ in range(10):
        proc = start(config_dir, temp_dir)
        pid = serving_pid(proc)
        kill_as_the_shell_plugin_does(proc)
        try:
            assert exited_within(pid, 3.0), "the sidecar's Python process outlived the kill"
        finally:
            kill_quietly(pid)
            assert proc.stdout is not None
            proc.stdout.close()
        assert unpacked(temp_dir) == []


@posix_only
def test_the_python_process_exits_when_killed_even_with_stdin_held_open(config_dir: Path, temp_dir: Path) -> None:
    proc = start(config_dir, temp_dir)
    pid = serving_pid(proc)
    kill_as_the_shell_plugin_does(proc, close_stdin=False)
    try:
        assert exited_within(pid, 3.0), "the sidecar's Python process outlived the kill"
    finally:
        kill_quietly(pid)
        for stream in (proc.stdin, proc.stdout):
            assert stream is not None
            stream.close()
    assert unpacked(temp_dir) == []
