"""End-to-end: the real `python -m sidecar` process over its pipes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Spawn
from tests.helpers import ROOT, item, request, sidecar_env

pytestmark = pytest.mark.e2e


def run_once(config_dir: Path, stdin: bytes, *args: str, env: dict[str, str] | None = None,
             timeout: float = 20) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "sidecar", "--config-dir", str(config_dir), *args],
                          input=stdin, capture_output=True, env=env or sidecar_env(), cwd=ROOT, timeout=timeout)


def test_a_piped_request_prints_its_reply_and_exits_0(config_dir: Path) -> None:
    done = run_once(config_dir, request("ai_list_memories"))
    assert done.returncode == 0
    assert done.stdout == b'{"jsonrpc":"2.0","id":1,"result":[]}\n'


def test_every_stdout_line_is_a_json_rpc_response(config_dir: Path) -> None:
    lines = [b"\xef\xbb\xbf" + request("sidecar_info", id_=0), b"garbage\n", b"\xff\xfe\n", b"[]\n", b"7\n",
             b"   \n", request("nope", id_="x"), request("ai_save_memories", {"items": [1]}, 2),
             request("ai_save_memories", {"items": [item("a", "用户偏好 zsh", 1)]}, 3).replace(b"\n", b"\r\n"),
             b'{"jsonrpc":"2.0","method":"ai_list_memories"}\n',
             b"[" + request("ai_list_memories", id_=4).strip() + b"," + request("nope", id_=5).strip() + b"]\n",
             request("ai_list_memories", id_=6)]
    done = run_once(config_dir, b"".join(lines))
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.split(b"\n")[:-1]]
    assert done.stdout.endswith(b"\n") and b"\r" not in done.stdout
    singles = [r for reply in replies for r in (reply if isinstance(reply, list) else [reply])]
    assert all(r["jsonrpc"] == "2.0" and "id" in r and (("result" in r) != ("error" in r)) for r in singles)
    assert len(singles) == 11
    assert [r["result"] for r in singles if r["id"] == 6] == [[item("a", "用户偏好 zsh", 1)]]


def test_utf8_whatever_the_locale(config_dir: Path) -> None:
    env = sidecar_env(LANG="C", LC_ALL="C", PYTHONIOENCODING="latin-1", PYTHONUTF8="0")
    save = request("ai_save_memories", {"items": [item("a", "记住：用户偏好 zsh 😀", 1)]}, 1)
    done = run_once(config_dir, save + request("ai_list_memories", id_=2), env=env)
    replies = {m["id"]: m for m in map(json.loads, done.stdout.splitlines())}
    assert replies[2]["result"][0]["content"] == "记住：用户偏好 zsh 😀"


def test_eof_with_a_save_in_flight_still_answers_and_writes_it(config_dir: Path) -> None:
    items = [item(str(i), "内容" * 90, i) for i in range(300)]
    done = run_once(config_dir, request("ai_save_memories", {"items": items, "limit": 1000}))
    assert json.loads(done.stdout) == {"jsonrpc": "2.0", "id": 1, "result": None}
    assert len(json.loads((config_dir / "ai/memory/memory.json").read_text("utf-8"))) == 300


def test_an_oversize_line_is_rejected_and_the_process_keeps_serving(spawn: Spawn) -> None:
    sidecar = spawn("--max-line-bytes", "1024")
    sidecar.send(b'{"jsonrpc":"2.0","id":1,"method":"ai_save_memories","params":{"items":[' + b" " * 5000 + b"]}}\n")
    reply = sidecar.read_message()
    assert reply["id"] is None and reply["error"]["data"]["prefix"] == "RPC_INVALID_REQUEST"
    assert sidecar.call("ai_list_memories", id_=2)["result"] == []


def test_sidecar_shutdown_answers_then_exits_0(spawn: Spawn) -> None:
    sidecar = spawn()
    assert sidecar.call("sidecar_shutdown", id_=9) == {"jsonrpc": "2.0", "id": 9, "result": None}
    assert sidecar.wait(timeout=30) == 0


def test_the_info_pid_is_the_python_process(spawn: Spawn) -> None:
    sidecar = spawn()
    info = sidecar.call("sidecar_info")["result"]
    assert info["pid"] == sidecar.proc.pid and info["protocolVersion"] == 1


def test_stray_prints_go_to_stderr_not_the_wire(tmp_path: Path) -> None:
    code = ("import os, sys; from sidecar.stdio import claim_stdout, write_all; fd = claim_stdout(); "
            "print('stray'); os.write(1, b'c-level\\n'); write_all(fd, b'wire\\n')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=sidecar_env(), cwd=ROOT)
    assert done.stdout == b"wire\n"
    assert b"stray" in done.stderr and b"c-level" in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="pty")
def test_a_terminal_gets_a_banner_on_stderr(config_dir: Path) -> None:
    import pty

    controller, terminal = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "sidecar", "--config-dir", str(config_dir)], stdin=terminal,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=sidecar_env(), cwd=ROOT)
    os.close(terminal)
    try:
        os.write(controller, request("ai_list_memories") + b"\x04")
        assert proc.stdout is not None and proc.stdout.readline() == b'{"jsonrpc":"2.0","id":1,"result":[]}\n'
        os.write(controller, b"\x04")
        assert proc.wait(5) == 0
        assert proc.stderr is not None
        banner = proc.stderr.read()
        assert banner.count(b"\n") == 1 and b'"method":"ai_list_memories"' in banner
    finally:
        os.close(controller)
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def test_logs_never_contain_memory_content(spawn: Spawn) -> None:
    sidecar = spawn("--log-level", "DEBUG")
    secret = "用户的私人备忘 PRIVATE-CONTENT-42"
    assert sidecar.call("ai_save_memories", {"items": [item("a", secret, 1)]}, 1)["result"] is None
    assert sidecar.call("ai_list_memories", id_=2)["result"][0]["content"] == secret
    sidecar.send(request("ai_save_memories", {"items": [{"id": secret}]}, 3))
    assert sidecar.response(3)["error"]["data"]["prefix"] == "RPC_INVALID_PARAMS"
    sidecar.close_stdin()
    assert sidecar.wait() == 0
    assert "ai_save_memories" in sidecar.stderr
    assert "PRIVATE-CONTENT-42" not in sidecar.stderr and "私人备忘" not in sidecar.stderr


def test_stdin_redirected_from_a_file_is_served(config_dir: Path, tmp_path: Path) -> None:
    requests = tmp_path / "requests.jsonl"
    requests.write_bytes(request("ai_save_memories", {"items": [item("a", "文件输入", 1)]}, 1)
                         + request("ai_list_memories", id_=2))
    with requests.open("rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "sidecar", "--config-dir", str(config_dir)], stdin=stdin,
                              capture_output=True, env=sidecar_env(), cwd=ROOT, timeout=20)
    assert done.returncode == 0
    replies = {m["id"]: m for m in map(json.loads, done.stdout.splitlines())}
    assert replies[2]["result"] == [item("a", "文件输入", 1)]


def test_a_lone_surrogate_or_an_overlong_id_is_rejected_and_never_stored(spawn: Spawn, config_dir: Path) -> None:
    sidecar = spawn()
    sidecar.send(b'{"jsonrpc":"2.0","id":1,"method":"ai_save_memories","params":{"items":[{"id":"a",'
                 b'"content":"bad \\ud800 half","createdAt":1,"sourceScope":"g"}]}}\n')
    assert sidecar.read_message()["error"]["data"]["prefix"] == "RPC_PARSE"
    reply = sidecar.call("ai_save_memories", {"items": [item("x" * 129, "c", 1)]}, 2)
    assert reply["error"]["data"]["prefix"] == "RPC_INVALID_PARAMS" and "$.items[0].id" in reply["error"]["message"]
    assert sidecar.call("ai_save_memories", {"items": [item("x" * 128, "c", 1)]}, 3)["result"] is None
    assert [m["id"] for m in sidecar.call("ai_list_memories", id_=4)["result"]] == ["x" * 128]
    assert json.loads((config_dir / "ai/memory/memory.json").read_bytes().decode("utf-8")) == [item("x" * 128, "c", 1)]
