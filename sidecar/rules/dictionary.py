"""ECDICT and WordNet as ranking reads them: glosses both ways, synonyms, derived and irregular forms (issue 17)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from typing import Any, NamedTuple

from sidecar.rules.memo import memo
from sidecar.rules.tokens import tokens

# A Chinese word finds the English headwords whose first glosses it is, the commonest few: one gloss of
# many headwords ("看" for see, look, watch, read, …) says less about each.
REVERSE_GLOSSES = 2
HEADWORDS_PER_GLOSS = 3


class Dictionary(NamedTuple):
    """The tables of sidecar/rules/data/dictionary_*.json, keyed by the tokeniser's stems (tools/lexicon/).
    Values stay the space-separated strings of the file (split when asked): a third of the memory of tuples."""

    glosses: dict[str, str]  # English stem → Chinese glosses of its commonest headword
    english: dict[str, dict[str, tuple[str, ...]]]  # first character → Chinese gloss → English stems
    synonyms: dict[str, str]
    derived: dict[str, str]
    forms: dict[str, str]  # stem → the stems of its irregular forms, and the form's → the base's
    broader: dict[str, str]  # a noun's stem → the stems of the common words naming the classes above it


def _data(name: str) -> Any:
    return json.loads(resources.files("sidecar.rules").joinpath("data", name).read_text(encoding="utf-8"))


def read_dictionary() -> Dictionary:
    zh, en = _data("dictionary_zh.json"), _data("dictionary_en.json")
    glosses: dict[str, str] = zh["glosses"]
    english: dict[str, dict[str, tuple[str, ...]]] = {}
    for head, listed in glosses.items():
        for gloss in listed.split()[:REVERSE_GLOSSES]:
            if len(gloss) > 1:
                starting = english.setdefault(gloss[0], {})
                found = starting.get(gloss, ())
                if len(found) < HEADWORDS_PER_GLOSS:
                    starting[gloss] = (*found, head)
    return Dictionary(glosses, english, en["synonyms"], en["derived"], zh["forms"], en["broader"])


@memo(max_bytes=64 * 1024 * 1024)
def _dictionary(_: str) -> Dictionary:
    return read_dictionary()


def dictionary() -> Dictionary:
    """The tables, read on the first ranking that asks (never at start-up)."""
    return _dictionary("dictionary")


def english_stems(folded: str) -> list[tuple[str, str]]:
    """(Chinese gloss, English stem) for every gloss of two or more characters in the folded text, longest
    first at each place, as the glossary reads Chinese."""
    table = dictionary().english
    found: list[tuple[str, str]] = []
    position = 0
    while position < len(folded):
        starting = table.get(folded[position])
        step = 1
        if starting:
            for length in range(min(len(folded) - position, 4), 1, -1):
                heads = starting.get(folded[position:position + length])
                if heads:
                    found.extend((folded[position:position + length], head) for head in heads)
                    step = length
                    break
        position += step
    return found


class Expansion(NamedTuple):
    """A ranking term the dictionary adds for a query word, of one kind, with its share of the kind's weight."""

    term: str
    kind: str  # "zh" (an English word's Chinese gloss), "en" (a Chinese word's English headword), "synonym",
    # "derived" (a derivationally related form), "form" (an irregular inflection)
    share: float


def expansions(words: Iterable[str], folded: str) -> list[Expansion]:
    """What the dictionary adds to a query whose English stems are `words` and whose folded text is `folded`:
    each gloss counts once whatever the number of two-character pieces it is cut into (a gloss of one
    character is a weak single-character term, as ranking reads any)."""
    table = dictionary()
    found: list[Expansion] = []
    for word in words:
        for gloss in table.glosses.get(word, "").split():
            pieces = ["#" + gloss] if len(gloss) == 1 else list(tokens(gloss))
            found += [Expansion(piece, "zh", 1 / len(pieces)) for piece in pieces]
        found += [Expansion(other, "synonym", 1.0) for other in table.synonyms.get(word, "").split()]
        found += [Expansion(other, "derived", 1.0) for other in table.derived.get(word, "").split()]
        found += [Expansion(other, "form", 1.0) for other in table.forms.get(word, "").split()]
    found += [Expansion(head, "en", 1.0) for _, head in english_stems(folded)]
    return found


BROADER = "^"  # the prefix of a class a memory's noun belongs to, as a ranking term ("^anim" for "whale")


def broader_terms(words: Iterable[str]) -> list[str]:
    """The classes above a memory's English nouns, as terms only a query word naming the class asks for:
    "which animal" finds "a humpback whale" without "animal" joining every memory about any creature."""
    table = dictionary().broader
    return [BROADER + wider for word in words for wider in table.get(word, "").split()]
