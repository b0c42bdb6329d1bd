"""An event planned beside what became of it ("打算参加杭州半马" / "退出了杭州半马"): one fact (issue 16)."""

from __future__ import annotations

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
                      r"\b(?:in|of) (?:[a-z]+ )?(?:19|20)\d\d\b|(?:19|20)\d\d\s*年")
# Who it is about, when, and how the stages are told: no part of which event it is.
_NOT_THE_EVENT = frozenset(token_set("用户 user the a an his her their 下周 这周 周六 周日 下个月 明年 今年 月 日 号 "
                                     "next new this week month year on in for to of at and was is has go") | CUE_TOKENS)
# The outcome must hold this share of the event's CJK characters (a word may be shortened: "半程马拉松" / "半马").
_EVENT_SHARE = 0.75
_MIN_EVENT_WEIGHT = 1.2


class _Stage(NamedTuple):
    plan: bool
    outcome: bool
    earlier: bool
    event: frozenset[str]  # a plan's words naming the event
    told: frozenset[str]  # every token


_NO_STAGE = _Stage(False, False, False, frozenset(), frozenset())


@memo(max_bytes=1 << 20)
def _stage(text: str) -> _Stage:
    folded = normalise(text)
    plan, outcome = _PLAN.search(folded) is not None, _OUTCOME.search(folded) is not None
    if not (plan or outcome):
        return _NO_STAGE  # most texts: two searches
    event = frozenset(t for t in token_set(_OUTCOME.sub(" ", _PLAN.sub(" ", folded))) - _NOT_THE_EVENT
                      if not t.isdigit()) if plan else frozenset()
    return _Stage(plan, outcome, _EARLIER.search(folded) is not None, event, token_set(folded))


def planned_and_done(a: str, b: str) -> bool:
    """One text plans or prepares an event and the other tells what became of it, naming the same event."""
    for plan, outcome in ((_stage(a), _stage(b)), (_stage(b), _stage(a))):
        if not plan.plan or outcome.plan or not outcome.outcome:
            continue
        if outcome.earlier and not plan.earlier:
            continue  # "打算下周参加杭州半马" / "去年参加了杭州半马": two occasions
        latin = {t for t in plan.event if not is_cjk(t[0])}
        cjk = chars(frozenset(plan.event - latin)) - chars(_NOT_THE_EVENT)
        if sum(map(plain_weight, latin)) + 0.3 * len(cjk) < _MIN_EVENT_WEIGHT:
            continue
        if latin <= outcome.told and len(cjk & chars(outcome.told)) >= _EVENT_SHARE * len(cjk):
            return True
    return False
