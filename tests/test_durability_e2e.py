"""S7 durability: SIGKILL at any instant during saves, and two processes saving at once, never tear the file."""

from __future__ import annotations

import json
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Spawn
from tests.helpers import item, request

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")]

KILLS = 32


def listing(tag: str, count: int) -> list[dict[str, Any]]:
    return [item(f"{tag}{i}", f"{tag} 记忆 {i} " + "内容😀" * 30, i) for i in range(count)]


def stored(path: Path) -> list[dict[str, Any]] | None:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    items: list[dict[str, Any]] = json.loads(data.decode("utf-8"))
    return items


@settings(max_examples=KILLS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(delay=st.floats(0, 0.03),
       sizes=st.tuples(st.integers(1, 120), st.integers(1, 120)).filter(lambda s: s[0] != s[1]))
def test_sigkill_at_any_instant_of_a_save_loop_leaves_the_old_or_the_new_list(
        spawn: Spawn, config_dir: Path, delay: float, sizes: tuple[int, int]) -> None:
    old, new = listing("old", sizes[0]), listing("new", sizes[1])
    path = config_dir / "ai" / "memory" / "memory.json"
    previous = stored(path)
    sidecar = spawn()
    sidecar.send(b"".join(request("ai_save_memories", {"items": old if n % 2 else new, "limit": 1000}, n)
                          for n in range(200)))
    sidecar.response(0)
    threading.Event().wait(delay)
    sidecar.proc.send_signal(signal.SIGKILL)
    sidecar.proc.wait(5)
    assert stored(path) in (old, new, previous), "torn or foreign file"
    assert stored(path) is not None
    assert not list(path.parent.glob("memory.json.corrupt-*"))


def test_the_next_write_after_kills_sweeps_their_temp_files(spawn: Spawn, config_dir: Path) -> None:
    path = config_dir / "ai" / "memory" / "memory.json"
    for _ in range(3):
        sidecar = spawn()
        sidecar.send(b"".join(request("ai_save_memories", {"items": listing("k", 90)}, n) for n in range(100)))
        sidecar.response(0)
        sidecar.proc.send_signal(signal.SIGKILL)
        sidecar.proc.wait(5)
    (path.parent / ".memory.json.424242.1.tmp").write_bytes(b"[{")
    survivor = spawn()
    assert survivor.call("ai_save_memories", {"items": listing("s", 3)}, 1)["result"] is None
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
    assert survivor.call("ai_list_memories", id_=2)["result"] == listing("s", 3)


def test_two_processes_saving_concurrently_never_produce_an_invalid_file(spawn: Spawn, config_dir: Path) -> None:
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
