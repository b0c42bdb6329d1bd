"""`ai_edit_memory`: one memory's text rewritten in place from Settings, every other one kept, undoable (S9.4)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import ArchivedItem, MemoryItem
from sidecar.config import Settings
from sidecar.errors import InvalidParams, MemoryIOError
from sidecar.history_file import HistoryFile
from sidecar.rules.edit import EditPlan, edited_content, plan_edit
from sidecar.rules.tokens import match_key
from sidecar.service import MemoryService
from tests.strategies import contents, memory_lists
from tests.test_archive_service import value


def mem(id_: str, content: str, created_at: int = 1, scope: str = "global") -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope=scope)


def stored(settings: Settings) -> list[tuple[str, str]]:
    return [(item["id"], item["content"]) for item in json.loads(settings.memory_file.read_bytes())]


# -- the rule, in memory ------------------------------------------------------------------------------

def shelf(id_: str, content: str, archived_at: int = 50) -> ArchivedItem:
    return ArchivedItem(id=id_, content=content, created_at=1, source_scope="global", archived_at=archived_at)


def edit(items: list[MemoryItem], memory_id: str, content: str, archive: tuple[ArchivedItem, ...] = (),
         expected: str | None = None) -> EditPlan:
    plan = plan_edit(items, archive, memory_id, content, 100, expected)
    assert plan is not None
    return plan


def test_an_edit_keeps_the_id_and_scope_dates_the_memory_now_and_moves_it_to_the_newest_end() -> None:
    items = [mem("a", "用户住在厦门", 1, "ssh-1"), mem("b", "项目使用 pnpm", 2)]
    assert edit(items, "a", "用户住在青岛").store == [mem("b", "项目使用 pnpm", 2),
                                                 mem("a", "用户住在青岛", 100, "ssh-1")]


def test_an_edit_that_changes_nothing_returns_the_store_as_it_was() -> None:
    items = [mem("a", "用户偏好 zsh"), mem("b", "项目使用 pnpm", 2)]
    assert edit(items, "a", "用户偏好 zsh") == EditPlan(items, [])


def test_an_edit_of_an_id_the_store_does_not_hold_is_refused_rather_than_lost() -> None:
    assert plan_edit([mem("a", "用户偏好 zsh")], [], "gone", "用户偏好 fish", 100) is None


def test_an_edit_into_the_exact_text_of_another_memory_leaves_one_memory_saying_it() -> None:
    items = [mem("a", "用户偏好 zsh", 1), mem("b", "用户偏好 fish。", 2), mem("c", "项目使用 pnpm", 3)]
    assert edit(items, "a", "用户偏好fish").store == [mem("c", "项目使用 pnpm", 3), mem("a", "用户偏好fish", 100)]


def test_an_edit_into_the_text_of_an_archived_memory_takes_that_one_out_of_the_archive() -> None:
    """Else the archive would recall it beside the edited one and the prompt would hold the fact twice."""
    plan = edit([mem("a", "用户偏好 zsh")], "a", "用户偏好 fish",
                archive=(shelf("z", "用户偏好 fish"), shelf("y", "用户以前用 bash")))
    assert [item.id for item in plan.archive] == ["y"]


def test_an_edit_does_not_touch_a_memory_that_only_restates_the_new_text() -> None:
    """A person's edit is exact: the restatement rule, which guesses, is for what the model learns."""
    plan = edit([mem("a", "用户偏好 zsh", 1), mem("b", "用户喜欢用 fish", 2)], "a", "用户偏好 fish")
    assert [item.id for item in plan.store] == ["b", "a"]


def test_an_edit_from_a_text_the_memory_no_longer_says_changes_nothing_and_says_what_it_says_now() -> None:
    """An extraction updated the memory while the box was open: saving would overwrite an update nobody saw."""
    items = [mem("a", "用户的 Node 版本是 20")]
    plan = edit(items, "a", "用户的 Node 版本是 18，用 nvm 管理", expected="用户的 Node 版本是 18")
    assert plan == EditPlan(items, [], stale="用户的 Node 版本是 20")
    assert edit(items, "a", "用户的 Node 版本是 22", expected=" 用户的 Node\n版本是 20").stale is None


