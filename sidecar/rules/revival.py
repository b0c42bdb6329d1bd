"""Revival: a merged or remembered text that equals or restates an archived memory brings it back (S11.3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from protocol import ArchivedItem, MemoryItem
from sidecar.rules.evict import evict, oldest_first
from sidecar.rules.match import MIN_SHARED_WEIGHT, restates, upper_weight
from sidecar.rules.merge import Merged, merge_contents, new_uuid4
from sidecar.rules.tokens import match_key, token_set


class Revival(NamedTuple):
    """Archived memories a merge brings back: each as it goes into the store (same id, fresh createdAt)."""

    items: list[MemoryItem]
    basis: list[str]


class ArchiveTokens:
    """Which archived memories share a token with a text: the only ones worth a restatement test.

    Derived from one archive snapshot; build once per archive state, query per merge.
    """

    __slots__ = ("_by_key", "_by_token", "items")

    def __init__(self, archive: Sequence[ArchivedItem]) -> None:
        self.items = tuple(archive)
        by_token: dict[str, list[int]] = {}
        by_key: dict[str, int] = {}
        for position, item in enumerate(self.items):
            by_key.setdefault(match_key(item.content), position)
            for token in token_set(item.content):
                by_token.setdefault(token, []).append(position)
        self._by_token = by_token
        self._by_key = by_key

    def equal(self, content: str) -> int | None:
        return self._by_key.get(match_key(content))

    def restated(self, content: str, excluded: set[int]) -> int | None:
        """The archived memory `content` restates that shares the most with it; the newest archived on a tie."""
        mine = token_set(content)
        shared: dict[int, float] = {}
        for token in mine:
            for position in self._by_token.get(token, ()):
                if position not in excluded:
                    shared[position] = shared.get(position, 0.0) + upper_weight(token)
        ranked = sorted(((weight, position) for position, weight in shared.items() if weight >= MIN_SHARED_WEIGHT),
                        reverse=True)
        best: tuple[float, int] | None = None
        for rank in ranked:
            if best is not None and rank[0] < best[0]:
                break
            if restates(self.items[rank[1]].content, content) and (best is None or rank > best):
                best = rank
        return None if best is None else best[1]


def plan_revival(new_contents: Sequence[str], archive: ArchiveTokens, basis: Iterable[str],
                 source_scope: str, at: int) -> Revival:
    """Which archived memories the texts a merge would add revive (S11.3), and the basis to merge with.

    `new_contents`: the texts the merge would add (they match no active memory). One equal by key to an
    archived memory revives it with its own text and scope; one that restates it revives it with the new
    text and the merge's scope (an update); either way same id and createdAt = `at`. Each archived memory
    is revived at most once. Basis entries that are archived are still known, not deleted: they leave the
    basis so the merge does not take them for deletions.
    """
    taken: set[int] = set()
    revived: list[MemoryItem] = []
    for content in new_contents:
        position = archive.equal(content)
        if position is not None and position not in taken:
            item = archive.items[position]
            revived.append(MemoryItem(id=item.id, content=item.content, created_at=at,
                                      source_scope=item.source_scope))
        else:
            position = archive.restated(content, taken)
            if position is None:
                continue
            item = archive.items[position]
            revived.append(MemoryItem(id=item.id, content=content, created_at=at, source_scope=source_scope))
        taken.add(position)
    known = [text for text in basis if archive.equal(text) is None]
    return Revival(revived, known)



class Reviving(NamedTuple):
    """A merge with the archive: the store's result (revived memories not in `added`) and what it revived."""

    merged: Merged
    revived: list[MemoryItem]


def merge_reviving(stored: Sequence[MemoryItem], archive: ArchiveTokens, contents: Sequence[str], source_scope: str,
                   basis: Iterable[str], limit: int, now_ms: int, dropped: int = 0,
                   new_id: Callable[[], str] = new_uuid4) -> Reviving:
    """`merge_contents` where the texts it would add first look in the archive (S11.3).

    The active store decides first: a text that is (or restates) an active memory is that memory, as
    without an archive. A text that would be new but equals or restates an archived memory revives it
    instead (same id, createdAt = now), and the oldest active ones are evicted if the store is full.
    `merged.evicted` lists active memories only.
    """
    unbounded = len(stored) + len(contents)
    kept_basis = list(basis)
    probe = merge_contents(stored, contents, source_scope, kept_basis if not archive.items else
                           [text for text in kept_basis if archive.equal(text) is None],
                           unbounded, now_ms, dropped, new_id)
    revival = plan_revival([item.content for item in probe.added], archive, kept_basis, source_scope, now_ms) \
        if archive.items and probe.added else Revival([], kept_basis)
    if not revival.items:
        return Reviving(_bounded(stored, probe, limit), [])
    merged = merge_contents(oldest_first([*stored, *revival.items]), contents, source_scope, revival.basis,
                            unbounded, now_ms, dropped, new_id)
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
