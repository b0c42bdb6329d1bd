"""The memory file as untrusted input: any bytes, a FIFO, a full disk, a held file (issue 7.11-7.15, 10.4)."""

from __future__ import annotations

import errno
import logging
import os
import sys
import threading
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.errors import MemoryIOError
from sidecar.store import REPLACE_RETRY_DELAYS, MemoryStore, parse_file
from tests.store_helpers import mem, save

GOOD = b'{"id":"a","content":"\xe7\x94\xa8\xe6\x88\xb7\xe5\x81\x8f\xe5\xa5\xbd zsh","createdAt":1,"sourceScope":"g"}'
SECRETISH = "PRIVATE-MEMORY-TEXT"




def put(store: MemoryStore, data: bytes) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_bytes(data)


def corrupt_copies(store: MemoryStore) -> list[Path]:
    return sorted(store.path.parent.glob("memory.json.corrupt-*"))


# 7.11: these used to make list, save, clear and merge answer INTERNAL until someone edited the file.
BRICKS = [
    b"[" + GOOD + b',{"id":"b","content":"\\ud800","createdAt":2,"sourceScope":"g"}]',
    b"[" + GOOD + b"," + b"[" * 1000,
    b"[" + GOOD + b"," + b"[" * 100_000 + b"]" * 100_000 + b"]",
    b"[" + GOOD + b',{"id":"b","content":"x' + b"{" * 50_000,
    b"[" + GOOD + b',{"id":"b","content":"\xff\xfe","createdAt":2,"sourceScope":"g"}]',
]


@pytest.mark.parametrize("data", BRICKS)
def test_a_damaged_file_is_salvaged_and_every_operation_carries_on(store: MemoryStore, data: bytes) -> None:
    put(store, data)
    snap = store.snapshot()
    assert "a" in [m.id for m in snap.items] and not snap.clean
    msgspec.json.decode(snap.encoded)
    save(store, [*snap.items, mem("new")])
    assert [c.read_bytes() for c in corrupt_copies(store)] == [data]
    assert "new" in [m.id for m in store.snapshot().items] and store.snapshot().clean
    put(store, data)
    store.clear()
    assert not store.path.exists()
    assert len(corrupt_copies(store)) == 1, "one quarantine copy per damaged content"


nesting = st.integers(1, 5000).flatmap(
    lambda n: st.sampled_from([b"[" * n, b"{" * n, b'[{"a":' * n, b"[" + GOOD + b"," + b"[" * n]))
escapes = st.lists(st.sampled_from([b"\\ud800", b"\\udc00", b"\\ud83d\\ude00", b"\\u", b"\\", b'"', b"\xff",
                                    b"{", b"}", b"[", b"]", b",", b":", GOOD, b'"content"', b"\n"]),
                   max_size=40).map(b"".join)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.binary(max_size=400), nesting, escapes, escapes.map(lambda e: b"[" + GOOD + b"," + e)))