def test_edited_text_is_folded_and_cut_like_any_stored_memory() -> None:
    assert edited_content("  用户\u3000偏好\n zsh  ") == "用户 偏好 zsh"
    assert edited_content("字" * 250) == "字" * 200
    assert edited_content(" \u200b\n\t") is None


@given(memory_lists(unique_contents=True), contents, st.data())
def test_an_edit_changes_only_the_edited_memory_and_exact_repeats_of_its_new_text(
        items: list[MemoryItem], text: str, data: st.DataObject) -> None:
    content = edited_content(text)
    if not items or content is None:
        return
    target = data.draw(st.sampled_from(items))
    archive = [shelf(f"archived-{n}", item.content) for n, item in enumerate(data.draw(memory_lists(max_size=5)))]
    after = edit(items, target.id, content, archive=tuple(archive))
    edited = [item for item in after.store if item.id == target.id]
    assert len(edited) == 1 and edited[0].content == content and edited[0].source_scope == target.source_scope
    if content == target.content:
        assert after == EditPlan(items, archive)
        return
    kept = {item.id for item in after.store}
    for item in items:
        if item.id != target.id:
            assert (item.id in kept) == (match_key(item.content) != match_key(content))
            assert item.id not in kept or item in after.store
    assert after.archive == [item for item in archive
                             if match_key(item.content) != match_key(content) and item.id != target.id]
    assert [item.created_at for item in after.store] == sorted(item.created_at for item in after.store)


# -- the service ----------------------------------------------------------------------------------------

async def test_editing_rewrites_one_memory_and_its_receipt_and_history_say_before_and_after(
        service: MemoryService, settings: Settings) -> None:
    await service.save([mem("a", "用户住在厦门", 1), mem("b", "项目使用 pnpm", 2)], None)
    receipt = await service.edit("a", " 用户住在青岛 ")
    assert stored(settings) == [("b", "项目使用 pnpm"), ("a", "用户住在青岛")]
    assert [(u.before.content, u.after.content) for u in receipt.updated] == [("用户住在厦门", "用户住在青岛")]
    assert receipt.removed == receipt.added == receipt.evicted == [] and receipt.change_id is not None
    change = (await service.history_of(1)).changes[0]
    assert change.kind == "edit" and change.change_id == receipt.change_id and change.updated == receipt.updated


async def test_undoing_an_edit_brings_back_the_old_text_and_the_memory_it_absorbed(
        service: MemoryService, settings: Settings) -> None:
    await service.save([mem("a", "用户偏好 zsh", 5), mem("b", "用户偏好 fish", 9)], None)
    receipt = await service.edit("a", "用户偏好 fish")
    assert [item.id for item in receipt.removed] == ["b"] and stored(settings) == [("a", "用户偏好 fish")]
    assert receipt.change_id is not None
    await service.undo(receipt.change_id)
    assert stored(settings) == [("a", "用户偏好 zsh"), ("b", "用户偏好 fish")]


async def test_an_edit_to_the_same_text_records_nothing(service: MemoryService, settings: Settings) -> None:
    await service.save([mem("a", "用户偏好 zsh")], None)
    before = settings.memory_file.read_bytes()
    history = (await service.history_of(50)).changes
    receipt = await service.edit("a", "用户偏好   zsh")
    assert receipt.change_id is None and receipt.updated == []
    assert settings.memory_file.read_bytes() == before and (await service.history_of(50)).changes == history


async def test_an_edit_of_a_memory_replaced_since_the_list_is_refused_and_the_store_kept(
        service: MemoryService, settings: Settings) -> None:
    await service.save([mem("a", "用户偏好 zsh")], None)
    await service.delete(["a"])
    await service.remember("项目使用 pnpm", "global")
    before = settings.memory_file.read_bytes()
    with pytest.raises(InvalidParams, match=r"no memory with this id - at `\$\.id`"):
        await service.edit("a", "用户偏好 fish")
    assert settings.memory_file.read_bytes() == before


