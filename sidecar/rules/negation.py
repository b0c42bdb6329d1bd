"""A statement and its negation are one fact, the newer state winning (issue 16.4)."""

from __future__ import annotations

import re

from sidecar.rules.events import TIME_ANCHOR
from sidecar.rules.evidence import CUE_TOKENS
from sidecar.rules.facts import Frame, frame
from sidecar.rules.patterns import compile_fast
from sidecar.rules.tokens import is_cjk, match_key, normalise, token_set, tokens


def same_statement(a: Frame, b: Frame) -> bool:
    """A statement and its negation ("用户喝可乐" / "用户不喝可乐了"): the newer state replaces the older."""
    plain_a, plain_b = token_set(a.plain) - _STATE_TOKENS, token_set(b.plain) - _STATE_TOKENS
    if plain_a and plain_a == plain_b:
        return True
    core_a, core_b = core(match_key(a.plain)).rstrip("了"), core(match_key(b.plain)).rstrip("了")
    if len(core_a) >= 3 and core_a == core_b:
        return True
    # A habit stopped as a whole ("晚上会喝酒" / "已经不喝酒了", "每天吃早饭" / "不吃早饭了"): how often or when the
    # positive statement held does not make another statement; a narrower negation ("晚上不喝咖啡") does.
    positive, negative = (core_b, core_a) if a.negated else (core_a, core_b)
    if len(negative) < 3:
        return False
    plain_positive, plain_negative = (b.plain, a.plain) if a.negated else (a.plain, b.plain)
    bare_negative = _bare(plain_negative)
    if (len(bare_negative[0]) + 2 * len(bare_negative[1]) >= 4
            and _bare(_WHEN_IT_HELD.sub(" ", plain_positive)) == bare_negative):
        return True  # "每天早上喝一杯咖啡" / "现在完全不喝咖啡了", "不会游泳" / "今年夏天学会了游泳"
    for pattern in (_HOW_OFTEN, _HABIT):
        stripped = core(pattern.sub("", positive)).rstrip("了")
        # "不用安抚奶嘴" is "not using" as often as "no need to": the negation may have taken the "用".
        if stripped == negative or stripped.replace("用", "") == negative.replace("用", ""):
            return True
    return False


# Words that say a state was reached, beside a negation ("has decided not to", "has become"): no content.
_STATE_TOKENS = CUE_TOKENS | frozenset(tokens("become became decided decide"))
# How often a habit held: dropped before the time of day it held at ("每天早上喝咖啡" / "早上不再喝咖啡了").
_HOW_OFTEN = re.compile(r"每天|每周|每晚|每月|每年|天天|平时|平常|经常|偶尔|一直|总是|常常|还|也|会(?=[\u4e00-\u9fff])|"
                        r"\b(?:every day|daily|regularly|often|sometimes|usually|always|still|most days)\b")


_CLAUSE = re.compile(r"[,，;；。]|\s+(?:and|but)\s+")


