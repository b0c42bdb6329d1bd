"""A thing never done or had, then done or had ("用户没有驾照" / "用户考到驾照了"): one fact (issue 16.4)."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from sidecar.rules.memo import memo
from sidecar.rules.tokens import normalise, token_set


class _Absence(NamedTuple):
    who: str  # the words before the negation, which the other text must begin with
    verb: Optional[str]  # what was never done ("去" of "没去过"), None for a thing not had ("没有驾照")
    thing: str  # what was never done or had: CJK characters as written, or Latin words


def first_time(absent: str, present: str) -> bool:
    """`absent` says its subject never did or had a thing; `present`, not negated, says the subject now did or
    got it ("没去过新疆" / "今年八月去了新疆喀什", "has never been skiing" / "went skiing in Morzine")."""
    absence = _absence(absent)
    if absence is None:
        return False
    folded = normalise(present)
    if _NOT_YET.search(folded) or not folded.startswith(absence.who):
        return False  # a plan, a wish or a cancelled booking leaves the thing still not done
    if absence.thing.isascii():
        if not token_set(absence.thing) <= token_set(folded):
            return False
        if absence.verb is None:
            return _GOT.search(folded) is not None
        if absence.verb == "had":  # "has never had a flu vaccine" / "had a flu vaccine in October"
            return _GOT.search(folded) is not None or re.search(r"\bhad\b", folded) is not None
        return absence.verb in _WENT or bool(token_set(absence.verb) & token_set(folded))
    folded = folded.replace(" ", "")
    at = folded.find(absence.thing)
    if at < 0 or not _ends_the_noun(folded[at + len(absence.thing):]):
        return False
    before = folded[len(absence.who):at]
    if absence.verb is None:
        return _GOT_CJK.search(before) is not None
    done = before.find(absence.verb)
    return done >= 0 and _DONE_CJK.match(before, done + 1) is not None


@memo(max_bytes=1 << 20)
def _absence(text: str) -> Optional[_Absence]:
    folded = normalise(text)
    clause = _CLAUSE_END.split(folded, maxsplit=1)[0].strip()
    found = _NEVER_CJK.match(clause)
    if found:
        who, rest = found.group("who").removesuffix("里"), found.group("rest").replace(" ", "")
        if not who or not rest:
            return None
        if len(rest) >= 3 and rest[1] == "过":
            return _Absence(who, rest[0], rest[2:])
        if rest[0] in _VERBS_CJK and len(rest) >= 3:
            return _Absence(who, rest[0], rest[1:])
        return _Absence(who, None, rest) if len(rest) >= 2 and rest[0] not in _VERBS_CJK else None
    found = _NEVER_LATIN.match(clause)
    if not found:
        return None
    who, verb, thing = found.group("who").strip(), found.group("verb"), found.group("thing")
    thing = _LATIN_FILLER.sub(" ", thing).strip()
    if not who or not token_set(thing):
        return None
    return _Absence(who, None if verb in _HAVE else verb, thing)


_CLAUSE_END = re.compile(r"[,，;；。.!?！？]|\s+(?:and|but|because)\s+")
# "用户（还/从来）没（有）去过新疆", "用户家里没有装净水器", "用户没有驾照"; the subject is what comes before.
_NEVER_CJK = re.compile(r"^(?P<who>[^没未]*?)(?:还|从来|从|一直|至今|也|都)*(?:没有|没|从未|未曾|未)"
                        r"(?P<rest>[\u4e00-\u9fff].*)$")
# Verbs that may stand before what was never done ("没装净水器", "没打过疫苗"); any other character names a thing.
_VERBS_CJK = frozenset("去装买养办考学打用吃喝看玩开做参报注申拿坐住戴种练开滑潜爬骑坐听读写")
# "The user has never been skiing", "… hasn't had a flu vaccine", "… does not have a will", "… isn't on Instagram".
_NEVER_LATIN = re.compile(
    r"^(?P<who>.*?)\s+(?:has never|have never|had never|never|has not|hasn't|has not yet|hasn't yet|"
    r"does not|doesn't|do not|don't|is not|isn't|has no|have no)\s+(?:yet\s+|ever\s+)?"
    r"(?P<verb>been|had|have|own|tried|learned|learnt|used|visited|done|seen|played|read|watched|eaten|"
    r"taken|driven|ridden|flown|on|in|a member of|got|gotten)?\s*(?P<thing>.+)$")
_HAVE = frozenset(("have", "own", "on", "in", "a member of", "got", "gotten", None))
_WENT = frozenset(("been", "visited"))
_LATIN_FILLER = re.compile(r"\b(?:a|an|the|any|to|yet|ever|of|their|his|her|own|account)\b")
# A plan, a wish, a booking, a cancellation or a try that failed: the thing is still not done.
_NOT_YET = re.compile(r"打算|计划|准备|(?<![理思感])想|希望|(?<![主需重只还])要(?=[\u4e00-\u9fff])|"
                      r"报名|预约|约了|取消|推迟|延期|没能|差点|"
                      r"\b(?:plans?|planning|wants?|hopes?|would like|going to|will|booked|signed up|cancell?ed|"
                      r"postponed|nearly|almost|tried to|if)\b")
# Getting a thing one had not: bought, passed, opened, joined, made, now has.
_GOT = re.compile(r"\b(?:bought|got|gotten|has|have|owns|opened|made|joined|signed up for|adopted|took out|received|"
                  r"set up|created|registered|started|passed|now uses|is now on)\b")
_GOT_CJK = re.compile(r"考到|考了|拿到|买了|办了|装了|养了|有了|现在有|已经有|申请了|申请到|开通了?|开了|领了|配了|"
                      r"立了|做了|入手|注册了?|加入了?|下载了|装上了")
# After the verb: done ("去了", "打完了", "装上了", "去过").
_DONE_CJK = re.compile(r"[了过完上好到]")


def _ends_the_noun(after: str) -> bool:
    """What follows the thing in the other text leaves it the same thing: the end, a particle or punctuation, or a
    short narrowing that ends the clause ("新疆喀什"); not a longer noun ("新疆菜馆吃饭")."""
    run = _CJK_RUN.match(after)
    length = run.end() if run else 0
    if length == 0 or after[0] in "了过的和跟":
        return True
    return length <= 2 and (length == len(after) or not after[length].isalnum())


_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
