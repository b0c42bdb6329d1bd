"""One single-valued attribute of one subject: a new value is an update (issue 16.1)."""

from __future__ import annotations

import re

from sidecar.rules.evidence import has_digit
from sidecar.rules.facts import Attribute, Frame, is_person, many_valued, measure_verbs, plural_subject, same_subject
from sidecar.rules.lexicon import TIME_PATTERN
from sidecar.rules.patterns import compile_fast
from sidecar.rules.reworded import TIME_WORDS, WHEN_OR_CUE
from sidecar.rules.tokens import is_cjk, match_key, normalise, token_set, tokens

# Past the attribute a single-valued frame says its value and little else.
_REST_MAX_CHARS = 16


def single_valued_update(a: Frame, b: Frame) -> bool | None:
    """Same subject, same single-valued attribute, little else said: one fact (a new value is an update).
    Same attribute of another subject: never. None when the frames do not decide."""
    if not a.attributes or not b.attributes:
        return None
    mine, theirs = a.attributes[0], b.attributes[0]
    if many_valued(mine.concept) or mine.concept != theirs.concept:
        return None  # two of one family ("works at" / "is a … at"): the words decide
    if not same_subject(mine, theirs):
        # "主编辑器" / "主力编辑器": a modifier one side adds before the attribute is for the words to judge
        return None if _modifier_added(mine.subject, theirs.subject) else False
    if measure_verbs(mine) != measure_verbs(theirs):
        return False  # "weighs 70 kg" / "lifts 70 kg": one number, two things measured
    if (mine.concept in _MODIFIER_CONCEPTS and token_set(mine.rest) != token_set(theirs.rest)
            and not (a.changed or b.changed)):
        return False  # "likes green tea" / "likes green curry": a colour before two things, and no change
    if plural_subject(a, b) or a.past != b.past:
        return None
    if mine.concept in _OWNED_MANY and not (a.changed or b.changed):
        return None  # "drives a Tesla" / "drives a Honda": one may have two, unless a change is stated
    if mine.concept == "name" and (_OWNED_AFTER.match(mine.rest) or _OWNED_AFTER.match(theirs.rest)):
        return None  # "养了一只叫豆包的柯基": the name is the dog's
    own_a, own_b = _verbs_before(mine), _verbs_before(theirs)
    if own_a and own_b and own_a != own_b and not (a.changed or b.changed):
        return None  # "lives on the 3rd floor" / "parks on the 3rd floor": what is on it differs
    if _away(mine.before) or _away(theirs.before):
        return None  # "出差时住在…", "on business trips stays at …": where one stays away, not where one lives
    if bool(TIME_WORDS.search(mine.rest)) != bool(TIME_WORDS.search(theirs.rest)):
        return None  # "is vegetarian" / "eats vegetarian on weekdays": a narrower statement
    rest_a, rest_b = _value_part(mine.rest), _value_part(theirs.rest)
    if _preposition(rest_a) != _preposition(rest_b) and _preposition(rest_a) and _preposition(rest_b):
        return None  # "commutes by train" / "commutes from Reading": how is not where from
    if _OWNED_REST.match(rest_a) or _OWNED_REST.match(rest_b) or _AS_TIME.match(rest_a) or _AS_TIME.match(rest_b):
        return None  # "编辑器的主题是…", "大三的时候…": a thing the attribute's holder has, or a time
    if _says_more(rest_a) or _says_more(rest_b):
        return None
    if (_another_clause(mine.rest) and theirs.rest.strip()) or (_another_clause(theirs.rest) and mine.rest.strip()):
        return None  # "在腾讯做产品经理" / "在腾讯上班，工作很忙": each says something else past the attribute
    if mine.concept in _NAMED_VALUE_CONCEPTS and has_digit(rest_a) != has_digit(rest_b):
        return None  # "通勤要 1 小时" / "坐地铁通勤": how long is not how
    value_a, value_b = _value_key(rest_a), _value_key(rest_b)
    if value_a and value_b and (value_a.startswith(value_b) or value_b.startswith(value_a)):
        return True  # "上海" / "上海市浦东新区": the value said in more detail
    in_a, in_b = token_set(mine.rest), token_set(theirs.rest)
    if in_a and in_b and (in_a < in_b or in_b < in_a):
        return None  # "York" / "New York": a value inside another one names another thing
    return True


# A subject and a bare number ("Sofia is 34", "孙浩今年三十了"): an age only beside a text stating one.
_BARE_NUMBER = re.compile(r"^(?P<who>.+?)\s*(?:\bis\b|今年|现在|已经|都)*\s*"
                          r"(?P<number>\d+|[一二两三四五六七八九十]{1,3})\s*了?[。.!！]?$")
_AGE_TAIL = re.compile(r"^\s*\d+\s*(?:岁|周岁|years? old)?\s*(?:了|啦)?(?:\s+(?:on|in|last|this)\s+\w+)?[。.!！]?$")


