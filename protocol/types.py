"""Params and result Structs of every method, camelCase on the wire as serde's rename_all gives."""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

import msgspec

from protocol.bounds import (
    DEFAULT_BUDGET_BYTES,
    HISTORY_LIMIT,
    MAX_EPOCH_MS,
    MAX_ID_CHARS,
    MAX_SCOPE_CHARS,
    MEMORY_LIMIT,
    SEARCH_LIMIT,
)

PROTOCOL_VERSION = 1

MemoryId = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ID_CHARS)]
ChangeId = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ID_CHARS)]
SourceScope = Annotated[str, msgspec.Meta(max_length=MAX_SCOPE_CHARS)]
"""Where a memory came from (global, or a session id): an id-sized label, so no write can grow the file with it."""
EpochMs = Annotated[int, msgspec.Meta(ge=0, le=MAX_EPOCH_MS)]
MemoryLimit = Annotated[Optional[int], msgspec.Meta(description=(
    f"clamped to {MEMORY_LIMIT.low}…{MEMORY_LIMIT.high} (never refused); when absent: --memory-limit, "
    f"then settings.aiMemoryLimit in app_config.json, then {MEMORY_LIMIT.default}"))]


class Wire(msgspec.Struct, rename="camel", omit_defaults=False):
    """Base of every wire Struct: camelCase field names, unknown fields ignored."""


class MemoryItem(Wire, frozen=True):  # type: ignore[misc]  # msgspec allows a frozen subclass; mypy's dataclass model does not
    """One cross-session memory (seed §6.1)."""

    id: MemoryId
    content: str
    created_at: EpochMs
    source_scope: SourceScope


class ArchivedItem(Wire, frozen=True):  # type: ignore[misc]  # as MemoryItem
    """A memory the limit moved out of the store: the MemoryItem fields and when it was archived (S11.1)."""

    id: MemoryId
    content: str
    created_at: EpochMs
    source_scope: SourceScope
    archived_at: EpochMs


class ContentPart(Wire):
    """One OpenAI content part; only `text` parts carry text, others become `[<type>]`."""

    type: str
    text: Optional[str] = None


class AiMessage(Wire):
    """An OpenAI-shaped chat message."""

    role: str
    content: Union[str, list[ContentPart], None] = None


class Provider(Wire):
    base_url: Optional[str] = None
    api_key: Optional[str] = None
    model: Optional[str] = None


class NoParams(Wire):
    """Params of methods that take none; unknown fields are ignored."""


class SaveParams(Wire):
    items: list[MemoryItem]
    limit: MemoryLimit = None


class ExtractParams(Wire):
    messages: list[AiMessage]
    provider: Optional[Provider] = None


class MergeParams(Wire):
    raw: str
    source_scope: SourceScope
    basis: Optional[list[str]] = None
    limit: MemoryLimit = None


class ContextParams(Wire):
    budget_bytes: Annotated[int, msgspec.Meta(ge=0)] = DEFAULT_BUDGET_BYTES
    query: Optional[str] = None


class ContextResult(Wire):
    content: Optional[str]
    injected: int
    omitted: int
    ids: list[str] = msgspec.field(default_factory=list)


SemanticState = Literal["off", "idle", "loading", "ready"]
"""The ranking by meaning: turned off (or its model could not load), not asked for yet (it loads with the
first query), loading its model or embedding the store, or ranking (issue 17)."""


class InfoResult(Wire):
    name: str
    version: str
    protocol_version: int
    config_dir: str
    memory_file: str
    pid: int
    semantic: SemanticState = "off"


class CancelParams(Wire):
    id: Union[int, float, str]


ChangeKind = Literal["save", "clear", "merge", "remember", "undo", "restore", "delete_archived", "delete", "edit"]


class Update(Wire):
    """One memory changed in place: same id, `before` and `after` (SPEC S9.3)."""

    before: MemoryItem
    after: MemoryItem


