"""Snowball stemmers chosen by a word's script, loaded on first use so start-up never pays (issue 17)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from sidecar.rules.memo import memo

if TYPE_CHECKING:
    from Stemmer import Stemmer

# Plain ASCII letters are read as English; other scripts by the block they are written in; Latin letters
# with diacritics by the letters only one Snowball language (or the most common one) writes. A word whose
# letters name no language is kept as it is: a wrong stemmer would join words that differ.
_BLOCKS = (
    (0x0370, 0x03FF, "greek"),
    (0x0400, 0x04FF, "russian"),
    (0x0530, 0x058F, "armenian"),
    (0x0600, 0x06FF, "arabic"),
)
_LATIN_LETTERS = {
    **dict.fromkeys("ñáíóú", "spanish"),
    **dict.fromkeys("ãõ", "portuguese"),
    **dict.fromkeys("őű", "hungarian"),
    **dict.fromkeys("çœéèêëîïûùâà", "french"),
    **dict.fromkeys("äöü", "german"),
    **dict.fromkeys("øæ", "danish"),
    **dict.fromkeys("å", "swedish"),
    **dict.fromkeys("şğı", "turkish"),
    **dict.fromkeys("ąęłśźżń", "polish"),
    **dict.fromkeys("čřůěš", "czech"),
    **dict.fromkeys("ășț", "romanian"),
    **dict.fromkeys("ėųūį", "lithuanian"),
}
# A stemmer object is not safe to share between threads (the write path runs rules in a worker thread).
_STEMMING = threading.Lock()


def language_of(word: str) -> str | None:
    """The Snowball language for a casefolded word, or None to leave it unstemmed."""
    if word.isascii():
        return "english" if word.isalpha() else None
    for char in word:
        if char.isascii():
            continue
        language = _LATIN_LETTERS.get(char)
        if language is not None:
            return language
        code = ord(char)
        for low, high, name in _BLOCKS:
            if low <= code <= high:
                return name
    return None


@memo(max_bytes=64 * 1024)
def _stemmer(language: str) -> Stemmer | None:
    import Stemmer  # the C extension loads with the first word to stem

    if language not in Stemmer.algorithms():
        return None  # an older PyStemmer without this language: its words stay as they are
    # No cache inside the stemmer: it would keep a query's words past its request (issue 20.1).
    return Stemmer.Stemmer(language, 0)


def stem_words(words: tuple[str, ...]) -> tuple[str, ...]:
    """Each casefolded word's Snowball stem in its script's language; short or unknown words as they are."""
    out = list(words)
    by_language: dict[str, list[int]] = {}
    for at, word in enumerate(words):
        if len(word) > 2:
            language = language_of(word)
            if language is not None:
                by_language.setdefault(language, []).append(at)
    for language, places in by_language.items():
        stemmer = _stemmer(language)
        if stemmer is None:
            continue
        with _STEMMING:
            stems = stemmer.stemWords([words[at] for at in places])
        for at, stemmed in zip(places, stems, strict=True):
            if stemmed:
                out[at] = stemmed
    return tuple(out)
