"""The real process on a slow disk (every fsync delayed) with cancels, batches and two processes (issue 14)."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Spawn
from tests.fake_openai import FakeOpenAI
from tests.helpers import SidecarProcess, request, sidecar_env

pytestmark = pytest.mark.e2e

SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void slow_down(void) {
    const char *ms = getenv("SLOW_FSYNC_MS");
    long delay = ms ? atol(ms) : 20;
    struct timespec pause = {delay / 1000, (delay % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    slow_down();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    slow_down();
    return real(fd);
}
"""

ROUNDS = 12


@pytest.fixture(scope="module")
def slow_fsync(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("needs a C compiler (cc) to build the fsync-delaying LD_PRELOAD shim")
    directory = tmp_path_factory.mktemp("shim")
    (directory / "slow_fsync.c").write_text(SHIM)
    library = directory / "slow_fsync.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(library), str(directory / "slow_fsync.c"), "-ldl"],
                   check=True, capture_output=True)
    return library


def pipeline(process_tag: str) -> tuple[list[bytes], dict[Any, str]]:
    """Per round: remember A; a conversation C cancelled a moment later, while it waits its turn behind A;
    remember B; and a batch [extraction, remember D]. Returns the chunks to send (a short pause goes between
    them, so the cancel finds C waiting rather than not yet started) and each remember's id → content."""
    chunks: list[bytes] = []
    remembered: dict[Any, str] = {}
    for n in range(ROUNDS):
        ids = {kind: f"{process_tag}-{kind}{n}" for kind in "ACBXD"}
        for kind in "BD":
            remembered[ids[kind]] = f"进程 {process_tag} 第 {n} 条：项目 {kind}{n} 用 tool-{process_tag}{n}{kind}"
        remembered[ids["A"]] = f"进程 {process_tag} 的第 {n} 条事实 A：服务 A{n} 部署在 host-{process_tag}{n}"
        chunks.append(
            request("ai_remember", {"content": remembered[ids["A"]], "sourceScope": "e2e"}, ids["A"])
            + request("ai_remember_conversation", {
                "messages": [{"role": "user", "content": f"第 {n} 轮的对话"}], "sourceScope": "e2e"}, ids["C"]))
        cancel = json.dumps({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": ids["C"]}})
        data = cancel.encode() + b"\n"
        data += request("ai_remember", {"content": remembered[ids["B"]], "sourceScope": "e2e"}, ids["B"])
        batch = [json.loads(request("ai_extract_memories", {"messages": [{"role": "user", "content": "hi"}]},
                                    ids["X"])),
                 json.loads(request("ai_remember", {"content": remembered[ids["D"]], "sourceScope": "e2e"},
                                    ids["D"]))]
        data += json.dumps(batch, ensure_ascii=False).encode() + b"\n"
        chunks.append(data)
    return chunks, remembered


def collect(process: SidecarProcess, expected: int) -> dict[Any, list[dict[str, Any]]]:
    answers: dict[Any, list[dict[str, Any]]] = {}
    count = 0
    while count < expected:
        message = process.read_message(timeout=60)
        for single in message if isinstance(message, list) else [message]:
            answers.setdefault(single["id"], []).append(single)
            count += 1
    return answers


def test_on_a_slow_disk_every_request_is_answered_once_and_every_acknowledged_write_is_stored(
        spawn: Spawn, config_dir: Path, slow_fsync: Path, llm_server: FakeOpenAI) -> None:
    env = sidecar_env(LD_PRELOAD=str(slow_fsync), SLOW_FSYNC_MS="20")
    args = ("--memory-limit", "1000", "--base-url", llm_server.base_url, "--model", "m")
    first, second = spawn(*args, env=env), spawn(*args, env=env)
    sent = {}
    plans = {}
    for tag in ("p1", "p2"):
        plans[tag], sent[tag] = pipeline(tag)
    for chunks in zip(plans["p1"], plans["p2"], strict=True):
        for process, chunk in zip((first, second), chunks, strict=True):
            process.send(chunk)
        time.sleep(0.005)
    answers = {tag: collect(process, ROUNDS * 5) for tag, process in (("p1", first), ("p2", second))}

    acknowledged: list[str] = []
    for tag in ("p1", "p2"):
        for id_, replies in answers[tag].items():
            assert len(replies) == 1, f"{id_} was answered {len(replies)} times"
            [reply] = replies
            if "error" in reply:
                assert reply["error"]["data"]["prefix"] != "MEMORY_IO", f"{id_}: {reply['error']['message']}"
                assert id_ not in sent[tag], f"a remember failed: {reply['error']['message']}"
            elif id_ in sent[tag]:
                acknowledged.append(sent[tag][id_])
        assert set(sent[tag]) <= set(answers[tag])
    assert len(acknowledged) == 2 * ROUNDS * 3
    listed = first.call("ai_list_memories", None, "final", timeout=60)["result"]
    assert sorted(m["content"] for m in listed) == sorted(acknowledged)
    on_disk = json.loads((config_dir / "ai" / "memory" / "memory.json").read_bytes())
    assert sorted(m["content"] for m in on_disk) == sorted(acknowledged)
