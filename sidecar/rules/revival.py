"""Revival: a merged or remembered text that equals or restates an archived memory brings it back (S11.3)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, Optional

from protocol import ArchivedItem, MemoryItem
from sidecar.rules.evict import evict, oldest_first
from sidecar.rules.match import MIN_SHARED_WEIGHT, restates, upper_weight
from sidecar.rules.merge import Merged, StoreTexts, merge_contents, new_uuid4
from sidecar.rules.tokens import match_key, token_set

# The archive may hold 20 000 memories: only the ones sharing the most with a text are tried as restated
# (a restatement shares its subject's words, so it is among them), which bounds a merge's cost.
MAX_TRIES = 32


class Revival(NamedTuple):
    """Archived memories a merge brings back: each as it goes into the store (same id, fresh createdAt)."""

    items: list[MemoryItem]
    basis: list[str]


class ArchiveTokens:
    """Which archived memories share a token with a text (the only ones worth a restatement test), and
    which one has a text's match key.

    Brought up to date by difference (`sync`), because the archive changes by a few memories a write;
    hold one per archive and query it only right after a sync.
    """

    __slots__ = ("_by_key", "_by_token", "items")

    def __init__(self) -> None:
        self.items: dict[str, ArchivedItem] = {}
        self._by_token: dict[str, set[str]] = {}
        self._by_key: dict[str, set[str]] = {}

    def sync(self, archive: Sequence[ArchivedItem]) -> ArchiveTokens:
        wanted = set(archive)
        held = set(self.items.values())
        for item in held - wanted:
            self._drop(item)
        for item in wanted - held:
            self._add(item)
        return self

    def _add(self, item: ArchivedItem) -> None:
        if item.id in self.items:  # a hand-edited file may repeat an id: the first one stays
            return
        self.items[item.id] = item
        self._by_key.setdefault(match_key(item.content), set()).add(item.id)
        for token in token_set(item.content):
            self._by_token.setdefault(token, set()).add(item.id)

    def _drop(self, item: ArchivedItem) -> None:
        if self.items.get(item.id) is not item:
            return
        del self.items[item.id]
        for table, keys in ((self._by_key, (match_key(item.content),)), (self._by_token, token_set(item.content))):
            for key in keys:
                holders = table[key]
                holders.discard(item.id)
                if not holders:
                    del table[key]

    def _newest(self, ids: Iterable[str]) -> str | None:
        return max(ids, key=lambda id_: (self.items[id_].archived_at, id_), default=None)

    def equal(self, content: str, excluded: Iterable[str] = ()) -> str | None:
        """The newest archived memory whose match key equals `content`'s."""
        return self._newest(self._by_key.get(match_key(content), set()) - set(excluded))

    def restated(self, content: str, excluded: set[str]) -> str | None:
        """The archived memory `content` restates that shares the most with it; the newest archived on a tie."""
        mine = token_set(content)
        shared: dict[str, float] = {}
        for token in mine:
            for id_ in self._by_token.get(token, ()):
                if id_ not in excluded:
                    shared[id_] = shared.get(id_, 0.0) + upper_weight(token)
        ranked = heapq.nlargest(MAX_TRIES, ((weight, self.items[id_].archived_at, id_) for id_, weight in shared.items()
                                            if weight >= MIN_SHARED_WEIGHT))
        best: tuple[float, int, str] | None = None
        for rank in ranked[:MAX_TRIES]:
            if best is not None and rank[0] < best[0]:
                break
            if restates(self.items[rank[2]].content, content) and (best is None or rank > best):
                best = rank
        return None if best is None else best[2]


def plan_revival(new_contents: Sequence[str], archive: ArchiveTokens, active: set[str], basis: Iterable[str],
                 source_scope: str, at: int) -> Revival:
    """Which archived memories the texts a merge would add revive (S11.3), and the basis to merge with.

    `new_contents`: the texts the merge would add (they match no active memory). One equal by key to an
    archived memory revives it with its own text and scope; one that restates it revives it with the new
    text and the merge's scope (an update); either way same id and createdAt = `at`. Each archived memory
    is revived at most once; `active` ids (also in the store) are not archived. Basis entries that are
    archived are still known, not deleted: they leave the basis so the merge does not take them for
    deletions.
    """
    taken = set(active)
    revived: list[MemoryItem] = []
    for content in new_contents:
        found = archive.equal(content, taken)
        if found is not None:
            item = archive.items[found]
            revived.append(MemoryItem(id=item.id, content=item.content, created_at=at,
                                      source_scope=item.source_scope))
        else:
            found = archive.restated(content, taken)
            if found is None:
                continue
            item = archive.items[found]
            revived.append(MemoryItem(id=item.id, content=content, created_at=at, source_scope=source_scope))
        taken.add(found)
    return Revival(revived, [text for text in basis if archive.equal(text, active) is None])



class Reviving(NamedTuple):
    """A merge with the archive: the store's result (revived memories not in `added`) and what it revived."""

    merged: Merged
    revived: list[MemoryItem]


def merge_reviving(stored: Sequence[MemoryItem], archive: ArchiveTokens, contents: Sequence[str], source_scope: str,
                   basis: Iterable[str], limit: int, now_ms: int, dropped: int = 0,
                   new_id: Callable[[], str] = new_uuid4, store_texts: Optional[StoreTexts] = None,
                   meaning: Optional[Callable[[str, str], bool]] = None) -> Reviving:
    """`merge_contents` where the texts it would add first look in the archive (S11.3).

    The active store decides first: a text that is (or restates) an active memory is that memory, as
    without an archive. A text that would be new but equals or restates an archived memory revives it
    instead (same id, createdAt = now), and the oldest active ones are evicted if the store is full.
    `merged.evicted` lists active memories only; `archive` is synced to the archive file. `meaning` is
    `merge_contents`'.
    """
    unbounded = len(stored) + len(contents)
    active = {item.id for item in stored}
    everything = list(basis)
    known = [text for text in everything if archive.equal(text, active) is None] if archive.items else everything
    probe = merge_contents(stored, contents, source_scope, known, unbounded, now_ms, dropped, new_id, store_texts,
                           meaning)
    if not (archive.items and probe.added):
        return Reviving(_bounded(stored, probe, limit), [])
    revival = plan_revival([item.content for item in probe.added], archive, active, everything, source_scope,
                           now_ms)
    if not revival.items:
        return Reviving(_bounded(stored, probe, limit), [])
    merged = merge_contents(oldest_first([*stored, *revival.items]), contents, source_scope, revival.basis,
                            unbounded, now_ms, dropped, new_id, store_texts, meaning)
    bounded = _bounded(stored, merged, limit)
    kept = {item.id for item in bounded.memories}
    return Reviving(bounded, [item for item in revival.items if item.id in kept])


def _bounded(stored: Sequence[MemoryItem], merged: Merged, limit: int) -> Merged:
    """An unbounded merge's result cut to `limit` as `merge_contents` cuts it; evicted = active ones only."""
    memories = evict(merged.memories, limit)
    kept = {item.id for item in memories}
    return Merged(
        memories=memories,
        added=[item for item in merged.added if item.id in kept],
        updated=[update for update in merged.updated if update.after.id in kept],
        evicted=[item for item in stored if item.id not in kept],
        dropped=merged.dropped,
    )