def test_parse_file_never_raises_and_yields_only_storable_items(data: bytes) -> None:
    snap = parse_file(data)
    assert msgspec.json.decode(snap.encoded, type=list[MemoryItem]) == list(snap.items)
    for item in snap.items:
        item.content.encode("utf-8")
        item.id.encode("utf-8")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_as_the_memory_file_is_never_opened(store: MemoryStore) -> None:
    """7.12: reading a FIFO blocked the event loop for good; a stat tells it apart without opening it."""
    store.path.parent.mkdir(parents=True)
    os.mkfifo(store.path)
    outcome: dict[str, object] = {}

    def use() -> None:
        outcome["cached"] = store.snapshot_if_cached()
        outcome["listed"] = store.snapshot().items
        def save_one() -> None:
            save(store, [mem("a")])

        for name, operation in (("save", save_one), ("clear", store.clear)):
            try:
                operation()
            except MemoryIOError as exc:
                outcome[name] = exc.message

    worker = threading.Thread(target=use, daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():
        with open(store.path, "wb"):  # unblocks the reader so the test process can end
            pass
        pytest.fail("a FIFO memory file blocked the store")
    assert outcome["listed"] == ()
    assert outcome["cached"] is not None and outcome["cached"].unreadable  # type: ignore[attr-defined]
    for name in ("save", "clear"):
        assert "not a regular file" in str(outcome[name]) and str(store.path) in str(outcome[name])
    assert Path(store.path).is_fifo()


def test_a_file_that_turns_into_a_fifo_after_the_stat_is_still_not_read(store: MemoryStore,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("POSIX FIFOs")
    store.path.parent.mkdir(parents=True)
    os.mkfifo(store.path)
    monkeypatch.setattr(store, "snapshot_if_cached", lambda: None)
    done = threading.Event()
    result: list[object] = []

    def read() -> None:
        result.append(store.snapshot())
        done.set()

    threading.Thread(target=read, daemon=True).start()
    if not done.wait(10):
        with open(store.path, "wb"):
            pass
        pytest.fail("the read blocked on a FIFO")
    assert result[0].unreadable  # type: ignore[attr-defined]


class _DiskFull(OSError):
    pass


def test_a_full_disk_during_quarantine_leaves_no_truncated_copy(store: MemoryStore,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """7.13: every retry used to leave one more truncated memory.json.corrupt-* behind."""
    damaged = b"[" + GOOD + b',{"id":' + b"x" * 10_000
    put(store, damaged)
    real_write = os.write

    def half_then_full(fd: int, data: object) -> int:
        real_write(fd, bytes(data)[:100])  # type: ignore[call-overload]
        raise _DiskFull(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    for _ in range(3):
        with pytest.raises(MemoryIOError, match="No space left") as exc:
            save(store, [mem("new")])
        assert str(store.path.parent) in exc.value.message
    monkeypatch.undo()
    assert corrupt_copies(store) == []
    assert [p.name for p in store.path.parent.iterdir() if p.name.endswith(".tmp")] == []
    assert store.path.read_bytes() == damaged
    save(store, [mem("new")])
    assert [c.read_bytes() for c in corrupt_copies(store)] == [damaged]


def test_a_write_failing_after_quarantine_does_not_copy_the_same_damage_again(
        store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = b"[" + GOOD + b",{"
    put(store, damaged)

    def no_space(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    real_replace = os.replace

    def fail_main_file(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        if os.fspath(target) == os.fspath(store.path):
            no_space()
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", fail_main_file)
    for _ in range(3):
        with pytest.raises(MemoryIOError):
            save(store, [mem("new")])
    assert [c.read_bytes() for c in corrupt_copies(store)] == [damaged]


def test_a_replace_refused_while_another_program_holds_the_file_is_retried(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """7.15: Windows indexers and antivirus hold memory.json for a moment; that is not a failed save."""
    slept: list[float] = []
    store = MemoryStore(tmp_path / "ai" / "memory" / "memory.json", sleep=slept.append)
    real_replace = os.replace
    refusals = iter(range(4))

    def held(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        if next(refusals, None) is not None:
            raise PermissionError(errno.EACCES, "Access is denied")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", held)
    save(store, [mem("a")])
    assert [m.id for m in store.snapshot().items] == ["a"]
    assert slept == list(REPLACE_RETRY_DELAYS[:4])


def test_a_file_held_for_good_is_memory_io_after_about_a_second(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    store = MemoryStore(tmp_path / "ai" / "memory" / "memory.json", sleep=slept.append)
    save(store, [mem("old")])

    def held(*args: object) -> None:
        raise PermissionError(errno.EACCES, "Access is denied")

    monkeypatch.setattr(os, "replace", held)
    with pytest.raises(MemoryIOError, match="Access is denied"):
        save(store, [mem("new")])
    assert 0.8 <= sum(slept) <= 1.5
    monkeypatch.undo()
    assert [m.id for m in store.snapshot().items] == ["old"]
    assert [p.name for p in store.path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_clearing_a_store_that_never_existed_succeeds_where_no_directory_can_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    store = MemoryStore(blocker / "ai" / "memory" / "memory.json")
    store.clear()
    assert store.snapshot().items == ()
    with pytest.raises(MemoryIOError) as exc:
        save(store, [mem("a")])
    assert str(blocker) in exc.value.message


# 10.4: an operator is told, once, on stderr at the default level, never with memory text.
def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name == "sidecar.store"]


def test_a_salvaged_file_is_one_warning_naming_where_the_copy_goes(store: MemoryStore,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    put(store, b'[{"id":"a","content":"' + SECRETISH.encode() + b'","createdAt":1,"sourceScope":"g"},{"id')
    caplog.set_level(logging.WARNING)
    for _ in range(3):
        store.snapshot()
    save(store, [mem("b")])
    [warning] = warnings_of(caplog)
    assert str(store.path) in warning and "1 item(s) salvaged" in warning and "memory.json.corrupt-" in warning
    assert SECRETISH not in caplog.text


def test_an_unreadable_file_is_one_warning(store: MemoryStore, caplog: pytest.LogCaptureFixture,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    save(store, [mem("a", SECRETISH)])
    real = os.open

    def denied(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        if os.fspath(path) == os.fspath(store.path):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(path, flags, mode)

    monkeypatch.setattr(os, "open", denied)
    store._cache = None
    caplog.set_level(logging.WARNING)
    for _ in range(3):
        assert store.snapshot().items == ()
    [warning] = warnings_of(caplog)
    assert str(store.path) in warning and "Permission denied" in warning
    assert SECRETISH not in caplog.text


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX FIFOs")
def test_a_fifo_is_one_warning(store: MemoryStore, caplog: pytest.LogCaptureFixture) -> None:
    store.path.parent.mkdir(parents=True)
    os.mkfifo(store.path)
    caplog.set_level(logging.WARNING)
    for _ in range(3):
        store.snapshot()
    [warning] = warnings_of(caplog)
    assert "not a regular file" in warning


def test_a_file_far_larger_than_any_store_is_left_alone(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sidecar.store.MAX_FILE_BYTES", 1000)
    big = b"[" + b",".join([GOOD] * 40) + b"]"
    put(store, big)
    assert store.snapshot().items == () and store.snapshot().unreadable
    with pytest.raises(MemoryIOError, match="larger than"):
        save(store, [mem("a")])
    assert store.path.read_bytes() == big


def test_a_hand_edited_file_that_repeats_an_id_lists_the_first_and_is_kept_whole(store: MemoryStore) -> None:
    """History and undo key memories by id: a repeated id once made an undo lose a memory."""
    data = (b'[{"id":"dup","content":"\xe6\x97\xa7","createdAt":3,"sourceScope":"q"},'
            b'{"id":"dup","content":"\xe6\x96\xb0","createdAt":4,"sourceScope":"q"}]')
    put(store, data)
    snap = store.snapshot()
    assert [(m.id, m.content) for m in snap.items] == [("dup", "旧")] and not snap.clean
    save(store, [*snap.items, mem("b")])
    [copy] = corrupt_copies(store)
    assert copy.read_bytes() == data, "the whole file is kept before the write replaces it"
