"""Concept terms for ranking: Chinese and English words of one glossary concept meet across languages."""

from __future__ import annotations

import re
from functools import lru_cache

from sidecar.rules.glossary import surface_forms
from sidecar.rules.tokens import is_cjk, normalise, stem

_LATIN_WORD = re.compile(r"[^\W_]+")


class _Table:
    """Forms by first character, longest first, so a scan tries only the forms that can start there."""

    def __init__(self) -> None:
        self.words: dict[str, str] = {}
        self.by_first: dict[str, list[tuple[str, str]]] = {}
        for form, concept in surface_forms().items():
            if is_cjk(form[0]):
                self.by_first.setdefault(form[0], []).append((form, concept))
            else:
                self.words.setdefault(stem(form), concept)
        for forms in self.by_first.values():
            forms.sort(key=lambda pair: -len(pair[0]))


@lru_cache(maxsize=1)
def _table() -> _Table:
    return _Table()


@lru_cache(maxsize=8192)
def concept_terms(text: str) -> tuple[str, ...]:
    """`@concept` for every glossary word in the text, Chinese matched longest first, English stemmed."""
    table = _table()
    folded = normalise(text)
    found: list[str] = []
    position = 0
    while position < len(folded):
        for form, concept in table.by_first.get(folded[position], ()):
            if folded.startswith(form, position):
                found.append("@" + concept)
                position += len(form)
                break
        else:
            position += 1
    for match in _LATIN_WORD.finditer(folded):
        word = match.group()
        if not is_cjk(word[0]):
            concept = table.words.get(stem(word))
            if concept is not None:
                found.append("@" + concept)
    return tuple(found)