def negates_in_a_clause(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """One clause of the negated text negates the other text whole ("用户在学西班牙语" / "用户不学西班牙语了，
    改学法语"): the newer state replaces the older, whatever else the text goes on to say."""
    negated, positive = (a, frame_b) if frame_a.negated else (b, frame_a)
    said = token_set(positive.plain) - _STATE_TOKENS
    # Unless most of what the positive text says is in the negated one, no clause of it can negate it.
    mostly_in = 2 * len(said & token_set(negated)) >= len(said)
    clauses = _clauses(negated) if mostly_in else []
    if len(clauses) >= 2 and any(same_statement(frame(clause), positive) for clause in clauses
                                 if frame(clause).negated):
        return True
    # The other way round: one clause of the positive text states what the negated one denies ("不会开车" /
    # "拿到驾照，会开车了").
    negated_frame, positive_text = (frame_a, b) if frame_a.negated else (frame_b, a)
    denied = token_set(negated_frame.plain) - _STATE_TOKENS
    if not denied or 2 * len(denied & token_set(positive_text)) < len(denied):
        return False
    clauses = _clauses(positive_text)
    return len(clauses) >= 2 and any(same_statement(negated_frame, frame(clause)) for clause in clauses
                                     if not frame(clause).negated)


def _clauses(text: str) -> list[str]:
    """The clauses of a text; a later one without a subject has the first one's user ("用户做了皮试，其实对青霉素
    不过敏": the second clause is still the user's)."""
    clauses = [c.strip() for c in _CLAUSE.split(text) if c.strip()][:_MAX_CLAUSES]
    if not clauses or not clauses[0].startswith("用户"):
        return clauses
    return clauses[:1] + [c if _SUBJECT_START.match(c) else "用户" + c for c in clauses[1:]]


# A memory is a sentence or two: a hand-edited one of many clauses is read by its first ones, each compared once.
_MAX_CLAUSES = 6
# A clause that names who it is about first: the user, a pronoun, or a Latin name or word.
_SUBJECT_START = re.compile(r"用户|[他她它]|[A-Za-z]")


_HABIT = re.compile(r"正在|在(?=学|练|读|做|用|看|玩|写)|每天|每周|每晚|每月|每年|天天|晚上|早上|中午|下午|平时|平常|"
                    r"经常|偶尔|一直|总是|常常|还|也|会(?=[\u4e00-\u9fff])|"
                    r"\b(?:every (?:day|morning|evening|night|week)|daily|at night|in the (?:morning|evening)"
                    r"|on weekends"
                    r"|regularly|often|sometimes|usually|always|still)\b")


def _bare(plain: str) -> tuple[str, frozenset[str]]:
    """What a statement says without how firmly, since when or how much of it ("完全", "已经", "一杯", "anymore"):
    its Chinese as one string (a word left out would leave bigrams across the gap) and its other words."""
    said = _PROGRESSIVE.sub("", _STANCE.sub(" ", plain))
    found = token_set(said) - _STATE_TOKENS
    return "".join(c for c in match_key(said) if is_cjk(c)), frozenset(t for t in found if not is_cjk(t[0]))


# How firmly, how newly or how much a statement holds, on either side: no part of what it says.
# Not 过 ("去过日本" is an experience, "不去日本了" a habit: both hold) and no number but a count of one serving.
_STANCE = re.compile(r"完全|彻底|根本|重新|最近|这两年|现在|如今|其实|确实|又|开始|再|都|要|也|就|还|了|着|学(?=会)|"
                     r"会(?=[\u4e00-\u9fff])|"
                     r"(?<![\d.])(?:1|[一两])\s*[杯只个瓶支根次碗份口台间辆件套部把双]|"
                     r"\b(?:does|do|did|has|have|had|is|are|anymore|any more|again|at all|entirely|completely|a|an|one"
                     r")\b|['’]s\b", re.IGNORECASE)
_PROGRESSIVE = re.compile(r"(?<=[\u4e00-\u9fff])在自?(?=[学练读做用看玩写])|(?<=[\u4e00-\u9fff])自(?=学)")
# When or how often the positive statement held; the negation of a narrower one ("晚上不吃夜宵") keeps its own.
_WHEN_IT_HELD = compile_fast(r"(?:" + TIME_ANCHOR + r")|" + _HABIT.pattern + "|" + _HOW_OFTEN.pattern
                             + r"|春天|夏天|秋天|冬天|\bat (?:the )?weekends?\b|\bon (?:mondays|tuesdays|wednesdays"
                             r"|thursdays|fridays|saturdays|sundays)\b")


# Particles and copulas that a retelling adds or swaps ("母语是粤语" / "母语为粤语").
_CORE_DROPPED = re.compile(r"(?<=[\u4e00-\u9fff])[的是为了]|[的是为了](?=[\u4e00-\u9fff])|"
                           r"(?:特别|非常|十分|超级|真的)(?=[\u4e00-\u9fff])")


def core(text: str) -> str:
    return _CORE_DROPPED.sub("", text)


def stops_the_old(positive: str, negated: str) -> bool:
    """A clause of the negated text stops what the positive one does, whole, whatever detail the positive gave of
    how often or where ("用户父亲一直用 Strava 记录骑行" / "用户父亲不用 Strava 了，…", "周末在小区球场打篮球" /
    "不打篮球了，膝盖受不了"): the newer state replaces the older. The clause must end with the thing: "不用 Strava
    记录跑步" is a narrower negation, another statement."""
    folded, other = normalise(negated)[:_STOP_CHARS], normalise(positive)[:_STOP_CHARS]
    if _NOT_THE_HABIT.search(other) or _ONE_OCCASION.search(other):
        return False  # a wish, advice, a question, a dream, someone else's doing, a list, one occasion
    if _ABLE.search(other) and not _NOW_ABLE.search(other):
        return False  # "能喝咖啡" / "不喝咖啡": being able is no habit (but "现在能吃香菜了" is the newer state)
    for clause in _CLAUSE.split(folded)[:_MAX_CLAUSES]:
        found = _STOPPED.match(clause.strip())
        if found is None:
            latin = _STOPPED_LATIN.match(clause.strip().rstrip(".!"))
            if latin is not None and _does_latin(other, latin.group("who"), latin.group("verb"), latin.group("thing")):
                return True
            continue
        who, verb, thing = found.group("who"), found.group("verb"), found.group("thing").strip()
        if (who and not other.startswith(who)) or (not who and not other.startswith("用户")):
            continue
        if other.replace("用户", "").count(verb) > 1:
            continue  # "通勤时听播客，晚上听有声书": two things done, one of them stopped
        at = other.find(verb)
        while at >= 0:
            done = _DONE_TO.match(other, at + 1)
            start = done.end() if done else at + 1
            rest = other[start:].lstrip()
            if rest.startswith(thing) and _ends_there(rest[len(thing):]):
                return True
            at = other.find(verb, at + 1)
    return False


def _does_latin(other: str, who: str, verb: str, thing: str) -> bool:
    """`other` begins with `who` and does `verb` to `thing`, the thing ending there ("uses Sentry for errors")."""
    if not other.startswith(who):
        return False
    # The subject's own verb, right after it and how often ("the user usually plays squash"), not a later clause's
    # ("has a coffee machine so guests can drink coffee").
    done = re.match(rf"\s*(?:(?:\w+ly|still|often|always|now|also|regularly)\s+)*{re.escape(verb)}(?:s|es)?\s+"
                    rf"(?:the |a |an |their |his |her )?{re.escape(thing)}(?![a-z0-9-])", other[len(who):])
    return done is not None


def _ends_there(after: str) -> bool:
    """The thing ends in the positive text: the end, 了 or punctuation, or Chinese after a Latin name ("用 Strava
    记录骑行"); not a longer name ("Google Docs") or noun ("篮球的视频")."""
    if not after or after[0] in "了，。,.":
        return True
    return not is_cjk(after[0]) and not re.match(r"\s*[a-z0-9]", after)


_STOP_CHARS = 240
# Being able to, in the positive text, and said as newly so.
_ABLE = re.compile(r"能|可以|(?<![开社学机大晚聚约])会(?=[\u4e00-\u9fff])(?![员议计所场长])")
_NOW_ABLE = re.compile(r"现在|如今|终于|了$")
# In the positive text: one occasion, not a habit ("上周六去看电影了").
_ONE_OCCASION = re.compile(r"上周[一二三四五六日天末]?|上个?月|前天|昨天|那天|上次|去年|前年|\d+\s*月\s*\d+\s*[日号]|"
                           r"\b(?:last (?:week|month|year|night|weekend|saturday|sunday|monday|tuesday|wednesday|"
                           r"thursday|friday)|yesterday)\b")
# In the positive text: a wish, a thought, advice, a question, a dream, watching or hearing others, a list.
_NOT_THE_HABIT = re.compile(r"想|考虑|觉得|应该|问|建议|犹豫|梦|要不要|喜欢看|喜欢听|视频|主播|别人|和|、|[?？]|"
                            r"\b(?:wants?|would like|thinks?|should|considering|advised|dreams?|watch(?:es|ing)? "
                            r"(?:other|people)|and)\b")
# "用户婆婆不用那口老铁锅了", "（用户）不打篮球了", "不再去乐刻了": who, the verb stopped, and the thing, which ends
# the clause.
_STOPPED = re.compile(r"^(?P<who>[^不没\s]{0,12}?)(?:现在|已经|也|都)?(?:不再|不)"
                      r"(?P<verb>[用去上打吃喝玩看学练抽坐开骑住追听跳养踢弹画钓逛穿戴订])"
                      r"(?:[那这]?[一]?[口个台辆家只件把副双门节])?\s*"
                      r"(?P<thing>[\u4e00-\u9fffa-z0-9][\u4e00-\u9fffa-z0-9 ]{1,20}?)\s*了?$")
# "Quokka no longer uses Sentry", "the user doesn't play squash any more": who, the verb and the thing, which ends
# the clause.
_STOPPED_LATIN = re.compile(r"^(?P<who>[\w' -]{1,40}?)\s+"
                            r"(?:no longer|doesn't|does not|don't|do not|has stopped|stopped)\s+"
                            r"(?P<verb>use|play|eat|drink|take|attend|wear|read|watch|learn|study|ride|drive|do)"
                            r"(?:s|es|ing)?\s+(?:the |a |an |their |his |her )?(?P<thing>[a-z0-9][a-z0-9 -]{0,30}?)"
                            r"(?:\s+any ?more|\s+now)?$")
# Between the verb and its thing in the positive text: a count or a classifier ("用一口老铁锅").
_DONE_TO = re.compile(r"\s*(?:[一两\d]+\s*)?[口个台辆家只件把副双门节]?\s*")
