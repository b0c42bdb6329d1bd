"""Lexical relevance of stored memories to a query: BM25 over the shared tokens, newer first on ties (S10.1)."""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple, Optional

from protocol import MemoryItem
from sidecar.rules.aliases import Statement, alias_statements, aliases, named_in, resolved
from sidecar.rules.concepts import (
    WHEN_TERM,
    asks_occupation,
    asks_when,
    concept_terms,
    states_time,
)
from sidecar.rules.constraints import asks_for_advice, states_constraint
from sidecar.rules.dictionary import (
    BROADER,
    GLOSSED,
    Expansion,
    broader_terms,
    expansions,
    glossed_terms,
    neighbour_expansions,
    states_occupation,
)
from sidecar.rules.memo import memo
from sidecar.rules.stemming import derivational_root
from sidecar.rules.tokens import is_cjk, is_strong, names, normalise, tokens

K1 = 1.0
B = 0.6
# Names, tools and versions say more about what a question needs than CJK fragments do, but only as much
# as they are rare in the store: the boost is scaled by the term's IDF against the rarest possible term,
# so a name in nearly every memory weighs nearly nothing, like any other word found everywhere.
STRONG_BOOST = 0.5
NAME_BOOST = 0.5
# One round of pseudo-relevance feedback: terms of the best few matches join the query, damped.
FEEDBACK_DOCS = 3
FEEDBACK_TERMS = 8
FEEDBACK_WEIGHT = 0.3
FEEDBACK_MARGIN = 2.0  # a feedback match scores at least this many times the mean of all matches
# Graded feedback: a match's terms count by (its score / the best one's) ** FEEDBACK_SHARPNESS times their IDF,
# and each chosen term weighs its share of the most gathered one's, so the best match's rare words (the name a
# question's second step is about) lead and words the runners-up happen to share weigh less.
FEEDBACK_SHARPNESS = 2.0
UNIGRAM_WEIGHT = 0.3
CONCEPT_WEIGHT = 1.0
TOPIC_WEIGHT = 0.5
# A query naming someone the store defines also asks about the relation (朵朵 → @daughter), more weakly
# than one saying the relation: the name's own words already find the memories that use the name.
ALIAS_WEIGHT = 0.3
# A word of the same family ("painter" for "painting"): weaker than the word itself, as some roots join
# words that are no family ("flower", "flow").
ROOT_WEIGHT = 0.5
# A compound and its parts ("surfboard", "board"), as weakly: the store's own words decide where a word splits.
COMPOUND_WEIGHT = 0.5
# A question asking when prefers, weakly and only as much as it is rare, the memories that say when.
WHEN_WEIGHT = 0.5
# A question asking what someone does for a living prefers, as weakly, the memories naming an occupation (WordNet's
# nouns for kinds of workers, professionals, experts, creators, leaders: tools/lexicon/build.py).
OCCUPATION_WEIGHT = 0.5
OCCUPATION_TERM = "%occupation"
# A message asking for advice ("推荐…", "should I…") weakly prefers, as much as they are rare, the memories
# stating a lasting constraint (an allergy, an injury, a diet, a fear, a budget): advice must respect them.
CONSTRAINT_WEIGHT = 0.8
CONSTRAINT_TERM = "%constraint"
# The dictionaries (ECDICT, WordNet; sidecar/rules/dictionary.py) add to a query, below its own words: an English
# word's Chinese glosses, a Chinese word's English headwords, an English word's synonyms, derived and irregular
# forms. Each is scaled again by its rarity in the store (IDF against the rarest possible term, to the power
# EXPANSION_RARITY), so a gloss or synonym found everywhere adds nearly nothing and the query does not drift.
EN_ZH_WEIGHT = 0.7
ZH_EN_WEIGHT = 0.5
SYNONYM_WEIGHT = 0.4
DERIVED_WEIGHT = 0.4
FORM_WEIGHT = 0.8
# A query word naming a class ("animal", "tool", "illness") finds, below its own matches, the memories whose
# nouns belong to it (WordNet's hypernyms, read into each memory's terms: a query cannot list every member).
BROADER_WEIGHT = 0.5
EXPANSION_RARITY = 1.0
# A query word the store never uses stands, weakly, for the words whose GloVe vectors are mutually nearest its own
# ("washer" → dryer, "childcare" → daycare), and for their Chinese glosses: near words are related, often not the
# same thing, so a word the store holds itself is never widened this way, nor one written as a name ("Jack").
NEIGHBOUR_WEIGHT = 0.5
NEIGHBOUR_ZH_WEIGHT = 0.4
# A Chinese query word finds, weakly, the English memories one of whose words it glosses, through any of the
# glosses (the memory side holds them all as `=` terms; the query side reads only the first ones backwards).
GLOSSED_WEIGHT = 0.4
MAX_QUERY_CHARS = 4000
# Words a question is built of, not what it is about (a general English stop list and the words that frame
# a question): in a query they only find memories that happen to use them ("kind" in "a kind neighbour").
# Pronouns stay: in a store about several people "his" and "her" say whom a question is about.
QUESTION_WORDS = (
    "having doing if because until against between through during above below up down out off again further"
    " once all both few no nor not own same such don t d ll m o re ve y isn aren wasn weren hasn haven hadn"
    " doesn didn couldn wouldn shouldn mightn mustn needn shan ain ma"
    " kind type sort thing things something anything everything ever recent recently happen happened"
    " mention mentioned tell told know remember describe say said"
)


