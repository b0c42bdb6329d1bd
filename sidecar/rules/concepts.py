"""Concept and topic terms for ranking: one concept's words meet across languages, one topic's as related."""

from __future__ import annotations

import json
import re
import unicodedata
from importlib import resources
from typing import Any, NamedTuple

from sidecar.rules.memo import memo
from sidecar.rules.tokens import is_cjk, normalise, stem

_LATIN_WORD = re.compile(r"[^\W_]+")


class WordLists(NamedTuple):
    """The glossary and topic data files (sidecar/rules/data/), as read."""

    concepts: dict[str, list[str]]  # concept id → surface forms
    concept_sections: dict[str, str]
    relations: dict[str, list[str]]  # concept a memory can name → broader concepts of the same relation
    single_character_neighbours: frozenset[str]
    topics: dict[str, list[str]]  # topic id → its concepts
    topic_forms: dict[str, list[str]]  # topic id → extra forms that stand for the topic alone


def read_table(name: str) -> Any:
    """One JSON table of sidecar/rules/data/, parsed."""
    return json.loads(resources.files("sidecar.rules").joinpath("data", name).read_text(encoding="utf-8"))


def read_word_lists() -> WordLists:
    glossary, topics = read_table("glossary.json"), read_table("topics.json")
    concepts: dict[str, list[str]] = {}
    sections: dict[str, str] = {}
    for section, entries in glossary["concepts"].items():
        for concept, forms in entries.items():
            concepts[concept] = forms.split()
            sections[concept] = section
    topic_concepts: dict[str, list[str]] = {}
    topic_forms: dict[str, list[str]] = {}
    for entries in topics["topics"].values():
        for topic, entry in entries.items():
            topic_concepts[topic] = entry["concepts"].split()
            topic_forms[topic] = entry["forms"].split()
    return WordLists(concepts, sections, {k: v.split() for k, v in glossary["relations"].items()},
                     frozenset(glossary["single_character_neighbours"]), topic_concepts, topic_forms)


class _Table:
    """Forms by first character, longest first, so a scan tries only the forms that can start there."""

    def __init__(self, lists: WordLists) -> None:
        topics_of: dict[str, list[str]] = {}
        for topic, concepts in lists.topics.items():
            for concept in concepts:
                topics_of.setdefault(concept, []).append("%" + topic)
        # A form stands for its concept and the concept's topics; an extra form for its topic alone. One
        # table for both, longest first, so a compound (热狗, 光猫) is never read as its part (狗, 猫).
        meanings: dict[str, tuple[str, ...]] = {}
        for concept, forms in lists.concepts.items():
            for form in forms:
                meanings[normalise(form)] = ("@" + concept, *topics_of.get(concept, ()))
        for topic, forms in lists.topic_forms.items():
            for form in forms:
                meanings.setdefault(normalise(form), ("%" + topic,))
        self.neighbours = lists.single_character_neighbours
        # An English word is read as the form it is, else as the form it stems like (the first one listed).
        self.words: dict[str, tuple[str, ...]] = {}
        self.stems: dict[str, tuple[str, tuple[str, ...]]] = {}  # stem → (the form it came from, terms)
        self.by_first: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for form, terms in meanings.items():
            if is_cjk(form[0]):
                self.by_first.setdefault(form[0], []).append((form, terms))
            else:
                self.words[form] = terms
                self.stems.setdefault(stem(form), (form, terms))
        for starting in self.by_first.values():
            starting.sort(key=lambda pair: -len(pair[0]))
        self.relation_forms: tuple[list[str], list[str]] = ([], [])
        for concept in lists.relations:
            for form in lists.concepts[concept]:
                self.relation_forms[0 if is_cjk(form[0]) else 1].append(form)
        self.relation_words = {"@" + concept: tuple(lists.concepts[concept]) for concept in lists.relations}
        self.broader = {"@" + concept: tuple("@" + wider for wider in broader)
                        for concept, broader in lists.relations.items()}

    def stemmed(self, word: str) -> tuple[str, ...] | None:
        """The terms of the form `word` stems like. A short stem joins unrelated words ("anime" and
        "animal" both stem to "anim"), so under five letters the word must inflect the form itself."""
        stemmed = stem(word)
        found = self.stems.get(stemmed)
        if found is None:
            return None
        form, terms = found
        return terms if len(stemmed) >= 5 or _inflects(word, form) or stemmed == word else None

    def stands_alone(self, text: str, position: int) -> bool:
        """A one-character form is a word only between particles, measure words, non-CJK text or the edge."""
        for at in (position - 1, position + 1):
            if 0 <= at < len(text) and is_cjk(text[at]) and text[at] not in self.neighbours:
                return False
        return True


@memo(max_bytes=4 * 1024 * 1024)
def _table(_: str) -> _Table:
    return _Table(read_word_lists())


def _the_table() -> _Table:
    return _table("word lists")


def relation_forms() -> tuple[list[str], list[str]]:
    """The Chinese and the English forms of the concepts a memory can give a name to."""
    return _the_table().relation_forms


def relation_terms(concept_term: str) -> tuple[str, ...]:
    """A named relation's concept term and the broader ones that name it too (@wife → @spouse, @partner)."""
    return (concept_term, *_the_table().broader.get(concept_term, ()))


_INFLECTIONS = ("", "s", "es", "d", "ed", "ing", "er", "ers", "est", "ly", "ings")


