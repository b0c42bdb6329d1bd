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
# English irregular verbs and plurals (the standard lists), read as their base form before Snowball stems it, so
# "ran" meets "run" and "bought" meets "buy" (issue 17). Left out: forms that are also everyday nouns or other
# words (rose, saw, bit, bound, ground, lay, shot, wound, tore, fed, lives, leaves, sat, led), which would join
# unrelated facts.
_IRREGULAR_ENGLISH = """
arise arose arisen | awake awoke awoken | bear borne | beat beaten | become became | begin began begun
| bend bent | bleed bled | blow blew blown | break broke broken | breed bred | bring brought | build built
| burn burnt | buy bought | catch caught | choose chose chosen | cling clung | come came | creep crept
| deal dealt | dig dug | draw drew drawn | dream dreamt | drink drank drunk | drive drove driven | eat ate eaten
| fall fell fallen | feel felt | fight fought | find found | flee fled | fly flew flown | forbid forbade
forbidden | forget forgot forgotten | forgive forgave forgiven | freeze froze frozen | give gave given
| go gone | grow grew grown | hang hung | hear heard | hide hid hidden | hold held | keep kept | kneel knelt
| know knew known | lean leant | leap leapt | learn learnt | leave left | lend lent | light lit
| lose lost | mean meant | meet met | mistake mistook mistaken | overcome overcame | oversleep overslept
| pay paid | prove proven | rebuild rebuilt | rewrite rewrote rewritten | ride rode ridden | ring rang rung
| rise risen | run ran | say said | see seen | seek sought | sell sold | send sent | sew sewn | shake shook
shaken | shine shone | show shown | shrink shrank shrunk | sing sang sung | sink sank sunk
| sleep slept | slide slid | speak spoke spoken | speed sped | spend spent | spin spun | spring sprang sprung
| stand stood | steal stole stolen | stick stuck | sting stung | strike struck | swear swore sworn | sweep
swept | swim swam swum | swing swung | take took taken | teach taught | tell told | think thought | throw
threw thrown | undergo underwent undergone | understand understood | wake woke woken | wear wore worn
| weave wove woven | weep wept | win won | withdraw withdrew withdrawn | write wrote written
| child children | man men | woman women | person people | foot feet | tooth teeth | mouse mice | goose geese
| wife wives | knife knives | wolf wolves | half halves | shelf shelves | loaf loaves | thief thieves
"""
_BASE_FORMS = {form: group.split()[0] for group in _IRREGULAR_ENGLISH.split("|") for form in group.split()[1:]}
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
        base = [words[at] for at in places]
        if language == "english":
            base = [_BASE_FORMS.get(word, word) for word in base]
        with _STEMMING:
            stems = stemmer.stemWords(base)
        for at, stemmed in zip(places, stems, strict=True):
            if stemmed:
                out[at] = stemmed
    return tuple(out)


# Derivational endings Snowball keeps (painter/painting, artist/art, friendship/friend, childhood/child), tried
# longest first on an English stem; the root must keep at least four letters, so short words never conflate.
_DERIVATIONAL = ("ship", "hood", "ist", "ian", "er", "or")
_MIN_ROOT = 4


@memo(max_bytes=512 * 1024)
def derivational_root(stemmed: str) -> str:
    """The root two derived English words share ("painter", "painting" → "paint"; "runner" → "run"),
    for a weak ranking term only: it joins words of one family, and some that are not (so it weighs less)."""
    if not (stemmed.isascii() and stemmed.isalpha()) or len(stemmed) < _MIN_ROOT:
        return stemmed
    root = stemmed
    for ending in _DERIVATIONAL:
        if root.endswith(ending) and len(root) - len(ending) >= _MIN_ROOT - 1:
            root = root[:-len(ending)]
            break
    if len(root) >= 3 and root[-1] == root[-2] and root[-1] not in "aeiouls":
        root = root[:-1]  # runner → run, swimmer → swim
    return root if len(root) >= 3 else stemmed
