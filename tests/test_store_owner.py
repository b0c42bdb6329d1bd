"""The store's one owner (issue 14): read order, cancelled waiters, batches, the loop never held by a model answer."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import anyio
import filelock
import msgspec
import pytest

from protocol import MemoryItem
from sidecar.config import Settings
from sidecar.dispatch import Dispatcher, Route
from sidecar.errors import Cancelled
from sidecar.owner import Job
from sidecar.server import routes_for
from sidecar.service import MemoryService
from sidecar.store import MemoryStore
from tests.helpers import running

WAIT = 10.0


def mem(id_: str, content: str, created_at: int) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


class SlowStore(MemoryStore):
    """A store whose writes can be held in process, as a slow disk holds them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.gate = threading.Event()
        self.gate.set()
        self.writing = threading.Event()
        self.concurrent = 0
        self.most_concurrent = 0
        self._count = threading.Lock()

    def _write(self, items: list[MemoryItem]) -> None:
        with self._count:
            self.concurrent += 1
            self.most_concurrent = max(self.most_concurrent, self.concurrent)
        self.writing.set()
        try:
            assert self.gate.wait(WAIT)
            super()._write(items)
        finally:
            with self._count:
                self.concurrent -= 1


@pytest.fixture
def slow(settings: Settings) -> SlowStore:
    return SlowStore(settings.memory_file, lock_timeout=WAIT)


async def wait_for(flag: threading.Event) -> None:
    with anyio.fail_after(WAIT):
        await anyio.to_thread.run_sync(flag.wait, WAIT)


def stored(settings: Settings) -> list[str]:
    return [item["content"] for item in json.loads(settings.memory_file.read_bytes())]


async def test_a_waiter_cancelled_in_the_queue_gives_up_its_place_and_releases_no_one(
        settings: Settings, slow: SlowStore) -> None:
    """Issue 14.1: a cancelled waiter used to release the next write while the one before still wrote."""
    async with running(MemoryService(settings, store=slow)) as service:
        slow.gate.clear()
        first = service.remember("用户偏好 zsh", "a")
        cancelled = service.remember("用户的编辑器是 Helix", "c")
        last = service.remember("项目使用 pnpm", "b")
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(_answer, first)
            await wait_for(slow.writing)
            with anyio.CancelScope() as scope:
                scope.cancel()
                await cancelled
            tasks.start_soon(_answer, last)
            await anyio.wait_all_tasks_blocked()
            assert slow.concurrent == 1, "the write after the cancelled one must wait for the one before"
            slow.gate.set()
    assert slow.most_concurrent == 1
    assert stored(settings) == ["用户偏好 zsh", "项目使用 pnpm"]
    assert cancelled.abandoned and not cancelled.started


async def _answer(job: Job[Any]) -> Any:
    return await job


async def test_reads_see_exactly_the_writes_accepted_before_them(settings: Settings, slow: SlowStore) -> None:
    async with running(MemoryService(settings, store=slow)) as service:
        slow.gate.clear()
        save = service.remember("用户偏好 zsh", "a")
        before_second = service.listed()
        second = service.remember("项目使用 pnpm", "b")
        assert isinstance(before_second, Job)
        slow.gate.set()
        await save
        seen = msgspec.json.decode(bytes(await before_second), type=list[MemoryItem])
        await second
    assert [m.content for m in seen] == ["用户偏好 zsh"]


async def test_a_write_waiting_for_another_process_gives_up_at_shutdown_and_is_not_applied(
        settings: Settings) -> None:
    """Issue 14.5: the wait for the cross-process lock (up to 10 s) held the exit past its 2 s bound."""
    settings.memory_file.parent.mkdir(parents=True)
    other_process = filelock.FileLock(str(settings.memory_file.with_name("memory.json.lock")), thread_local=False)
    service = MemoryService(settings, store=MemoryStore(settings.memory_file, lock_timeout=60))
    with other_process:
        async with running(service):
            job = service.remember("用户偏好 zsh", "a")
            with anyio.fail_after(WAIT):
                await anyio.wait_all_tasks_blocked()
                assert job.started, "the worker runs it: it is waiting for the other process's lock"
                with anyio.CancelScope() as shutdown:
                    shutdown.cancel()
                    with pytest.raises(Cancelled):
                        await job
    assert not settings.memory_file.exists()


