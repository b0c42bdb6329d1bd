"""An event planned beside what became of it ("打算参加杭州半马" / "退出了杭州半马"): one fact (issue 16)."""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from sidecar.rules.evidence import CUE_TOKENS, chars, plain_weight
from sidecar.rules.memo import memo
from sidecar.rules.tokens import is_cjk, normalise, token_set

# Saying the event is still to come: a plan, a booking, preparing or training for it.
_PLAN = re.compile(r"打算|计划|准备|要去|要做|要参加|报名了?|报了|预约了?|\bplans? to\b|\bplanning to\b|"
                   r"\bis going to\b|\bis training for\b|\bis booked\b|\bbooked\b|\bis moving to\b|\bsigned up for\b|"
                   r"\bwill\b")
# Saying what became of it: done, passed, finished, withdrawn, cancelled or moved.
_OUTCOME = re.compile(r"做完了?|考过了?|考上了?|过了|完成了?|结束了?|参加了|去了|跑完了?|退出了?|取消了?|推迟|改到|"
                      r"延期|装修完|\bfinished\b|\bpassed\b|\bwent to\b|\bcompleted\b|\bcancell?ed\b|\bwithdrew\b|"
                      r"\bpulled out of\b|\bmoved to\b|\bpushed back\b|\battended\b")
# An outcome a year or more before, or told as one more time: an earlier occasion, not what became of this plan.
_EARLIER = re.compile(r"去年|前年|又一次|再一次|\blast year\b|\byears? ago\b|\b(?:as well|again|once more)\b|"
                      r"\blast (?:january|february|march|april|may|june|july|august|september|october|november|"
                      r"december)\b|"
                      r"\b(?:in|of) (?:[a-z]+ )?(?:19|20)\d\d\b|(?:19|20)\d\d\s*年")
# Who it is about, when, and how the stages are told: no part of which event it is.
_NOT_THE_EVENT = frozenset(token_set("用户 user the a an his her their 下周 这周 周六 周日 下个月 明年 今年 月 日 号 "
                                     "next new this week month year on in for to of at and was is has go") | CUE_TOKENS)
# The outcome must hold this share of the event's CJK characters (a word may be shortened: "半程马拉松" / "半马";
# canonical text writes "半马" whole).
_EVENT_SHARE = 0.75
_NUMERALS = frozenset("零〇一二两三四五六七八九十百千万")
_MIN_EVENT_WEIGHT = 1.2


class _Stage(NamedTuple):
    plan: bool
    outcome: bool
    earlier: bool
    event: frozenset[str]  # a plan's words naming the event
    told: frozenset[str]  # every token
    noun: str  # a plan's last two CJK characters: the event's noun ("马拉松" → "拉松")
    folded: str


_NO_STAGE = _Stage(False, False, False, frozenset(), frozenset(), "", "")
_CJK_RUN = re.compile("[\u4e00-\u9fff]+")
# After the event's noun, these go on with the sentence; any other character makes a longer noun ("年会彩排").
_AFTER_NOUN = frozenset("了的，。,.也都还和与及就已过完时后前里上中没不因所被让")


@memo(max_bytes=1 << 20)
def _stage(text: str) -> _Stage:
    folded = normalise(text)
    plan, outcome = _PLAN.search(folded) is not None, _OUTCOME.search(folded) is not None
    if not (plan or outcome):
        return _NO_STAGE  # most texts: two searches
    told = _OUTCOME.sub(" ", _PLAN.sub(" ", folded))
    event = frozenset(token_set(told) - _NOT_THE_EVENT) if plan else frozenset()
    runs = _CJK_RUN.findall(told.replace("的", "")) if plan else []
    return _Stage(plan, outcome, _EARLIER.search(folded) is not None, event, token_set(folded),
                  runs[-1][-2:] if runs and len(runs[-1]) >= 2 else "", folded)


def _glued_after(noun: str, text: str, plan: str) -> bool:
    """The noun goes on into a longer one in `text` by a character the plan never writes ("年会彩排"; "厨房装修完了"
    goes on with the plan's own verb)."""
    at = text.find(noun)
    while at >= 0:
        after = text[at + len(noun):at + len(noun) + 1]
        if after and is_cjk(after) and after not in _AFTER_NOUN and after not in plan:
            return True
        at = text.find(noun, at + 1)
    return False


def planned_beside_earlier(a: str, b: str) -> bool:
    """One text plans or prepares something and the other, no plan, tells an earlier occasion ("is training for
    the Three Peaks next summer" / "did the Three Peaks in 2024", "打算明年考研" / "去年考过一次研"): two occasions."""
    first, second = _stage(a), _stage(b)
    return any(plan.plan and not plan.earlier and not other.plan and _BEFORE_NOW.search(normalise(told)) is not None
               for plan, other, told in ((first, second, b), (second, first, a)))


# An occasion before the one planned, said so: not a year alone, which a plan's outcome carries too (issue 16.7).
_BEFORE_NOW = re.compile(r"去年|前年|上次|以前|\blast (?:year|time|summer|winter|spring|autumn)\b|\byears ago\b|"
                         r"\b(?:as well|again|once more|before)\b|又一次|再一次")


def planned_and_done(a: str, b: str) -> bool:
    """One text plans or prepares an event and the other tells what became of it, naming the same event."""
    for plan, outcome in ((_stage(a), _stage(b)), (_stage(b), _stage(a))):
        if not plan.plan or outcome.plan or not outcome.outcome:
            continue
        if outcome.earlier and not plan.earlier:
            continue  # "打算下周参加杭州半马" / "去年参加了杭州半马": two occasions
        latin = {t for t in plan.event if not is_cjk(t[0])}
        cjk = chars(frozenset(plan.event - latin)) - chars(_NOT_THE_EVENT)
        if math.fsum(map(plain_weight, latin)) + 0.3 * len(cjk) < _MIN_EVENT_WEIGHT:
            continue
        told = chars(outcome.told)
        # Which one of several is no share of the rest: "科目二" / "科目三", "二级" / "一级" (digits by then).
        if not (latin <= outcome.told and cjk & _NUMERALS <= told and len(cjk & told) >= _EVENT_SHARE * len(cjk)):
            continue
        if plan.noun and _glued_after(plan.noun, outcome.folded, plan.folded):
            continue  # "参加公司的年会" / "参加了公司的年会彩排": the rehearsal, another event
        return True
    return False
