"""The dates a memory gives (years, months, days, 上周 / last spring), and whether two give different ones."""

from __future__ import annotations

import re
from typing import NamedTuple

from sidecar.rules.events import time_anchors
from sidecar.rules.memo import memo
from sidecar.rules.wording import canonical

_MONTH_NAMES = ("january february march april may june july august september october november december").split()
_MONTH_OF = {name: str(number) for number, name in enumerate(_MONTH_NAMES, 1)} | {
    name[:3]: str(number) for number, name in enumerate(_MONTH_NAMES, 1)} | {"sept": "9"}
_MONTH = r"(?:" + "|".join(sorted(_MONTH_OF, key=len, reverse=True)) + r")"
_ORDINAL = r"(?:st|nd|rd|th)?"
_DAY_MONTH = re.compile(r"\b(\d{1,2})" + _ORDINAL + r"\s+(?:of\s+)?(" + _MONTH + r")\b")
_MONTH_DAY = re.compile(r"\b(" + _MONTH + r")\.?\s+(\d{1,2})" + _ORDINAL + r"\b")
_CHINESE_DAY = re.compile(r"(?<!\d)(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")
_CHINESE_MONTH = re.compile(r"(?<!\d)(\d{1,2})\s*月(?!薪|饼|子|嫂|经|球|光|亮|票|供|租|卡|度|费|底薪)")
# "May" is a month only beside a number or after "in": "the user may switch" dates nothing.
_ENGLISH_MONTH = re.compile(r"\b(?:in|since|until|by|early|late|mid|from|of)\s+(" + _MONTH + r")\b|\b(" + _MONTH
                            + r")\.?\s+(?:\d|of\b)|(?<=\d)\s+(?:of\s+)?(" + _MONTH + r")\b")
_YEAR = re.compile(r"(?<![\d.,])((?:19|20)\d{2})(?:\s*年|(?=\s*[,.;:!?)]|\s*$))|\b(?:in|since|until|by|of|during|"
                   r"from|to|early|late|mid|" + _MONTH + r"|\d{1,2}" + _ORDINAL + r")[\s,]+((?:19|20)\d{2})\b")


class Dates(NamedTuple):
    years: frozenset[str]
    months: frozenset[str]
    days: frozenset[str]  # "month/day"
    anchors: frozenset[str]  # relative ones: 上周三, last spring


@memo(max_bytes=1 << 20)
def dates_of(text: str) -> Dates:
    """What dates `text` gives, each kind read on its own (a month with a day also counts as a month)."""
    folded = canonical(text).casefold()
    days = {f"{_MONTH_OF[m]}/{int(d)}" for d, m in _DAY_MONTH.findall(folded)}
    days |= {f"{_MONTH_OF[m]}/{int(d)}" for m, d in _MONTH_DAY.findall(folded)}
    days |= {f"{int(m)}/{int(d)}" for m, d in _CHINESE_DAY.findall(folded)}
    months = {day.partition("/")[0] for day in days}
    months |= {str(int(m)) for m in _CHINESE_MONTH.findall(folded)}
    months |= {_MONTH_OF[name] for hit in _ENGLISH_MONTH.findall(folded) for name in hit if name}
    years = {year for hit in _YEAR.findall(folded) for year in hit if year}
    anchors = frozenset(a for a in time_anchors(folded) if not re.search(r"\d|" + _MONTH, a))
    return Dates(frozenset(years), frozenset(months), frozenset(days), anchors)


def dated_differently(a: str, b: str) -> bool:
    """Both texts give a date of one kind (a year, a month, a day of a month, a relative one) and never the same:
    "made pancakes on 17 July 2023" / "… on 22 May 2024" tell two occasions however alike the rest."""
    mine, theirs = dates_of(a), dates_of(b)
    return any(x and y and not x & y for x, y in zip(mine, theirs, strict=True))
