"""One function per method, registered in one explicit table: each decodes its params and delegates (S5, S6, S9, S10).

A handler returns its answer, or an awaitable of it when the answer has to wait; the dispatcher calls
handlers in the order requests were read, which is the order store operations take effect.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import msgspec

from protocol import (
    PROTOCOL_VERSION,
    ContextParams,
    ContextResult,
    DeleteArchivedParams,
    DeleteMemoriesParams,
    DeleteResult,
    EditMemoryParams,
    EditResult,
    ExtractParams,
    HistoryParams,
    HistoryResult,
    InfoResult,
    ListArchiveParams,
    ListArchiveResult,
    MergeParams,
    MergeResult,
    NoParams,
    RememberConversationParams,
    RememberParams,
    RestoreParams,
    SaveParams,
    SearchParams,
    SearchResult,
    UndoParams,
    UndoResult,
)
from protocol.bounds import ARCHIVE_LIST_LIMIT, HISTORY_LIMIT, SEARCH_LIMIT
from sidecar import NAME, __version__
from sidecar.errors import InvalidParams
from sidecar.owner import Job, Reply
from sidecar.rules.evict import duplicate_id_index
from sidecar.service import MemoryService


def list_memories(service: MemoryService, params: NoParams) -> Reply[msgspec.Raw]:
    return service.listed()


def save_memories(service: MemoryService, params: SaveParams) -> Job[None]:
    """Raises InvalidParams for a repeated id."""
    duplicate = duplicate_id_index(params.items)
    if duplicate is not None:
        raise InvalidParams(f"invalid params: duplicate id - at `$.items[{duplicate}].id`")
    return service.save(params.items, params.limit)


def clear_memories(service: MemoryService, params: NoParams) -> Job[None]:
    return service.clear()


async def extract_memories(service: MemoryService, params: ExtractParams) -> str:
    return await service.llm.extract(params.messages, params.provider)


def merge_memories(service: MemoryService, params: MergeParams) -> Job[MergeResult]:
    return service.merge_answer(params.raw, params.source_scope, params.basis or (), params.limit)


def remember(service: MemoryService, params: RememberParams) -> Job[MergeResult]:
    return service.remember(params.content, params.source_scope)


async def remember_conversation(service: MemoryService, params: RememberConversationParams) -> MergeResult:
    return await service.remember_conversation(params)


def undo_change(service: MemoryService, params: UndoParams) -> Job[UndoResult]:
    return service.undo(params.change_id)


def memory_history(service: MemoryService, params: HistoryParams) -> Job[HistoryResult]:
    return service.history_of(HISTORY_LIMIT.clamp(params.limit))


def forget_history(service: MemoryService, params: NoParams) -> Job[None]:
    return service.forget_history()


def search_memories(service: MemoryService, params: SearchParams) -> Reply[SearchResult]:
    return service.search(params.query, SEARCH_LIMIT.clamp(params.limit))


def memory_context(service: MemoryService, params: ContextParams) -> Reply[ContextResult]:
    return service.context(params.budget_bytes, params.query)


def list_archive(service: MemoryService, params: ListArchiveParams) -> Reply[ListArchiveResult]:
    return service.list_archive(params.query, ARCHIVE_LIST_LIMIT.clamp(params.limit), params.offset)


def restore_memories(service: MemoryService, params: RestoreParams) -> Job[MergeResult]:
    return service.restore(params.ids, params.limit)


def delete_archived(service: MemoryService, params: DeleteArchivedParams) -> Job[MergeResult]:
    return service.delete_archived(params.ids)


def delete_memories(service: MemoryService, params: DeleteMemoriesParams) -> Job[DeleteResult]:
    return service.delete(params.ids)


def edit_memory(service: MemoryService, params: EditMemoryParams) -> Job[EditResult]:
    return service.edit(params.id, params.content, params.expected)


def sidecar_info(service: MemoryService, params: NoParams) -> InfoResult:
    return InfoResult(name=NAME, version=__version__, protocol_version=PROTOCOL_VERSION,
                      config_dir=str(service.settings.config_dir), memory_file=str(service.store.path),
                      pid=os.getpid(), semantic=service.semantic_state)


HANDLERS: dict[str, Callable[[MemoryService, Any], object]] = {
    "ai_list_memories": list_memories,
    "ai_save_memories": save_memories,
    "ai_clear_memories": clear_memories,
    "ai_extract_memories": extract_memories,
    "ai_merge_memories": merge_memories,
    "ai_memory_context": memory_context,
    "ai_search_memories": search_memories,
    "ai_remember": remember,
    "ai_remember_conversation": remember_conversation,
    "ai_delete_memories": delete_memories,
    "ai_edit_memory": edit_memory,
    "ai_memory_history": memory_history,
    "ai_undo_change": undo_change,
    "ai_forget_history": forget_history,
    "ai_list_archive": list_archive,
    "ai_restore_memories": restore_memories,
    "ai_delete_archived": delete_archived,
    "sidecar_info": sidecar_info,
}

