"""Lexical relevance of stored memories to a query: BM25 over the shared tokens, newer first on ties (S10.1)."""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from protocol import MemoryItem
from sidecar.rules.concepts import concept_terms
from sidecar.rules.tokens import is_cjk, is_strong, tokens

K1 = 1.2
B = 0.75
# Names, tools and versions say more about what a question needs than CJK fragments do.
STRONG_QUERY_WEIGHT = 1.5
# One round of pseudo-relevance feedback: terms of the best few matches join the query, damped.
FEEDBACK_DOCS = 3
FEEDBACK_TERMS = 8
FEEDBACK_WEIGHT = 0.3


UNIGRAM_WEIGHT = 0.3


CONCEPT_WEIGHT = 1.0


def search_terms(text: str) -> list[str]:
    """The shared tokens, each CJK character of them as a weak term for paraphrases, and glossary
    concepts, so a question in one language finds a memory written in the other."""
    terms = list(tokens(text))
    terms += ["#" + char for term in terms if is_cjk(term[0]) for char in term]
    terms += concept_terms(text)
    return terms


@lru_cache(maxsize=8192)
def _term_counts(text: str) -> tuple[tuple[str, int], ...]:
    return tuple(Counter(search_terms(text)).items())


def _query_weight(term: str) -> float:
    if term[0] == "#":
        return UNIGRAM_WEIGHT
    if term[0] == "@":
        return CONCEPT_WEIGHT
    return STRONG_QUERY_WEIGHT if is_strong(term) else 1.0


class Index:
    """BM25 statistics of one store snapshot (items oldest first); build once, query many times."""

    __slots__ = ("items", "_postings", "_lengths", "_average", "_idf", "_doc_terms")

    def __init__(self, items: Sequence[MemoryItem]) -> None:
        self.items = tuple(items)
        postings: dict[str, list[tuple[int, int]]] = {}
        lengths: list[int] = []
        doc_terms: list[tuple[tuple[str, int], ...]] = []
        for position, item in enumerate(self.items):
            counts = _term_counts(item.content)
            doc_terms.append(counts)
            lengths.append(sum(count for _, count in counts))
            for term, count in counts:
                hits = postings.get(term)
                if hits is None:
                    postings[term] = [(position, count)]
                else:
                    hits.append((position, count))
        self._postings = postings
        self._lengths = lengths
        self._doc_terms = doc_terms
        self._average = (sum(lengths) / len(lengths)) if lengths else 0.0
        total = len(self.items)
        self._idf = {term: math.log(1 + (total - len(hits) + 0.5) / (len(hits) + 0.5))
                     for term, hits in postings.items()}


    def scores(self, query: str) -> list[float]:
        """One score ≥ 0 per item, in item order: BM25 of the query plus its damped expansion."""
        return self._scores(query)[1]

    def _scores(self, query: str) -> tuple[list[float], list[float]]:
        weights = self._query_weights(query)
        direct = self._score(weights)
        total = list(direct)
        expanded = self._feedback(direct, weights) if weights else {}
        if expanded:
            for position, extra in enumerate(self._score(expanded)):
                total[position] += FEEDBACK_WEIGHT * extra
        return direct, total

    def _query_weights(self, query: str) -> dict[str, float]:
        return {term: _query_weight(term) for term in search_terms(query) if term in self._postings}

    def _score(self, weights: dict[str, float]) -> list[float]:
        scores = [0.0] * len(self.items)
        average = self._average or 1.0
        for term, query_weight in weights.items():
            idf = self._idf[term] * query_weight
            for position, count in self._postings[term]:
                norm = K1 * (1 - B + B * self._lengths[position] / average)
                scores[position] += idf * count * (K1 + 1) / (count + norm)
        return scores

    def _feedback(self, scores: list[float], weights: dict[str, float]) -> dict[str, float]:
        best = heapq.nlargest(FEEDBACK_DOCS, (p for p, score in enumerate(scores) if score > 0),
                              key=lambda p: (scores[p], p))
        gathered: Counter[str] = Counter()
        for position in best:
            for term, _ in self._doc_terms[position]:
                if term not in weights:
                    gathered[term] += self._idf[term]
        return {term: 1.0 for term, _ in gathered.most_common(FEEDBACK_TERMS)}

    def ranked(self, query: str) -> list[tuple[int, float]]:
        """(position, score) best first; ties (zero scores included) newest first, then later in the file.

        Memories holding a query token come before those found only by the query's expansion.
        """
        direct, scores = self._scores(query)
        items = self.items

        def key(p: int) -> tuple[float, int, int]:
            return (-scores[p], -items[p].created_at, -p)

        matched = sorted((p for p, score in enumerate(direct) if score > 0), key=key)
        expanded = sorted((p for p, score in enumerate(scores) if score > 0 and direct[p] <= 0), key=key)
        # Items are oldest first (file order on ties), so the rest, newest first, is the reverse order.
        rest = [p for p in range(len(items) - 1, -1, -1) if scores[p] <= 0]
        return [(position, scores[position]) for position in (*matched, *expanded, *rest)]
