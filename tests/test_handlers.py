from __future__ import annotations

import inspect
import json
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import ContextParams, MemoryItem, NoParams, SaveParams
from sidecar import handlers
from sidecar.config import Settings
from sidecar.errors import InvalidParams
from sidecar.server import routes_for
from sidecar.service import MemoryService
from tests.helpers import running
from tests.strategies import memory_lists


def mem(id_: str, content: str = "c", created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


async def answer(outcome: Any) -> Any:
    return await outcome if inspect.isawaitable(outcome) else outcome


async def listed(service: MemoryService) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = json.loads(bytes(await answer(handlers.list_memories(service, NoParams()))))
    return items


async def test_save_then_list_round_trips_oldest_first(service: MemoryService, settings: Settings) -> None:
    await handlers.save_memories(service, SaveParams(items=[mem("b", "新", 2), mem("a", "旧", 1)]))
    assert [m["id"] for m in await listed(service)] == ["a", "b"]


async def test_save_evicts_to_the_limit_param(service: MemoryService, settings: Settings) -> None:
    await handlers.save_memories(service, SaveParams(items=[mem(str(i), created_at=i) for i in range(15)], limit=10))
    assert [m["id"] for m in await listed(service)] == [str(i) for i in range(5, 15)]


async def test_save_uses_the_app_config_limit(service: MemoryService, settings: Settings) -> None:
    settings.config_dir.mkdir(parents=True)
    (settings.config_dir / "app_config.json").write_text('{"settings": {"aiMemoryLimit": 12}}')
    await handlers.save_memories(service, SaveParams(items=[mem(str(i), created_at=i) for i in range(20)]))
    assert len(await listed(service)) == 12


async def test_a_repeated_id_is_invalid_params_naming_the_path(service: MemoryService, settings: Settings) -> None:
    with pytest.raises(InvalidParams, match=r"\$\.items\[2\]\.id"):
        handlers.save_memories(service, SaveParams(items=[mem("a"), mem("b"), mem("a")]))
    assert not settings.memory_file.exists()


async def test_clear_deletes_the_file_and_is_idempotent(service: MemoryService, settings: Settings) -> None:
    await handlers.clear_memories(service, NoParams())
    await handlers.save_memories(service, SaveParams(items=[mem("a")]))
    await handlers.clear_memories(service, NoParams())
    assert not settings.memory_file.exists()
    assert await listed(service) == []


async def test_info_names_the_files_and_this_pid(settings: Settings) -> None:
    import os

    info = handlers.sidecar_info(MemoryService(settings), NoParams())
    assert (info.name, info.protocol_version, info.pid) == ("ai-memory-sidecar", 1, os.getpid())
    assert info.memory_file == str(settings.config_dir / "ai" / "memory" / "memory.json")


def test_shutdown_asks_the_server_to_stop(settings: Settings) -> None:
    calls = []
    routes_for(MemoryService(settings), lambda: calls.append(1))["sidecar_shutdown"].handler(NoParams())
    assert calls == [1]


async def test_context_reads_the_store(service: MemoryService, settings: Settings) -> None:
    await handlers.save_memories(service, SaveParams(items=[mem("a", "用户偏好 zsh")]))
    result = await answer(handlers.memory_context(service, ContextParams()))
    assert result.content is not None and result.content.endswith("- 用户偏好 zsh")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(memory_lists(max_size=30), st.integers(10, 40))
def test_saving_what_was_listed_leaves_the_file_byte_identical(tmp_path_factory: pytest.TempPathFactory,
                                                                items: list[MemoryItem], limit: int) -> None:
    import anyio

    async def scenario() -> None:
        async with running(MemoryService(Settings(config_dir=tmp_path_factory.mktemp("cfg")))) as service:
            await handlers.save_memories(service, SaveParams(items=items, limit=limit))
            before = service.store.path.read_bytes() if service.store.path.exists() else None
            again = msgspec.json.decode(bytes(await answer(handlers.list_memories(service, NoParams()))),
                                        type=list[MemoryItem])
            await handlers.save_memories(service, SaveParams(items=again, limit=limit))
            assert service.store.path.read_bytes() == before

    anyio.run(scenario)


async def test_a_list_behind_an_accepted_save_waits_for_it(service: MemoryService) -> None:
    import anyio

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(answer, handlers.save_memories(service, SaveParams(items=[mem("a")])))
        outcome = handlers.list_memories(service, NoParams())
        assert inspect.isawaitable(outcome), "a write is under way, so the list must wait for it"
        assert [m["id"] for m in json.loads(bytes(await outcome))] == ["a"]