class Change(Wire):
    """One entry of history.jsonl: what a write added, removed (evictions included) and updated (S9.4)."""

    change_id: str
    at: EpochMs
    kind: ChangeKind
    added: list[MemoryItem] = msgspec.field(default_factory=list)
    removed: list[MemoryItem] = msgspec.field(default_factory=list)
    updated: list[Update] = msgspec.field(default_factory=list)
    archived: list[ArchivedItem] = msgspec.field(default_factory=list)
    """Moved from the store into the archive (also in `removed`) (S11.1)."""
    revived: list[ArchivedItem] = msgspec.field(default_factory=list)
    """Taken out of the archive back into the store, as they were archived (S11.3, S11.4)."""
    purged: list[ArchivedItem] = msgspec.field(default_factory=list)
    """Deleted from the archive: the archive's own bound, a delete or a clear (S11.1, S11.4)."""
    undoes: Optional[str] = None
    """For an undo: the change it undid (itself an undo when this one redoes); null for every other kind."""


class MergeResult(Wire):
    """The store after a write and what it did (S9.3, S11): `archived` moved to the archive, `revived` back from it."""

    memories: list[MemoryItem]
    added: list[MemoryItem]
    updated: list[Update]
    evicted: list[MemoryItem]
    dropped: int
    change_id: Optional[str]
    archived: list[MemoryItem]
    revived: list[MemoryItem]


class UndoResult(MergeResult):
    """An undo's receipt: restored items in `added`, reverted ones in `updated`, taken-out ones in `removed` (S9.6)."""

    removed: list[MemoryItem]
    conflicts: int


class DeleteResult(MergeResult):
    """A delete's receipt: the chosen memories the store held, taken out, in `removed` (the others are unknown ids)."""

    removed: list[MemoryItem]


class EditResult(MergeResult):
    """An edit's receipt: `updated` holds the edited memory (before and after; empty when the text was the same),
    `removed` any other memory, active or archived, that said exactly the new text and went with it."""

    removed: list[MemoryItem]


class HistoryParams(Wire):
    limit: Annotated[int, msgspec.Meta(description=HISTORY_LIMIT.describe())] = HISTORY_LIMIT.default


class HistoryResult(Wire):
    changes: list[Change]


class UndoParams(Wire):
    change_id: ChangeId


class RememberParams(Wire):
    content: str
    source_scope: SourceScope


class SearchParams(Wire):
    query: str
    limit: Annotated[int, msgspec.Meta(description=SEARCH_LIMIT.describe())] = SEARCH_LIMIT.default


class SearchHit(Wire):
    memory: MemoryItem
    score: float
    archived_at: Optional[EpochMs] = None
    """Set when the memory is in the archive (S11.2): when it was archived."""


class SearchResult(Wire):
    items: list[SearchHit]


class RememberConversationParams(Wire):
    messages: list[AiMessage]
    source_scope: SourceScope
    provider: Optional[Provider] = None
    limit: MemoryLimit = None
    input_budget_chars: Annotated[int, msgspec.Meta(ge=1)] = 24000
    known_budget_bytes: Annotated[int, msgspec.Meta(ge=0)] = 4096


class ListArchiveParams(Wire):
    query: Optional[str] = None
    limit: int = 50
    offset: Annotated[int, msgspec.Meta(ge=0)] = 0


class ListArchiveResult(Wire):
    """Newest archived first, or best first for a query; `total` counts all of them (or the matches)."""

    items: list[ArchivedItem]
    total: int


class RestoreParams(Wire):
    ids: list[MemoryId]
    limit: Optional[int] = None


class DeleteArchivedParams(Wire):
    ids: list[MemoryId]


class DeleteMemoriesParams(Wire):
    ids: list[MemoryId]


class EditMemoryParams(Wire):
    id: MemoryId
    content: str
    expected: Annotated[Optional[str], msgspec.Meta(
        description="the text the edit started from; when the memory says something else now, nothing changes")] = None