def bare_number(text: str) -> re.Match[str] | None:
    if len(text) > _BARE_MAX_CHARS or not _ENDS_IN_NUMBER.search(text):
        return None  # most texts: no number at the end, or far more than a subject and a number
    return _BARE_NUMBER.match(normalise(text).strip())


_BARE_MAX_CHARS = 40
_ENDS_IN_NUMBER = re.compile(r"[\d一二两三四五六七八九十０-９]\s*了?\s*[。.!！]?\s*$")


def bare_age_update(bare: str, frame_bare: Frame, frame_age: Frame) -> bool:
    """`bare` gives its subject a number and nothing else, the other states the age of that same subject
    with little after it: the number is an age, the texts one fact."""
    if frame_bare.attributes or not frame_age.attributes or frame_age.attributes[0].concept != "age":
        return False
    age = frame_age.attributes[0]
    hit = bare_number(bare)
    told = (age.cue + " " + age.rest) if age.measured else age.rest
    if hit is None or not _AGE_TAIL.match(told) or frame_bare.people != frame_age.people:
        return False
    who = token_set(WHEN_OR_CUE.sub(" ", hit.group("who"))) - _USER_TOKENS
    return who <= token_set(" ".join(age.before) + " " + " ".join(n[5:] for n in frame_age.people))


_USER_TOKENS = frozenset(tokens("the user 用户"))


def _verbs_before(attribute: Attribute) -> frozenset[str]:
    """The Latin words before an attribute that are not whose it is: the verb it is said with."""
    return frozenset(word for word in attribute.before - attribute.subject
                     if not word.startswith("name:") and not is_cjk(word[0]) and not is_person(word))


def _another_clause(rest: str) -> bool:
    return rest.lstrip().startswith(("，", ",", ";", "；"))


def _says_more(rest: str) -> bool:
    """More after the attribute than a value: a long CJK phrase, or more than three Latin words."""
    return len(match_key(rest)) > _REST_MAX_CHARS and not (rest.isascii() and len(rest.split()) <= _VALUE_WORDS)


_VALUE_WORDS = 3


def _away(before: frozenset[str]) -> bool:
    """The words before an attribute say it holds on a trip ("出差时住在…", "on trips stays …")."""
    return ({"出", "差"} <= before or {"度", "假"} <= before or "旅" in before
            or any(word.startswith(_AWAY_WORDS) for word in before))


_AWAY_WORDS = ("trip", "travel", "holiday", "vacation", "vacat", "visit")
_AS_TIME = re.compile(r"\s*(?:的时候|时候|时|那年|期间|when\b)")
_LEADING_PREPOSITION = re.compile(r"(?:by|from|to|in|at|on|with|for|via)\b")


def _preposition(rest: str) -> str:
    found = _LEADING_PREPOSITION.match(rest)
    return found.group() if found else ""


def _modifier_added(a: frozenset[str], b: frozenset[str]) -> bool:
    small, large = sorted((a, b), key=len)
    return bool(small) and small < large and all(is_cjk(t[0]) and len(t) == 1 for t in large)


# Things one may have two of at once: a new one replaces the old only when a change is stated.
_OWNED_MANY = frozenset({"vehicle", "phone", "computer", "editor"})
# Attributes whose value is a way, a thing or a state, never a number: a number on one side only says
# another attribute of it ("通勤要 1 小时" / "坐地铁通勤").
_NAMED_VALUE_CONCEPTS = frozenset("commute diet relationship vehicle phone computer editor".split())
# What follows the value and says when or why, not what: cut before values are compared.
_VALUE_TAIL = re.compile(r"(?:[,，;；]?\s*(?:\b(?:after|because|since|when|as)\b|因为|由于|之后|以后)).*$|[。.!！]+$"
                         r"|\s+(?:in|on|at|since|from|last|this|next)\s+(?:the\s+)?(?:spring|summer|autumn|fall|winter|"
                         r"january|february|march|april|may|june|july|august|september|october|november|december|"
                         r"weekend|week|month|year|\d{4})\b.*$")
_OWNED_REST = re.compile(r"\s*(?:的|['’]s\s)[^是为,，。]{1,8}?(?:是|为|姓|叫|\s(?:is|are|was|named|called)\b)")


def _value_part(rest: str) -> str:
    """What an attribute's text says of its value: up to a clause that says when, why or what else."""
    return _VALUE_TAIL.sub("", TIME_WORDS_ANYWHERE.sub(" ", rest)).strip()


TIME_WORDS_ANYWHERE = compile_fast(TIME_PATTERN)
# Attributes whose word may stand before a noun it describes ("green tea", "红色的外套").
_MODIFIER_CONCEPTS = frozenset({"color"})
_OWNED_AFTER = re.compile(r"\s*[^\s的,，。]{1,8}的[\u4e00-\u9fff]")
_VALUE_PARTICLES = re.compile(r"^(?:在|了|是|为|到|去|于|(?:to|in|at|on|is|the|a|an)\b)+")


def _value_key(rest: str) -> str:
    return _VALUE_PARTICLES.sub("", match_key(rest))
