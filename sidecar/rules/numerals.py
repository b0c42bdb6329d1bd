"""A count with its unit on one side only: "the cat is 3" / "the cat is 4 years old" (issue 16.2)."""

from __future__ import annotations

import re
from typing import NamedTuple

from sidecar.rules.memo import memo
from sidecar.rules.tokens import token_set

# A number at the end of a text, and what follows it: a unit of one word ("years old" too) or three CJK characters.
_TAIL = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([a-z%]+(?:[ -]old)?|[\u4e00-\u9fff]{1,3})?"
                   r"(?P<end>\s*(?:了|now|already)?\s*[.。!！]?\s*)$", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
# Words that end a statement after a bare number without being its unit.
_NOT_UNITS = frozenset("now already too again 了 啦".split())
# The units a bare number borrows from the other text: ages, which people say without them.
_AGE_UNITS = frozenset(("years old", "year old", "years-old", "months old", "month old", "岁", "周岁", "岁了", "个月"))


def may_end_in_number(text: str) -> bool:
    """`text` may end in a number and its unit (a cheap test before `with_shared_unit`)."""
    return _DIGIT.search(text) is not None


def with_shared_unit(a: str, b: str, ignored: frozenset[str]) -> tuple[str, str]:
    """`a` and `b` with the unit one of them gives its final number written after the other's bare final
    number too, when everything before the two numbers is the same (`ignored` tokens aside)."""
    tail_a = _tail(a)
    if tail_a is None:
        return a, b
    tail_b = _tail(b)
    if tail_b is None or bool(tail_a.unit) == bool(tail_b.unit):
        return a, b
    if tail_a.before - ignored != tail_b.before - ignored:
        return a, b
    if tail_a.unit:
        return a, b[:tail_b.at] + " " + tail_a.unit + b[tail_b.at:]
    return a[:tail_a.at] + " " + tail_b.unit + a[tail_a.at:], b


class _Tail(NamedTuple):
    before: frozenset[str]  # the tokens before the number
    at: int  # where the number ends
    unit: str


@memo(max_bytes=1 << 20)
def _tail(text: str) -> _Tail | None:
    if _DIGIT.search(text) is None or not text.rstrip(" .。!！")[-1:].isalnum():
        return None
    found = _TAIL.search(text)
    if found is None:
        return None
    unit = found.group(2) or ""
    if unit.casefold() in _NOT_UNITS:
        unit = ""
    if unit and unit.casefold() not in _AGE_UNITS:
        return None  # "is 4" / "is 4 kg": only an age is said without its unit ("the cat is three")
    return _Tail(token_set(text[:found.start()]), found.end(1), unit)
