"""The memory service between handlers and state: every store plan, once (limits, receipts, damaged files).

Handlers decode and delegate here. Each method takes its place in the store owner's queue when it is
called (the dispatcher calls handlers in read order) and returns its answer or the job to await.
Writes run in the owner's worker thread: untrusted text is shaped there before the lock is taken, and
each change is recorded in the history once the memory file is replaced (so the history never holds a
change that did not land); a change that removes or replaces memories is taken back when its undo
record cannot be written.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Optional, TypeVar

import msgspec

from protocol import (
    AiMessage,
    ArchivedItem,
    Change,
    ChangeKind,
    ContextResult,
    DeleteResult,
    EditResult,
    HistoryResult,
    ListArchiveResult,
    MemoryItem,
    MergeResult,
    RememberConversationParams,
    SearchHit,
    SearchResult,
    SemanticState,
    UndoResult,
)
from sidecar.config import Settings, resolve_archive_limit, resolve_limit
from sidecar.errors import AiError, InvalidParams, MemoryIOError
from sidecar.owner import Job, Reply, StoreOwner
from sidecar.ranking import Ranking
from sidecar.rules.context import render_context
from sidecar.rules.conversation import choose_known, known_block, message_window
from sidecar.store import MemoryStore

if TYPE_CHECKING:
    from sidecar.archive_file import ArchiveFile, Both, Outcome, Recording, TwoPlaces
    from sidecar.history_file import HistoryFile
    from sidecar.llm import LlmClient
    from sidecar.recall import Recall
    from sidecar.rules.merge import StoreTexts
    from sidecar.rules.revival import ArchiveTokens

log = logging.getLogger("sidecar.service")
T = TypeVar("T")
BothPlan = Callable[["Both"], tuple[Optional["Outcome"], T]]
MODEL_WAIT_S = 10.0
"""The first merge of a process waits this long for the sentence model to load (about 1–2 s); on a machine slower
than that, and in every later merge until it has loaded, merges follow the word rule alone."""


def now_ms() -> int:
    return int(time.time() * 1000)


def new_change_id() -> str:
    import uuid  # with the first write, not at start-up

    return str(uuid.uuid4())


class MemoryService:
    """Owns the plans over the store; the store owner owns their order and the files."""

    def __init__(self, settings: Settings, new_id: Callable[[], str] = new_change_id,
                 store: Optional[MemoryStore] = None) -> None:
        self.settings = settings
        self.owner = StoreOwner(store or MemoryStore(settings.memory_file))
        self.ranking = Ranking()
        self._places: Optional[TwoPlaces] = None
        self._recall: Optional[Recall] = None
        self._recall_made = threading.Lock()  # the first merge (worker thread) and query (event loop) may race
        self._archive_tokens: Optional[ArchiveTokens] = None
        self._history: Optional[HistoryFile] = None
        self._store_texts: Optional[StoreTexts] = None
        self._new_id = new_id
        self._llm: Optional[LlmClient] = None

    @property
    def store(self) -> MemoryStore:
        return self.owner.store

    @property
    def places(self) -> TwoPlaces:
        """The store and the archive, written in the order that loses nothing (S11.1)."""
        if self._places is None:
            # Lazy: the archive's file and rules load with the first query or write, not at start-up.
            from sidecar.archive_file import ArchiveFile, TwoPlaces

            self._places = TwoPlaces(self.owner.store, ArchiveFile(self.settings.archive_file, self.owner.store))
        return self._places

    @property
    def archive(self) -> ArchiveFile:
        return self.places.archive

    @property
    def semantic_state(self) -> SemanticState:
        """Whether the query context ranks by meaning yet (`sidecar_info`)."""
        if not self.settings.semantic:
            return "off"
        semantic = self._recall.semantic if self._recall is not None else None
        return semantic.state if semantic is not None else "idle"

    @property
    def recall(self) -> Recall:
        if self._recall is None:
            from sidecar.recall import Recall  # with the first query, not at start-up
            from sidecar.semantic import Semantic

            with self._recall_made:
                if self._recall is None:
                    self._recall = Recall(self.ranking, Semantic() if self.settings.semantic else None)
        return self._recall

    def restatement_judge(self, contents: Sequence[str], stop: threading.Event
                          ) -> Optional[Callable[[str, str], bool]]:
        """Restatement by meaning for a merge of `contents` (issue 16): None with `--semantic off` or without the
        model. Blocking, on the worker thread and before the store's lock is taken: the first merge of a process
        waits up to MODEL_WAIT_S for the model (less when `stop` is set); the new texts, and the stored ones not
        embedded yet, are embedded here."""
        semantic = self.recall.semantic  # None with `--semantic off`
        if semantic is None or not semantic.model_ready(MODEL_WAIT_S, stop):
            return None
        try:
            stored = self.store.snapshot().items
        except MemoryIOError:
            stored = ()  # the merge itself reports the store's problem, under its lock
        semantic.embed_store([item.content for item in stored])
        return semantic.restatement_judge(contents)

    @property
    def history(self) -> HistoryFile:
        if self._history is None:
            # Lazy: the history file and its rules load with the first write, not at start-up.
            from sidecar.history_file import HistoryFile

            self._history = HistoryFile(self.settings.history_file)
        return self._history

    @property
    def store_texts(self) -> StoreTexts:
        """The stored texts' token index the merge rules keep up to date between merges (worker only)."""
        if self._store_texts is None:
            from sidecar.rules.merge import StoreTexts

            self._store_texts = StoreTexts()
        return self._store_texts

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
        """Without a query the active store only (S6.2); with one, active and archived memories ranked
        together, an archived one only when it matches (S10.2, S11.2)."""
        if query is None or not query.strip():
            return self.owner.read(lambda snapshot: render_context(snapshot.items, budget_bytes))
        return self._read_both(lambda both: self.recall.context(both, query, budget_bytes))

    def search(self, query: str, limit: int) -> Reply[SearchResult]:
        def search(both: Both) -> SearchResult:
            return SearchResult(items=[SearchHit(memory=item, score=score, archived_at=archived_at)
                                       for item, score, archived_at in self.recall.matching(both, query)[:limit]])

        return self._read_both(search)

    def list_archive(self, query: Optional[str], limit: int, offset: int) -> Reply[ListArchiveResult]:
        """Newest archived first; with a query, the matching ones best first (S11.4)."""
        def listed(both: Both) -> ListArchiveResult:
            shelf = both.shelf
            if query is None or not query.strip():
                newest = shelf[::-1]
                return ListArchiveResult(items=newest[offset:offset + limit], total=len(newest))
            matches = self.recall.archived_matching(both, query)
            return ListArchiveResult(items=matches[offset:offset + limit], total=len(matches))

        return self._read_both(listed)

    def _read_both(self, view: Callable[[Both], T]) -> Reply[T]:
        """`view` of the store and the archive in queue order: at once when nothing is queued and a `stat`
        tells both files, else in the worker's turn (a file changed by a write is read in its thread)."""
        from sidecar.archive_file import Both

        if self.owner.idle and self.archive.snapshot_if_cached() is not None:
            return self.owner.read(lambda snapshot: view(Both(snapshot, self.archive.snapshot())))
        return self.owner.write(lambda stop: view(self.places.read()))

    def history_of(self, limit: int) -> Job[HistoryResult]:
        # In queue order, so it shows every write read before it; without the store lock (reads never
        # need it, and a read-only disk still shows the history).
        return self.owner.write(lambda stop: HistoryResult(changes=self.history.recent(limit)))

    # -- writes ---------------------------------------------------------------------------------------

    def save(self, items: Sequence[MemoryItem], limit: Optional[int]) -> Job[None]:
        """What the limit evicts is archived; what the save leaves out was deleted (S5.2, S11.1)."""
        def replace(both: Both) -> tuple[Outcome, None]:
            from sidecar.archive_file import Outcome
            from sidecar.rules.archive import plan_save

            stored, evicted = plan_save(items, resolve_limit(limit, self.settings))
            return Outcome(stored, self._shelve(both.shelf, evicted, stored)), None

        return self.owner.write(lambda stop: self.apply_both("save", replace, stop)[0])

    def delete(self, ids: Sequence[str]) -> Job[DeleteResult]:
        """Chosen memories out of the store, every other one (even one written since the caller listed)
        kept as it is; the history keeps them for undo. Unknown ids change nothing."""
        def delete(both: Both) -> tuple[Optional[Outcome], tuple[list[MemoryItem], list[MemoryItem]]]:
            from sidecar.archive_file import Outcome

            gone = set(ids)
            kept = [item for item in both.store.items if item.id not in gone]
            removed = [item for item in both.store.items if item.id in gone]
            return (Outcome(kept, list(both.shelf)) if removed else None), (kept, removed)

        def run(stop: threading.Event) -> DeleteResult:
            (kept, removed), change_id = self.apply_both("delete", delete, stop)
            return DeleteResult(memories=kept, added=[], updated=[], evicted=[], dropped=0, change_id=change_id,
                                archived=[], revived=[], removed=removed)

        return self.owner.write(run)

    def edit(self, memory_id: str, content: str, expected: Optional[str] = None) -> Job[EditResult]:
        """One memory's text rewritten in place, every other memory kept as it is; undoable.

        Raises InvalidParams at once when the text is empty after whitespace folding, and (when awaited)
        when the store no longer holds `memory_id`, or, with `expected`, when the memory says something
        else now (an extraction updated it since the caller read it).
        """
        from sidecar.rules.archive import as_memory
        from sidecar.rules.edit import edited_content, plan_edit

        shaped = edited_content(content)
        if shaped is None:
            raise InvalidParams("invalid params: the memory is empty - at `$.content`")

        def edit(both: Both) -> tuple[Optional[Outcome], list[MemoryItem]]:
            from sidecar.archive_file import Outcome

            plan = plan_edit(both.store.items, both.shelf, memory_id, shaped, now_ms(), expected)
            if plan is None:
                raise InvalidParams("invalid params: the store holds no memory with this id - at `$.id`")
            if plan.stale is not None:
                raise InvalidParams("invalid params: the memory was changed since it was read - at `$.expected`")
            changed = plan.store != list(both.store.items)
            return (Outcome(plan.store, plan.archive) if changed else None), plan.store

        def run(stop: threading.Event) -> EditResult:
            recorded: list[Change] = []
            after, change_id = self.apply_both("edit", edit, stop, recorded)
            change = recorded[0] if recorded else None
            removed = [*change.removed, *map(as_memory, change.purged)] if change else []
            return EditResult(memories=after, added=[], updated=change.updated if change else [], evicted=[],
                              dropped=0, change_id=change_id, archived=[], revived=[], removed=removed)

        return self.owner.write(run)

    def clear(self) -> Job[None]:
        """Empties the store and the archive in one undoable change (S11.4)."""
        def clear(stop: threading.Event) -> None:
            recorded: list[str] = []
            self.places.clear(self._both_recorder("clear", recorded), stop)

        return self.owner.write(clear)

    def restore(self, ids: Sequence[str], limit: Optional[int]) -> Job[MergeResult]:
        """Chosen archived memories back into the store, same id and createdAt (S11.4)."""
        def restore(both: Both) -> tuple[Outcome, Both]:
            from sidecar.archive_file import Outcome
            from sidecar.rules.archive import plan_restore

            plan = plan_restore(both.store.items, both.shelf, ids, resolve_limit(limit, self.settings),
                                resolve_archive_limit(self.settings), now_ms())
            return Outcome(plan.store, plan.archive), both

        return self.owner.write(lambda stop: self._changed_archive("restore", restore, stop))

    def delete_archived(self, ids: Sequence[str]) -> Job[MergeResult]:
        """Chosen archived memories deleted; the history keeps them for undo (S11.4)."""
        def delete(both: Both) -> tuple[Outcome, Both]:
            from sidecar.archive_file import Outcome
            from sidecar.rules.archive import plan_delete

            return Outcome(None, plan_delete(both.shelf, ids)), both

        return self.owner.write(lambda stop: self._changed_archive("delete_archived", delete, stop))

    def merge_answer(self, raw: str, scope: str, basis: Sequence[str], limit: Optional[int]) -> Job[MergeResult]:
        """Raises (when awaited) AiError(AI_RESPONSE) when `raw` holds no memory array; the store is then untouched."""

        def merge(stop: threading.Event) -> MergeResult:
            contents, dropped = _shaped(raw, resolve_limit(limit, self.settings))
            return self.merge_texts("merge", contents, dropped, scope, basis, limit, stop)

        return self.owner.write(merge)

    def remember(self, content: str, scope: str) -> Job[MergeResult]:
        """Raises InvalidParams at once when the content is empty after whitespace folding."""
        from sidecar.rules.merge import candidate_contents

        contents, _ = candidate_contents([content], filter_secrets=False)
        if not contents:
            raise InvalidParams("invalid params: the memory is empty - at `$.content`")
        return self.owner.write(lambda stop: self.merge_texts("remember", contents, 0, scope, (), None, stop))

    def undo(self, change_id: str) -> Job[UndoResult]:
        """Raises (when awaited) InvalidParams for a change id the history does not hold."""

        def undo(stop: threading.Event) -> UndoResult:
            from sidecar.archive_file import Outcome
            from sidecar.rules.history import ArchiveUndo, plan_undo_both
            from sidecar.rules.match import match_key

            def plan(both: Both) -> tuple[Outcome, ArchiveUndo]:
                change = self.history.find(change_id)
                if change is None:
                    raise InvalidParams("invalid params: no such change in the history - at `$.changeId`")
                undo = plan_undo_both(both.store.items, both.shelf, change, resolve_limit(None, self.settings),
                                      resolve_archive_limit(self.settings), now_ms(), key=match_key)
                changed = undo.store.items != list(both.store.items)
                return Outcome(undo.store.items if changed else None, undo.archive), undo

            recorded: list[Change] = []
            undo, new_id = self.apply_both("undo", plan, stop, recorded, undoes=change_id)
            store = undo.store
            archived, revived = _moved(recorded, store.items)
            return UndoResult(memories=store.items, added=store.added, updated=store.updated,
                              evicted=store.evicted, dropped=0, change_id=new_id, removed=store.removed,
                              conflicts=store.conflicts, archived=archived, revived=revived)

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

        def choose(both: Both) -> list[str]:
            # From the active and the archived memories: the model may confirm an archived fact (S11.2).
            relevant = (item.content for item, _, _ in self.recall.matching(both, "\n".join(window)))
            return choose_known(relevant, params.known_budget_bytes)

        chosen = self._read_both(choose)
        known = chosen if isinstance(chosen, list) else await chosen
        request = [AiMessage(role="user", content=known_block(known))] if known else []
        request.append(AiMessage(role="user", content=dated_note(time.localtime())))
        request += [AiMessage(role=m.role, content=text)
                    for m, text in zip(params.messages[first:], window, strict=True)]
        raw = await self.llm.extract(request, params.provider)
        return await self.merge_answer(raw, params.source_scope, known, params.limit)

    # -- the plans' common path -----------------------------------------------------------------------

    def merge_texts(self, kind: ChangeKind, contents: list[str], dropped: int, scope: str, basis: Sequence[str],
                    limit_param: Optional[int], stop: threading.Event) -> MergeResult:
        """The merge itself, blocking: the worker thread runs it (and the speed bench, directly)."""
        from sidecar.archive_file import Outcome
        from sidecar.rules.revival import Reviving, merge_reviving

        meaning = self.restatement_judge(contents, stop)

        def plan(both: Both) -> tuple[Optional[Outcome], Reviving]:
            limit = resolve_limit(limit_param, self.settings)
            shelf = both.shelf
            now = now_ms()
            result = merge_reviving(both.store.items, self._tokens(shelf), contents, scope, basis, limit, now,
                                    dropped, store_texts=self.store_texts, meaning=meaning)
            memories = result.merged.memories
            # A damaged file is written clean even when the merge changed nothing: its salvage is kept.
            changed = memories != list(both.store.items) or not both.store.clean
            return Outcome(memories if changed else None, self._shelve(shelf, result.merged.evicted, memories,
                                                                       now)), result

        recorded: list[Change] = []
        result, change_id = self.apply_both(kind, plan, stop, recorded)
        merged = result.merged
        archived, revived = _moved(recorded, merged.memories)
        return MergeResult(memories=merged.memories, added=merged.added, updated=merged.updated,
                           evicted=merged.evicted, dropped=merged.dropped, change_id=change_id,
                           archived=archived, revived=revived)

    def _tokens(self, shelf: Sequence[ArchivedItem]) -> ArchiveTokens:
        from sidecar.rules.revival import ArchiveTokens

        if self._archive_tokens is None:
            self._archive_tokens = ArchiveTokens()
        return self._archive_tokens.sync(shelf)

    def _shelve(self, shelf: Sequence[ArchivedItem], evicted: Sequence[MemoryItem], stored: Sequence[MemoryItem],
                now: Optional[int] = None) -> list[ArchivedItem]:
        from sidecar.rules.archive import shelve

        return shelve(shelf, evicted, stored, now_ms() if now is None else now, resolve_archive_limit(self.settings))

    def _changed_archive(self, kind: ChangeKind, plan: BothPlan[Both], stop: threading.Event) -> MergeResult:
        """Apply a restore or an archive delete; its receipt from the files as written."""
        recorded: list[Change] = []
        both, change_id = self.apply_both(kind, plan, stop, recorded)
        after = self.places.read()
        memories = list(after.store.items)
        before = {item.id for item in both.store.items}
        now = {item.id for item in memories}
        archived, revived = _moved(recorded, memories)
        return MergeResult(memories=memories, added=[item for item in memories if item.id not in before],
                           updated=[], evicted=[item for item in both.store.items if item.id not in now],
                           dropped=0, change_id=change_id, archived=archived, revived=revived)

    def apply_both(self, kind: ChangeKind, plan: BothPlan[T], stop: threading.Event,
                   recorded_changes: Optional[list[Change]] = None,
                   undoes: Optional[str] = None) -> tuple[T, Optional[str]]:
        """Run `plan` on the store and the archive as of now, under the lock; write what it returns in
        the order that loses nothing (S11.1), then record it.

        Returns the plan's value and the change id; `recorded_changes` receives the recorded change, which
        names the change it `undoes` for an undo.
        Raises MemoryIOError when a file cannot be written, when a change that removes or replaces memories
        cannot be recorded (nothing is applied then), and when the archive must be changed but is left alone.
        """
        recorded: list[str] = []
        value = self.places.apply(plan, self._both_recorder(kind, recorded, recorded_changes, undoes), stop)
        return value, (recorded[0] if recorded else None)

    def _both_recorder(self, kind: ChangeKind, recorded: list[str], changes: Optional[list[Change]] = None,
                       undoes: Optional[str] = None) -> Recording:
        from sidecar.rules.history import make_two_place_change

        def record(both: Both, outcome: Outcome) -> None:
            after = outcome.store if outcome.store is not None else list(both.store.items)
            change = make_two_place_change(self._new_id(), now_ms(), kind, both.store.items, after,
                                           both.shelf, outcome.archive)
            if change is None:
                return
            if undoes is not None:
                change = msgspec.structs.replace(change, undoes=undoes)
            if changes is not None:
                changes.append(change)
            self._record(kind, change, recorded)

        return record

    def _record(self, kind: ChangeKind, change: Change, recorded: list[str]) -> None:
        """Append `change` to the history once it landed. Raises MemoryIOError (the change is then taken
        back) when a change that removes, replaces or purges memories cannot be recorded."""
        try:
            self.history.append(change)
        except MemoryIOError as exc:
            if change.removed or change.updated or change.revived or change.purged:
                raise MemoryIOError(f"the {kind} was not applied: its undo record could not be written "
                                    f"({exc.message})") from None
            # Nothing is lost without the record: the change stays, and the receipt's null changeId
            # says it cannot be undone.
            log.warning("the %s is saved without a history entry: %s", kind, exc.message)
            return
        recorded.append(change.change_id)


def _shaped(raw: str, cap: int) -> tuple[list[str], int]:
    """The memory texts of the model's answer, secret-filtered, at most `cap` of them (more would be evicted
    at once); raises AiError(AI_RESPONSE) without an array."""
    from protocol import ErrorCode
    from sidecar.rules.merge import candidate_contents
    from sidecar.rules.model_output import NoMemoryArray, candidate_texts

    try:
        texts = candidate_texts(raw)
    except NoMemoryArray as exc:
        raise AiError(str(exc), ErrorCode.AI_RESPONSE) from None
    return candidate_contents(texts, cap=cap)


def _moved(recorded: Sequence[Change], memories: Sequence[MemoryItem]) -> tuple[list[MemoryItem], list[MemoryItem]]:
    """The receipt's `archived` (as they were archived) and `revived` (as they are now in the store)."""
    from sidecar.rules.archive import as_memory

    if not recorded:
        return [], []
    change = recorded[0]
    now = {item.id: item for item in memories}
    return ([as_memory(item) for item in change.archived],
            [now[item.id] for item in change.revived if item.id in now])
