"""The one tokeniser of the memory rules: match keys, CJK bigrams and stemmed words (SPEC S9.1, S9.2)."""

from __future__ import annotations

import re
import unicodedata

from sidecar.rules.memo import memo
from sidecar.rules.stemming import stem_words

# Words nearly every memory shares ("the user prefers …", "用户偏好 …"): they say nothing about which
# fact a memory holds, so they are cut out before bigrams are formed and never make two facts look alike.
GENERIC_CJK = (
    "用户们 用户 使用者 本人 偏好于 偏好 更喜欢 喜欢 喜爱 倾向于 倾向 习惯于 习惯 通常 一般 经常 总是 平时 已经 已"
    " 正在 希望 想要 需要 要求 采用 使用 选用 常用 用来 用于 会用 一个 一些 这个 那个 比较 非常 以及 并且 而且"
    " 但是 不过"
    " 等等 的 是 了 在 和 与 或 也 都 很 把 被 用"
    # what questions to the assistant add around the subject: they never tell two memories apart
    " 为什么 什么 怎么样 怎么 怎样 如何 哪个 哪些 哪里 是不是 有没有 要不要 能不能 可不可以 可以 应该 帮我 给我 告诉我"
    " 一下 我们 我的 我 你 吗 呢 吧 啊"
).split()
GENERIC_WORDS = frozenset(
    "a an the this that these those is are was were be been being am do does did has have had i me my mine"
    " we our you your he she it its they them their user users user's s prefer prefers preferred preferring"
    " preference like likes liked likely love loves usually often always generally typically currently"
    " now use uses used using utilize utilizes to of in on at for with by from as and or but so than then"
    " also too very really would will should can could want wants wanted need needs needed"
    " please about into via when while which who whom what where how over rather instead each every just"
    " only any some more most other goes going went get gets got make makes made one"
    " why whats what's should i'm im its it's there here any".split()
)

_CJK_RANGES = (
    (0x3040, 0x30FF),  # kana
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),  # hangul syllables
    (0xF900, 0xFAFF),
    (0x20000, 0x3134F),
)
_GENERIC_CJK_PATTERN = re.compile("|".join(sorted(map(re.escape, GENERIC_CJK), key=len, reverse=True)))
_CJK_CLASS = "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in _CJK_RANGES)
_CJK_RUN = re.compile(f"[{_CJK_CLASS}]+")
# A Latin/digit word; digits joined by '.' stay one token so "3.11" and "3.12" differ, and a number grouped in
# thousands by commas is one number ("1,450" as "1450"; "1,2,3" stays three).
_WORD = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|\d+(?:\.\d+)+|[^\W_]+")
_THOUSANDS = ","
# A one-letter generic word ("a", "i") is the article or the pronoun only before another Latin word or an apostrophe
# ("I'm"), and "s" after one the possessive: alone, or before CJK or punctuation, it is a value ("A 型" against
# "AB 型", "plan A.").
_NEXT_WORD = re.compile(rf"\s+(?![{_CJK_CLASS}])[^\W_]|['’]")
_APOSTROPHES = "'’"


def is_cjk(char: str) -> bool:
    if char < "\u3040":
        return False
    if "\u4e00" <= char <= "\u9fff":
        return True
    code = ord(char)
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


def holds_cjk(text: str) -> bool:
    """Whether `text` holds a Chinese, Japanese or Korean character (the two scripts the ranking by meaning tells
    apart, issue 17)."""
    return _CJK_RUN.search(text) is not None


def normalise(text: str) -> str:
    """NFKC and casefold; lone surrogates (never stored, but drawn by tests) are dropped first."""
    if not text.isascii():
        text = text.encode("utf-8", "ignore").decode("utf-8")
        text = unicodedata.normalize("NFKC", text)
    return text.casefold()


