"""ECDICT and WordNet as ranking reads them: glosses both ways, synonyms, derived and irregular forms (issue 17)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from sidecar.rules.concepts import read_table
from sidecar.rules.memo import memo
from sidecar.rules.tokens import stem, tokens

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
    neighbours: dict[str, str]  # stem → the stems of the words whose GloVe vectors are nearest its own
    occupations: dict[str, str]  # a noun naming what a person does, as written ("designer") → its class of people


def read_dictionary() -> Dictionary:
    zh, en = read_table("dictionary_zh.json"), read_table("dictionary_en.json")
    glosses: dict[str, str] = zh["glosses"]
    english: dict[str, dict[str, tuple[str, ...]]] = {}
    for head, listed in glosses.items():
        for gloss in listed.split()[:REVERSE_GLOSSES]:
            if len(gloss) > 1:
                starting = english.setdefault(gloss[0], {})
                found = starting.get(gloss, ())
                if len(found) < HEADWORDS_PER_GLOSS:
                    starting[gloss] = (*found, head)
    return Dictionary(glosses, english, en["synonyms"], en["derived"], zh["forms"], en["broader"],
                      read_table("neighbours_en.json")["neighbours"], en["occupations"])


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
    # "derived" (a derivationally related form), "form" (an irregular inflection), "neighbour" (a word whose
    # vector is near), "neighbour_zh" (a near word's Chinese gloss)
    share: float


def expansions(words: Iterable[str], folded: str) -> list[Expansion]:
    """What the dictionary adds to a query whose English stems are `words` and whose folded text is `folded`
    (and two-word compounds and places, both ways, from its words written in a row): each gloss counts once
    whatever the number of two-character pieces it is cut into (a gloss of one character is a weak
    single-character term, as ranking reads any)."""
    table = dictionary()
    found: list[Expansion] = []
    for word in (*words, *word_pairs(folded)):
        for gloss in table.glosses.get(word, "").split():
            pieces = _gloss_pieces(gloss)
            found += [Expansion(piece, "zh", 1 / len(pieces)) for piece in pieces]
        found += [Expansion(other, "synonym", 1.0) for other in table.synonyms.get(word, "").split()]
        found += [Expansion(other, "derived", 1.0) for other in table.derived.get(word, "").split()]
        found += [Expansion(other, "form", 1.0) for other in table.forms.get(word, "").split()]
    for _, head in english_stems(folded):
        parts = head.split(" ")  # a compound's words share its weight
        found += [Expansion(part, "en", 1 / len(parts)) for part in parts]
    return found


def neighbour_expansions(words: Iterable[str]) -> list[Expansion]:
    """The words whose vectors are nearest each of `words` (English stems), and their Chinese glosses."""
    table = dictionary()
    found: list[Expansion] = []
    for word in words:
        for near in table.neighbours.get(word, "").split():
            found.append(Expansion(near, "neighbour", 1.0))
            for gloss in table.glosses.get(near, "").split():
                pieces = _gloss_pieces(gloss)
                found += [Expansion(piece, "neighbour_zh", 1 / len(pieces)) for piece in pieces]
    return found


def _gloss_pieces(gloss: str) -> list[str]:
    """A Chinese gloss as ranking terms: its tokens, or a lone character marked as a whole word."""
    return ["#" + gloss] if len(gloss) == 1 else list(tokens(gloss))


_LATIN = "a-z0-9\u00c0-\u024f"
_PAIR = re.compile(f"(?<![{_LATIN}])(?=([a-z]+)[ \\t]+([a-z]+)(?![{_LATIN}]))")


def word_pairs(folded: str) -> list[str]:
    """The stems of each two English words written in a row (only a space between them) in a folded text, as
    the tables key a compound ("sleeping bag" → "sleep bag")."""
    return [stem(first) + " " + stem(second) for first, second in _PAIR.findall(folded)]


BROADER = "^"  # the prefix of a class a memory's noun belongs to, as a ranking term ("^anim" for "whale")


def broader_terms(words: Iterable[str]) -> list[str]:
    """The classes above a memory's English nouns, as terms only a query word naming the class asks for:
    "which animal" finds "a humpback whale" without "animal" joining every memory about any creature."""
    table = dictionary().broader
    return [BROADER + wider for word in words for wider in table.get(word, "").split()]


GLOSSED = "="  # the prefix of a Chinese gloss of a memory's English word, as a ranking term ("=滤网" for "filter")


def glossed_terms(words: Iterable[str], folded: str) -> list[str]:
    """The two-character pieces of every Chinese gloss of a memory's English stems `words` and compounds (each
    once), so a Chinese query finds an English memory through any gloss, not only the first ones the query side
    reads backwards."""
    table = dictionary().glosses
    found: dict[str, None] = {}
    for word in (*words, *word_pairs(folded)):
        for gloss in table.get(word, "").split():
            if len(gloss) > 1:
                found.update(dict.fromkeys(GLOSSED + piece for piece in tokens(gloss)))
    return list(found)


_ENGLISH_WORD = re.compile(r"[a-z]+")


def states_occupation(folded: str) -> bool:
    """Whether a folded text names what someone does for a living ("a marine biologist", "two nurses"): one of its
    English words, or that word without a plural ending, is a noun naming a kind of worker."""
    table = dictionary().occupations
    for word in _ENGLISH_WORD.findall(folded):
        if word in table or (word.endswith("s") and (word[:-1] in table or word[:-2] in table)):
            return True
    return False