def search_terms(text: str) -> list[str]:
    """The shared tokens, each CJK character of them as a weak term for paraphrases, and glossary
    concepts, so a question in one language finds a memory written in the other."""
    words = tokens(text)
    terms = list(words)
    terms += ["#" + char for term in words if is_cjk(term[0]) for char in term]
    terms += ["~" + root for term in words if not is_cjk(term[0]) and (root := derivational_root(term)) != term]
    terms += concept_terms(text)
    if states_time(text):
        terms.append(WHEN_TERM)
    if states_constraint(text):
        terms.append(CONSTRAINT_TERM)
    return terms


def _marker(term: str) -> bool:
    """A term saying what kind of thing a memory states (when, a constraint, a class its nouns belong to), not
    one of its words: it neither lengthens a memory nor expands a query."""
    return term in (WHEN_TERM, CONSTRAINT_TERM, OCCUPATION_TERM) or term[0] in (BROADER, GLOSSED)


@memo(max_bytes=64 * 1024, max_key_chars=len(QUESTION_WORDS))  # the one constant list, read once
def _question_words(words: str) -> frozenset[str]:
    return frozenset(tokens(words))


def _family_terms(terms: Iterable[str]) -> list[tuple[str, str]]:
    """(term, the query word) of each word's family: memories whose words share its root ("~paint" for
    "painting"), and the root itself when the word is derived ("paint" for "painter")."""
    found: list[tuple[str, str]] = []
    for term in terms:
        if term[0] not in "#@%~" and not is_cjk(term[0]):
            root = derivational_root(term)
            found.append(("~" + root, term))
            if root != term:
                found.append((root, term))
    return found


def _bounded(query: str) -> str:
    """A long query keeps its start (the ask) and its end (the newest words): ranking runs on the event
    loop, so its cost must not grow with a pasted log or a long conversation."""
    if len(query) <= MAX_QUERY_CHARS:
        return query
    half = MAX_QUERY_CHARS // 2
    return query[:half] + "\n" + query[-half:]


def _base_weight(term: str) -> float:
    if term[0] == "#":
        return UNIGRAM_WEIGHT
    if term[0] == "@":
        return CONCEPT_WEIGHT
    if term[0] == "%":
        return TOPIC_WEIGHT
    if term[0] == "~":
        return ROOT_WEIGHT
    return 1.0


class _Text(NamedTuple):
    """What one stored text contributes to an index; shared, unchanged, by the next snapshot's index."""

    counts: tuple[tuple[str, int], ...]
    length: int
    folded: str
    aliases: tuple[Statement, ...]  # the relations the text gives a name to


def _read(text: str) -> _Text:
    terms = search_terms(text)
    english = [term for term in dict.fromkeys(terms) if term.isascii() and term.isalpha()]
    if BROADER_WEIGHT > 0:
        terms += broader_terms(english)
    if GLOSSED_WEIGHT > 0:
        terms += glossed_terms(english, normalise(text))
    if OCCUPATION_WEIGHT > 0 and states_occupation(normalise(text)):
        terms.append(OCCUPATION_TERM)
    counts = tuple(Counter(terms).items())
    # Saying when (or a constraint) is a property of the memory, not one of its words: it neither lengthens it
    # nor expands a query.
    length = sum(count for term, count in counts if not _marker(term))
    return _Text(counts, length, normalise(text), tuple(alias_statements(text)))


