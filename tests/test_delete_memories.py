"""`ai_delete_memories`: chosen memories out, every other one kept, the deletion undoable (S9.4, S9.6)."""

from __future__ import annotations

import json

import anyio
import pytest

from protocol import MemoryItem
from sidecar.config import Settings
from sidecar.errors import MemoryIOError
from sidecar.history_file import HistoryFile
from sidecar.service import MemoryService


def mem(id_: str, content: str, created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


def stored(settings: Settings) -> list[str]:
    return [item["id"] for item in json.loads(settings.memory_file.read_bytes())]


async def test_deleting_takes_out_only_the_chosen_memories_and_says_which(service: MemoryService,
                                                                          settings: Settings) -> None:
    await service.save([mem("a", "用户偏好 zsh", 1), mem("b", "项目使用 pnpm", 2), mem("c", "The user runs Arch", 3)],
                       None)
    receipt = await service.delete(["b", "unknown"])
    assert [item.id for item in receipt.removed] == ["b"]
    assert [item.id for item in receipt.memories] == ["a", "c"] == stored(settings)
    assert receipt.added == receipt.evicted == receipt.archived == [] and receipt.change_id is not None
    change = (await service.history_of(1)).changes[0]
    assert change.kind == "delete" and change.change_id == receipt.change_id
    assert [item.id for item in change.removed] == ["b"] and change.added == []


async def test_a_memory_written_after_the_caller_listed_survives_the_delete(service: MemoryService,
                                                                            settings: Settings) -> None:
    """The race list+save had: a merge landing between the panel's list and its save was overwritten."""
    await service.save([mem("a", "用户偏好 zsh"), mem("b", "项目使用 pnpm", 2)], None)
    listed = stored(settings)
    learnt = await service.remember("The user's editor is Helix", "global")
    await service.delete([listed[0]])
    new_id = learnt.added[0].id
    assert stored(settings) == ["b", new_id]


async def test_deleting_unknown_ids_changes_nothing_and_records_nothing(service: MemoryService,
                                                                        settings: Settings) -> None:
    await service.save([mem("a", "用户偏好 zsh")], None)
    before = settings.memory_file.read_bytes()
    history = (await service.history_of(50)).changes
    receipt = await service.delete(["x", "y"])
    assert receipt.removed == [] and receipt.change_id is None
    assert settings.memory_file.read_bytes() == before
    assert (await service.history_of(50)).changes == history


async def test_undoing_a_delete_brings_the_memories_back_with_their_ids_and_dates(service: MemoryService,
                                                                                 settings: Settings) -> None:
    await service.save([mem("a", "用户偏好 zsh", 5), mem("b", "项目使用 pnpm", 9)], None)
    receipt = await service.delete(["a"])
    assert receipt.change_id is not None
    undone = await service.undo(receipt.change_id)
    assert [(item.id, item.created_at) for item in undone.added] == [("a", 5)]
    assert stored(settings) == ["a", "b"]


async def test_a_delete_whose_undo_record_cannot_be_written_deletes_nothing(
        service: MemoryService, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    await service.save([mem("a", "用户偏好 zsh"), mem("b", "项目使用 pnpm", 2)], None)
    before = settings.memory_file.read_bytes()

    def refuse(self: HistoryFile, change: object) -> None:
        raise MemoryIOError("could not record the change in the history: No space left on device")

    monkeypatch.setattr(HistoryFile, "append", refuse)
    with pytest.raises(MemoryIOError, match="undo record"):
        await service.delete(["a"])
    assert settings.memory_file.read_bytes() == before


async def test_a_delete_queued_behind_a_save_sees_what_it_saved(service: MemoryService, settings: Settings) -> None:
    save = service.save([mem("a", "用户偏好 zsh"), mem("b", "项目使用 pnpm", 2)], None)
    delete = service.delete(["a"])
    with anyio.fail_after(10):
        receipt = await delete
        await save
    assert [item.id for item in receipt.removed] == ["a"]
    assert stored(settings) == ["b"]