def _inflects(word: str, form: str) -> bool:
    """"runs", "running", "baked", "babies" of "run", "bake", "baby"; an irregular form of it ("ran")."""
    for base in {form, form[:-1] if form.endswith("e") else form, form[:-1] + "i" if form.endswith("y") else form}:
        if word.startswith(base):
            rest = word[len(base):]
            if rest in _INFLECTIONS or (rest[:1] == base[-1:] and rest[1:] in _INFLECTIONS):
                return True
    return stem(word) == stem(form) and not word.startswith(form[:3])


def _without_accents(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def relation_words(concept_term: str) -> tuple[str, ...]:
    """The words that say a relation (@wife → 妻子, 老婆, 太太, wife, …); none for another concept."""
    return _the_table().relation_words.get(concept_term, ())


@memo(max_bytes=4 * 1024 * 1024)
def concept_terms(text: str) -> tuple[str, ...]:
    """`@concept` and `%topic` for every glossary or topic word in the text, Chinese matched longest first
    (a one-character form only where it stands alone), English stemmed."""
    table = _the_table()
    folded = normalise(text)
    found: list[str] = []
    position = 0
    while position < len(folded):
        for form, terms in table.by_first.get(folded[position], ()):
            if folded.startswith(form, position) and (len(form) > 1 or table.stands_alone(folded, position)):
                found.extend(terms)
                position += len(form)
                break
        else:
            position += 1
    previous, previous_end = "", 0
    chain: list[str] = []  # the words of a hyphenated compound so far ("mother", "in" of "mother-in-law")
    for match in _LATIN_WORD.finditer(folded):
        word = match.group()
        if is_cjk(word[0]):
            previous, chain = "", []
            continue
        # A hyphenated compound is read as each run of its parts written as one ("in-laws" → "inlaws", and
        # "mother-in-law" → "motherinlaw", "inlaw"), as the lists write a compound.
        chain = [*chain, word] if previous and folded[previous_end:match.start()] == "-" else [word]
        for start in range(len(chain) - 1):
            joined = "".join(chain[start:])
            known_join = table.words.get(joined) or (table.stemmed(joined) if len(joined) >= 5 else None)
            if known_join is not None:
                found.extend(known_join)
        known = table.words.get(word) or table.stemmed(word)
        if known is None and not word.isascii():  # café, naïve, résumé: as the lists write them
            plain = _without_accents(word)
            known = table.words.get(plain) or table.stemmed(plain)
        if known is not None:
            found.extend(known)
        # The lists write a two-word name as one ("creditcard", "sorethroat"): read "credit card(s)" so too.
        if previous and folded[previous_end:match.start()] == " ":
            joined = previous + word
            pair = table.words.get(joined) or (table.stemmed(joined) if len(joined) >= 8 else None)
            if pair is not None:
                found.extend(pair)
        previous, previous_end = word, match.end()
    return tuple(found)



# A question asking when ("when did …", "什么时候") is answered by a memory that says when; a memory says when
# if it names a year, a date, a month, a weekday or a relative time ("last week", "去年", "上周三").
_ASKS_WHEN = re.compile(
    r"^\W*when\b|\bwhen (?:did|does|do|is|was|were|will|would|has|have|had|are|can|could|should)\b"
    r"|\bwhat (?:time|date|day|year|month)\b|\bwhich (?:day|date|year|month|week)\b|\bhow long ago\b"
    r"|什么时候|啥时候|哪天|哪一天|几号|几月|哪年|哪一年|何时|几点|多久以前|多久前")
_MONTHS = ("january february march april june july august september october november december"
           " jan feb apr jun jul aug sep sept oct nov dec")  # "may" and "march" only beside a number
_STATES_TIME = re.compile(
    r"\b(?:1[89]\d\d|20\d\d)\b|\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b"
    rf"|\b(?:{'|'.join(_MONTHS.split())})\b|\b(?:may|march) \d|\d (?:may|march)\b"
    r"|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tonight|tomorrow|ago)\b"
    r"|\b(?:last|next|this|previous|past) (?:week|weekend|month|year|summer|winter|spring|autumn|fall|night)\b"
    r"|\d+\s*(?:年|月|日|号)|[一二三四五六七八九十]+月|去年|今年|明年|前年|上周|下周|本周|上个月|下个月|这个月"
    r"|周[一二三四五六日末]|星期[一二三四五六日天]|昨天|前天|今天|明天|后天|春节|国庆|元旦|中秋")
WHEN_TERM = "%when"


# A question asking what someone does for a living ("what is her job", "what does he do for work") is answered by a
# memory naming an occupation; "jobs" and "hopper-jobs" are mostly a computer's. English only: the memory side knows
# English nouns only, and a Chinese question would pull English memories above the Chinese ones that answer it.
_ASKS_OCCUPATION = re.compile(
    r"(?<![\w-])job(?![\w-])|\b(?:occupation|profession|career|for (?:a )?living|for work|works? as|working as"
    r"|(?:what|which|new) (?:role|position)s?)\b")


def asks_occupation(text: str) -> bool:
    return _ASKS_OCCUPATION.search(normalise(text)) is not None


def asks_when(text: str) -> bool:
    return _ASKS_WHEN.search(normalise(text)) is not None


def states_time(text: str) -> bool:
    return _STATES_TIME.search(normalise(text)) is not None
