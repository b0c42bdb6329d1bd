"""One function per method, registered in one explicit table (SPEC S5, S6, S9, S10).

A handler that never waits returns its result; one that waits returns an awaitable. The memory rules
of the write path (matching, merge, undo, the model-output parser) load on first use, so start-up and
the first list never pay for them.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Optional, TypeVar, Union

import msgspec

from protocol import (
    PROTOCOL_VERSION,
    AiMessage,
    ChangeKind,
    ContextParams,
    ContextResult,
    DeleteArchivedParams,
    ErrorCode,
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
    SearchHit,
    SearchParams,
    SearchResult,
    UndoParams,
    UndoResult,
)
from sidecar import NAME, __version__
from sidecar.app import App
from sidecar.config import resolve_limit
from sidecar.errors import AiError, InvalidParams
from sidecar.rules.context import render_context, render_preferred
from sidecar.rules.conversation import choose_known, known_block, message_window
from sidecar.rules.evict import duplicate_id_index, shape_for_save
from sidecar.store import Snapshot

if TYPE_CHECKING:
    from sidecar.rules.history import UndoPlan
    from sidecar.rules.merge import Merged

T = TypeVar("T")
MAX_HISTORY = 500
MAX_SEARCH = 1000
Reply = Union[T, Awaitable[T]]


def list_memories(app: App, params: NoParams) -> Reply[msgspec.Raw]:
    return app.read(lambda snapshot: msgspec.Raw(snapshot.encoded))


def save_memories(app: App, params: SaveParams) -> Awaitable[None]:
    """Raises InvalidParams for a repeated id, MemoryIOError when the write fails."""
    duplicate = duplicate_id_index(params.items)
    if duplicate is not None:
        raise InvalidParams(f"invalid params: duplicate id - at `$.items[{duplicate}].id`")

    def replace(current: Snapshot) -> tuple[list[MemoryItem], None]:
        return shape_for_save(params.items, resolve_limit(params.limit, app.settings)), None

    def save() -> None:
        app.ledger.apply("save", replace)

    return app.write(save)


def clear_memories(app: App, params: NoParams) -> Awaitable[None]:
    def clear() -> None:
        app.ledger.clear()

    return app.write(clear)


async def extract_memories(app: App, params: ExtractParams) -> str:
    return await app.llm.extract(params.messages, params.provider)


def _model_texts(raw: str) -> list[str]:
    """The memory texts of the model's answer; raises AiError(AI_RESPONSE) when it holds no memory array.

    Called before a write is queued: the untrusted text is parsed without holding the store lock.
    """
    from sidecar.rules.model_output import NoMemoryArray, candidate_texts

    try:
        return candidate_texts(raw)
    except NoMemoryArray as exc:
        raise AiError(str(exc), ErrorCode.AI_RESPONSE) from None


def merge_memories(app: App, params: MergeParams) -> Awaitable[MergeResult]:
    """Raises AiError(AI_RESPONSE) when `raw` holds no memory array; the store is then untouched."""
    from sidecar.rules.merge import candidate_contents

    contents, dropped = candidate_contents(_model_texts(params.raw))
    return _merge(app, "merge", contents, dropped, params.source_scope, params.basis or (), params.limit)


def remember(app: App, params: RememberParams) -> Awaitable[MergeResult]:
    """Raises InvalidParams when the content is empty after whitespace folding."""
    from sidecar.rules.merge import candidate_contents

    contents, _ = candidate_contents([params.content], filter_secrets=False)
    if not contents:
        raise InvalidParams("invalid params: the memory is empty - at `$.content`")
    return _merge(app, "remember", contents, 0, params.source_scope, (), None)


def _merge(app: App, kind: ChangeKind, contents: list[str], dropped: int, scope: str,
           basis: Sequence[str], limit_param: Optional[int]) -> Awaitable[MergeResult]:
    from sidecar.ledger import now_ms
    from sidecar.rules.merge import merge_contents

    def plan(current: Snapshot) -> tuple[Optional[list[MemoryItem]], Merged]:
        limit = resolve_limit(limit_param, app.settings)
        merged = merge_contents(current.items, contents, scope, basis, limit, now_ms(), dropped)
        changed = merged.memories != list(current.items) or not current.clean
        return (merged.memories if changed else None), merged

    def run() -> MergeResult:
        merged, change_id = app.ledger.apply(kind, plan)
        return MergeResult(memories=merged.memories, added=merged.added, updated=merged.updated,
                           evicted=merged.evicted, dropped=merged.dropped, change_id=change_id)

    return app.write(run)


def undo_change(app: App, params: UndoParams) -> Awaitable[UndoResult]:
    """Raises InvalidParams for a change id the history does not hold."""
    from sidecar.rules.history import plan_undo
    from sidecar.rules.match import match_key

    def plan(current: Snapshot) -> tuple[Optional[list[MemoryItem]], UndoPlan]:
        limit = resolve_limit(None, app.settings)
        undo = plan_undo(current.items, app.ledger.find(params.change_id), limit, key=match_key)
        changed = undo.items != list(current.items)
        return (undo.items if changed else None), undo

    def run() -> UndoResult:
        undo, change_id = app.ledger.apply("undo", plan)
        return UndoResult(memories=undo.items, added=undo.added, updated=undo.updated, evicted=undo.evicted,
                          dropped=0, change_id=change_id, removed=undo.removed, conflicts=undo.conflicts)

    return app.write(run)


def memory_history(app: App, params: HistoryParams) -> Awaitable[HistoryResult]:
    limit = min(max(params.limit, 1), MAX_HISTORY)
    return app.write(lambda: HistoryResult(changes=app.ledger.history(limit)))


def forget_history(app: App, params: NoParams) -> Awaitable[None]:
    return app.write(app.ledger.forget)


def search_memories(app: App, params: SearchParams) -> Reply[SearchResult]:
    limit = min(max(params.limit, 1), MAX_SEARCH)

    def search(snapshot: Snapshot) -> SearchResult:
        index = app.search_index.index(snapshot)
        # Best first by the score shown; a later position is the newer memory, so it wins a tie.
        matching = sorted(((score, p) for p, score in index.ranked(params.query) if score > 0), reverse=True)
        return SearchResult(items=[SearchHit(memory=index.items[p], score=score) for score, p in matching[:limit]])

    return app.read(search)


async def remember_conversation(app: App, params: RememberConversationParams) -> MergeResult:
    """list → extract → merge in one call, with a model input bounded whatever the store size.

    Raises InvalidParams when there are no messages to learn from.
    """
    if not params.messages:
        raise InvalidParams("invalid params: there are no messages to remember from - at `$.messages`")
    from sidecar.llm import flatten_content  # the LLM client (httpx) loads on the first extraction

    texts = [flatten_content(message) for message in params.messages]
    first, last = message_window(texts, params.input_budget_chars)
    window = [*texts[first:-1], last]

    def choose(snapshot: Snapshot) -> list[str]:
        index = app.search_index.index(snapshot)
        relevant = [index.items[p].content for p, score in index.ranked("\n".join(window)) if score > 0]
        return choose_known(relevant, params.known_budget_bytes)

    known = await _value(app.read(choose))
    request = [AiMessage(role="user", content=known_block(known))] if known else []
    request += [AiMessage(role=m.role, content=text)
                for m, text in zip(params.messages[first:], window, strict=True)]
    raw = await app.llm.extract(request, params.provider)
    from sidecar.rules.merge import candidate_contents

    contents, dropped = candidate_contents(_model_texts(raw))
    return await _merge(app, "merge", contents, dropped, params.source_scope, known, params.limit)


async def _value(reply: Reply[T]) -> T:
    if isinstance(reply, Awaitable):
        return await reply
    return reply


def memory_context(app: App, params: ContextParams) -> Reply[ContextResult]:
    query = params.query
    if query is None or not query.strip():
        return app.read(lambda snapshot: render_context(snapshot.items, params.budget_bytes))

    def ranked(snapshot: Snapshot) -> ContextResult:
        index, lines = app.search_index.derived(snapshot)
        return render_preferred(snapshot.items, index.order(query), params.budget_bytes, lines)

    return app.read(ranked)


def sidecar_info(app: App, params: NoParams) -> InfoResult:
    return InfoResult(name=NAME, version=__version__, protocol_version=PROTOCOL_VERSION,
                      config_dir=str(app.settings.config_dir), memory_file=str(app.store.path),
                      pid=os.getpid())


def sidecar_shutdown(app: App, params: NoParams) -> None:
    app.request_shutdown()


def list_archive(app: App, params: ListArchiveParams) -> ListArchiveResult:
    # Until evictions are wired to the archive (issue 15, after the store-owner redesign) nothing is archived.
    return ListArchiveResult(items=[], total=0)


def _unchanged(app: App) -> Reply[MergeResult]:
    return app.read(lambda snapshot: MergeResult(memories=list(snapshot.items), added=[], updated=[], evicted=[],
                                                 dropped=0, change_id=None))


def restore_memories(app: App, params: RestoreParams) -> Reply[MergeResult]:
    return _unchanged(app)


def delete_archived(app: App, params: DeleteArchivedParams) -> Reply[MergeResult]:
    return _unchanged(app)


HANDLERS: dict[str, Callable[..., object]] = {
    "ai_list_memories": list_memories,
    "ai_save_memories": save_memories,
    "ai_clear_memories": clear_memories,
    "ai_extract_memories": extract_memories,
    "ai_merge_memories": merge_memories,
    "ai_memory_context": memory_context,
    "ai_search_memories": search_memories,
    "ai_remember": remember,
    "ai_remember_conversation": remember_conversation,
    "ai_memory_history": memory_history,
    "ai_undo_change": undo_change,
    "ai_forget_history": forget_history,
    "ai_list_archive": list_archive,
    "ai_restore_memories": restore_memories,
    "ai_delete_archived": delete_archived,
    "sidecar_info": sidecar_info,
    "sidecar_shutdown": sidecar_shutdown,
}
CANCELLABLE = frozenset({"ai_extract_memories", "ai_remember_conversation"})

