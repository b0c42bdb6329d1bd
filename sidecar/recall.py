"""Recall over the active and the archived memories together, derived from both files' snapshots (S11.2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional

from protocol import ArchivedItem, ContextResult, MemoryItem
from sidecar.archive_file import Both
from sidecar.ranking import Ranking
from sidecar.rules.archive import as_memory
from sidecar.rules.context import Lines, lines_of, render_preferred

if TYPE_CHECKING:
    from sidecar.rules.archive_rank import ArchiveRanker
    from sidecar.semantic import Semantic
    from sidecar.store import FileSnapshot

# More archived memories than fit in any budget worth asking for are never candidates for the prompt.
MAX_ARCHIVED_IN_CONTEXT = 400


class Recall:
    """One owner of the archive's ranking beside the store's (`Ranking`); the archive's is brought up to
    date by difference when either file's snapshot changed (one snapshot object per file state)."""

    def __init__(self, ranking: Ranking, semantic: Optional[Semantic] = None) -> None:
        self.ranking = ranking
        self.semantic = semantic
        # One list of contents, and which of them hold a CJK character, per store state.
        self._contents: Optional[tuple[Sequence[MemoryItem], list[str], Any]] = None
        self._of: Optional[tuple[FileSnapshot[MemoryItem], FileSnapshot[ArchivedItem]]] = None
        self._archive: Optional[ArchiveRanker] = None

    def archive(self, both: Both) -> ArchiveRanker:
        if self._archive is None:
            from sidecar.rules.archive_rank import ArchiveRanker  # first use: start-up never pays

            self._archive = ArchiveRanker()
        if self._of is None or both.store is not self._of[0] or both.archive is not self._of[1]:
            self._archive.sync(both.shelf)
            self._of = (both.store, both.archive)
        return self._archive

    def matching(self, both: Both, query: str) -> list[tuple[MemoryItem, float, Optional[int]]]:
        """(memory, score, archivedAt or None) of every memory matching `query`, best first; a tie goes to
        the active one, then the newer one."""
        from sidecar.rules.archive_rank import merge_ranked

        index = self.ranking.index(both.store)
        active = sorted(((score, p) for p, score in index.ranked(query) if score > 0), reverse=True)
        merged = merge_ranked([(p, score) for score, p in active], self.archive(both).scored(query))
        return [(index.items[which], score, None) if isinstance(which, int)
                else (as_memory(which), score, which.archived_at) for which, score in merged]

    def _fused(self, items: Sequence[MemoryItem], lexical: list[int], scores: list[float], query: str) -> list[int]:
        """The active store's positions best first: the lexical order (`lexical`, `scores` in item order) fused with
        the semantic one when that is ready."""
        if self.semantic is None:
            return lexical
        if self._contents is None or self._contents[0] is not items:
            self._contents = (items, [item.content for item in items], None)
        similarity = self.semantic.similarity(self._contents[1], query)
        if similarity is None:
            return lexical
        import numpy as np

        from sidecar.rules.fusion import fused_by_similarity
        from sidecar.rules.tokens import holds_cjk
        from sidecar.semantic import MAX_QUERY_CHARS

        if self._contents[2] is None:
            scripts = np.fromiter((holds_cjk(text) for text in self._contents[1]), dtype=bool, count=len(items))
            self._contents = (items, self._contents[1], scripts)
        matched = next((rank for rank, position in enumerate(lexical) if scores[position] <= 0), len(lexical))
        # The query's script as the model saw it.
        other_script: Any = self._contents[2] != holds_cjk(query[-MAX_QUERY_CHARS:])
        return fused_by_similarity(lexical, similarity, matched, other_script=other_script)

    def archived_matching(self, both: Both, query: str) -> list[ArchivedItem]:
        return [item for _, item in self.archive(both).scored(query)]

    def context(self, both: Both, query: str, budget_bytes: int) -> ContextResult:
        """S10.2 over both places: memories taken most relevant first; an archived one only when it matches,
        the fill-up with memories that match nothing from the active store only."""
        from sidecar.rules.archive_rank import merge_ranked

        index, lines = self.ranking.derived(both.store)
        lexical, scores = index.scored_order(query)
        fused = self._fused(index.items, lexical, scores, query)
        archived = self.archive(both).scored(query, MAX_ARCHIVED_IN_CONTEXT) if len(self.archive(both)) else []
        if not archived:
            return render_preferred(index.items, fused, budget_bytes, lines)
        # The scores stay the lexical ones in their order, so the archive interleaves as deep.
        ranked = list(zip(fused, (scores[position] for position in lexical), strict=True))
        extra = [as_memory(item) for _, item in archived]
        extra_lines = lines_of(extra)
        # One oldest-first pool; on a tie of dates the active memory comes first.
        keyed = sorted([(item.created_at, 0, p) for p, item in enumerate(index.items)]
                       + [(item.created_at, 1, n) for n, item in enumerate(extra)])
        pool: list[MemoryItem] = []
        text: list[str] = []
        sizes: list[int] = []
        place_active: dict[int, int] = {}
        place_archived: dict[str, int] = {}
        for _, group, n in keyed:
            if group == 0:
                place_active[n] = len(pool)
                pool.append(index.items[n])
                text.append(lines.text[n])
                sizes.append(lines.sizes[n])
            else:
                place_archived[extra[n].id] = len(pool)
                pool.append(extra[n])
                text.append(extra_lines.text[n])
                sizes.append(extra_lines.sizes[n])
        preference = [place_active[which] if isinstance(which, int) else place_archived[which.id]
                      for which, _ in merge_ranked(ranked, archived)]
        return render_preferred(pool, preference, budget_bytes, Lines(text, sizes))
