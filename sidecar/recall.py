"""Recall over the active and the archived memories together, derived from both files' snapshots (S11.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional

from protocol import ArchivedItem, ContextResult, MemoryItem
from sidecar.archive_file import Both
from sidecar.rules.archive import as_memory
from sidecar.rules.context import Lines, lines_of, render_preferred
from sidecar.rules.evict import oldest_first

if TYPE_CHECKING:
    from sidecar.rules.rank import Corpus, Index
    from sidecar.store import FileSnapshot


class Pool(NamedTuple):
    """Active and archived memories as one oldest-first list, with each archived one's entry by position."""

    ranker: Index
    lines: Lines
    archived: dict[int, ArchivedItem]


class Recall:
    """One owner of the ranking over both places; rebuilt only when either file's snapshot changed (the
    files hand out one snapshot object per state, so identity tells)."""

    def __init__(self) -> None:
        self._of: Optional[tuple[FileSnapshot[MemoryItem], FileSnapshot[ArchivedItem]]] = None
        self._pool: Optional[Pool] = None
        self._corpus: Optional[Corpus] = None

    def pool(self, both: Both) -> Pool:
        if self._pool is None or self._of is None or both.store is not self._of[0] or both.archive is not self._of[1]:
            from sidecar.rules.rank import Corpus, Index  # imported on first use: start-up never pays

            shelf = {item.id: item for item in both.shelf}
            items = oldest_first([*both.store.items, *(as_memory(item) for item in shelf.values())])
            archived = {p: shelf[item.id] for p, item in enumerate(items) if item.id in shelf}
            if self._corpus is None:
                self._corpus = Corpus()
            # The corpus moves on to the new pool; only the new index is ever queried after this.
            self._pool = Pool(Index(items, self._corpus), lines_of(items), archived)
            self._of = (both.store, both.archive)
        return self._pool

    def matching(self, both: Both, query: str) -> list[tuple[MemoryItem, float, Optional[int]]]:
        """(memory, score, archivedAt or None) of every memory matching `query`, best first; a tie goes
        to the newer one."""
        pool = self.pool(both)
        ranked = sorted(((score, p) for p, score in pool.ranker.ranked(query) if score > 0), reverse=True)
        return [(pool.ranker.items[p], score, _archived_at(pool, p)) for score, p in ranked]

    def archived_matching(self, both: Both, query: str) -> list[ArchivedItem]:
        pool = self.pool(both)
        ranked = sorted(((score, p) for p, score in pool.ranker.ranked(query) if score > 0 and p in pool.archived),
                        reverse=True)
        return [pool.archived[p] for _, p in ranked]

    def context(self, both: Both, query: str, budget_bytes: int) -> ContextResult:
        """S10.2 over both places: memories taken most relevant first; an archived one only when it matches,
        the fill-up with memories that match nothing from the active store only."""
        pool = self.pool(both)
        if not pool.archived:
            return render_preferred(pool.ranker.items, pool.ranker.order(query), budget_bytes, pool.lines)
        ranked = pool.ranker.ranked(query)
        candidates = sorted(p for p, score in ranked if score > 0 or p not in pool.archived)
        place = {p: n for n, p in enumerate(candidates)}
        items = [pool.ranker.items[p] for p in candidates]
        lines = Lines([pool.lines.text[p] for p in candidates], [pool.lines.sizes[p] for p in candidates])
        preference = [place[p] for p, _ in ranked if p in place]
        return render_preferred(items, preference, budget_bytes, lines)


def _archived_at(pool: Pool, position: int) -> Optional[int]:
    entry = pool.archived.get(position)
    return None if entry is None else entry.archived_at
