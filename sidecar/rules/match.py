"""When two memories hold the same fact: equal match keys, or a restatement (SPEC S9.1, S9.2).

Tuned for precision: merging two different facts loses one, missing a restatement only keeps a
near-duplicate (and every change can be undone), so each rule below needs positive evidence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from sidecar.rules.tokens import is_cjk, is_strong, match_key, normalise, tokens

__all__ = ["match_key", "restates", "weight"]

# A value that follows one of these is the value of a single-valued attribute ("版本是 18",
# "住在柏林", "editor is vim", "switched to fish"): replacing it states a new value, not a new fact.
_CJK_CUES = ("是", "为", "在", "到", "成", "改用", "换用", "用的是")
_WORD_CUES = frozenset("is are was were to now".split())
_NUMERALS = frozenset("0123456789零一二两三四五六七八九十百千万")
_SLOT_MAX_CHARS = 24
_SPACES = re.compile(r"\s+")


def weight(token: str) -> float:
    """Evidence a shared token gives: names, versions and tools count most, CJK fragments less."""
    if is_strong(token):
        return 1.0
    return 0.6 if len(token) > 1 else 0.3


def _total(found: Iterable[str]) -> float:
    return sum(weight(token) for token in found)


def restates(a: str, b: str) -> bool:
    """True when `b` says the same thing as `a` about the same subject, in other words or with a new value.

    Symmetric. Equal match keys are not a restatement (they are the same memory) and answer False.
    """
    key_a, key_b = match_key(a), match_key(b)
    if key_a == key_b or not key_a or not key_b:
        return False
    set_a, set_b = frozenset(tokens(a)), frozenset(tokens(b))
    shared = set_a & set_b
    if not shared:
        return False
    if set_a == set_b:
        return _total(shared) >= 1.0
    only_a, only_b = set_a - shared, set_b - shared
    if not only_a or not only_b:
        return _added_detail(shared, only_a | only_b)
    if any(is_strong(t) for t in only_a) and any(is_strong(t) for t in only_b):
        return _changed_value(a, b, shared)
    return _reworded(shared, set_a | set_b) or _changed_value(a, b, shared)


def _added_detail(shared: frozenset[str], extra: frozenset[str]) -> bool:
    """One side says more: fine when the extra names nothing new (no tool, name or number)."""
    if any(is_strong(token) for token in extra):
        return False
    kept = _total(shared)
    return kept >= 1.0 and kept >= 0.4 * (kept + _total(extra))


def _reworded(shared: frozenset[str], union: frozenset[str]) -> bool:
    """Both sides differ only in CJK wording, and most of what they say is shared."""
    kept = _total(shared)
    return kept >= 1.2 and kept >= 0.6 * _total(union)


def _soft_key(text: str) -> str:
    """Like the match key, but a space is kept between Latin words so cue words stay visible."""
    folded = "".join(" " if _is_separator(c) else c for c in normalise(text))
    folded = _SPACES.sub(" ", folded).strip()
    out: list[str] = []
    for index, char in enumerate(folded):
        if char == " " and (is_cjk(folded[index - 1]) or is_cjk(folded[index + 1])):
            continue
        out.append(char)
    return "".join(out)


def _is_separator(char: str) -> bool:
    return char.isspace() or unicodedata.category(char)[0] in "PSZC"


def _changed_value(a: str, b: str, shared: frozenset[str]) -> bool:
    """The two say the same thing but for one value: one contiguous difference, after a named attribute."""
    soft_a, soft_b = _soft_key(a), _soft_key(b)
    start, end = _common_ends(soft_a, soft_b)
    slot_a, slot_b = soft_a[start:len(soft_a) - end].strip(), soft_b[start:len(soft_b) - end].strip()
    if not slot_a or not slot_b or max(len(slot_a), len(slot_b)) > _SLOT_MAX_CHARS:
        return False
    prefix = soft_a[:start]
    attribute = frozenset(tokens(prefix + " " + soft_a[len(soft_a) - end:])) & shared
    if _total(attribute) < 1.0:
        return False
    if _numeric(slot_a) and _numeric(slot_b):
        return True
    return _value_like(slot_a) and _value_like(slot_b) and _after_cue(prefix)


def _common_ends(a: str, b: str) -> tuple[int, int]:
    """Lengths of the common prefix and suffix, never cutting a Latin/digit word in two."""
    limit = min(len(a), len(b))
    start = 0
    while start < limit and a[start] == b[start]:
        start += 1
    end = 0
    while end < limit - start and a[-1 - end] == b[-1 - end]:
        end += 1
    while start > 0 and _wordish(a[start - 1]) and (_wordish_at(a, start) or _wordish_at(b, start)):
        start -= 1
    while end > 0 and _wordish(a[-end]) and (_wordish_at(a, len(a) - end - 1) or _wordish_at(b, len(b) - end - 1)):
        end -= 1
    return start, end


def _wordish_at(text: str, index: int) -> bool:
    return 0 <= index < len(text) and _wordish(text[index])


def _wordish(char: str) -> bool:
    return char.isalnum() and not is_cjk(char)


def _numeric(slot: str) -> bool:
    digits = slot.replace(".", "").replace(" ", "")
    return bool(digits) and all(c in _NUMERALS for c in digits)


def _value_like(slot: str) -> bool:
    """A short name or value: Latin/digit words, or a CJK phrase without further structure."""
    return bool(slot.strip()) and (" " not in slot.strip() or all(_wordish(c) or c == " " for c in slot))


def _after_cue(prefix: str) -> bool:
    stripped = prefix.rstrip()
    if stripped.endswith(_CJK_CUES):
        return True
    words = stripped.split(" ")
    return bool(words) and words[-1] in _WORD_CUES
