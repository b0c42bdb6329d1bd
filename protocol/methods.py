"""The registry of the protocol: every method name with its params and result types (SPEC S5, S6)."""

from __future__ import annotations

from typing import Any

import msgspec

from protocol.types import (
    CancelParams,
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
        MergeParams, MergeResult, doc="Parse model output and merge it into the store (S6.1)."
    ),
    "ai_memory_context": MethodSpec(
        ContextParams, ContextResult, doc="The system message under a UTF-8 byte budget (S6.2)."
    ),
    "sidecar_info": MethodSpec(NoParams, InfoResult, doc="Who is answering, and where (S6.4)."),
    "sidecar_shutdown": MethodSpec(NoParams, None, doc="Answer, then exit as on EOF (S6.4)."),
    CANCEL_REQUEST: MethodSpec(
        CancelParams, None, notification=True, doc="Cancel an in-flight extraction (S3.5)."
    ),
}


