"""The registry of the protocol: every method with its params, result, store access and cancellability (S5, S6)."""

from __future__ import annotations

from typing import Any, Literal, Optional

import msgspec

from protocol.types import (
    CancelParams,
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

StoreAccess = Literal["read", "write"]


class MethodSpec(msgspec.Struct, frozen=True):
    """One method of the protocol; `store` is required so that no method is added without deciding it."""

    params: type
    result: Any
    store: Optional[StoreAccess]
    """A read or a write takes its turn among the store operations in read order (S3.2); None never waits for one."""
    cancellable: bool = False
    """`$/cancelRequest` stops it while it runs and it answers CANCELLED (S3.5)."""
    calls_model: bool = False
    """Waits on the model (up to the 180 s AI timeout): the bridge gives it its long timeout."""
    notification: bool = False
    doc: str = ""


CANCEL_REQUEST = "$/cancelRequest"

METHODS: dict[str, MethodSpec] = {
    "ai_list_memories": MethodSpec(
        NoParams, list[MemoryItem], "read", doc="All stored memories, oldest first (S5.1)."
    ),
    "ai_save_memories": MethodSpec(
        SaveParams, None, "write", doc="Overwrite the store: validate, cut, sort, evict, atomic write (S5.2)."
    ),
    "ai_clear_memories": MethodSpec(NoParams, None, "write", doc="Delete the store; idempotent (S5.3)."),
    "ai_extract_memories": MethodSpec(
        ExtractParams, str, None, cancellable=True, calls_model=True,
        doc="One chat-completions call; the model's raw text (S5.4).",
    ),
    "ai_merge_memories": MethodSpec(
        MergeParams, MergeResult, "write", doc="Parse model output and merge it into the store (S6.1, S9.3)."
    ),
    "ai_memory_context": MethodSpec(
        ContextParams, ContextResult, "read",
        doc="The system message under a UTF-8 byte budget, relevant first with a query (S6.2, S10.2).",
    ),
    "ai_search_memories": MethodSpec(
        SearchParams, SearchResult, "read", doc="Memories matching a query, best first, score > 0 only (S10.3)."
    ),
    "ai_remember": MethodSpec(
        RememberParams, MergeResult, "write", doc="Store one explicit memory under the merge rules (S10.5)."
    ),
    # Reads the store, waits on the model, then merges: its store steps are the service's to order.
    "ai_remember_conversation": MethodSpec(
        RememberConversationParams, MergeResult, None, cancellable=True, calls_model=True,
        doc="Extract from a conversation with a bounded model input and merge the answer (S10.4).",
    ),
    "ai_delete_memories": MethodSpec(
        DeleteMemoriesParams, DeleteResult, "write",
        doc="Delete chosen memories from the store, leaving every other one as it is; undoable (S9.4).",
    ),
    "ai_edit_memory": MethodSpec(
        EditMemoryParams, EditResult, "write",
        doc="Rewrite one memory's text in place (same id, dated now), every other one kept; undoable (S9.4).",
    ),
    "ai_memory_history": MethodSpec(
        HistoryParams, HistoryResult, "read", doc="Recorded changes, newest first (S9.5)."
    ),
    "ai_undo_change": MethodSpec(UndoParams, UndoResult, "write", doc="Undo one recorded change (S9.6)."),
    "ai_forget_history": MethodSpec(
        NoParams, None, "write", doc="Delete the change history for good (S9.7)."
    ),
    "ai_list_archive": MethodSpec(
        ListArchiveParams, ListArchiveResult, "read",
        doc="Archived memories, newest archived first, or matching a query best first (S11.4).",
    ),
    "ai_restore_memories": MethodSpec(
        RestoreParams, MergeResult, "write", doc="Bring chosen archived memories back into the store (S11.4)."
    ),
    "ai_delete_archived": MethodSpec(
        DeleteArchivedParams, MergeResult, "write", doc="Delete chosen archived memories; undoable (S11.4)."
    ),
    "sidecar_info": MethodSpec(NoParams, InfoResult, None, doc="Who is answering, and where (S6.4)."),
    "sidecar_shutdown": MethodSpec(NoParams, None, None, doc="Answer, then exit as on EOF (S6.4)."),
    CANCEL_REQUEST: MethodSpec(
        CancelParams, None, None, notification=True, doc="Cancel an in-flight extraction (S3.5)."
    ),
}


def cancellable_methods() -> frozenset[str]:
    """The methods a `$/cancelRequest` stops while they run (S3.5)."""
    return frozenset(name for name, spec in METHODS.items() if spec.cancellable)


def long_running_methods() -> frozenset[str]:
    """The methods that wait on the model, which the bridge gives its long timeout."""
    return frozenset(name for name, spec in METHODS.items() if spec.calls_model)


def store_methods(access: StoreAccess) -> frozenset[str]:
    """The methods that read (or write) the store in their turn (S3.2)."""
    return frozenset(name for name, spec in METHODS.items() if spec.store == access)
