"""End-to-end: every request read is answered once before exit (SPEC S2.6), in read order (S3.2), whatever the input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT, SidecarProcess, item, request, sidecar_env

pytestmark = pytest.mark.e2e

GUARD = 30.0
"""A hang guard only: the 2 s exit bound is measured by `make bench`, not asserted here."""


def run_once(config_dir: Path | bytes, stdin: bytes, *args: str,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    argv: list[Any] = [sys.executable, "-m", "sidecar", "--config-dir", config_dir, *args]
    return subprocess.run(argv, input=stdin, capture_output=True, env=env or sidecar_env(), cwd=ROOT,
                          timeout=GUARD)


def replies_of(stdout: bytes) -> list[Any]:
    assert stdout == b"" or stdout.endswith(b"\n")
    return [json.loads(line) for line in stdout.splitlines()]


def prefix(reply: dict[str, Any]) -> str:
    return str(reply["error"]["data"]["prefix"])


def save(k: int) -> bytes:
    items = [item(f"m{j}", f"第 {j} 条", j) for j in range(k + 1)]
    return request("ai_save_memories", {"items": items, "limit": 1000}, f"s{k}")


def stored(config_dir: Path) -> Any:
    path = config_dir / "ai/memory/memory.json"
    return json.loads(path.read_text("utf-8")) if path.exists() else None


def test_deep_nesting_never_kills_the_process(config_dir: Path) -> None:
    lines = [b"[" * 981 + b"\n", b"[" * 100_000 + b"\n", b"[" * 3000 + b"]" * 3000 + b"\n",
             b'{"jsonrpc":"2.0","id":7,"method":"ai_list_memories","params":{"x":' + b"[" * 977 + b"]" * 977
             + b"}}\n", request("ai_list_memories", id_="alive")]
    done = run_once(config_dir, b"".join(lines))
    assert done.returncode == 0
    replies = replies_of(done.stdout)
    assert len(replies) == 5 and replies[-1] == {"jsonrpc": "2.0", "id": "alive", "result": []}
    assert all(prefix(r) in {"RPC_PARSE", "RPC_INVALID_REQUEST", "RPC_INVALID_PARAMS"}
               for r in replies[:-1] if "error" in r)


@pytest.mark.skipif(sys.platform != "linux", reason="a config dir whose name is not UTF-8")
def test_an_unencodable_result_is_internal_and_the_process_serves_on(tmp_path: Path) -> None:
    config_dir = os.fsencode(tmp_path) + b"/caf\xe9"
    done = run_once(config_dir, request("sidecar_info", id_=1) + request("ai_list_memories", id_=2))
    assert done.returncode == 0
    by_id = {r["id"]: r for r in replies_of(done.stdout)}
    assert prefix(by_id[1]) == "INTERNAL" and by_id[2]["result"] == []


def test_pipelined_saves_then_eof_are_each_answered_and_only_the_answered_ones_applied(config_dir: Path) -> None:
    count = 1500
    done = run_once(config_dir, b"".join(request("ai_save_memories", {"items": [item(f"m{k}", "c", k)]}, k)
                                        for k in range(count)))
    assert done.returncode == 0
    replies = replies_of(done.stdout)
    assert sorted(r["id"] for r in replies) == list(range(count))
    applied = sorted(r["id"] for r in replies if "result" in r)
    assert all(prefix(r) == "CANCELLED" for r in replies if "error" in r)
    assert applied == list(range(len(applied))), "store requests take effect in the order read"
    assert stored(config_dir) == ([item(f"m{applied[-1]}", "c", applied[-1])] if applied else None)


def test_a_long_batch_then_eof_is_answered_as_one_array(config_dir: Path) -> None:
    count = 2000
    batch = [json.loads(request("ai_save_memories", {"items": [item(f"m{k}", "c", k)]}, k)) for k in range(count)]
    done = run_once(config_dir, json.dumps(batch).encode() + b"\n")
    assert done.returncode == 0
    [replies] = replies_of(done.stdout)
    assert [r["id"] for r in replies] == list(range(count))
    applied = [r["id"] for r in replies if "result" in r]
    assert all(prefix(r) == "CANCELLED" for r in replies if "error" in r)
    assert applied == list(range(len(applied)))
    assert stored(config_dir) == ([item(f"m{applied[-1]}", "c", applied[-1])] if applied else None)


def test_a_pipelined_read_shows_exactly_the_writes_read_before_it(config_dir: Path) -> None:
    count = 150
    stream = b"".join(save(k) + request("ai_list_memories", id_=f"l{k}") for k in range(count))
    sidecar = SidecarProcess(config_dir)
    try:
        sidecar.send(stream)
        for k in range(count):
            assert sidecar.response(f"s{k}")["result"] is None
            listed = sidecar.response(f"l{k}")["result"]
            assert [m["id"] for m in listed] == [f"m{j}" for j in range(k + 1)], f"list {k}"
        sidecar.close_stdin()
        assert sidecar.wait(GUARD) == 0
    finally:
        sidecar.stop()


def test_a_batch_takes_its_turn_where_it_was_read(config_dir: Path) -> None:
    count = 60
    stream = b""
    for k in range(count):
        if k % 2:
            stream += b"[" + save(k).strip() + b"]\n" + request("ai_list_memories", id_=f"l{k}")
        else:
            stream += save(k) + b"[" + request("ai_list_memories", id_=f"l{k}").strip() + b"]\n"
    sidecar = SidecarProcess(config_dir)
    try:
        sidecar.send(stream)
        listed: dict[str, Any] = {}
        while len(listed) < count:
            message = sidecar.read_message()
            for reply in message if isinstance(message, list) else [message]:
                if str(reply["id"]).startswith("l"):
                    listed[reply["id"]] = reply["result"]
        for k in range(count):
            assert [m["id"] for m in listed[f"l{k}"]] == [f"m{j}" for j in range(k + 1)], f"list {k}"
        sidecar.close_stdin()
        assert sidecar.wait(GUARD) == 0
    finally:
        sidecar.stop()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_shutdown_never_hangs_when_the_parent_stops_reading_stdout(config_dir: Path) -> None:
    items = [item(f"m{j}", "长" * 200, j) for j in range(100)]
    assert run_once(config_dir, request("ai_save_memories", {"items": items})).returncode == 0
    proc = subprocess.Popen([sys.executable, "-m", "sidecar", "--config-dir", str(config_dir), "--log-level", "DEBUG"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=sidecar_env(), cwd=ROOT)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    try:
        proc.stdin.write(b"".join(request("ai_list_memories", id_=k) for k in range(399)))
        proc.stdin.flush()
        answered = 0
        while answered < 10:  # ~650 KB of replies, ten times what a pipe holds
            line = proc.stderr.readline()
            assert line, "the sidecar exited early"
            answered += b"ai_list_memories answered" in line
        proc.send_signal(signal.SIGTERM)
        proc.stdin.close()
        assert proc.wait(GUARD) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def test_the_thread_stdin_reader_serves_a_pipe(config_dir: Path) -> None:
    env = sidecar_env(AI_MEMORY_STDIN_READER="thread")
    stream = save(2) + request("ai_list_memories", id_="l") + b"[" * 5000 + b"\n"
    done = run_once(config_dir, stream, "--log-level", "DEBUG", env=env)
    assert done.returncode == 0
    assert b"reading stdin from a thread" in done.stderr
    by_id = {r["id"]: r for r in replies_of(done.stdout)}
    assert [m["id"] for m in by_id["l"]["result"]] == ["m0", "m1", "m2"]
    assert prefix(by_id[None]) == "RPC_PARSE"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("reader", ["thread", "loop"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_end_the_process_cleanly_with_stdin_open(config_dir: Path, reader: str,
                                                                    signum: int) -> None:
    sidecar = SidecarProcess(config_dir, env=sidecar_env(AI_MEMORY_STDIN_READER=reader))
    try:
        assert sidecar.call("ai_list_memories")["result"] == []
        sidecar.proc.send_signal(signum)
        assert sidecar.wait(GUARD) == 0
        assert "Traceback" not in sidecar.stderr and "KeyboardInterrupt" not in sidecar.stderr
    finally:
        sidecar.stop()
