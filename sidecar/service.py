"""The memory service between handlers and state: every store plan, once (limits, receipts, damaged files).

Handlers decode and delegate here. Each method takes its place in the store owner's queue when it is
called (the dispatcher calls handlers in read order) and returns its answer or the job to await.
Writes run in the owner's worker thread: untrusted text is shaped there before the lock is taken, and
each change is recorded in the history before the memory file is replaced, so a change that removes
or replaces memories is never applied without its undo record.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Optional, TypeVar

import msgspec

from protocol import (
    AiMessage,
    ChangeKind,
    ContextResult,
    HistoryResult,
    MemoryItem,
    MergeResult,
    RememberConversationParams,
    SearchHit,
    SearchResult,
    UndoResult,
)
from sidecar.config import Settings, resolve_limit
from sidecar.errors import AiError, InvalidParams, MemoryIOError
from sidecar.owner import Job, Reply, StoreOwner
from sidecar.relevance import IndexCache
from sidecar.rules.context import render_context, render_preferred
from sidecar.rules.conversation import choose_known, known_block, message_window
from sidecar.rules.evict import shape_for_save
from sidecar.store import MemoryStore, Snapshot, Writing

if TYPE_CHECKING:
    from sidecar.history_file import HistoryFile
    from sidecar.llm import LlmClient
    from sidecar.rules.history import UndoPlan
    from sidecar.rules.merge import Merged

log = logging.getLogger("sidecar.service")
T = TypeVar("T")
Plan = Callable[[Snapshot], tuple[Optional[list[MemoryItem]], T]]


def now_ms() -> int:
    return int(time.time() * 1000)


def new_change_id() -> str:
    return str(uuid.uuid4())


class MemoryService:
    """Owns the plans over the store; the store owner owns their order and the files."""

    def __init__(self, settings: Settings, new_id: Callable[[], str] = new_change_id,
                 store: Optional[MemoryStore] = None) -> None:
        self.settings = settings
        self.owner = StoreOwner(store or MemoryStore(settings.memory_file))
        self.ranking = IndexCache()
        self._history: Optional[HistoryFile] = None
        self._new_id = new_id
        self._llm: Optional[LlmClient] = None

    @property
    def store(self) -> MemoryStore:
        return self.owner.store

    @property
    def history(self) -> HistoryFile:
        if self._history is None:
            # Lazy: the history file and its rules load with the first write, not at start-up.
            from sidecar.history_file import HistoryFile

            self._history = HistoryFile(self.settings.history_file)
        return self._history

    @property
    def llm(self) -> LlmClient:
        if self._llm is None:
            # Lazy: httpx costs ~100 ms of start-up, and most sessions list and save long before they extract.
            from sidecar.llm import LlmClient

            self._llm = LlmClient(self.settings)
        return self._llm

    async def aclose(self) -> None:
        if self._llm is not None:
            await self._llm.aclose()

    # -- reads ----------------------------------------------------------------------------------------

    def listed(self) -> Reply[msgspec.Raw]:
        return self.owner.read(lambda snapshot: msgspec.Raw(snapshot.encoded))

    def context(self, budget_bytes: int, query: Optional[str]) -> Reply[ContextResult]:
        if query is None or not query.strip():
            return self.owner.read(lambda snapshot: render_context(snapshot.items, budget_bytes))

        def ranked(snapshot: Snapshot) -> ContextResult:
            index, lines = self.ranking.derived(snapshot)
            return render_preferred(snapshot.items, index.order(query), budget_bytes, lines)

        return self.owner.read(ranked)

    def search(self, query: str, limit: int) -> Reply[SearchResult]:
        def search(snapshot: Snapshot) -> SearchResult:
            return SearchResult(items=[SearchHit(memory=item, score=score)
                                       for item, score in self._matching(snapshot, query)[:limit]])

        return self.owner.read(search)

    def _matching(self, snapshot: Snapshot, query: str) -> list[tuple[MemoryItem, float]]:
        """The memories that match `query`, best first by score; a tie goes to the newer one."""
        index = self.ranking.index(snapshot)
        matching = sorted(((score, p) for p, score in index.ranked(query) if score > 0), reverse=True)
        return [(index.items[p], score) for score, p in matching]

    def history_of(self, limit: int) -> Job[HistoryResult]:
        # In queue order, so it shows every write read before it; without the store lock (reads never
        # need it, and a read-only disk still shows the history).
        return self.owner.write(lambda stop: HistoryResult(changes=self.history.recent(limit)))

    # -- writes ---------------------------------------------------------------------------------------

    def save(self, items: Sequence[MemoryItem], limit: Optional[int]) -> Job[None]:
        def replace(current: Snapshot) -> tuple[list[MemoryItem], None]:
            return shape_for_save(items, resolve_limit(limit, self.settings)), None

        return self.owner.write(lambda stop: self.apply_plan("save", replace, stop)[0])

    def clear(self) -> Job[None]:
        def clear(stop: threading.Event) -> None:
            recorded: list[str] = []
            self.store.clear(self._recorder("clear", recorded), stop)

        return self.owner.write(clear)

    def merge_answer(self, raw: str, scope: str, basis: Sequence[str], limit: Optional[int]) -> Job[MergeResult]:
        """Raises (when awaited) AiError(AI_RESPONSE) when `raw` holds no memory array; the store is then untouched."""

        def merge(stop: threading.Event) -> MergeResult:
            contents, dropped = _shaped(raw)
            return self._merge("merge", contents, dropped, scope, basis, limit, stop)

        return self.owner.write(merge)

    def remember(self, content: str, scope: str) -> Job[MergeResult]:
        """Raises InvalidParams at once when the content is empty after whitespace folding."""
        from sidecar.rules.merge import candidate_contents

        contents, _ = candidate_contents([content], filter_secrets=False)
        if not contents:
            raise InvalidParams("invalid params: the memory is empty - at `$.content`")
        return self.owner.write(lambda stop: self._merge("remember", contents, 0, scope, (), None, stop))

    def undo(self, change_id: str) -> Job[UndoResult]:
        """Raises (when awaited) InvalidParams for a change id the history does not hold."""

        def undo(stop: threading.Event) -> UndoResult:
            from sidecar.rules.history import plan_undo
            from sidecar.rules.match import match_key

            def plan(current: Snapshot) -> tuple[Optional[list[MemoryItem]], UndoPlan]:
                change = self.history.find(change_id)
                if change is None:
                    raise InvalidParams("invalid params: no such change in the history - at `$.changeId`")
                undo = plan_undo(current.items, change, resolve_limit(None, self.settings), key=match_key)
                return (undo.items if undo.items != list(current.items) else None), undo

            undo, new_id = self.apply_plan("undo", plan, stop)
            return UndoResult(memories=undo.items, added=undo.added, updated=undo.updated, evicted=undo.evicted,
                              dropped=0, change_id=new_id, removed=undo.removed, conflicts=undo.conflicts)

        return self.owner.write(undo)

    def forget_history(self) -> Job[None]:
        return self.owner.write(lambda stop: self.store.locked(self.history.forget, stop))

    async def remember_conversation(self, params: RememberConversationParams) -> MergeResult:
        """list → extract → merge in one call, with a model input bounded whatever the store size.

        Raises InvalidParams when there are no messages to learn from; AiError as the extraction does.
        """
        if not params.messages:
            raise InvalidParams("invalid params: there are no messages to remember from - at `$.messages`")
        from sidecar.llm import flatten_content  # the LLM client (httpx) loads on the first extraction
        from sidecar.rules.conversation import dated_note

        texts = [flatten_content(message) for message in params.messages]
        first, last = message_window(texts, params.input_budget_chars)
        window = [*texts[first:-1], last]

        def choose(snapshot: Snapshot) -> list[str]:
            relevant = (item.content for item, _ in self._matching(snapshot, "\n".join(window)))
            return choose_known(relevant, params.known_budget_bytes)

        chosen = self.owner.read(choose)
        known = chosen if isinstance(chosen, list) else await chosen
        request = [AiMessage(role="user", content=known_block(known))] if known else []
        request.append(AiMessage(role="user", content=dated_note(time.localtime())))
        request += [AiMessage(role=m.role, content=text)
                    for m, text in zip(params.messages[first:], window, strict=True)]
        raw = await self.llm.extract(request, params.provider)
        return await self.merge_answer(raw, params.source_scope, known, params.limit)

    # -- the plans' common path -----------------------------------------------------------------------

    def _merge(self, kind: ChangeKind, contents: list[str], dropped: int, scope: str, basis: Sequence[str],
               limit_param: Optional[int], stop: threading.Event) -> MergeResult:
        from sidecar.rules.merge import merge_contents

        def plan(current: Snapshot) -> tuple[Optional[list[MemoryItem]], Merged]:
            limit = resolve_limit(limit_param, self.settings)
            merged = merge_contents(current.items, contents, scope, basis, limit, now_ms(), dropped)
            # A damaged file is written clean even when the merge changed nothing: its salvage is kept.
            changed = merged.memories != list(current.items) or not current.clean
            return (merged.memories if changed else None), merged

        merged, change_id = self.apply_plan(kind, plan, stop)
        return MergeResult(memories=merged.memories, added=merged.added, updated=merged.updated,
                           evicted=merged.evicted, dropped=merged.dropped, change_id=change_id)

    def apply_plan(self, kind: ChangeKind, plan: Plan[T], stop: threading.Event) -> tuple[T, Optional[str]]:
        """Run `plan` on the store as of now, under the lock; record and write what it returns.

        Returns the plan's value and the change id (None when nothing changed or, for a change that
        loses nothing, when the history could not take it). Raises MemoryIOError when the memory file
        cannot be written, or when a change that removes or replaces memories cannot be recorded
        (nothing is applied then).
        """
        recorded: list[str] = []
        value = self.store.update(plan, self._recorder(kind, recorded), stop)
        return value, (recorded[0] if recorded else None)

    def _recorder(self, kind: ChangeKind, recorded: list[str]) -> Writing:
        from sidecar.rules.history import make_change

        def record(before: Sequence[MemoryItem], after: Sequence[MemoryItem]) -> Optional[Callable[[], None]]:
            change = make_change(self._new_id(), now_ms(), kind, before, after)
            if change is None:
                return None
            try:
                self.history.append(change)
            except MemoryIOError as exc:
                if change.removed or change.updated:
                    raise MemoryIOError(f"the {kind} was not applied: its undo record could not be written "
                                        f"({exc.message})") from None
                # Nothing is lost without the record: the write goes ahead, the receipt's null changeId
                # says it cannot be undone.
                log.warning("the %s is saved without a history entry: %s", kind, exc.message)
                return None
            recorded.append(change.change_id)
            return lambda: self._retract(change.change_id, recorded)

        return record

    def _retract(self, change_id: str, recorded: list[str]) -> None:
        recorded.clear()
        self.history.retract(change_id)


def _shaped(raw: str) -> tuple[list[str], int]:
    """The memory texts of the model's answer, secret-filtered; raises AiError(AI_RESPONSE) without an array."""
    from protocol import ErrorCode
    from sidecar.rules.merge import candidate_contents
    from sidecar.rules.model_output import NoMemoryArray, candidate_texts

    try:
        texts = candidate_texts(raw)
    except NoMemoryArray as exc:
        raise AiError(str(exc), ErrorCode.AI_RESPONSE) from None
    return candidate_contents(texts)
