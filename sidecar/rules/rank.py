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
MAX_QUERY_CHARS = 4000
TOPIC_WEIGHT = 0.5


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


def _bounded(query: str) -> str:
    """A long query keeps its start (the ask) and its end (the newest words): ranking runs on the event
    loop, so its cost must not grow with a pasted log or a long conversation."""
    if len(query) <= MAX_QUERY_CHARS:
        return query
    half = MAX_QUERY_CHARS // 2
    return query[:half] + "\n" + query[-half:]


def _query_weight(term: str) -> float:
    if term[0] == "#":
        return UNIGRAM_WEIGHT
    if term[0] == "@":
        return CONCEPT_WEIGHT
    if term[0] == "%":
        return TOPIC_WEIGHT
    return STRONG_QUERY_WEIGHT if is_strong(term) else 1.0


@lru_cache(maxsize=8192)
def _length(text: str) -> int:
    return sum(count for _, count in _term_counts(text))


class Corpus:
    """Postings keyed by memory text, brought up to date by difference: a store that changed in a few
    memories costs a few memories' terms, not a rebuild of every posting."""

    __slots__ = ("_postings", "_texts")

    def __init__(self) -> None:
        self._postings: dict[str, dict[str, int]] = {}
        self._texts: frozenset[str] = frozenset()

    def sync(self, texts: frozenset[str]) -> None:
        """Hold exactly the terms of `texts`."""
        postings = self._postings
        for text in self._texts - texts:
            for term, _ in _term_counts(text):
                holding = postings[term]
                del holding[text]
                if not holding:
                    del postings[term]
        for text in texts - self._texts:
            for term, count in _term_counts(text):
                hits = postings.get(term)
                if hits is None:
                    postings[term] = {text: count}
                else:
                    hits[text] = count
        self._texts = texts

    def hits(self, term: str) -> dict[str, int]:
        return self._postings.get(term, {})


class Index:
    """BM25 statistics of one store snapshot (items oldest first); build once, query many times.

    Pass the previous snapshot's `corpus` to update it instead of building one: the index then owns it,
    and the older index must not be queried again.
    """

    __slots__ = ("_corpus", "_idfs", "_norms", "_positions", "items")

    def __init__(self, items: Sequence[MemoryItem], corpus: Corpus | None = None) -> None:
        self.items = tuple(items)
        positions: dict[str, list[int]] = {}
        for position, item in enumerate(self.items):
            at = positions.get(item.content)
            if at is None:
                positions[item.content] = [position]
            else:
                at.append(position)
        self._positions = positions
        self._corpus = corpus if corpus is not None else Corpus()
        self._corpus.sync(frozenset(positions))
        lengths = [_length(item.content) for item in self.items]
        average = (sum(lengths) / len(lengths)) if lengths and sum(lengths) else 1.0
        self._norms = [K1 * (1 - B + B * length / average) for length in lengths]
        self._idfs: dict[str, float] = {}

    def _idf(self, term: str) -> float:
        """Computed per query term rather than for every term at build time: a rebuild stays cheap."""
        known = self._idfs.get(term)
        if known is None:
            positions = self._positions
            hits = sum(len(positions[text]) for text in self._corpus.hits(term))
            known = self._idfs[term] = math.log(1 + (len(self.items) - hits + 0.5) / (hits + 0.5))
        return known

    def _scores(self, query: str) -> tuple[list[float], list[float]]:
        """BM25 of the query, and that plus its damped expansion: one score ≥ 0 per item, in item order."""
        weights = self._query_weights(query)
        direct = self._score(weights)
        total = list(direct)
        expanded = self._feedback(direct, weights) if weights else {}
        if expanded:
            for position, extra in enumerate(self._score(expanded)):
                total[position] += FEEDBACK_WEIGHT * extra
        return direct, total

    def _query_weights(self, query: str) -> dict[str, float]:
        return {term: _query_weight(term) for term in search_terms(_bounded(query)) if self._corpus.hits(term)}

    def _score(self, weights: dict[str, float]) -> list[float]:
        scores = [0.0] * len(self.items)
        norms, positions = self._norms, self._positions
        for term, query_weight in weights.items():
            idf = self._idf(term) * query_weight * (K1 + 1)
            for text, count in self._corpus.hits(term).items():
                for position in positions[text]:
                    scores[position] += idf * count / (count + norms[position])
        return scores

    def _feedback(self, scores: list[float], weights: dict[str, float]) -> dict[str, float]:
        best = heapq.nlargest(FEEDBACK_DOCS, (p for p, score in enumerate(scores) if score > 0),
                              key=lambda p: (scores[p], p))
        gathered: dict[str, float] = {}
        for position in best:
            for term, _ in _term_counts(self.items[position].content):
                if term not in weights:
                    gathered[term] = gathered.get(term, 0.0) + self._idf(term)
        return {term: 1.0 for term in heapq.nlargest(FEEDBACK_TERMS, gathered, key=lambda t: (gathered[t], t))}

    def ranked(self, query: str) -> list[tuple[int, float]]:
        """(position, score) best first; see `order`."""
        positions, scores = self._order(query)
        return [(position, scores[position]) for position in positions]

    def order(self, query: str) -> list[int]:
        """Positions best first; ties (zero scores included) newest first, then later in the file.

        Memories holding a query term come before those found only by the query's expansion.
        """
        return self._order(query)[0]

    def _order(self, query: str) -> tuple[list[int], list[float]]:
        direct, scores = self._scores(query)
        count = len(self.items)
        # Items are oldest first (file order on ties), so a later position is the newer one: sorting
        # (score, position) descending is "best, then newest".
        matched = sorted([(scores[p], p) for p in range(count) if direct[p] > 0], reverse=True)
        expanded = sorted([(scores[p], p) for p in range(count) if direct[p] <= 0 < scores[p]], reverse=True)
        rest = [p for p in range(count - 1, -1, -1) if scores[p] <= 0]
        return [p for _, p in matched] + [p for _, p in expanded] + rest, scores
