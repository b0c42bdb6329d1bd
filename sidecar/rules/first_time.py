"""A thing never done or had, then done or had ("用户没有驾照" / "用户考到驾照了"): one fact (issue 16.4)."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from sidecar.rules.memo import memo
from sidecar.rules.tokens import normalise, stem


class _Absence(NamedTuple):
    who: str  # the words before the negation, which the other text must begin with
    verb: Optional[str]  # what was never done ("去" of "没去过", "tried"), None for a thing not had ("没有驾照")
    thing: str  # what was never done or had, as written
    latin: bool  # told in English: the other text's words are read as English too


def first_time(absent: str, present: str) -> bool:
    """`absent` says its subject never did or had a thing; `present`, not negated, says just that the subject now
    did or got it: its subject, when, the verb and the thing, in that order ("没去过敦煌" / "国庆去了敦煌", "has
    never been skiing" / "went skiing in Morzine"). Any other word between them may make it another thing or
    another act ("去了敦煌菜馆", "read a review of Dune", "has a toy car collection")."""
    absence = _absence(absent)
    if absence is None:
        return False
    folded = normalise(present)[:_MAX_CHARS]
    if not folded.startswith(absence.who) or _NOT_FOR_REAL.search(folded):
        return False  # a question, on a screen or in a game, rented, passed through: not had or done
    clause = _CLAUSE_END.split(folded[len(absence.who):], maxsplit=1)[0]
    if _NOT_YET.search(clause):
        return False  # a plan, a wish, a booking, a hedge: the thing is still not done
    if absence.latin:
        return _done_latin(absence, clause)
    return _done_cjk(absence, clause.replace(" ", ""))


def _done_cjk(absence: _Absence, clause: str) -> bool:
    when = _WHEN_CJK.match(clause.removeprefix("里"))
    after = clause.removeprefix("里")[when.end() if when else 0:]
    if absence.verb is None:
        got = _GOT_CJK.match(after)
        if got is None:
            return False
        after = after[got.end():]
    else:
        begun = when is not None and when.group().endswith("开始")  # "开始学吉他了": begun, no 了 after the verb
        if not after.startswith(absence.verb) or not (begun or after[1:2] in _DONE_CJK):
            return False
        after = after[1:] if begun and after[1:2] not in _DONE_CJK else after[2:].lstrip("了")
    amount = _AMOUNT_CJK.match(after)
    after = after[amount.end():] if amount else after
    return after.startswith(absence.thing) and _ends_cjk(after[len(absence.thing):])


def _done_latin(absence: _Absence, clause: str) -> bool:
    words = clause.split()
    while words and words[0] in _ADVERBS:
        words = words[1:]
    text = " ".join(words)
    if absence.verb is None:
        got = _GOT_LATIN.match(text)
    elif absence.verb in _WENT:
        got = _WENT_LATIN.match(text)
    else:
        verb = _LATIN_VERB.match(text)
        got = verb if verb and _base(verb.group(1)) == _base(absence.verb) else None
    if got is None:
        return False
    after = _DETERMINERS.sub("", text[got.end():].lstrip(), count=1)
    if not after.startswith(absence.thing):
        return False
    tail = after[len(absence.thing):]
    return not tail.strip() or _LATIN_END.match(tail) is not None


def _base(verb: str) -> str:
    return stem(_BASE.get(verb, verb))


@memo(max_bytes=1 << 20)
def _absence(text: str) -> Optional[_Absence]:
    folded = normalise(text)[:_MAX_CHARS]
    clause = _CLAUSE_END.split(folded, maxsplit=1)[0].strip()
    found = _NEVER_CJK.match(clause)
    if found:
        who, rest = found.group("who").removesuffix("里"), found.group("rest").replace(" ", "")
        if not who or not who.isalnum() or len(rest) < 2:
            return None
        if len(rest) >= 3 and rest[1] == "过" and rest[0] in _VERBS_CJK:
            return _Absence(who, rest[0], rest[2:], latin=False)
        if rest[0] in _VERBS_CJK:
            return _Absence(who, rest[0], rest[1:], latin=False) if len(rest) >= 3 else None
        return None if "过" in rest else _Absence(who, None, rest, latin=False)
    found = _NEVER_LATIN.match(clause)
    if not found:
        return None
    who, verb = found.group("who").strip(), found.group("verb")
    thing = _DETERMINERS.sub("", found.group("thing").strip(), count=1)
    if not who or not _THING_LATIN.fullmatch(thing):
        return None
    return _Absence(who, None if verb in _HAVE else verb, thing, latin=True)


_MAX_CHARS = 240  # a memory's length; a hand-edited text is not read this way
_CLAUSE_END = re.compile(r"[,，;；。!?！？]|\.(?:\s|$)|\s+(?:and|but|because|so|though)\s+")
# "用户（还/从来）没（有）去过新疆", "用户家里没有装净水器", "用户没有驾照"; the subject is what comes before.
_NEVER_CJK = re.compile(r"^(?P<who>[^没未\s]{1,12}?)(?:还|从来|从|一直|至今|也|都)*(?:没有|没|从未|未曾|未)\s*"
                        r"(?P<rest>[\u4e00-\u9fffa-z0-9][\u4e00-\u9fffa-z0-9 ]{1,24})$")
# Verbs that may stand before what was never done ("没装净水器", "没打过疫苗"); any other character names a thing.
_VERBS_CJK = frozenset("去装买养办考学打用吃喝看玩开做坐住戴种练滑潜爬骑听读写")
# When, before what was done: "今年 8 月", "上周", "国庆", "终于".
_WHEN_CJK = re.compile(r"(?:今年|去年|前年|上个?月|这个?月|本月|上周|这周|本周|昨天|前天|最近|终于|已经|刚刚|刚|"
                       r"上个?周末|周末|春天|夏天|秋天|冬天|国庆|春节|五一|暑假|寒假|年初|年底|第一次|第1次|也|开始|"
                       r"\d{1,4}年|\d{1,2}月(?:\d{1,2}[日号])?)+")
# Getting a thing one had not, right after the subject and when.
_GOT_CJK = re.compile(r"(?:考到了?|考了|考过了|拿到了?|交了|找到了?|买了|办了|装了|装上了|养了|有了|申请到了?|开通了?|"
                      r"领了|配了|立了|做了|入手了?|注册了?|加入了?)")
# After the verb: done ("去了", "打完了", "装上了", "去过").
_DONE_CJK = frozenset("了过完上好到")
# Between the verb and the thing: how many, or a time that owns it ("一台", "今年的").
_AMOUNT_CJK = re.compile(r"(?:[一两\d]+\s*[台个只张部辆件本份套次针条把双盒瓶])?(?:(?:今年|去年|这次|第一)的)?")


def _ends_cjk(after: str) -> bool:
    """The thing ends there: the end, a particle or punctuation; not a longer noun ("新疆菜馆", "电脑包")."""
    return not after or after[0] in "了过" or not ("\u4e00" <= after[0] <= "\u9fff" or after[0].isalnum())


# "The user has never been skiing", "… hasn't had a flu vaccine", "… does not have a will", "… isn't on Instagram".
_NEVER_LATIN = re.compile(
    r"^(?P<who>[\w' -]{1,40}?)\s+(?:has never|have never|had never|never|has not|hasn't|has not yet|hasn't yet|"
    r"does not|doesn't|do not|don't|is not|isn't|has no|have no)\s+(?:yet\s+|ever\s+)?"
    r"(?P<verb>been to|been|had|have|own|tried|learned to|learnt to|used|visited|done|seen|played|read|watched|"
    r"eaten|taken|driven|ridden|flown|on|a member of)\s+(?P<thing>.+)$")
_HAVE = frozenset(("have", "own", "on", "a member of"))
_WENT = frozenset(("been", "been to", "visited"))
# Irregular forms of the verbs above, written as their base: "has never seen" / "saw", "never had" / "had".
_BASE = {"seen": "see", "saw": "see", "eaten": "eat", "ate": "eat", "taken": "take", "took": "take",
         "driven": "drive", "drove": "drive", "ridden": "ride", "rode": "ride", "flown": "fly", "flew": "fly",
         "done": "do", "did": "do", "had": "have", "learned to": "learn", "learnt to": "learn", "learnt": "learn"}
# A thing is a few words of letters and digits ("skiing", "a flu vaccine", "instagram"), not a clause.
_THING_LATIN = re.compile(r"[a-z0-9][a-z0-9' -]{0,38}[a-z0-9]|[a-z0-9]")
_DETERMINERS = re.compile(r"^(?:a|an|the|any|one|his|her|their|its|my|our|your)\s+")
_ADVERBS = frozenset("finally recently just now also first already eventually".split())
_WENT_LATIN = re.compile(r"(?:went|has been|have been|visited|has visited|travelled|traveled|flew)(?:\s+to)?\b")
_LATIN_VERB = re.compile(r"(?:has |have )?([a-z]+)\b(?:\s+to\b)?")
_GOT_LATIN = re.compile(r"(?:has |have )?(?:bought|got|gotten|opened|made|joined|adopted|signed up for|took out|"
                        r"received|set up|created|registered for|passed|now has|now owns|is now on)\b")
# After the thing: the end of the clause, or where, when or with whom ("in Morzine", "last week").
_LATIN_END = re.compile(r"\s+(?:in|at|on|with|last|this|over|during|since|after|before|by|"
                        r"for the first time)\b|\s*$")
# Anywhere in the other text: a question; a screen, a game or a dream; a thing rented or borrowed; a place only
# passed through; a thing still on its way.
_NOT_FOR_REAL = re.compile(r"[?？]|梦|模拟器|游戏|电视上|视频里|直播|纪录片|转机|中转|经停|路过|租|借|还在等|正在办|"
                           r"\b(?:on (?:tv|television|a livestream|youtube|a screen|screen|a wii|a console)|"
                           r"street view|"
                           r"in (?:a |the )?(?:documentary|film|movie|video game|game|simulator|vr|dream|board game)|"
                           r"minecraft|carousel|rental|rented|hired|borrowed|for the weekend|layover|connecting flight|"
                           r"transit|scheme)\b")
# A plan, a wish, a booking, a cancellation, a hedge or a try that failed: the thing is still not done.
_NOT_YET = re.compile(r"打算|计划|准备|(?<![理思感])想|希望|(?<![主需重只还])要(?=[\u4e00-\u9fff])|"
                      r"报名|预约|约了|取消|推迟|延期|没能|差点|差一点|好像|假装|据说|梦见|梦到|听说|"
                      r"\b(?:plans?|planned|planning|wants?|hopes?|would like|going to|(?<!a )(?<!the )will|may|might|"
                      r"booked|booking|"
                      r"signed up|cancell?ed|called off|postponed|nearly|almost|tried to|if|considering|dreams?|"
                      r"supposed|invited|saving|pretended|apparently)\b")