async def test_an_edit_from_a_stale_text_is_refused_at_expected_and_the_models_update_kept(
        service: MemoryService, settings: Settings) -> None:
    await service.save([mem("a", "用户的 Node 版本是 18")], None)
    await service.merge_answer('["用户的 Node 版本是 20"]', "chat-1", ["用户的 Node 版本是 18"], None)
    assert [text for _, text in stored(settings)] == ["用户的 Node 版本是 20"]
    with pytest.raises(InvalidParams, match=r"changed since it was read - at `\$\.expected`"):
        await service.edit("a", "用户的 Node 版本是 18，用 nvm 管理", expected="用户的 Node 版本是 18")
    assert stored(settings) == [("a", "用户的 Node 版本是 20")]
    await service.edit("a", "用户的 Node 版本是 22", expected="用户的 Node 版本是 20")
    assert stored(settings) == [("a", "用户的 Node 版本是 22")]


async def test_an_edit_into_an_archived_text_purges_that_copy_and_its_undo_brings_it_back(
        service: MemoryService, settings: Settings) -> None:
    await service.save([mem(f"m{n}", f"事实编号 {n} 是真的", n) for n in range(11)], 10)
    assert [item.id for item in (await value(service.list_archive(None, 50, 0))).items] == ["m0"]
    receipt = await service.edit("m5", "事实编号 0 是真的")
    assert [item.id for item in receipt.removed] == ["m0"]
    assert (await value(service.list_archive(None, 50, 0))).items == []
    context = await value(service.context(8192, "事实编号 0"))
    assert context.content is not None and context.content.count("事实编号 0 是真的") == 1
    assert receipt.change_id is not None
    await service.undo(receipt.change_id)
    assert [item.id for item in (await value(service.list_archive(None, 50, 0))).items] == ["m0"]


async def test_an_undo_names_the_change_it_undid_so_a_redo_can_be_told_from_an_undo(
        service: MemoryService) -> None:
    first = await service.remember("用户偏好 zsh", "global")
    assert first.change_id is not None
    undo = await service.undo(first.change_id)
    assert undo.change_id is not None
    redo = await service.undo(undo.change_id)
    changes = (await service.history_of(3)).changes
    assert [(c.kind, c.undoes) for c in changes] == [("undo", undo.change_id), ("undo", first.change_id),
                                                      ("remember", None)]
    assert changes[0].change_id == redo.change_id


async def test_an_empty_edit_is_refused_before_it_is_queued(service: MemoryService) -> None:
    with pytest.raises(InvalidParams, match="the memory is empty"):
        service.edit("a", " \u200b ")


async def test_an_edit_whose_undo_record_cannot_be_written_changes_nothing(
        service: MemoryService, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    await service.save([mem("a", "用户偏好 zsh")], None)
    before = settings.memory_file.read_bytes()

    def refuse(self: HistoryFile, change: object) -> None:
        raise MemoryIOError("could not record the change in the history: No space left on device")

    monkeypatch.setattr(HistoryFile, "append", refuse)
    with pytest.raises(MemoryIOError, match="undo record"):
        await service.edit("a", "用户偏好 fish")
    assert settings.memory_file.read_bytes() == before


# -- over the wire ----------------------------------------------------------------------------------------

@pytest.mark.e2e
def test_the_real_process_edits_refuses_bad_edits_with_their_prefix_and_keeps_serving(spawn: Any) -> None:
    sidecar = spawn()
    items = [{"id": "a", "content": "用户住在厦门", "createdAt": 1, "sourceScope": "global"}]
    assert sidecar.call("ai_save_memories", {"items": items}, 1) == {"jsonrpc": "2.0", "id": 1, "result": None}
    edited = sidecar.call("ai_edit_memory", {"id": "a", "content": "用户住在青岛"}, 2)["result"]
    assert edited["updated"][0]["after"]["content"] == "用户住在青岛" and edited["changeId"]
    for id_, params in enumerate([{"id": "a", "content": "   "}, {"id": "nope", "content": "x"},
                                  {"id": "a"}, {"id": "", "content": "x"}], start=3):
        error = sidecar.call("ai_edit_memory", params, id_)["error"]
        assert error["data"]["prefix"] == "RPC_INVALID_PARAMS", error
    listed = sidecar.call("ai_list_memories", None, 9)["result"]
    assert [(m["id"], m["content"]) for m in listed] == [("a", "用户住在青岛")]
