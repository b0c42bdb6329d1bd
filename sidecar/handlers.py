"""One function per method, registered in one explicit table (SPEC S5, S6).

A handler that never waits returns its result; one that waits is a coroutine function.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import Optional, TypeVar, Union

import msgspec

from protocol import (
    PROTOCOL_VERSION,
    ContextParams,
    ContextResult,
    ExtractParams,
    InfoResult,
    MemoryItem,
    MergeParams,
    MergeResult,
    NoParams,
    SaveParams,
)
from sidecar import NAME, __version__
from sidecar.app import App
from sidecar.config import resolve_limit
from sidecar.errors import InvalidParams
from sidecar.rules.context import render_context
from sidecar.rules.evict import duplicate_id_index, shape_for_save
from sidecar.rules.merge import merge_output
from sidecar.store import Snapshot

T = TypeVar("T")
Reply = Union[T, Awaitable[T]]


def list_memories(app: App, params: NoParams) -> Reply[msgspec.Raw]:
    return app.read(lambda snapshot: msgspec.Raw(snapshot.encoded))


def save_memories(app: App, params: SaveParams) -> Awaitable[None]:
    """Raises InvalidParams for a repeated id, MemoryIOError when the write fails."""
    duplicate = duplicate_id_index(params.items)
    if duplicate is not None:
        raise InvalidParams(f"invalid params: duplicate id - at `$.items[{duplicate}].id`")
    items = shape_for_save(params.items, resolve_limit(params.limit, app.settings))

    def replace(current: Snapshot) -> tuple[list[MemoryItem], None]:
        return items, None

    return app.write(app.store.update, replace)


def clear_memories(app: App, params: NoParams) -> Awaitable[None]:
    return app.write(app.store.clear)


async def extract_memories(app: App, params: ExtractParams) -> str:
    return await app.llm.extract(params.messages, params.provider)


def merge_memories(app: App, params: MergeParams) -> Awaitable[MergeResult]:
    """Raises AiError(AI_RESPONSE) when `raw` holds no memory array; the store is then untouched."""
    limit = resolve_limit(params.limit, app.settings)

    def merge(current: Snapshot) -> tuple[Optional[list[MemoryItem]], MergeResult]:
        result = merge_output(list(current.items), params.raw, params.source_scope, params.basis or (), limit)
        changed = result.memories != list(current.items) or not current.clean
        return (result.memories if changed else None), result

    return app.write(app.store.update, merge)


def memory_context(app: App, params: ContextParams) -> Reply[ContextResult]:
    return app.read(lambda snapshot: render_context(snapshot.items, params.budget_bytes))


def sidecar_info(app: App, params: NoParams) -> InfoResult:
    return InfoResult(name=NAME, version=__version__, protocol_version=PROTOCOL_VERSION,
                      config_dir=str(app.settings.config_dir), memory_file=str(app.store.path),
                      pid=os.getpid())


def sidecar_shutdown(app: App, params: NoParams) -> None:
    app.request_shutdown()


HANDLERS: dict[str, Callable[..., object]] = {
    "ai_list_memories": list_memories,
    "ai_save_memories": save_memories,
    "ai_clear_memories": clear_memories,
    "ai_extract_memories": extract_memories,
    "ai_merge_memories": merge_memories,
    "ai_memory_context": memory_context,
    "sidecar_info": sidecar_info,
    "sidecar_shutdown": sidecar_shutdown,
}
CANCELLABLE = frozenset({"ai_extract_memories"})

