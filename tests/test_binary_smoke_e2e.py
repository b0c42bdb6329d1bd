"""Smoke test of the packaged executable (`make smoke` builds it and sets SIDECAR_BINARY)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import item, request

BINARY = os.environ.get("SIDECAR_BINARY")
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not BINARY, reason="set SIDECAR_BINARY (make smoke builds and sets it)")]


def start(config_dir: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([str(BINARY), "--config-dir", str(config_dir)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_info_save_list_and_eof_exit(config_dir: Path) -> None:
    proc = start(config_dir)
    out, err = proc.communicate(request("sidecar_info", id_=1)
                                + request("ai_save_memories", {"items": [item("a", "用户偏好 zsh 😀", 1)]}, 2)
                                + request("ai_list_memories", id_=3), timeout=60)
    assert proc.returncode == 0, err
    replies = {m["id"]: m for m in map(json.loads, out.splitlines())}
    assert replies[1]["result"]["name"] == "ai-memory-sidecar"
    assert replies[2]["result"] is None
    assert replies[3]["result"] == [item("a", "用户偏好 zsh 😀", 1)]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_the_python_child_exits_on_eof_after_the_bootloader_is_killed(config_dir: Path) -> None:
    proc = start(config_dir)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(request("sidecar_info"))
    proc.stdin.flush()
    python_pid = json.loads(proc.stdout.readline())["result"]["pid"]
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    proc.stdin.close()
    proc.stdout.close()
    assert proc.stderr is not None
    proc.stderr.close()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(python_pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(python_pid, signal.SIGKILL)
    pytest.fail("the sidecar's Python process outlived its closed stdin")
