"""One event told twice: the same kind of happening at the same time ("去年去云南旅游了" / "去年去了一趟云南…").

An event verb is no change (issue 16): "joined a choir" and "joined a chess club" are two events. But the same
kind of event, dated the same way and naming the same place or thing, is one event re-told with detail.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast
from sidecar.rules.tokens import normalise

# Kinds of events by the verbs that tell them, in both languages (general knowledge, no list of places).
EVENT_VERBS: dict[str, str] = {
    "trip": r"去了?一趟|去了?|(?<![搬转调升涨降换改迁])到了?|玩了?|旅游|旅行|游玩|逛了?|待了|"
            r"\bwent to\b|\bvisited\b|\btrip to\b|"
            r"\bspent (?:[a-z0-9]+ ){1,3}in\b|\btravell?ed to\b|\bflew to\b|\bwent (?:camping|hiking|skiing)\b",
    "purchase": r"买了|买回来了?|买回了|买到了?|入手了?|购买了?|下单了?|提了|"
                r"\bbought\b|\bpurchased\b|\bpicked up\b|\bordered\b",
    "attend": r"参加了?|出席了?|\battended\b|\bwent to (?:a|an|the)\b",
    "medical": r"拔了|拔掉了?|做了?手术|动了?手术|体检|\bsurgery\b|\boperation\b|\bcheck-?up\b",
    "exam": r"考试|考过了?|通过了?|\bpassed\b|\bexam\b",
    "finish": r"跑完了?|读完了?|看完了?|完成了?|\bfinished\b|\bcompleted\b|\bran (?:a|an|the)\b",
    "adopt": r"领养了?|收养了?|\badopted\b",
    "move": r"搬了?家|搬完了?家|\bmoved (?:house|home)\b",
}
# When it happened: a relative day, week, month or season, a weekday, a month, a year.
TIME_ANCHOR = (r"上周末|这周末|上个?周[一二三四五六日末]?|这周[一二三四五六日]?|周[一二三四五六日末]|昨天|前天|今天|"
               r"上个月|这个月|去年|今年|前年|春节|国庆|中秋|元旦|过年|"
               r"\d{4}\s*年(?:\s*\d{1,2}\s*月)?|\d{1,2}\s*月(?:份)?|"
               r"\b(?:last|this) (?:weekend|week|month|year|spring|summer|autumn|fall|winter)\b|\byesterday\b|"
               r"\bon (?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)\b|"
               r"\bin (?:january|february|march|april|may|june|july|august|september|october|november|december|"
               r"\d{4})\b")
_VERBS = {kind: compile_fast(pattern) for kind, pattern in EVENT_VERBS.items()}
_ANCHOR = compile_fast(TIME_ANCHOR)
_SPACES = re.compile(r"\s+")
# "这周六" is "周六" as one tells it in that week; "今年" beside a month says nothing more.
_THIS_WEEK = re.compile(r"^(?:这|本)(?=周[一二三四五六日])")
_THIS_YEAR = frozenset({"今年", "this year"})
_MONTH = re.compile(r"^\d{1,2}月$|^in (?:january|february|march|april|may|june|july|august|september|october|"
                    r"november|december)$")


class Told(NamedTuple):
    kinds: frozenset[str]
    anchors: frozenset[str]
    plain: str  # the text without its time words and event verbs: what and where


_UNDATED = Told(frozenset(), frozenset(), "")


@memo(max_bytes=1 << 20)
def time_anchors(text: str) -> frozenset[str]:
    """When a text says something happened ("上周", "昨天", "in 2019"), as told_event reads it; a four-digit
    number is a year only from 1900 to 2099 ("ends in 4471" is no date)."""
    found = (_THIS_WEEK.sub("", _SPACES.sub("", hit.group()).replace("份", ""))
             for hit in _ANCHOR.finditer(normalise(text)))
    return frozenset(anchor for anchor in found if not _NOT_A_YEAR.search(anchor))


_NOT_A_YEAR = re.compile(r"(?<!\d)(?!19|20)\d{4}(?!\d)")


@memo(max_bytes=2 << 20)
def told_event(text: str) -> Told:
    """The kinds of event a text tells, when it says they happened, and what is left of it."""
    folded = normalise(text)
    anchors = frozenset(_THIS_WEEK.sub("", _SPACES.sub("", hit.group()).replace("份", ""))
                        for hit in _ANCHOR.finditer(folded))
    if not anchors:
        return _UNDATED  # most memories: no event to compare
    if anchors & _THIS_YEAR and any(_MONTH.search(anchor) for anchor in anchors):
        anchors -= _THIS_YEAR  # "今年五月" is "五月": the month dates it
    kinds = frozenset(kind for kind, pattern in _VERBS.items() if pattern.search(folded))
    if not kinds:
        return _UNDATED
    plain = _ANCHOR.sub(" ", folded)
    for pattern in _VERBS.values():
        plain = pattern.sub(" ", plain)
    return Told(kinds, anchors, plain)
