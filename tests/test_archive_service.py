"""The archive through the memory service: receipts, recall, restore, delete, clear and undo (issue 15, S11)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, TypeVar

import msgspec
import pytest

from protocol import ArchivedItem, MemoryItem, MergeResult
from sidecar.archive_file import ArchiveFile
from sidecar.config import Settings
from sidecar.errors import MemoryIOError
from sidecar.owner import Job, Reply
from sidecar.rules.context import render_context
from sidecar.service import MemoryService
from tests.helpers import running

T = TypeVar("T")
FACTS = ["用户叫小林", "用户的操作系统是 Arch Linux", "用户用 neovim 写代码", "项目使用 pnpm", "用户喜欢深色主题",
         "用户的猫叫咪咪", "用户住在杭州", "用户在字节跳动工作", "用户的 Node 版本是 18", "用户偏好 zsh",
         "用户每天早上跑步", "用户喜欢喝拿铁", "用户的显示器是 27 寸", "用户用 Rust 写后端", "用户的女儿叫朵朵"]


async def value(reply: Reply[T]) -> T:
    return await reply if isinstance(reply, Job) else reply


def mem(id_: str, content: str, created_at: int, scope: str = "global") -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope=scope)


@pytest.fixture
def limited(settings: Settings) -> Settings:
    return settings._replace(memory_limit=10)


@pytest.fixture
async def small(limited: Settings) -> Any:
    async with running(MemoryService(limited)) as service:
        yield service


async def learn(service: MemoryService, facts: list[str]) -> list[MergeResult]:
    return [await service.remember(fact, "global") for fact in facts]


def archive_of(settings: Settings) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(settings.archive_file.read_bytes())
    return data


async def test_what_the_limit_evicts_is_archived_with_its_date_and_said_in_the_receipt(
        small: MemoryService, limited: Settings) -> None:
    receipts = await learn(small, FACTS[:11])
    last = receipts[-1]
    assert [m.content for m in last.evicted] == [m.content for m in last.archived] == [FACTS[0]]
    [entry] = archive_of(limited)
    assert entry["content"] == FACTS[0] and entry["archivedAt"] >= entry["createdAt"]
    assert entry["id"] == receipts[0].added[0].id
    listed = await value(small.listed())
    assert FACTS[0] not in bytes(listed).decode(), "the active store is the original design's: 10 newest"
    assert len(json.loads(bytes(listed))) == 10
    assert stat.S_IMODE(os.stat(limited.archive_file).st_mode) == 0o600


async def test_what_a_save_leaves_out_is_deleted_not_archived(small: MemoryService, limited: Settings) -> None:
    await small.save([mem("a", FACTS[0], 1), mem("b", FACTS[1], 2)], None)
    await small.save([mem("b", FACTS[1], 2)], None)
    assert not limited.archive_file.exists()
    await small.save([mem(f"s{n}", FACTS[n], n) for n in range(12)], None)
    assert [entry["id"] for entry in archive_of(limited)] == ["s0", "s1"], "a save beyond the limit archives"


async def test_an_update_replaces_the_stale_text_without_archiving_it(small: MemoryService,
                                                                      limited: Settings) -> None:
    await learn(small, ["用户的 Node 版本是 18"])
    receipt = await small.remember("用户的 Node 版本是 20", "global")
    assert [u.after.content for u in receipt.updated] == ["用户的 Node 版本是 20"]
    assert not limited.archive_file.exists()


async def test_the_archive_is_listed_newest_archived_first_and_searched_best_first(small: MemoryService) -> None:
    await learn(small, FACTS)
    listed = await value(small.list_archive(None, 50, 0))
    assert listed.total == 5 and [item.content for item in listed.items] == FACTS[4::-1]
    page = await value(small.list_archive(None, 2, 1))
    assert [item.content for item in page.items] == [FACTS[3], FACTS[2]] and page.total == 5
    found = await value(small.list_archive("小林叫什么", 50, 0))
    assert [item.content for item in found.items] == [FACTS[0]] and found.total == 1


async def test_context_with_a_query_injects_an_archived_memory_only_when_it_matches(small: MemoryService) -> None:
    await learn(small, FACTS)
    plain = await value(small.context(8192, None))
    assert plain == render_context(small.store.snapshot().items, 8192), "no query: the original design's, byte for byte"
    assert plain.injected == 10 and FACTS[0] not in (plain.content or "")
    asked = await value(small.context(8192, "用户叫什么名字？小林"))
    assert FACTS[0] in (asked.content or "")
    assert FACTS[3] not in (asked.content or ""), "an archived memory that matches nothing stays out"
    assert asked.injected == 11
    hits = (await value(small.search("小林", 20))).items
    assert [(hit.memory.content, hit.archived_at is not None) for hit in hits][:1] == [(FACTS[0], True)]


async def test_remembering_an_archived_fact_again_revives_it_with_its_id_and_a_fresh_date(
        small: MemoryService, limited: Settings) -> None:
    receipts = await learn(small, FACTS)
    first_id = receipts[0].added[0].id
    revived = await small.remember("用户叫小林。", "global")
    assert [m.id for m in revived.revived] == [first_id] and revived.added == []
    assert revived.revived[0].created_at > receipts[-1].added[0].created_at - 1
    assert [m.content for m in revived.archived] == [FACTS[5]], "the oldest active one made room"
    assert first_id not in {entry["id"] for entry in archive_of(limited)}
    history = (await small.history_of(1)).changes[0]
    assert [m.id for m in history.revived] == [first_id] and [m.content for m in history.archived] == [FACTS[5]]
    undone = await small.undo(revived.change_id or "")
    assert first_id not in {m.id for m in undone.memories}
    assert first_id in {entry["id"] for entry in archive_of(limited)}, "undo puts the revived one back"
    assert FACTS[5] in {m.content for m in undone.memories}


async def test_restore_and_its_undo(small: MemoryService, limited: Settings) -> None:
    await learn(small, FACTS)
    shelf = await value(small.list_archive(None, 50, 0))
    oldest = shelf.items[-1]
    receipt = await small.restore([oldest.id, "no-such-id"], None)
    assert [m.id for m in receipt.revived] == [oldest.id] and [m.id for m in receipt.added] == [oldest.id]
    restored = next(m for m in receipt.memories if m.id == oldest.id)
    assert (restored.content, restored.created_at) == (oldest.content, oldest.created_at)
    assert [m.content for m in receipt.archived] == [m.content for m in receipt.evicted] == [FACTS[5]]
    assert len(receipt.memories) == 10
    undone = await small.undo(receipt.change_id or "")
    assert oldest.id not in {m.id for m in undone.memories}
    after = await value(small.list_archive(None, 50, 0))
    assert {item.id: item for item in after.items}[oldest.id] == oldest, "back in the archive as it was"
    assert after.total == 5


async def test_delete_archived_and_its_undo(small: MemoryService, limited: Settings) -> None:
    await learn(small, FACTS)
    shelf = await value(small.list_archive(None, 50, 0))
    chosen = shelf.items[0]
    receipt = await small.delete_archived([chosen.id])
    assert receipt.change_id is not None and receipt.archived == [] and receipt.revived == []
    assert (await value(small.list_archive(None, 50, 0))).total == 4
    change = (await small.history_of(1)).changes[0]
    assert change.kind == "delete_archived" and change.purged == [chosen]
    await small.undo(receipt.change_id)
    assert chosen in (await value(small.list_archive(None, 50, 0))).items
    nothing = await small.delete_archived(["unknown"])
    assert nothing.change_id is None


async def test_clear_empties_both_places_in_one_undoable_change(small: MemoryService, limited: Settings) -> None:
    await learn(small, FACTS)
    listed: msgspec.Raw = await value(small.listed())
    before_store = bytes(listed)
    before_archive = (await value(small.list_archive(None, 50, 0))).items
    await small.clear()
    assert not limited.memory_file.exists() and not limited.archive_file.exists()
    change = (await small.history_of(1)).changes[0]
    assert change.kind == "clear" and len(change.removed) == 10 and len(change.purged) == 5
    await small.undo(change.change_id)
    relisted: msgspec.Raw = await value(small.listed())
    assert json.loads(bytes(relisted)) == json.loads(before_store)
    assert (await value(small.list_archive(None, 50, 0))).items == before_archive


async def test_the_known_memories_of_a_conversation_come_from_both_places(small: MemoryService) -> None:
    await learn(small, FACTS)
    pool = small.recall.matching(small.places.read(), "我叫小林")
    assert FACTS[0] in [item.content for item, _, _ in pool]


async def test_the_archive_bound_drops_the_oldest_archived_for_good(limited: Settings) -> None:
    async with running(MemoryService(limited._replace(archive_limit=3))) as service:
        await learn(service, FACTS)
        assert [entry["content"] for entry in archive_of(limited)] == FACTS[2:5]
        purged = (await service.history_of(1)).changes[0].purged
        assert [m.content for m in purged] == [FACTS[1]], "the history keeps what the bound dropped"


async def test_with_the_archive_off_evictions_are_not_archived(limited: Settings) -> None:
    async with running(MemoryService(limited._replace(archive_limit=0))) as service:
        receipts = await learn(service, FACTS[:11])
        assert [m.content for m in receipts[-1].evicted] == [FACTS[0]] and receipts[-1].archived == []
        assert not limited.archive_file.exists()


async def test_a_damaged_archive_is_quarantined_and_salvaged(small: MemoryService, limited: Settings) -> None:
    await learn(small, FACTS[:11])
    good = limited.archive_file.read_bytes()
    torn = good[:-1] + b',{"id": "x", "content": 5}, {"id": "half'
    limited.archive_file.write_bytes(torn)
    listed = await value(small.list_archive(None, 50, 0))
    assert [item.content for item in listed.items] == [FACTS[0]], "the complete items are salvaged"
    await small.remember(FACTS[11], "global")
    [kept] = limited.archive_file.parent.glob("archive.json.corrupt-*")
    assert kept.read_bytes() == torn
    assert [entry["content"] for entry in archive_of(limited)] == [FACTS[0], FACTS[1]]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
async def test_an_archive_that_is_not_a_regular_file_is_never_opened_and_evicting_writes_fail(
        small: MemoryService, limited: Settings) -> None:
    await learn(small, FACTS[:10])
    os.mkfifo(limited.archive_file)
    assert (await value(small.list_archive(None, 50, 0))).total == 0
    before = limited.memory_file.read_bytes()
    with pytest.raises(MemoryIOError, match="archive file"):
        await small.remember(FACTS[10], "global")
    assert limited.memory_file.read_bytes() == before, "nothing leaves the store when the archive cannot take it"
    receipt = await small.remember("用户的 Node 版本是 20", "global")
    assert receipt.change_id is not None and receipt.updated, "a write that archives nothing still works"


async def test_an_id_in_both_places_reads_as_active(small: MemoryService, limited: Settings) -> None:
    await small.save([mem("a", FACTS[0], 1)], None)
    stray = ArchivedItem(id="a", content=FACTS[0], created_at=1, source_scope="global", archived_at=2)
    limited.archive_file.write_bytes(msgspec.json.encode([stray]))
    assert (await value(small.list_archive(None, 50, 0))).total == 0
    assert [hit.archived_at for hit in (await value(small.search("小林", 5))).items] == [None]


def test_the_archive_shares_the_store_lock_object(tmp_path: Path) -> None:
    from sidecar.store import MemoryStore

    store = MemoryStore(tmp_path / "memory.json", lock_timeout=0.2)
    archive = ArchiveFile(tmp_path / "archive.json", store)
    # Re-entrant: the archive's writes inside the store's turn do not wait for themselves.
    store.locked(lambda: archive.update(lambda snap: ([ArchivedItem(id="a", content="x", created_at=1,
                                                                   source_scope="g", archived_at=2)], None)))
    assert [item.id for item in archive.snapshot().items] == ["a"]
    assert not (tmp_path / "archive.json.lock").exists()


async def test_an_archive_too_large_to_read_lists_empty_fails_evicting_writes_and_a_clear_sets_it_aside(
        small: MemoryService, limited: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    await learn(small, FACTS[:11])
    monkeypatch.setattr("sidecar.archive_file.MAX_ARCHIVE_BYTES", 64)
    assert limited.archive_file.stat().st_size > 64
    assert (await value(small.list_archive(None, 50, 0))).total == 0
    with pytest.raises(MemoryIOError, match="larger than"):
        await small.remember(FACTS[11], "global")
    big = limited.archive_file.read_bytes()
    await small.clear()
    [kept] = limited.archive_file.parent.glob("archive.json.corrupt-*")
    assert kept.read_bytes() == big, "the bytes are set aside whole, never lost"


async def test_a_failed_archive_write_applies_nothing_and_records_nothing(
        small: MemoryService, limited: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    await learn(small, FACTS[:10])
    before = limited.memory_file.read_bytes()
    changes = len((await small.history_of(500)).changes)
    real = ArchiveFile._write

    def full_disk(self: ArchiveFile, items: list[ArchivedItem]) -> None:
        raise MemoryIOError("could not save the archive file: No space left on device")

    monkeypatch.setattr(ArchiveFile, "_write", full_disk)
    with pytest.raises(MemoryIOError, match="No space left"):
        await small.remember(FACTS[10], "global")
    assert limited.memory_file.read_bytes() == before, "the store keeps what the archive could not take"
    assert len((await small.history_of(500)).changes) == changes, "the record was taken back"
    monkeypatch.setattr(ArchiveFile, "_write", real)
    receipt = await small.remember(FACTS[10], "global")
    assert [m.content for m in receipt.archived] == [FACTS[0]]


async def test_a_failed_store_write_after_the_archive_write_applies_nothing(
        small: MemoryService, limited: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    from sidecar.store import MemoryStore

    await learn(small, FACTS[:10])
    before = json.loads(limited.memory_file.read_bytes())

    def full_disk(self: MemoryStore, items: list[MemoryItem]) -> None:
        raise MemoryIOError("could not save the memory file: No space left on device")

    monkeypatch.setattr(MemoryStore, "_write", full_disk)
    with pytest.raises(MemoryIOError):
        await small.remember(FACTS[10], "global")
    assert json.loads(limited.memory_file.read_bytes()) == before
    assert not limited.archive_file.exists(), "the archive written first is taken back: nothing applied"
    assert not list(limited.archive_file.parent.glob(".*.tmp")), "no second name left behind"
    assert (await value(small.list_archive(None, 50, 0))).total == 0
    monkeypatch.undo()
    receipt = await small.remember(FACTS[10], "global")
    assert [m.content for m in receipt.archived] == [FACTS[0]]
    assert [entry["content"] for entry in archive_of(limited)] == [FACTS[0]]


async def test_a_conversation_is_shown_a_relevant_archived_memory_and_the_model_confirming_it_revives_it(
        limited: Settings) -> None:
    from protocol import AiMessage, RememberConversationParams
    from tests.fake_openai import FakeOpenAI, Reply, completion

    with FakeOpenAI() as llm:
        settings = limited._replace(base_url=llm.base_url, model="m")
        async with running(MemoryService(settings)) as service:
            receipts = await learn(service, FACTS)
            name_id = receipts[0].added[0].id
            llm.script(Reply(body=completion(json.dumps([{"content": "用户叫小林"}], ensure_ascii=False))))
            params = RememberConversationParams(messages=[AiMessage(role="user", content="还记得我叫小林吗？")],
                                                source_scope="global")
            receipt = await service.remember_conversation(params)
            known = llm.seen[0].body["messages"][1]["content"]
            assert known.startswith("【已有记忆】") and FACTS[0] in known, "chosen from the archive too"
            assert [m.id for m in receipt.revived] == [name_id] and receipt.added == []


async def test_a_change_whose_record_is_refused_is_taken_back_in_both_places(
        small: MemoryService, limited: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    from sidecar.history_file import HistoryFile

    await learn(small, FACTS[:11])
    store_before, archive_before = limited.memory_file.read_bytes(), limited.archive_file.read_bytes()

    def refuse(self: HistoryFile, change: object) -> None:
        raise MemoryIOError("could not record the change in the history: No space left on device")

    monkeypatch.setattr(HistoryFile, "append", refuse)
    with pytest.raises(MemoryIOError, match="undo record"):
        await small.remember(FACTS[11], "global")
    with pytest.raises(MemoryIOError, match="undo record"):
        await small.clear()
    assert (limited.memory_file.read_bytes(), limited.archive_file.read_bytes()) == (store_before, archive_before)
    assert not list(limited.archive_file.parent.glob(".*.tmp"))
