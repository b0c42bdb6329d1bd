from __future__ import annotations

import json
import logging
import os
import stat
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import Change, MemoryItem, Update
from protocol.bounds import MAX_EPOCH_MS
from sidecar import history_file as history_module
from sidecar.errors import MemoryIOError
from sidecar.history_file import MAX_BYTES, MAX_CHANGES, TRIM_SLACK, HistoryFile

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes and FIFOs")


def item(id_: str, content: str = "用户偏好 zsh", created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


def change(n: int, items: int = 1, content: str = "用户偏好 zsh") -> Change:
    return Change(change_id=f"c{n}", at=n, kind="merge",
                  added=[item(f"a{n}-{k}", content) for k in range(items)],
                  removed=[item(f"r{n}", "项目使用 pnpm")],
                  updated=[Update(before=item(f"u{n}", "Node 18"), after=item(f"u{n}", "Node 20", 9))])


def line(c: Change) -> bytes:
    return msgspec.json.encode(c) + b"\n"


def ids(changes: list[Change]) -> list[str]:
    return [c.change_id for c in changes]


def assert_valid_file(path: Path) -> list[Change]:
    data = path.read_bytes()
    assert data.endswith(b"\n")
    return [msgspec.json.decode(raw, type=Change) for raw in data.splitlines()]


def corrupt_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "ai" / "memory" / "history.jsonl"


def test_changes_round_trip_newest_first_and_are_found_by_id(path: Path) -> None:
    history = HistoryFile(path)
    assert history.recent(50) == []
    for n in range(3):
        history.append(change(n))
    assert ids(history.recent(50)) == ["c2", "c1", "c0"]
    assert ids(history.recent(2)) == ["c2", "c1"]
    assert history.find("c1") == change(1)
    assert history.find("nope") is None
    assert HistoryFile(path).recent(50) == [change(2), change(1), change(0)]


def test_each_line_is_one_camel_case_json_object(path: Path) -> None:
    HistoryFile(path).append(change(7))
    (raw,) = path.read_bytes().splitlines()
    entry = json.loads(raw)
    assert set(entry) == {"changeId", "at", "kind", "added", "removed", "updated", "archived", "revived", "purged",
                          "undoes"}
    assert set(entry["added"][0]) == {"id", "content", "createdAt", "sourceScope"}
    assert set(entry["updated"][0]) == {"before", "after"}
    assert "用户偏好" in raw.decode("utf-8")


@posix_only
def test_the_file_is_private_when_created_rewritten_or_found_readable_by_others(path: Path) -> None:
    history = HistoryFile(path, max_changes=2)
    history.append(change(0))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    for n in range(1, 4):
        history.append(change(n))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    os.chmod(path, 0o644)
    HistoryFile(path).append(change(9))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_the_newest_500_changes_are_kept(path: Path) -> None:
    history = HistoryFile(path, slack=0)
    for n in range(MAX_CHANGES + 3):
        history.append(Change(change_id=f"c{n}", at=n, kind="clear"))
    kept = assert_valid_file(path)
    assert ids(kept) == [f"c{n}" for n in range(3, MAX_CHANGES + 3)]
    assert ids(HistoryFile(path).recent(MAX_CHANGES)) == ids(kept)[::-1]


def test_at_most_4_mib_are_kept_by_an_atomic_rewrite_that_keeps_the_newest(path: Path) -> None:
    history = HistoryFile(path, slack=0)
    big = [change(n, items=1500, content="用户" * 100) for n in range(6)]
    assert 4 * len(line(big[0])) < MAX_BYTES < 6 * len(line(big[0]))
    for c in big[:4]:
        history.append(c)
    inode = os.stat(path).st_ino
    history.append(big[4])
    assert os.stat(path).st_ino != inode  # replaced, not cut in place
    history.append(big[5])
    assert os.stat(path).st_size <= MAX_BYTES
    kept = assert_valid_file(path)
    assert kept == big[len(big) - len(kept):]
    assert os.stat(path).st_size + len(line(big[len(big) - len(kept) - 1])) > MAX_BYTES
    assert [p.name for p in path.parent.iterdir()] == ["history.jsonl"]


def test_a_full_history_appends_in_place_and_is_trimmed_once_per_quarter_of_its_bound(path: Path) -> None:
    """Issue 14.6: at the bound every append used to rewrite the whole file."""
    history = HistoryFile(path)
    for n in range(MAX_CHANGES):
        history.append(Change(change_id=f"c{n}", at=n, kind="clear"))
    inode = os.stat(path).st_ino
    trim_at = int(MAX_CHANGES * (1 + TRIM_SLACK))
    for n in range(MAX_CHANGES, trim_at):
        history.append(Change(change_id=f"c{n}", at=n, kind="clear"))
        assert os.stat(path).st_ino == inode, "an append within the slack must not rewrite the file"
        assert ids(history.recent(MAX_CHANGES + 10)) == [f"c{k}" for k in range(n, n - MAX_CHANGES, -1)]
    history.append(Change(change_id=f"c{trim_at}", at=trim_at, kind="clear"))
    assert os.stat(path).st_ino != inode
    assert ids(assert_valid_file(path)) == [f"c{k}" for k in range(trim_at + 1 - MAX_CHANGES, trim_at + 1)]


def test_a_full_disk_at_the_bound_still_records_the_change_by_appending(path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20.4: the trim needs room for a second copy of the file; the change itself needs one line."""
    history = HistoryFile(path, max_changes=3, slack=0)
    for n in range(3):
        history.append(change(n))

    def no_room(*args: object) -> None:
        raise MemoryIOError("could not rewrite the history: No space left on device")

    monkeypatch.setattr(history, "_rewrite", no_room)
    history.append(change(3))
    assert ids(history.recent(10)) == ["c3", "c2", "c1"]
    assert ids(HistoryFile(path, max_changes=3).recent(10)) == ["c3", "c2", "c1"]


def test_a_bounded_rewrite_keeps_as_many_of_the_newest_as_fit(path: Path) -> None:
    size = len(line(change(10)))
    history = HistoryFile(path, max_bytes=3 * size + 1, slack=0)
    for n in range(10, 17):
        history.append(change(n))
        assert os.stat(path).st_size <= 3 * size + 1
    assert ids(assert_valid_file(path)) == ["c14", "c15", "c16"]


def test_the_newest_change_is_kept_even_when_it_alone_exceeds_the_byte_bound(path: Path) -> None:
    history = HistoryFile(path, max_bytes=100, slack=0)
    history.append(change(1))
    history.append(change(2))
    assert ids(assert_valid_file(path)) == ["c2"]


def test_with_slack_the_file_is_trimmed_less_often_but_reads_keep_to_the_bounds(path: Path) -> None:
    history = HistoryFile(path, max_changes=10, slack=0.5)
    for n in range(15):
        history.append(change(n))
    assert len(assert_valid_file(path)) == 15
    assert ids(history.recent(500)) == [f"c{n}" for n in range(14, 4, -1)]
    assert history.find("c4") is None
    history.append(change(15))
    assert ids(assert_valid_file(path)) == [f"c{n}" for n in range(6, 16)]
    size = len(line(change(20)))
    by_bytes = HistoryFile(path.with_name("bytes.jsonl"), max_bytes=2 * size, slack=1.0)
    for n in range(20, 24):
        by_bytes.append(change(n))
    assert ids(by_bytes.recent(500)) == ["c23", "c22"]
    by_bytes.append(change(24))
    assert ids(assert_valid_file(by_bytes.path)) == ["c23", "c24"]


@pytest.mark.parametrize("tail", [
    b'{"changeId":"c9","at":9,"ki',
    b"\0" * 64,
    b"\0" * 64 + b"\n",
    b'{"changeId":"c9"}\n',
    b"\n",
], ids=["cut-mid-object", "zero-filled", "zero-filled-line", "invalid-last-line", "blank-last-line"])
def test_a_torn_last_line_is_ignored_and_repaired_before_the_next_append(
        path: Path, tail: bytes, caplog: pytest.LogCaptureFixture) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(line(change(0)) + line(change(1)) + tail)
    history = HistoryFile(path)
    assert ids(history.recent(50)) == ["c1", "c0"]
    history.append(change(2))
    assert assert_valid_file(path) == [change(0), change(1), change(2)]
    assert corrupt_copies(path) == []
    assert caplog.records == []


def test_a_torn_fragment_alone_is_repaired_too(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"chan')
    HistoryFile(path).append(change(0))
    assert assert_valid_file(path) == [change(0)]


@pytest.mark.parametrize("garbage", [b"not json", b"\xff\xfe\xfd", b"[" * 100_000, b'{"changeId":1}', b""],
                         ids=["text", "not-utf8", "deep-nesting", "wrong-shape", "blank"])
def test_a_damaged_history_is_quarantined_once_whole_and_a_new_one_keeps_what_parses(
        path: Path, garbage: bytes, caplog: pytest.LogCaptureFixture) -> None:
    path.parent.mkdir(parents=True)
    original = line(change(0)) + garbage + b"\n" + line(change(1))
    path.write_bytes(original)
    history = HistoryFile(path)
    assert ids(history.recent(50)) == ["c1", "c0"]
    with caplog.at_level(logging.WARNING, logger="sidecar.history_file"):
        history.append(change(2))
        history.append(change(3))
    (copy,) = corrupt_copies(path)
    assert copy.read_bytes() == original
    assert assert_valid_file(path) == [change(0), change(1), change(2), change(3)]
    assert len(caplog.records) == 1
    assert "用户" not in caplog.text and "zsh" not in caplog.text


def run_with_hang_guard(work: Callable[[], object]) -> None:
    """Runs `work` in a thread; a call that blocks (a FIFO opened for reading) fails the test instead of hanging it."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            work()
        except BaseException as exc:
            failures.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "the history blocked on a FIFO"
    if failures:
        raise failures[0]


@posix_only
def test_a_fifo_in_place_of_the_history_is_never_opened_for_reading_and_is_set_aside(path: Path) -> None:
    path.parent.mkdir(parents=True)
    os.mkfifo(path, 0o600)
    history = HistoryFile(path)
    run_with_hang_guard(lambda: history.recent(50))
    assert history.recent(50) == []
    run_with_hang_guard(lambda: history.append(change(0)))
    (copy,) = corrupt_copies(path)
    assert stat.S_ISFIFO(os.lstat(copy).st_mode)
    assert assert_valid_file(path) == [change(0)]


def test_forget_deletes_the_history_and_its_quarantined_copies(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b"damaged\n" + line(change(0)))
    history = HistoryFile(path)
    history.append(change(1))
    (path.parent / ".history.jsonl.123.1.tmp").write_bytes(b"left by a killed writer")
    (path.parent / "memory.json").write_bytes(b"[]")
    assert corrupt_copies(path)
    history.forget()
    assert [p.name for p in path.parent.iterdir()] == ["memory.json"]
    assert history.recent(50) == []
    assert history.find("c1") is None
    history.forget()
    HistoryFile(path.parent / "absent" / "history.jsonl").forget()
    history.append(change(2))
    assert assert_valid_file(path) == [change(2)]


def test_appends_do_not_reread_the_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    history = HistoryFile(path)
    history.append(change(0))
    parses: list[int] = []
    real_parse = history_module._parse

    def counting_parse(data: bytes, key: tuple[int, int, int, int, int]) -> object:
        parses.append(len(data))
        return real_parse(data, key)

    monkeypatch.setattr(history_module, "_parse", counting_parse)
    for n in range(1, 20):
        history.append(change(n))
    assert ids(history.recent(3)) == ["c19", "c18", "c17"]
    assert parses == []


def test_a_change_appended_by_another_process_is_seen_and_kept(path: Path) -> None:
    first, second = HistoryFile(path), HistoryFile(path)
    first.append(change(0))
    second.append(change(1))
    assert ids(first.recent(50)) == ["c1", "c0"]
    first.append(change(2))
    assert ids(assert_valid_file(path)) == ["c0", "c1", "c2"]


def test_a_file_that_grows_while_it_is_read_is_read_again_before_an_append(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    HistoryFile(path).append(change(0))
    reader = HistoryFile(path)
    real_read = os.read
    grown: list[bool] = []

    def read_then_grow_at_eof(fd: int, size: int) -> bytes:
        data = real_read(fd, size)
        if not data and not grown:
            grown.append(True)
            with open(path, "ab") as other_process:
                other_process.write(line(change(1)))
        return data

    monkeypatch.setattr(os, "read", read_then_grow_at_eof)
    assert ids(reader.recent(50)) == ["c0"]
    monkeypatch.undo()
    reader.append(change(2))
    assert ids(assert_valid_file(path)) == ["c0", "c1", "c2"]


def test_a_disk_that_refuses_is_memory_io(tmp_path: Path) -> None:
    (tmp_path / "not-a-dir").write_bytes(b"")
    history = HistoryFile(tmp_path / "not-a-dir" / "history.jsonl")
    with pytest.raises(MemoryIOError):
        history.append(change(0))
    assert history.recent(50) == []


def test_a_change_that_cannot_be_encoded_is_memory_io_and_leaves_the_file_alone(path: Path) -> None:
    history = HistoryFile(path)
    history.append(change(0))
    before = path.read_bytes()
    with pytest.raises(MemoryIOError):
        history.append(Change(change_id="x", at=1, kind="save", added=[item("a", "\ud800")]))
    assert path.read_bytes() == before


file_contents = st.one_of(
    st.binary(max_size=300),
    st.lists(st.one_of(
        st.sampled_from([line(change(0)), line(change(1)), b"\n", b"\r\n", b"\0\0", b"\xff", b"{", b"[" * 5000,
                         b'{"changeId":"x","at":-1,"kind":"save"}\n', '{"changeId":"é"}\n'.encode()]),
        st.binary(max_size=20)), max_size=8).map(b"".join),
)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(file_contents)
def test_any_bytes_in_the_history_read_without_error_and_the_next_append_leaves_a_valid_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "history.jsonl"
        path.write_bytes(data)
        history = HistoryFile(path, max_changes=5)
        readable = history.recent(500)
        history.append(change(9))
        after = assert_valid_file(path)
        assert after[-1] == change(9)
        assert HistoryFile(path, max_changes=5).recent(500) == [change(9), *readable][:5]
        for copy in corrupt_copies(path):
            assert copy.read_bytes() == data


wire_text = st.text(st.characters(codec="utf-8"), max_size=30)
wire_items = st.builds(MemoryItem, st.text(st.characters(codec="utf-8"), min_size=1, max_size=8),
                       wire_text, st.integers(0, MAX_EPOCH_MS), wire_text)
wire_changes = st.builds(Change, wire_text, st.integers(0, MAX_EPOCH_MS),
                         st.sampled_from(["save", "clear", "merge", "undo"]),
                         st.lists(wire_items, max_size=3), st.lists(wire_items, max_size=3),
                         st.lists(st.builds(Update, wire_items, wire_items), max_size=2))


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=50)
@given(st.lists(wire_changes, min_size=1, max_size=6))
def test_any_storable_text_round_trips_through_the_history(changes: list[Change]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "history.jsonl"
        history = HistoryFile(path)
        for c in changes:
            history.append(c)
        assert HistoryFile(path).recent(500) == changes[::-1]
        assert len(path.read_bytes().splitlines()) == len(changes)