async def test_a_write_that_started_finishes_and_answers_its_receipt_when_its_waiter_is_cancelled(
        settings: Settings, slow: SlowStore) -> None:
    async with running(MemoryService(settings, store=slow)) as service:
        slow.gate.clear()
        job = service.remember("用户偏好 zsh", "a")
        await wait_for(slow.writing)
        outcome: list[Any] = []
        with anyio.CancelScope() as scope:
            scope.cancel()
            threading.Timer(0.05, slow.gate.set).start()
            outcome.append(await job)
    assert [m.content for m in outcome[0].added] == ["用户偏好 zsh"]
    assert stored(settings) == ["用户偏好 zsh"]


class Wire:
    """The real routes of a service behind the dispatcher, with `ai_extract_memories` held by the test."""

    def __init__(self, service: MemoryService) -> None:
        self.sent: list[Any] = []
        self.release = anyio.Event()
        self.arrived = anyio.Event()

        async def held_extraction(params: Any) -> str:
            self.arrived.set()
            await self.release.wait()
            return "[]"

        routes = routes_for(service)
        extract = routes["ai_extract_memories"]
        routes["ai_extract_memories"] = Route(extract.decoder, held_extraction, extract.cancellable)
        self.dispatcher = Dispatcher(routes, self._send)
        self._answered: dict[Any, anyio.Event] = {}

    def _send(self, data: bytes) -> None:
        reply = json.loads(data)
        self.sent.append(reply)
        for single in reply if isinstance(reply, list) else [reply]:
            self.answered(single.get("id")).set()

    def answered(self, id_: Any) -> anyio.Event:
        return self._answered.setdefault(id_, anyio.Event())

    def replied(self, id_: Any) -> Any:
        for reply in self.sent:
            for single in reply if isinstance(reply, list) else [reply]:
                if single.get("id") == id_:
                    return reply
        return None


def line(method: str, id_: Any, params: Any = None) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return message


async def test_a_batch_element_waiting_for_the_model_never_holds_a_store_request(settings: Settings) -> None:
    """Issue 14.2: a batch [extract, save] took the save's turn and then awaited the extraction first."""
    async with running(MemoryService(settings)) as service:
        wire = Wire(service)
        save = {"items": [{"id": "a", "content": "用户偏好 zsh", "createdAt": 1, "sourceScope": "g"}]}
        batch = [line("ai_extract_memories", 1, {"messages": []}), line("ai_save_memories", 2, save)]
        async with anyio.create_task_group() as tasks:
            wire.dispatcher.dispatch(json.dumps(batch).encode(), tasks)
            wire.dispatcher.dispatch(json.dumps(line("ai_list_memories", 3)).encode(), tasks)
            await wire.arrived.wait()
            with anyio.fail_after(WAIT):
                await wire.answered(3).wait()
            assert wire.replied(1) is None, "the extraction is still running"
            assert [m["id"] for m in wire.replied(3)["result"]] == ["a"]
            wire.release.set()
        [answer] = [reply for reply in wire.sent if isinstance(reply, list)]
        assert [reply["id"] for reply in answer] == [1, 2]


async def test_a_big_model_answer_is_shaped_off_the_event_loop(settings: Settings,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14.3: a 2000-item answer was shaped on the loop, and `sidecar_info` waited 14-17 s."""
    from sidecar.rules import merge

    loop_thread = threading.get_ident()
    shaped_on: list[int] = []
    real: Callable[..., Any] = merge.candidate_contents

    def watched(*args: Any, **kwargs: Any) -> Any:
        shaped_on.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(merge, "candidate_contents", watched)
    raw = json.dumps([{"content": f"用户的第 {n} 个项目叫 proj{n}"} for n in range(2000)], ensure_ascii=False)
    async with running(MemoryService(settings)) as service:
        wire = Wire(service)
        async with anyio.create_task_group() as tasks:
            wire.dispatcher.dispatch(json.dumps(line("ai_merge_memories", 1, {
                "raw": raw, "sourceScope": "g"})).encode(), tasks)
            wire.dispatcher.dispatch(json.dumps(line("sidecar_info", 2)).encode(), tasks)
            assert wire.replied(2) is not None, "sidecar_info answers while the answer is still being merged"
    assert shaped_on and loop_thread not in shaped_on
    assert "result" in wire.replied(1)