@memo(max_bytes=2 * 1024 * 1024)
def match_key(text: str) -> str:
    """S9.1: NFKC, casefold, whitespace and every punctuation/symbol character removed."""
    key = "".join(c for c in normalise(text) if not _dropped_from_key(c))
    # Removing a spacing mark can leave a combining one next to a letter: compose again so keys are stable.
    return key if key.isascii() else unicodedata.normalize("NFKC", key).casefold()


def _dropped_from_key(char: str) -> bool:
    if char.isspace():
        return True
    return unicodedata.category(char)[0] in "PSZC"


@memo(max_bytes=1024 * 1024)  # the glossary looks up every English word of every memory by its stem
def stem(word: str) -> str:
    """Snowball's stem of a folded word in its script's language, then a derivational "-y" Snowball keeps
    ("photography" → "photograph", as "photographs"), so more forms of one word meet."""
    return _stems((word,))[0]


def _stems(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_derived(stemmed) for stemmed in stem_words(words))


def _derived(word: str) -> str:
    if len(word) >= 7 and word.endswith("i") and word.isascii() and word.isalpha():
        return word[:-1]
    return word


@memo(max_bytes=8 * 1024 * 1024)
def tokens(text: str) -> tuple[str, ...]:
    """Content tokens in text order: CJK bigrams (a lone character stands alone) and stemmed words.

    Generic words are left out, so two memories share tokens only where they share substance.
    """
    return tuple(_tokens(normalise(text)))


@memo(max_bytes=8 * 1024 * 1024)
def token_set(text: str) -> frozenset[str]:
    return frozenset(tokens(text))


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    words: list[int] = []  # where the Latin/digit words are in `out`: stemmed together, in one call
    position = 0
    for run in _CJK_RUN.finditer(text):
        _words(text[position:run.start()], out, words)
        for piece in _GENERIC_CJK_PATTERN.split(run.group()):
            if len(piece) == 1:
                out.append(piece)
            else:
                out.extend(piece[i:i + 2] for i in range(len(piece) - 1))
        position = run.end()
    _words(text[position:], out, words)
    if not words:
        return out
    for at, stemmed in zip(words, _stems(tuple(out[at] for at in words)), strict=True):
        out[at] = stemmed
    # a stem may be generic ("users" → "user"); a lone letter here was kept as a value by _word
    return [token for token in out if token not in GENERIC_WORDS or len(token) == 1]


def _words(text: str, out: list[str], words: list[int]) -> None:
    for match in _WORD.finditer(text):
        word = _word(match.group(), text, match.start(), match.end())
        if word is not None:
            words.append(len(out))
            out.append(word)


def _word(folded: str, text: str, start: int, end: int) -> str | None:
    """A folded word as a token, or None for a generic one (a lone letter only where no word or apostrophe follows
    it and no apostrophe comes before it)."""
    if folded[0].isdigit() and _THOUSANDS in folded:
        return folded.replace(_THOUSANDS, "")
    if folded not in GENERIC_WORDS:
        return folded
    if len(folded) == 1 and _NEXT_WORD.match(text, end) is None and not (start and text[start - 1] in _APOSTROPHES):
        return folded
    return None


def is_strong(token: str) -> bool:
    """Latin/digit words may name things (tools, versions, places); CJK bigrams never alone."""
    return not is_cjk(token[0])


@memo(max_bytes=1024 * 1024)
def names(text: str) -> frozenset[str]:
    """Tokens the text writes as names: with a capital or a digit, or any Latin word in a CJK sentence."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text.encode("utf-8", "ignore").decode("utf-8"))
    in_cjk = any(is_cjk(c) for c in text)
    words = []
    for match in _WORD.finditer(text):
        word = match.group()
        if any(is_cjk(c) for c in word) or not (in_cjk or any(c.isupper() or c.isdigit() for c in word)):
            continue
        folded = _word(word.casefold(), text, match.start(), match.end())
        if folded is not None:
            words.append(folded)
    return frozenset(word for word in _stems(tuple(words)) if word not in GENERIC_WORDS or len(word) == 1)
