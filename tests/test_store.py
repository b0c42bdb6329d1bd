from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from unittest import mock

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sidecar.errors import MemoryIOError
from sidecar.store import MemoryStore, parse_file
from tests.store_helpers import mem, save


def test_a_missing_file_lists_empty_and_creates_nothing(store: MemoryStore) -> None:
    assert store.snapshot().items == ()
    assert not store.path.parent.exists()


def test_write_creates_directories_and_a_readable_utf8_file(store: MemoryStore) -> None:
    save(store, [mem("a", "用户偏好 zsh 😀")])
    text = store.path.read_bytes().decode("utf-8")
    assert "用户偏好 zsh 😀" in text and "\\u" not in text
    assert text.startswith("[\n  {\n") and text.endswith("]\n")
    assert json.loads(text) == [{"id": "a", "content": "用户偏好 zsh 😀", "createdAt": 1, "sourceScope": "global"}]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_file_is_private_to_the_user(store: MemoryStore) -> None:
    save(store, [mem("a")])
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600


def test_no_temp_files_are_left_behind(store: MemoryStore) -> None:
    save(store, [mem("a")])
    save(store, [mem("b")])
    assert sorted(p.name for p in store.path.parent.iterdir()) == ["memory.json", "memory.json.lock"]


def test_a_stale_temp_from_a_killed_writer_is_removed_on_the_next_write(store: MemoryStore) -> None:
    save(store, [mem("a")])
    (store.path.parent / ".memory.json.999.1.tmp").write_bytes(b"[")
    save(store, [mem("b")])
    assert not (store.path.parent / ".memory.json.999.1.tmp").exists()


def test_reads_are_cached_until_the_file_changes(store: MemoryStore, tmp_path: Path) -> None:
    save(store, [mem("a")])
    first = store.snapshot()
    assert store.snapshot() is first
    other = MemoryStore(store.path)
    save(other, [mem("b"), mem("c")])
    assert [m.id for m in store.snapshot().items] == ["b", "c"]


