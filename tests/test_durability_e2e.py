"""S7 durability: SIGKILL at any instant during saves, and two processes saving at once, never tear the file."""

from __future__ import annotations

import json
import random
import signal
import sys
import threading
from pathlib import Path

import pytest

from tests.helpers import item, request

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")]

KILLS = 32


def listing(tag: str, count: int) -> list[dict]:
    return [item(f"{tag}{i}", f"{tag} 记忆 {i} " + "内容😀" * 30, i) for i in range(count)]


def stored(path: Path) -> list[dict] | None:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    return json.loads(data.decode("utf-8"))


def test_sigkill_during_a_save_loop_leaves_the_old_or_the_new_list(spawn, config_dir: Path) -> None:
    old, new = listing("old", 60), listing("new", 90)
    path = config_dir / "ai" / "memory" / "memory.json"
    rng = random.Random(1234)
    seen = set()
    for round_ in range(KILLS):
        sidecar = spawn()
        sidecar.send(b"".join(request("ai_save_memories", {"items": old if n % 2 else new}, n) for n in range(200)))
        sidecar.response(0)
        threading.Event().wait(rng.uniform(0, 0.03))
        sidecar.proc.send_signal(signal.SIGKILL)
        sidecar.proc.wait(5)
        content = stored(path)
        assert content in (old, new), f"round {round_}: torn or foreign file"
        seen.add(json.dumps(content))
        assert not list(path.parent.glob("memory.json.corrupt-*"))
    assert len(seen) == 2, "kills should have landed on both states"
    survivor = spawn()
    assert survivor.call("ai_list_memories")["result"] in (old, new)
    assert survivor.call("ai_save_memories", {"items": old}, 2)["result"] is None
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == [], \
        "the next write sweeps temps left by killed writers"


def test_two_processes_saving_concurrently_never_produce_an_invalid_file(spawn, config_dir: Path) -> None:
    lists = {"p": listing("p", 40), "q": listing("q", 70)}
    path = config_dir / "ai" / "memory" / "memory.json"
    writers = {tag: spawn() for tag in lists}
    for tag, sidecar in writers.items():
        sidecar.send(b"".join(request("ai_save_memories", {"items": lists[tag]}, n) for n in range(60)))
    observed = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            content = stored(path)
            if content is not None:
                observed.append(content in lists.values())

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for sidecar in writers.values():
            for n in range(60):
                assert sidecar.response(n, timeout=30)["result"] is None
    finally:
        stop.set()
        watcher.join()
    assert observed and all(observed)
    assert stored(path) in lists.values()
