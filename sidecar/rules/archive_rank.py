"""Relevance of archived memories to a query: BM25 over the same terms, sparse, kept up to date by difference (S11.2).

The archive is up to 20 000 memories, so a query scores only the memories that hold one of its distinctive
terms (in at most a twentieth of the archive, or in at most 50 memories): a term nearly every memory holds
says nothing about what a question needs, and would make every query cost the whole archive. The active
store keeps its own ranking (`rank.RankingIndex`, S10.1); `merge_ranked` puts the two together by score.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable, Sequence

from protocol import ArchivedItem
from sidecar.rules.rank import K1, NAME_BOOST, STRONG_BOOST, B, _base_weight, _bounded, search_terms
from sidecar.rules.tokens import is_strong, names

COMMON_FRACTION = 0.05
COMMON_FLOOR = 50


class ArchiveRanker:
    """BM25 statistics of the archive; `sync` to the archive as it reads, then query."""

    __slots__ = ("_docs", "_postings", "_total_length")

    def __init__(self) -> None:
        self._docs: dict[str, tuple[ArchivedItem, int]] = {}
        self._postings: dict[str, dict[str, int]] = {}
        self._total_length = 0

    def __len__(self) -> int:
        return len(self._docs)

    def sync(self, archive: Iterable[ArchivedItem]) -> ArchiveRanker:
        wanted = set(archive)
        held = {item for item, _ in self._docs.values()}
        for item in held - wanted:
            self._drop(item)
        for item in wanted - held:
            self._add(item)
        return self

    def _add(self, item: ArchivedItem) -> None:
        if item.id in self._docs:  # a hand-edited file may repeat an id: the first one stays
            return
        counts = Counter(search_terms(item.content))
        length = sum(counts.values())
        self._docs[item.id] = (item, length)
        self._total_length += length
        for term, count in counts.items():
            self._postings.setdefault(term, {})[item.id] = count

    def _drop(self, item: ArchivedItem) -> None:
        if self._docs.get(item.id, (None, 0))[0] is not item:
            return
        _, length = self._docs.pop(item.id)
        self._total_length -= length
        for term in set(search_terms(item.content)):
            holders = self._postings.get(term)
            if holders is not None:
                holders.pop(item.id, None)
                if not holders:
                    del self._postings[term]

    def scored(self, query: str, limit: int | None = None) -> list[tuple[float, ArchivedItem]]:
        """(score, memory) of the archived memories holding a distinctive query term, best first; a tie goes
        to the more recently archived. At most `limit` of them."""
        count = len(self._docs)
        if not count:
            return []
        average = (self._total_length / count) or 1.0
        common = max(COMMON_FLOOR, COMMON_FRACTION * count)
        scores: dict[str, float] = {}
        bounded = _bounded(query)
        named = names(bounded)
        rarest = math.log(1 + (count - 0.5) / 1.5)
        for term in dict.fromkeys(search_terms(bounded)):
            holders = self._postings.get(term)
            if not holders or len(holders) > common:
                continue
            idf = math.log(1 + (count - len(holders) + 0.5) / (len(holders) + 0.5))
            weight = idf * _weight(term, named, idf, rarest) * (K1 + 1)
            for id_, hits in holders.items():
                norm = K1 * (1 - B + B * self._docs[id_][1] / average)
                scores[id_] = scores.get(id_, 0.0) + weight * hits / (hits + norm)
        ranked = ((score, self._docs[id_][0].archived_at, id_) for id_, score in scores.items())
        best = heapq.nlargest(limit, ranked) if limit is not None else sorted(ranked, reverse=True)
        return [(score, self._docs[id_][0]) for score, _, id_ in best]


def _weight(term: str, named: frozenset[str], idf: float, rarest: float) -> float:
    """As the store's ranking weighs a query term: names, tools and versions more, as much as they are rare."""
    if term[0] in "#@%~" or not is_strong(term):
        return _base_weight(term)
    boost = STRONG_BOOST + (NAME_BOOST if term in named else 0.0)
    return 1.0 + boost * idf / rarest if rarest > 0 else 1.0


def merge_ranked(active: Sequence[tuple[int, float]], archived: Sequence[tuple[float, ArchivedItem]]
                 ) -> list[tuple[int | ArchivedItem, float]]:
    """Active (position, score) best first and archived (score, memory) best first, merged by score; an
    active memory wins a tie. Non-matching active ones (score 0) keep their place after the matches."""
    out: list[tuple[int | ArchivedItem, float]] = []
    i = j = 0
    while i < len(active) or j < len(archived):
        take_active = j >= len(archived) or (i < len(active) and active[i][1] >= archived[j][0])
        if take_active:
            out.append(active[i])
            i += 1
        else:
            out.append((archived[j][1], archived[j][0]))
            j += 1
    return out
