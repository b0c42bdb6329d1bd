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


def measures_differ(a: str, b: str) -> bool:
    """The two texts share a number only as counts of different things: "13 寸" / "13 月", "3.5 岁" / "3.5
    months", "is 3 and a half" / "for 3 and a half months" (a bare number beside a duration). A year is a date,
    not a count, and is left to the dates; one is left out as the article it mostly is."""
    units_a, units_b = _units(a), _units(b)
    shared = units_a.keys() & units_b.keys()
    if not shared or any(_agree(units_a[n], units_b[n]) for n in shared):
        return False
    return any(_other_measure(units_a[n], units_b[n]) for n in shared)


def _agree(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """One unit written on both sides, one maybe with its prefix ("寸" / "英寸", "km" / "km")."""
    return any(u == v or (u and v and (u.endswith(v) or v.endswith(u))) for u in mine for v in theirs)


def _other_measure(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    if "" in mine or "" in theirs:
        bare, given = (mine, theirs) if "" in mine else (theirs, mine)
        return bare == {""} and bool(given) and given <= _DURATIONS
    return True


@memo(max_bytes=1 << 20)
def _units(text: str) -> dict[str, frozenset[str]]:
    """Each number of the text (years aside) and the units written after it, "" for none."""
    found: dict[str, set[str]] = {}
    for hit in _NUMBER_UNIT.finditer(text):
        number = hit.group(1)
        if _YEAR.fullmatch(number) or number == "1":
            continue  # a year is a date; "一趟" / "一天", "a week": one is mostly an article
        unit = (hit.group(2) or "").casefold().rstrip("的了")
        if unit in _NOT_A_UNIT:
            unit = ""
        elif unit.isascii() and unit.endswith("s") and len(unit) > 2:
            unit = unit[:-1]
        found.setdefault(number, set()).add(unit)
    return {number: frozenset(units) for number, units in found.items()}


# A CJK unit is one character, or two after a prefix of units ("英寸", "公里", "小时").
_NUMBER_UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?:\s+and\s+a\s+half\b)?\s*"
                          r"(years?[ -]old|[a-z]+|万?(?:[英公平立厘毫千分小][\u4e00-\u9fff]|[\u4e00-\u9fff]))?",
                          re.IGNORECASE)
_YEAR = re.compile(r"(?:19|20)\d{2}")
_NOT_A_UNIT = frozenset("and or to of the a an in on at for with by from now already too again 了 啦 的".split())
_DURATIONS = frozenset("month week day year hour minute 月 周 天 年 小时 分钟".split())
