"""The archive across the process boundary: a SIGKILL at any instant of evictions, and two processes archiving at
once, lose no memory (issue 15, S11.1)."""

from __future__ import annotations

import json
import queue
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Spawn
from tests.helpers import request

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")]

KILLS = 24


def ids_in(path: Path) -> set[str]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return set()
    entries: list[dict[str, Any]] = json.loads(data.decode("utf-8"))  # never torn: this raises if it is
    return {entry["id"] for entry in entries}


def fact(tag: str, n: int) -> str:
    """Distinct facts: no two restate each other (a different named project each)."""
    return f"项目 {tag}{n}x 使用 {tag}lib{n}"


@settings(max_examples=KILLS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(answered=st.integers(0, 30), rounds=st.integers(1, 3))
def test_a_sigkill_at_any_instant_of_evictions_loses_no_memory(spawn: Spawn, config_dir: Path, answered: int,
                                                               rounds: int) -> None:
    memory = config_dir / "ai" / "memory"
    known = ids_in(memory / "memory.json") | ids_in(memory / "archive.json")
    for round_ in range(rounds):
        sidecar = spawn("--memory-limit", "10")
        tag = f"r{len(known)}x{round_}"
        sidecar.send(b"".join(request("ai_remember", {"content": fact(tag, n), "sourceScope": "s"}, n)
                              for n in range(40)))
        for n in range(answered):
            receipt = sidecar.response(n)["result"]
            known |= {m["id"] for m in receipt["added"]}
        sidecar.proc.send_signal(signal.SIGKILL)
        sidecar.proc.wait(5)
        both = ids_in(memory / "memory.json") | ids_in(memory / "archive.json")
        assert known <= both, "a memory acknowledged or stored before the kill is in neither file"
        known = both
    assert len(ids_in(memory / "memory.json")) <= 10


def test_two_processes_archiving_at_once_lose_nothing(spawn: Spawn, config_dir: Path) -> None:
    memory = config_dir / "ai" / "memory"
    writers = {tag: spawn("--memory-limit", "10") for tag in ("p", "q")}
    for tag, sidecar in writers.items():
        sidecar.send(b"".join(request("ai_remember", {"content": fact(tag, n), "sourceScope": tag}, n)
                              for n in range(40)))
    added: set[str] = set()
    for sidecar in writers.values():
        for n in range(40):
            added |= {m["id"] for m in sidecar.response(n, timeout=60)["result"]["added"]}
    assert len(added) == 80
    stored, archived = ids_in(memory / "memory.json"), ids_in(memory / "archive.json")
    assert len(stored) == 10 and not stored & archived
    assert stored | archived == added, "every memory either process learnt is active or archived"
    for sidecar in writers.values():
        listed = sidecar.call("ai_list_archive", {"limit": 1000}, id_="list")["result"]
        assert listed["total"] == 70


def test_the_archive_answers_over_the_wire_and_keeps_a_bad_request_from_hurting_it(spawn: Spawn,
                                                                                   config_dir: Path) -> None:
    sidecar = spawn("--memory-limit", "10", "--archive-limit", "5")
    for n in range(12):
        sidecar.call("ai_remember", {"content": fact("w", n), "sourceScope": "s"}, id_=n)
    listed = sidecar.call("ai_list_archive", {}, id_="a")["result"]
    assert [entry["content"] for entry in listed["items"]] == [fact("w", 1), fact("w", 0)]
    assert all(isinstance(entry["archivedAt"], int) for entry in listed["items"])
    bad = sidecar.call("ai_restore_memories", {"ids": [""]}, id_="b")["error"]
    assert bad["data"]["prefix"] == "RPC_INVALID_PARAMS" and "$.ids[0]" in bad["message"]
    restored = sidecar.call("ai_restore_memories", {"ids": [listed["items"][0]["id"]]}, id_="c")["result"]
    assert [m["content"] for m in restored["revived"]] == [fact("w", 1)]
    assert [m["content"] for m in restored["archived"]] == [fact("w", 2)]
    try:
        sidecar.read_line(timeout=0.01)
    except queue.Empty:
        pass