def test_listing_sorts_a_hand_edited_file_oldest_first_keeping_ties_in_file_order(store: MemoryStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(msgspec.json.encode([mem("x", created_at=5), mem("y", created_at=1),
                                                mem("z", created_at=5), mem("w", created_at=1)]))
    assert [m.id for m in store.snapshot().items] == ["y", "w", "x", "z"]


@pytest.mark.parametrize("content, expected_ids", [
    (b"", []),
    (b"{\"memories\": []}", []),
    (b"not json at all", []),
    (b'[{"id":"a","content":"c","createdAt":1,"sourceScope":"g"}, {"id":"b"}, 5]', ["a"]),
    (b'[{"id":"a","content":"c","createdAt":1,"sourceScope":"g"},{"id":"b","content":"d","createdAt":2,"sourc',
     ["a"]),
    (b'[{"id":"a","content":"c","createdAt":1,"sourceScope":"g"},'
     b'{"id":"b","content":"d","createdAt":8640000000000001,"sourceScope":"g"}]', ["a"]),
    ((b'[\n  {"id":"a","content":"c","createdAt":1,"sourceScope":"g"},\n  {"id":"b","content":"d","createdAt":2,'
      b'"sourceScope":"g"}\n'), ["a", "b"]),
])
def test_a_file_that_does_not_parse_cleanly_is_salvaged(content: bytes, expected_ids: list[str]) -> None:
    snap = parse_file(content)
    assert not snap.clean
    assert [m.id for m in snap.items] == expected_ids


def test_an_unclean_file_is_kept_byte_for_byte_before_a_write_replaces_it(store: MemoryStore) -> None:
    store.path.parent.mkdir(parents=True)
    damaged = b'[{"id":"a","content":"\xe4\xbd\xa0","createdAt":1,"sourceScope":"g"},{"id":'
    store.path.write_bytes(damaged)
    assert [m.id for m in store.snapshot().items] == ["a"]
    save(store, [mem("new")])
    [copy] = list(store.path.parent.glob("memory.json.corrupt-*"))
    assert copy.read_bytes() == damaged
    assert copy.name.removeprefix("memory.json.corrupt-").isdigit()
    assert [m.id for m in store.snapshot().items] == ["new"]


def test_clearing_an_unclean_file_keeps_a_copy_too(store: MemoryStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(b"{oops")
    store.clear()
    assert not store.path.exists()
    assert [p.read_bytes() for p in store.path.parent.glob("memory.json.corrupt-*")] == [b"{oops"]


def test_a_clean_file_is_never_quarantined(store: MemoryStore) -> None:
    save(store, [mem("a")])
    save(store, [mem("b")])
    store.clear()
    assert not list(store.path.parent.glob("*.corrupt-*"))


def test_an_existing_file_that_cannot_be_read_lists_empty_but_is_never_replaced_or_deleted(
        store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    save(store, [mem("a", "用户偏好 zsh")])
    before = store.path.read_bytes()
    real = os.open

    def denied(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        if os.fspath(path) == os.fspath(store.path):
            raise PermissionError(13, "Permission denied")
        return real(path, flags, mode)

    monkeypatch.setattr(os, "open", denied)
    store._cache = None
    assert store.snapshot().items == ()
    with pytest.raises(MemoryIOError, match="cannot be read") as exc:
        save(store, [mem("b")])
    assert str(store.path) in exc.value.message
    with pytest.raises(MemoryIOError, match="cannot be read"):
        store.clear()
    monkeypatch.undo()
    assert store.path.read_bytes() == before


def test_clear_is_idempotent(store: MemoryStore) -> None:
    store.clear()
    save(store, [mem("a")])
    store.clear()
    store.clear()
    assert store.snapshot().items == ()


def test_a_failed_write_raises_memory_io_and_leaves_the_previous_file_untouched(
        store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    save(store, [mem("a")])
    before = store.path.read_bytes()

    def no_space(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_space)
    with pytest.raises(MemoryIOError, match="No space left on device"):
        save(store, [mem("b", "private text")])
    assert store.path.read_bytes() == before
    assert [p.name for p in store.path.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_lock_held_elsewhere_times_out_as_memory_io(store: MemoryStore) -> None:
    import filelock

    save(store, [mem("a")])
    other = filelock.FileLock(str(store.path.with_name("memory.json.lock")), thread_local=False)
    with other, pytest.raises(MemoryIOError, match="locked"):
        save(store, [mem("b")])
    assert [m.id for m in store.snapshot().items] == ["a"]


def test_an_unwritable_config_dir_is_memory_io(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = MemoryStore(blocker / "ai" / "memory" / "memory.json")
    with pytest.raises(MemoryIOError):
        save(store, [mem("a")])


class _Injected(OSError):
    pass


@settings(max_examples=60, deadline=None)
@given(fail_in=st.sampled_from(["open", "write", "fsync", "replace"]), after=st.integers(0, 2),
       size=st.integers(0, 30))
def test_a_save_failing_at_any_step_leaves_the_previous_file_byte_for_byte(
        tmp_path_factory: pytest.TempPathFactory, fail_in: str, after: int, size: int) -> None:
    store = MemoryStore(tmp_path_factory.mktemp("s") / "ai" / "memory" / "memory.json")
    save(store, [mem("old", "旧的记忆")])
    before = store.path.read_bytes()
    real = getattr(os, fail_in)
    calls = {"n": 0}

    def flaky(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] > after:
            raise _Injected(5, "Input/output error")
        return real(*args, **kwargs)

    with mock.patch.object(os, fail_in, flaky):
        try:
            save(store, [mem(f"n{i}", "新的记忆" * 10) for i in range(size)])
        except MemoryIOError:
            failed = True
        else:
            failed = False
    if failed:
        assert store.path.read_bytes() == before
        assert not [p for p in store.path.parent.iterdir() if p.name.endswith(".tmp")]
    else:
        assert [m.id for m in parse_file(store.path.read_bytes()).items] == [f"n{i}" for i in range(size)]
    assert parse_file(store.path.read_bytes()).clean
