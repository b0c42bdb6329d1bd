"""The memory service's plans: what is recorded, and what a full disk or an over-size file does (issue 20)."""

from __future__ import annotations

import json

import filelock
import msgspec
import pytest

from protocol import MemoryItem
from sidecar.config import Settings
from sidecar.errors import InvalidParams, MemoryIOError
from sidecar.history_file import HistoryFile
from sidecar.service import MemoryService
from sidecar.store import MAX_FILE_BYTES, MemoryStore


def mem(id_: str, content: str, created_at: int = 1, scope: str = "global") -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope=scope)


def no_history(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: HistoryFile, change: object) -> None:
        raise MemoryIOError("could not record the change in the history: No space left on device")

    monkeypatch.setattr(HistoryFile, "append", refuse)


async def test_a_clear_whose_undo_record_cannot_be_written_deletes_nothing(
        service: MemoryService, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20.4: the clear used to delete everything and answer null with only a stderr warning."""
    await service.save([mem("a", "用户偏好 zsh")], None)
    before = settings.memory_file.read_bytes()
    no_history(monkeypatch)
    with pytest.raises(MemoryIOError, match="undo record"):
        await service.clear()
    assert settings.memory_file.read_bytes() == before


async def test_a_save_that_would_drop_memories_without_an_undo_record_is_not_applied(
        service: MemoryService, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    await service.save([mem("a", "用户偏好 zsh"), mem("b", "项目使用 pnpm", 2)], None)
    before = settings.memory_file.read_bytes()
    no_history(monkeypatch)
    with pytest.raises(MemoryIOError):
        await service.save([mem("a", "用户偏好 zsh")], None)
    assert settings.memory_file.read_bytes() == before


async def test_a_change_that_only_adds_goes_ahead_without_a_history_and_says_it_cannot_be_undone(
        service: MemoryService, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    no_history(monkeypatch)
    receipt = await service.remember("用户偏好 zsh", "global")
    assert receipt.change_id is None
    assert [m["content"] for m in json.loads(settings.memory_file.read_bytes())] == ["用户偏好 zsh"]


async def test_a_write_that_fails_records_nothing(
        service: MemoryService, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    await service.remember("用户偏好 zsh", "global")
    [kept] = (await service.history_of(10)).changes

    def full_disk(self: MemoryStore, items: list[MemoryItem]) -> None:
        raise MemoryIOError("could not save memories: No space left on device")

    monkeypatch.setattr(MemoryStore, "_write", full_disk)
    with pytest.raises(MemoryIOError):
        await service.save([], None)
    assert (await service.history_of(10)).changes == [kept], "a change that did not happen is not listed"


async def test_a_write_the_store_could_not_read_back_is_refused_and_the_file_kept(
        service: MemoryService, settings: Settings) -> None:
    """Issue 20.2: one save could write a memory.json over the 16 MiB read cap and lock the user out."""
    await service.save([mem("a", "用户偏好 zsh")], None)
    before = settings.memory_file.read_bytes()
    huge_scope = "s" * (MAX_FILE_BYTES // 900)
    items = [mem(f"m{n}", f"第 {n} 条", n, huge_scope) for n in range(1000)]
    with pytest.raises(MemoryIOError, match="MiB"):
        await service.save(items, 1000)
    assert settings.memory_file.read_bytes() == before


async def test_a_clear_always_works_even_on_a_file_too_large_to_read(service: MemoryService,
                                                                     settings: Settings) -> None:
    settings.memory_file.parent.mkdir(parents=True)
    big = b"[" + b" " * (MAX_FILE_BYTES + 10) + b"]"
    settings.memory_file.write_bytes(big)
    listed = service.listed()
    assert bytes(listed if isinstance(listed, msgspec.Raw) else await listed) == b"[]"
    await service.clear()
    assert not settings.memory_file.exists()
    [kept] = settings.memory_file.parent.glob("memory.json.corrupt-*")
    assert kept.stat().st_size == len(big), "the user's bytes are set aside whole, not lost"
    receipt = await service.remember("用户偏好 zsh", "global")
    assert [m.content for m in receipt.memories] == ["用户偏好 zsh"]


async def test_the_history_is_read_without_the_store_lock(service: MemoryService, settings: Settings) -> None:
    """Issue 20.6: on a read-only disk (or with another process writing) history answered MEMORY_IO."""
    await service.remember("用户偏好 zsh", "global")
    other = filelock.FileLock(str(settings.memory_file.with_name("memory.json.lock")), thread_local=False)
    with other:
        changes = (await service.history_of(10)).changes
    assert [change.kind for change in changes] == ["remember"]


@pytest.mark.parametrize("invisible", ["\u0000", "\u200b\u200d", " \u3000\n", "\u2028"])
async def test_a_memory_with_nothing_visible_is_refused_and_never_stored(service: MemoryService, settings: Settings,
                                                                        invisible: str) -> None:
    """Issue 20.5: "\\u0000" was stored and injected as an empty `-  ` line."""
    with pytest.raises(InvalidParams, match=r"\$\.content"):
        service.remember(invisible, "global")
    receipt = await service.merge_answer(json.dumps([invisible, "用户偏好 zsh"]), "global", (), None)
    assert [m.content for m in receipt.memories] == ["用户偏好 zsh"]