Postings = dict[str, dict[str, int]]


class RankingIndex:
    """BM25 statistics of one tuple of memories (oldest first); immutable once built, query it many times.

    Built from the previous snapshot's index, it reuses what that one derived for every unchanged text and
    copies only the postings a changed text touches: the previous index stays whole and can still be
    queried. Over any tuple of items (e.g. active and archived memories together, positions in the order
    given), one index ranks them all in one order.
    """

    __slots__ = ("_alias_hits", "_aliases", "_compounds", "_idfs", "_impacts", "_max_idf", "_norms", "_positions",
                 "_postings",
                 "_query_aliases", "_texts", "items")
    _texts: dict[str, _Text]
    _postings: Postings
    _aliases: dict[str, tuple[str, ...]]
    _query_aliases: dict[str, tuple[str, ...]]
    _alias_hits: Postings

    def __init__(self, items: Sequence[MemoryItem], previous: Optional[RankingIndex] = None) -> None:
        self.items = tuple(items)
        positions: dict[str, list[int]] = {}
        for position, item in enumerate(self.items):
            positions.setdefault(item.content, []).append(position)
        self._positions = positions
        known: dict[str, _Text] = previous._texts if previous is not None else {}
        self._texts = {text: known.get(text) or _read(text) for text in positions}
        self._postings = _postings(previous._postings if previous is not None else {}, known, self._texts)
        lengths = [self._texts[item.content].length for item in self.items]
        average = (sum(lengths) / len(lengths)) if lengths and sum(lengths) else 1.0
        self._norms = [K1 * (1 - B + B * length / average) for length in lengths]
        statements = resolved([statement for text in self._texts.values() for statement in text.aliases],
                              self._texts_holding, len(self._texts))
        # A memory naming someone is also about the relation and the broader ones (苏晴 → @wife, @spouse);
        # a query naming them asks about the relation itself: its name's own words already match the name.
        self._aliases = aliases(statements)
        self._query_aliases = aliases(statements, broader=False)
        self._alias_hits = self._named_hits(previous)
        self._idfs: dict[str, float] = {}
        self._impacts: dict[str, tuple[tuple[int, int, float], ...]] = {}
        self._compounds: Optional[dict[str, tuple[str, ...]]] = None
        self._max_idf = self._idf_of(1)

    def _named_hits(self, previous: Optional[RankingIndex]) -> Postings:
        """The relation terms each text earns by naming someone the store defines ("林小雨" → @wife);
        by difference from the previous index when the store defines the same names."""
        if not self._aliases:
            return {}
        if previous is None or previous._aliases != self._aliases:
            return _named_postings(self._texts, self._texts.keys(), self._aliases)
        hits = {term: dict(held) for term, held in previous._alias_hits.items()}
        for text in previous._texts.keys() - self._texts.keys():
            for held in hits.values():
                held.pop(text, None)
        added = _named_postings(self._texts, self._texts.keys() - previous._texts.keys(), self._aliases)
        for term, held in added.items():
            hits.setdefault(term, {}).update(held)
        return {term: held for term, held in hits.items() if held}

    def _compound_parts(self) -> dict[str, tuple[str, ...]]:
        """Each English word of the store and the store's compounds of it, both ways ("board" ↔ "surfboard",
        when "surf" is a word of the store too); derived on the first query, once per index."""
        if self._compounds is None:
            found: dict[str, list[str]] = {}
            for term in self._postings:
                if len(term) >= 8 and term.isascii() and term.isalpha():
                    for cut in range(4, len(term) - 3):  # parts of four letters or more: "cup" is in too much
                        head, tail = term[:cut], term[cut:]
                        if head in self._postings and tail in self._postings:
                            for part in (head, tail):
                                found.setdefault(part, []).append(term)
                                found.setdefault(term, []).append(part)
            self._compounds = {term: tuple(parts) for term, parts in found.items()}
        return self._compounds

    def _texts_holding(self, folded: str) -> int:
        """How many stored texts hold this folded name: those among the holders of its first token."""
        first = tokens(folded)
        if not first:
            return 0
        return sum(1 for text in self._postings.get(first[0], ()) if folded in self._texts[text].folded)

    def _hits(self, term: str) -> dict[str, int]:
        direct = self._postings.get(term)
        named = self._alias_hits.get(term)
        if named is None:
            return direct or {}
        return {**named, **direct} if direct else named

    def _idf_of(self, hits: int) -> float:
        return math.log(1 + (len(self.items) - hits + 0.5) / (hits + 0.5))

    def _idf(self, term: str) -> float:
        """Computed per query term rather than for every term at build time: a rebuild stays cheap. Only
        terms the index holds are ever asked, so this holds at most the index's own vocabulary."""
        known = self._idfs.get(term)
        if known is None:
            positions = self._positions
            hits = sum(len(positions[text]) for text in self._hits(term))
            known = self._idfs[term] = self._idf_of(hits)
        return known

    def _weight(self, term: str, named: frozenset[str]) -> float:
        if term[0] in "#@%~" or not is_strong(term):
            return _base_weight(term)
        boost = STRONG_BOOST + (NAME_BOOST if term in named else 0.0)
        return 1.0 + boost * self._idf(term) / self._max_idf

    def _query_weights(self, query: str) -> dict[str, float]:
        bounded = _bounded(query)
        named = names(bounded)
        weights: dict[str, float] = {}
        framing = _question_words(QUESTION_WORDS)
        terms = [term for term in search_terms(bounded) if term not in framing and not _marker(term)]
        for term in terms:
            if term not in weights and (term in self._postings or term in self._alias_hits):
                weights[term] = self._weight(term, named)
        if ROOT_WEIGHT > 0:
            for term, word in _family_terms(terms):
                if term not in weights and term in self._postings:
                    weights[term] = ROOT_WEIGHT * (1.0 if term[0] == "~" else self._weight(word, named))
        if COMPOUND_WEIGHT > 0:
            compounds = self._compound_parts()
            for term in terms:
                for joined in compounds.get(term, ()):
                    if joined not in weights:
                        weights[joined] = COMPOUND_WEIGHT
        if WHEN_TERM in self._postings and asks_when(bounded):
            weights[WHEN_TERM] = WHEN_WEIGHT
        if OCCUPATION_TERM in self._postings and asks_occupation(bounded):
            weights[OCCUPATION_TERM] = OCCUPATION_WEIGHT
        if CONSTRAINT_WEIGHT > 0 and CONSTRAINT_TERM in self._postings and asks_for_advice(bounded):
            weights[CONSTRAINT_TERM] = CONSTRAINT_WEIGHT
        if self._aliases:
            for term in named_in(normalise(bounded), self._query_aliases):
                if term not in weights:
                    weights[term] = ALIAS_WEIGHT * CONCEPT_WEIGHT
        weights.update(self._expanded(terms, bounded, weights))
        return weights

    def _expanded(self, terms: list[str], query: str, weights: dict[str, float]) -> dict[str, float]:
        """The dictionary's terms the store holds and the query does not, each at the highest weight it is
        given (never above the kind's weight, so below the query's own words)."""
        kinds = {"zh": EN_ZH_WEIGHT, "en": ZH_EN_WEIGHT, "synonym": SYNONYM_WEIGHT, "derived": DERIVED_WEIGHT,
                 "form": FORM_WEIGHT, "broader": BROADER_WEIGHT, "broader_en": BROADER_WEIGHT * ZH_EN_WEIGHT,
                 "glossed": GLOSSED_WEIGHT, "neighbour": NEIGHBOUR_WEIGHT, "neighbour_zh": NEIGHBOUR_ZH_WEIGHT}
        if not any(kinds.values()):
            return {}
        english = [term for term in dict.fromkeys(terms) if term.isascii() and term.isalpha()]
        found = expansions(english, normalise(query))
        if NEIGHBOUR_WEIGHT > 0 or NEIGHBOUR_ZH_WEIGHT > 0:
            named = names(query)
            found += neighbour_expansions([word for word in english
                                           if word not in self._postings and word not in named])
        found += [Expansion(BROADER + word, "broader", 1.0) for word in english]
        found += [Expansion(BROADER + head.term, "broader_en", 1.0) for head in found if head.kind == "en"]
        found += [Expansion(GLOSSED + term, "glossed", 1.0) for term in dict.fromkeys(terms) if is_cjk(term[0])]
        added: dict[str, float] = {}
        for term, kind, share in found:
            if term in weights or not (term in self._postings or term in self._alias_hits):
                continue
            weight = kinds[kind] * share * (self._idf(term) / self._max_idf) ** EXPANSION_RARITY
            if weight > added.get(term, 0.0):
                added[term] = weight
        return added

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

    def _score(self, weights: dict[str, float]) -> list[float]:
        scores = [0.0] * len(self.items)
        for term, query_weight in weights.items():
            idf = self._idf(term) * query_weight * (K1 + 1)
            for position, count, saturation in self._impact(term):
                scores[position] += idf * count / saturation
        return scores

    def _impact(self, term: str) -> tuple[tuple[int, int, float], ...]:
        """(position, count, count + the position's length norm) of each item holding the term, in the order the
        postings give; derived on the term's first query, like its IDF, so a rebuild stays cheap."""
        known = self._impacts.get(term)
        if known is None:
            norms, positions = self._norms, self._positions
            known = self._impacts[term] = tuple((position, count, count + norms[position])
                                                for text, count in self._hits(term).items()
                                                for position in positions[text])
        return known

    def _feedback(self, scores: list[float], weights: dict[str, float]) -> dict[str, float]:
        """Terms of the few best matches, only where they stand out: when the best matches score no
        higher than the many after them, nothing says which one is relevant, and expanding from them
        would drift the query towards whatever they happen to share."""
        matched = [score for score in scores if score > 0]
        if not matched:
            return {}
        floor = FEEDBACK_MARGIN * sum(matched) / len(matched)
        best = heapq.nlargest(FEEDBACK_DOCS, (p for p, score in enumerate(scores) if score > floor),
                              key=lambda p: (scores[p], p))
        gathered: dict[str, float] = {}
        for position in best:
            share = (scores[position] / scores[best[0]]) ** FEEDBACK_SHARPNESS
            for term, _ in self._texts[self.items[position].content].counts:
                if term not in weights and not _marker(term):
                    gathered[term] = gathered.get(term, 0.0) + share * self._idf(term)
        chosen = heapq.nlargest(FEEDBACK_TERMS, gathered, key=lambda t: (gathered[t], t))
        most = gathered[chosen[0]] if chosen else 1.0
        return {term: gathered[term] / most for term in chosen}

    def ranked(self, query: str) -> list[tuple[int, float]]:
        """(position, score) best first; see `order`."""
        positions, scores = self._order(query)
        return [(position, scores[position]) for position in positions]

    def scored_order(self, query: str) -> tuple[list[int], list[float]]:
        """`order` and each item's score in item order (no pair per item: the query context fuses positions)."""
        return self._order(query)

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
        matched: list[int] = []
        expanded: list[int] = []
        rest: list[int] = []
        for p in range(count - 1, -1, -1):
            score = scores[p]
            if direct[p] > 0:
                matched.append(p)
            elif score > 0:
                expanded.append(p)
            if score <= 0:
                rest.append(p)
        # Newest first already; a stable sort by score (reverse keeps equal keys in place) leaves ties newest first.
        matched.sort(key=scores.__getitem__, reverse=True)
        expanded.sort(key=scores.__getitem__, reverse=True)
        return matched + expanded + rest, scores


def _named_postings(texts: dict[str, _Text], which: Iterable[str],
                    known: dict[str, tuple[str, ...]]) -> Postings:
    hits: Postings = {}
    for text in which:
        for term in named_in(texts[text].folded, known):
            hits.setdefault(term, {})[text] = 1
    return hits


def _postings(previous: Postings, known: dict[str, _Text], texts: dict[str, _Text]) -> Postings:
    """The postings of `texts`, from those of `known` by difference; `previous` is never changed."""
    postings = dict(previous)
    owned: set[str] = set()

    def own(term: str) -> dict[str, int]:
        if term not in owned:
            postings[term] = dict(postings.get(term, {}))
            owned.add(term)
        return postings[term]

    for text in known.keys() - texts.keys():
        for term, _ in known[text].counts:
            holding = own(term)
            del holding[text]
            if not holding:
                del postings[term]
                owned.discard(term)
    for text in texts.keys() - known.keys():
        for term, count in texts[text].counts:
            own(term)[text] = count
    return postings
