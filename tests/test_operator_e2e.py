"""What an operator sees on stderr at the default log level, and that hostile memory files never stall the process."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import item

pytestmark = pytest.mark.e2e

PRIVATE = "OPERATOR-MUST-NOT-SEE-THIS"


def warning_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if " WARNING " in line]


def finish(sidecar) -> list[str]:  # type: ignore[no-untyped-def]
    sidecar.close_stdin()
    assert sidecar.wait() == 0
    assert PRIVATE not in sidecar.stderr
    return warning_lines(sidecar.stderr)


@pytest.mark.parametrize("flag, used", [("5", 10), ("5000", 1000)])
def test_a_clamped_memory_limit_is_one_warning(spawn, flag: str, used: int) -> None:  # type: ignore[no-untyped-def]
    sidecar = spawn("--memory-limit", flag)
    items = [item(f"m{i}", f"{PRIVATE} {i}", i) for i in range(used + 5)]
    assert sidecar.call("ai_save_memories", {"items": items})["result"] is None
    assert len(sidecar.call("ai_list_memories", id_=2)["result"]) == used
    [line] = finish(sidecar)
    assert f"memory limit {flag} from --memory-limit" in line and f"using {used}" in line


def test_a_config_dir_that_is_a_file_is_one_warning_and_clear_still_succeeds(spawn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    sidecar = spawn(directory=blocker)
    assert sidecar.call("ai_list_memories")["result"] == []
    assert sidecar.call("ai_clear_memories", id_=2)["result"] is None
    error = sidecar.call("ai_save_memories", {"items": [item("a", PRIVATE, 1)]}, id_=3)["error"]
    assert error["data"]["prefix"] == "MEMORY_IO" and str(blocker) in error["message"]
    [line] = finish(sidecar)
    assert f"{blocker} is not a directory" in line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_memory_file_never_stalls_the_process(spawn, config_dir: Path) -> None:  # type: ignore[no-untyped-def]
    memory = config_dir / "ai" / "memory" / "memory.json"
    memory.parent.mkdir(parents=True)
    os.mkfifo(memory)
    sidecar = spawn()
    assert sidecar.call("ai_list_memories", timeout=5)["result"] == []
    error = sidecar.call("ai_save_memories", {"items": [item("a", PRIVATE, 1)]}, id_=2, timeout=5)["error"]
    assert error["data"]["prefix"] == "MEMORY_IO" and "not a regular file" in error["message"]
    assert str(memory) in error["message"]
    merge = sidecar.call("ai_merge_memories", {"raw": '["x"]', "sourceScope": "g"}, id_=3, timeout=5)
    assert merge["error"]["data"]["prefix"] == "MEMORY_IO"
    assert sidecar.call("sidecar_info", id_=4, timeout=5)["result"]["pid"] == sidecar.proc.pid
    [line] = finish(sidecar)
    assert str(memory) in line and "not a regular file" in line
    assert memory.is_fifo()


def test_a_salvaged_file_is_one_warning_and_the_copy_is_kept(spawn, config_dir: Path) -> None:  # type: ignore[no-untyped-def]
    memory = config_dir / "ai" / "memory" / "memory.json"
    memory.parent.mkdir(parents=True)
    damaged = (f'[{{"id":"a","content":"{PRIVATE}","createdAt":1,"sourceScope":"g"}},'
               '{"id":"b","content":"\\ud800","createdAt":2,"sourceScope":"g"},' + "[" * 1000).encode()
    memory.write_bytes(damaged)
    sidecar = spawn()
    assert [m["id"] for m in sidecar.call("ai_list_memories")["result"]] == ["a"]
    assert sidecar.call("ai_save_memories", {"items": [item("c", "新的", 3)]}, id_=2)["result"] is None
    assert [m["id"] for m in sidecar.call("ai_list_memories", id_=3)["result"]] == ["c"]
    [line] = finish(sidecar)
    assert str(memory) in line and "1 item(s) salvaged" in line and "memory.json.corrupt-" in line
    [copy] = memory.parent.glob("memory.json.corrupt-*")
    assert copy.read_bytes() == damaged


def test_nothing_else_warns_on_a_normal_run(spawn) -> None:  # type: ignore[no-untyped-def]
    sidecar = spawn()
    assert sidecar.call("ai_save_memories", {"items": [item("a", PRIVATE, 1)]})["result"] is None
    assert finish(sidecar) == []
