"""The registry of the protocol: every method name with its params and result types (SPEC S5, S6)."""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.types import (
    CancelParams,
    ContextParams,
    ContextResult,
    DeleteArchivedParams,
    ExtractParams,
    HistoryParams,
    HistoryResult,
    InfoResult,
    ListArchiveParams,
    ListArchiveResult,
    MemoryItem,
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


class MethodSpec(msgspec.Struct, frozen=True):
    params: type
    result: Any
    notification: bool = False
    doc: str = ""


CANCEL_REQUEST = "$/cancelRequest"

METHODS: dict[str, MethodSpec] = {
    "ai_list_memories": MethodSpec(
        NoParams, list[MemoryItem], doc="All stored memories, oldest first (S5.1)."
    ),
    "ai_save_memories": MethodSpec(
        SaveParams, None, doc="Overwrite the store: validate, cut, sort, evict, atomic write (S5.2)."
    ),
    "ai_clear_memories": MethodSpec(NoParams, None, doc="Delete the store; idempotent (S5.3)."),
    "ai_extract_memories": MethodSpec(
        ExtractParams, str, doc="One chat-completions call; the model's raw text (S5.4)."
    ),
    "ai_merge_memories": MethodSpec(
        MergeParams, MergeResult, doc="Parse model output and merge it into the store (S6.1, S9.3)."
    ),
    "ai_memory_context": MethodSpec(
        ContextParams, ContextResult,
        doc="The system message under a UTF-8 byte budget, relevant first with a query (S6.2, S10.2).",
    ),
    "ai_search_memories": MethodSpec(
        SearchParams, SearchResult, doc="Memories matching a query, best first, score > 0 only (S10.3)."
    ),
    "ai_remember": MethodSpec(
        RememberParams, MergeResult, doc="Store one explicit memory under the merge rules (S10.5)."
    ),
    "ai_remember_conversation": MethodSpec(
        RememberConversationParams, MergeResult,
        doc="Extract from a conversation with a bounded model input and merge the answer (S10.4).",
    ),
    "ai_memory_history": MethodSpec(HistoryParams, HistoryResult, doc="Recorded changes, newest first (S9.5)."),
    "ai_undo_change": MethodSpec(UndoParams, UndoResult, doc="Undo one recorded change (S9.6)."),
    "ai_forget_history": MethodSpec(NoParams, None, doc="Delete the change history for good (S9.7)."),
    "ai_list_archive": MethodSpec(
        ListArchiveParams, ListArchiveResult,
        doc="Archived memories, newest archived first, or matching a query best first (S11.4).",
    ),
    "ai_restore_memories": MethodSpec(
        RestoreParams, MergeResult, doc="Bring chosen archived memories back into the store (S11.4)."
    ),
    "ai_delete_archived": MethodSpec(
        DeleteArchivedParams, MergeResult, doc="Delete chosen archived memories; undoable (S11.4)."
    ),
    "sidecar_info": MethodSpec(NoParams, InfoResult, doc="Who is answering, and where (S6.4)."),
    "sidecar_shutdown": MethodSpec(NoParams, None, doc="Answer, then exit as on EOF (S6.4)."),
    CANCEL_REQUEST: MethodSpec(
        CancelParams, None, notification=True, doc="Cancel an in-flight extraction (S3.5)."
    ),
}


