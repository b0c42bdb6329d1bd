"""Concept and topic terms for ranking: one concept's words meet across languages, one topic's as related."""

from __future__ import annotations

import re
from functools import lru_cache

from sidecar.rules.glossary import surface_forms
from sidecar.rules.tokens import is_cjk, normalise, stem
from sidecar.rules.topics import EXTRA_FORMS, TOPICS

_LATIN_WORD = re.compile(r"[^\W_]+")


class _Table:
    """Forms by first character, longest first, so a scan tries only the forms that can start there."""

    def __init__(self) -> None:
        topics_of: dict[str, list[str]] = {}
        for topic, concepts in TOPICS.items():
            for concept in concepts:
                topics_of.setdefault(concept, []).append("%" + topic)
        # A form stands for its concept and the concept's topics; an extra form for its topic alone. One
        # table for both, longest first, so a compound (热狗, 光猫) is never read as its part (狗, 猫).
        meanings: dict[str, tuple[str, ...]] = {}
        for form, concept in surface_forms().items():
            meanings[form] = ("@" + concept, *topics_of.get(concept, ()))
        for topic, forms in EXTRA_FORMS.items():
            for form in forms.split():
                meanings.setdefault(form, ("%" + topic,))
        self.words: dict[str, tuple[str, ...]] = {}
        self.by_first: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for form, terms in meanings.items():
            if is_cjk(form[0]):
                self.by_first.setdefault(form[0], []).append((form, terms))
            else:
                self.words.setdefault(stem(form), terms)
        for starting in self.by_first.values():
            starting.sort(key=lambda pair: -len(pair[0]))


@lru_cache(maxsize=1)
def _table() -> _Table:
    return _Table()


@lru_cache(maxsize=8192)
def concept_terms(text: str) -> tuple[str, ...]:
    """`@concept` and `%topic` for every glossary or topic word in the text, Chinese matched longest first,
    English stemmed."""
    table = _table()
    folded = normalise(text)
    found: list[str] = []
    position = 0
    while position < len(folded):
        for form, terms in table.by_first.get(folded[position], ()):
            if folded.startswith(form, position):
                found.extend(terms)
                position += len(form)
                break
        else:
            position += 1
    for match in _LATIN_WORD.finditer(folded):
        word = match.group()
        if not is_cjk(word[0]):
            known = table.words.get(stem(word))
            if known is not None:
                found.extend(known)
    return tuple(found)
