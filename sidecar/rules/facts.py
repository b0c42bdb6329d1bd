"""A memory's fact frame: whose fact, which attribute, negated or not, a stated change, who did what to whom."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, Optional

from sidecar.rules.lexicon import (
    AMOUNT_CUES,
    ATTRIBUTES,
    EXACT_KIN,
    MANY_PEOPLE,
    NAME_STOPWORDS,
    NEGATION_PATTERN,
    NOT_PETS,
    NOUN_CUES,
    PAST_PATTERN,
    PEOPLE,
    ROLE_VERBS,
    STATED_CHANGE_PATTERN,
    SUBJECT_NOUNS,
    SURNAMES,
    TIME_PATTERN,
    USER_WORDS,
    VALUE_START_PATTERN,
    names_a_job,
    sibling,
)
from sidecar.rules.memo import memo
from sidecar.rules.patterns import alternatives, compile_fast
from sidecar.rules.tokens import is_cjk, normalise, token_set, tokens
from sidecar.rules.wording import canonical


class Attribute(NamedTuple):
    concept: str
    subject: frozenset[str]
    rest: str
    before: frozenset[str]  # every word before the attribute, for `same_subject`
    measured: bool = False  # found by a number and its unit ("70 kg", "七岁"), not by a word naming it
    cue: str = ""  # the words that named it ("住在", "房贷", "lives in")


class Frame(NamedTuple):
    """What a memory says, in parts.

    `people`: who the fact is about besides the user (people concepts, "name:…" for named people);
    `strong_name`: a named person written as one ("Tom's", "张伟"), not just a capitalised first word;
    `mentions`: the people in text order, a possessor folded into what it owns ("the user's brother");
    `attributes`: the most specific attribute found (none or one), with the words before it that say whose
    it is and what follows it (the value, and whatever else the text says);
    `plain`: the text without negation and time words, for comparing a statement with its negation;
    `head`: the words naming what a copula or a stated change is about ("用户的**头像**是…", "switched the
    **terminal font** to…"), None when the text has neither;
    `subject_nouns`: the things a fact can be about besides people (project, repo, team …).
    """

    people: frozenset[str]
    strong_name: bool
    mentions: tuple[str, ...]
    attributes: tuple[Attribute, ...]
    negated: bool
    changed: bool
    past: bool
    plain: str
    head: Optional[frozenset[str]]
    subject_nouns: frozenset[str]
    new_value: bool  # a stated change says what the attribute holds now (words after the cue)
    user_after: bool  # the user is named again after the first person ("… is teaching her chess")
    head_order: str = ""  # the head's CJK characters in text order ("手机壳")
    head_span: str = ""  # before the end of a head someone has ("the user's guitar amp"), else empty
    named_as: frozenset[str] = frozenset()  # "cousin=mateo": a person's name written after who they are
    kin: frozenset[str] = frozenset()  # the exact Chinese word of a relative English names less exactly ("表弟")
    maybe_named: frozenset[str] = frozenset()  # "sister-in-law=高敏|住": CJK after who someone is, and what follows


def _people_surfaces() -> dict[str, str]:
    surfaces: dict[str, str] = {}
    for concept, words in PEOPLE.items():
        for word in words.split():
            surfaces[word] = concept
    for word in USER_WORDS.split():
        surfaces[word] = "user"
    return surfaces


_PEOPLE_SURFACES = _people_surfaces()
_PERSON_CONCEPTS = frozenset(_PEOPLE_SURFACES.values())
# CJK people words by regex; English words are looked up one by one (with their inflections).
_PEOPLE = compile_fast("|".join(sorted((re.escape(w) for w in _PEOPLE_SURFACES if not w.isascii()),
                                     key=len, reverse=True)) + r"|[a-z]+(?:-[a-z]+)*(?:['’]s)?")
_ENDINGS = ("'s", "’s", "es", "s", "ed", "d", "ing")


def _person_or_none(surface: str) -> Optional[str]:
    found = _PEOPLE_SURFACES.get(surface)
    if found is not None or surface.isascii() is False:
        return found
    for ending in _ENDINGS:
        if surface.endswith(ending):
            bare = surface[: -len(ending)]
            found = _PEOPLE_SURFACES.get(bare) or (_PEOPLE_SURFACES.get(bare + "e") if ending == "ing" else None)
            if found is not None:
                return found
    return None


def is_person(word: str) -> bool:
    """`word` names a person or a pet ("manager", "sisters", "猫")."""
    return _person_or_none(word) is not None


def ends_in_owner(text: str) -> bool:
    """`text` ends with whose facts are told: a people word or a thing facts are about ("用户哥哥", "the
    user's sister", "项目")."""
    text = text.rstrip()
    hits = _people_hits(text)
    if hits and hits[-1][1] == len(text):
        return True
    return any(hit.end() == len(text) for hit in _SUBJECT_NOUN.finditer(text))


def _people_hits(text: str) -> list[tuple[int, int, str]]:
    """(start, end, person) of every people word in `text`; "user" for the user."""
    found = []
    for hit in _PEOPLE.finditer(text):
        person = _person_or_none(hit.group())
        if person is not None and not (person.startswith("pet-") and text[hit.start() - 1:hit.start()] in NOT_PETS):
            start, person = sibling(text, hit.start(), person)
            found.append((start, hit.end(), person))
    return found



def _without_people(text: str) -> str:
    return _without_hits(text, _people_hits(text))


def _without_hits(text: str, hits: list[tuple[int, int, str]]) -> str:
    out, last = [], 0
    for start, end, _ in hits:
        out.append(text[last:start])
        out.append(" ")
        last = end
    out.append(text[last:])
    return "".join(out)


def _attribute_scanner(keep: Callable[[str], bool]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    found = []
    for concept, pattern, _ in ATTRIBUTES:
        kept = [alternative for alternative in alternatives(pattern) if keep(alternative)]
        if kept:
            found.append((concept, compile_fast("|".join(kept))))
    return tuple(found)


def _has_cjk(text: str) -> bool:
    return any("\u3400" <= char <= "\u9fff" for char in text)


# One pattern per attribute and script, each searched for its first place (one scan of every alternative
# together is slower in `re`); a text without CJK (or without Latin letters) skips the other script's.
_CJK_ATTRIBUTE = _attribute_scanner(_has_cjk)
_LATIN_ATTRIBUTE = _attribute_scanner(lambda alternative: not _has_cjk(alternative)
                                      or re.search("[a-z]{2}", re.sub(r"\\.", "", alternative)) is not None)
_SPECIFICITY = {concept: rank for rank, (concept, _, _) in enumerate(ATTRIBUTES)}
_LATIN_LETTER = re.compile("[a-z]")
_MANY_ATTRIBUTES = frozenset(concept for concept, _, many in ATTRIBUTES if many)
_NEGATION = compile_fast(NEGATION_PATTERN)
_PAST = compile_fast(PAST_PATTERN)
_CHANGE = compile_fast(STATED_CHANGE_PATTERN)
_TIME = compile_fast(TIME_PATTERN)
_FIRST_WORD = re.compile(r"([A-Z][a-z]+)('s|’s)?\b")
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
_ROLE_NAME = compile_fast(r"\b(?:" + "|".join(ROLE_VERBS.split()) + r")\s+([A-Z][a-z]+)\b")
# "… rabbit is now called ": what is named is the word before the copula; of these it is a pet or a thing.
_PASSIVE_NAMING = re.compile(r"([A-Za-z]+)\s+(?:is|are|was|were)\s+(?:now\s+|also\s+|still\s+)?called\s+$")
_NAMED_THINGS = frozenset(
    "pet cat cats dog dogs kitten puppy rabbit bunny hamster guinea pig parrot budgie tortoise turtle fish goldfish"
    " horse pony ferret chinchilla gecko lizard snake bird chicken hen goat cow whippet terrier spaniel labrador"
    " retriever poodle corgi collie greyhound beagle dachshund husky car bike boat van band podcast blog channel"
    " shop cafe café restaurant bakery business company startup project app plant garden house cottage".split())
_POSSESSIVE_NAME = re.compile(r"\b([A-Z][a-z]+)(?:'s|’s)\s")
# A Chinese given name ends before one of these (a verb, a particle, a number).
_NAME_END = set("的是在喜爱养给送把向和跟与也都很去住买今明昨上下每被对说让叫有要会能想就还又不没已正刚从做当一二两三"
                "四五六七八九十特最收借欠写介照搬跳换改升开打学读写弹听看玩吃喝穿戴用坐骑参报加回离来到拿找请退入负担觉认"
                "知希计准经常总平周抽吸戒练考拿成邀租比骑种画唱跑游爬踢睡起卖修装生得患长胖瘦，,。 ")
# Words that start like a nickname ("小王", "阿杰", "老李") but are not names.
_NOT_NICKNAMES = frozenset("小时 小孩 小学 小区 小说 小狗 小猫 小组 小程 小米 小姐 小伙 小朋 小型 小吃"
                           " 小提 小红 小号 小票 小众 老师 老板 老家 老婆 老公 老爸 老妈 老人 老年"
                           " 老鼠 老式 老版 阿姨 阿里".split())
_NAME_AFTER = re.compile("[给向把和跟与是送对帮替欠教带请陪了被]([小阿老" + SURNAMES + "])")
_CJK_NAME_START = re.compile("(?:[小阿老](?:[\u4e00-\u9fff]|[a-z]+)|[" + SURNAMES + "][\u4e00-\u9fff]{1,2})")


# After a change verb these say when something else happened ("搬家后…", "换工作之前…").
_TIME_CLAUSE_AFTER = re.compile(r"\s*了?(?:以后|之后|后|以前|之前|前|的时候|时)")


def _states_change(folded: str) -> bool:
    return any(_TIME_CLAUSE_AFTER.match(folded, hit.end()) is None for hit in _CHANGE.finditer(folded))


def chinese_name(text: str, start: int = 0) -> Optional[str]:
    """A Chinese personal name at `start` ("刘洋喜欢…", "小王送了…", "韩梅梅养了…"), or None."""
    hit = _CJK_NAME_START.match(text, start)
    if hit is None:
        return None
    name = hit.group()
    if name[0] in "小阿老":
        return None if name in _NOT_NICKNAMES else name
    while len(name) > 2 and name[-1] in _NAME_END:
        name = name[:-1]
    if name[-1] in _NAME_END:
        return None
    after = text[start + len(name):start + len(name) + 1]
    return name if after and (after in _NAME_END or not after.strip()) else None


MAX_FRAME_CHARS = 600
"""A merge writes 200 characters at most; a hand-edited memory of megabytes is read, and compared for
restatement, as if cut here, since some patterns scan a run of digits once per digit (a 10 000-digit memory took
12 s a comparison)."""


# Sized for a full store (1000 memories ≈ 1.6 MB counted) and the churn of new texts beside it.
@memo(max_bytes=6 << 20)
def frame(text: str) -> Frame:
    """The frame of one memory text (numbers in words already read as digits), read from its first
    `MAX_FRAME_CHARS` characters."""
    raw = canonical(text[:MAX_FRAME_CHARS]).strip()
    folded = normalise(raw)
    mentions: list[tuple[int, str]] = []
    strong = False
    first = _FIRST_WORD.match(raw)
    if first is not None and first.group(1).casefold() not in NAME_STOPWORDS:
        mentions.append((0, "name:" + first.group(1).casefold()))
        strong = bool(first.group(2))
    elif (zh := chinese_name(folded)) is not None:
        mentions.append((0, "name:" + zh))
        strong = True
    for hit in _POSSESSIVE_NAME.finditer(raw):
        if hit.start() > 0:
            mentions.append((hit.start(), "name:" + hit.group(1).casefold()))
            strong = True
    role_named = []
    for hit in _ROLE_NAME.finditer(raw):
        naming = _PASSIVE_NAMING.search(raw, max(0, hit.start(1) - 40), hit.start(1))
        if naming is not None and naming.group(1).casefold() in _NAMED_THINGS:
            continue  # "the user's rabbit is called Clover": the name of a pet or a thing, no person
        role_named.append((hit.start(1), "name:" + hit.group(1).casefold()))
    for hit in _NAME_AFTER.finditer(folded):
        if (zh := chinese_name(folded, hit.start(1))) is not None:
            mentions.append((hit.start(1), "name:" + zh))
    people = [hit for hit in _people_hits(folded) if not _as_job(folded, hit)]
    named_as = _named_as(raw, folded, people)
    modifiers: set[str] = set()
    for index, (start, end, person) in enumerate(people):
        if person == "user" and _owns_next(folded, end, people[index + 1:]):
            continue  # "the user's brother": the brother is who acts, the user only his possessor
        mentions.append((start, person))
        between = folded[people[index - 1][1]:start] if index else ""
        owned = between.lstrip().startswith(("的", "'s", "’s")) or (
            index > 0 and folded[people[index - 1][0]:people[index - 1][1]].endswith(("'s", "’s")))
        if person != "user" and len(between) <= _MODIFIER_CHARS and owned:
            # "the user's *best* friend", "用户的*大学*室友": another person than "the user's friend"
            modifiers |= {person + ":" + token for token in token_set(_POSSESSIVE.sub(" ", between))}
            if people[index - 1][2] != "user":
                modifiers.add(person + ":of:" + people[index - 1][2])  # "the boss's boss", "朋友的朋友"
    attribute_spans = _attribute_spans(folded)
    age = attribute_spans.get("age")
    if age is not None and folded[age[0]:age[1]].isdigit() and (not any(
            person != "user" and start < age[0] for start, _, person in people) or any(
            name.startswith("name:") for _, name in mentions) or any(
            hit.start() > 0 for hit in _CAPITALISED.finditer(raw))):
        # "the minimum version is 18": a bare number is an age only of a relative or pet ("the user's
        # grandmother is 92"); beside a name it may be anything ("Emma, is 7" / "a 7-year-old named Emma").
        del attribute_spans["age"]
    # After where one lives or works, a name is the place ("moved to Bergen"), not a person, and a company
    # is where one works ("跳槽去了一家保险公司"), not what the fact is about.
    value_from = min((start for concept, (start, _) in attribute_spans.items() if concept in _PLACE_VALUED),
                     default=len(raw) + 1)
    mentions.extend((start, name) for start, name in role_named if start < value_from)
    # Any other capitalised word may be a person too ("the user beat Ken"): it counts for role order only.
    seen = {m for _, m in mentions}
    order_only = [(hit.start(), "name:" + hit.group().casefold()) for hit in _CAPITALISED.finditer(raw)
                  if hit.start() > 0 and "name:" + hit.group().casefold() not in seen
                  and hit.group().casefold() not in NAME_STOPWORDS]
    people_set = frozenset(m for _, m in mentions if m != "user")
    mentions.sort()
    ordered = tuple(m for _, m in mentions)
    in_order = _active_order(raw, folded, sorted(mentions + order_only))
    spans = attribute_spans
    attributes = []
    for concept, (start, end) in sorted(spans.items(), key=lambda kv: _SPECIFICITY[kv[0]]):
        if _TIME_CLAUSE_AFTER.match(folded, end) and _CHANGE.fullmatch(folded, start, end):
            continue  # "搬家后最喜欢…": a change that says when, not what changed
        if not states_value(folded[start:end], folded[end:]):
            continue  # "mortgage broker", "房贷利率": the noun names a thing, not this attribute's value
        if concept in _MODIFIER_ATTRIBUTES and any(other != concept and 0 <= start - other_end <= _MODIFIER_GAP
                                                   for other, (_, other_end) in spans.items()):
            continue  # "drives a silver Kia": the colour is said of the value of another attribute
        owner, before = _subjects(folded[:start], ordered)
        clause = _CLAUSE_END.split(folded[:start])
        if len(clause) > 1 and all(_CHANGE.search(earlier) for earlier in clause[:-1]):
            # "用户涨薪了，现在月薪…": an earlier clause stating a change says what happened, not whose it is
            before = _subjects(clause[-1], ordered)[1] | owner
        attributes.append(Attribute(concept, owner, folded[end:], before, folded[start:start + 1].isdigit(),
                                    folded[start:end]))
        break
    plain = _TIME.sub(" ", _NEGATION.sub(" ", _STILL.sub(" ", folded)))
    if _HAS_DATE_OR_HABIT.search(plain):
        plain = _HABIT_OF.sub(r"\1", _DATES.sub(" ", plain))
    head, head_order, head_span = _head(folded, ordered)
    return Frame(people=people_set | frozenset(modifiers), strong_name=strong, mentions=in_order,
                 attributes=tuple(attributes), negated=_NEGATION.search(folded) is not None,
                 changed=_states_change(folded), past=_PAST.search(folded) is not None, plain=plain,
                 head=head, subject_nouns=frozenset(_SUBJECT_NOUN.findall(folded[:value_from])),
                 new_value=_new_value(folded), user_after=_user_after(folded, people), head_order=head_order,
                 head_span=head_span, named_as=named_as,
                 kin=frozenset(folded[start:end] for start, end, _ in people if folded[start:end] in _EXACT_KIN),
                 maybe_named=_maybe_named(folded, people, named_as))


_EXACT_KIN = frozenset(EXACT_KIN.split())


def _as_job(folded: str, hit: tuple[int, int, str]) -> bool:
    start, end, person = hit
    return person != "user" and not person.startswith("pet-") and names_a_job(folded, start, end)


def _named_as(raw: str, folded: str, people: list[tuple[int, int, str]]) -> frozenset[str]:
    """Each person's name written right after who they are ("the user's cousin Mateo", "用户的同事李明")."""
    found = set()
    for _, end, person in people:
        if person == "user" or person.startswith("pet-"):
            continue
        after = _NAMED_AFTER.match(raw, end)
        words = [w for w in after.group().split() if w.rstrip(".") not in _TITLES] if after else []
        name = words[0] if words else chinese_name(folded, end)
        if name:
            found.add(person + "=" + name.casefold())
    return frozenset(found)


_TITLES = frozenset("Dr Mr Mrs Ms Prof".split())


def _maybe_named(folded: str, people: list[tuple[int, int, str]], named_as: frozenset[str]) -> frozenset[str]:
    """Of the people with no name found after who they are, the two or three CJK characters standing there when a
    verb or particle follows them ("用户的小姑子高敏住在…": 高敏, of no common surname), and that character."""
    known = {written.partition("=")[0] for written in named_as}
    found = set()
    for _, end, person in people:
        if person == "user" or person.startswith("pet-") or person in known:
            continue
        hit = _MAYBE_NAME.match(folded, end)
        if hit is not None and not set(hit.group(1)) & _NAME_END:
            found.add(f"{person}={hit.group(1)}|{hit.group(2)}")
    return frozenset(found)


_MAYBE_NAME = re.compile("([\u4e00-\u9fff]{2,3}?)([" + "".join(sorted(_NAME_END - set("，,。 "))) + "])")


def states_value(cue: str, rest: str) -> bool:
    """A noun attribute ("房贷", "salary") is followed by its value; a verb ("住在", "drives a") is its value's
    start. A date ("每月 5 号") is no amount."""
    cue = cue.strip()
    if cue not in NOUN_CUES:
        return True
    rest = rest.strip()
    return _VALUE_START.match(rest) is not None and (cue not in AMOUNT_CUES or _DATE_NUMBER.search(rest) is None)


def unstated_noun(found: Frame, other_text: str, other: Frame) -> bool:
    """`found` states an attribute by its noun and the other text writes that noun without its value, as part
    of a longer noun ("birthday" / "birthday party", "工资" / "工资卡"): the other is about another thing."""
    if not found.attributes:
        return False
    cue = found.attributes[0].cue.strip()
    if (cue not in NOUN_CUES or not found.attributes[0].rest.strip()
            or any(mine.concept == found.attributes[0].concept for mine in other.attributes)):
        return False
    folded = normalise(canonical(other_text))
    at = folded.find(cue)
    return at >= 0 and _NOUN_THEN_COPULA.match(folded, at + len(cue)) is not None


# A noun after an attribute noun and then a copula: the two nouns are one longer noun, the subject.
_NOUN_THEN_COPULA = re.compile(r"\s+[a-z]+\s+(?:is|are|was|were)\b|[\u4e00-\u9fff]{1,3}?(?:是|为)")


_VALUE_START = re.compile(VALUE_START_PATTERN)
_DATE_NUMBER = re.compile(r"\d\s*(?:号|日)|\bon the \d")


# When a state began or ended, and "still": not what the statement says ("stopped drinking in January",
# "今年 5 月结婚了", "还不会骑车") when it is compared with its negation.
_DATES = re.compile(r"\b(?:in|since|from|by) (?:january|february|march|april|may|june|july|august|september|"
                    r"october|november|december|spring|summer|autumn|fall|winter|"
                    r"the (?:spring|summer|autumn|fall|winter)|\d{4})\b|"
                    r"\d{1,2}\s*月(?:份)?(?:\s*\d{1,2}\s*[日号])?|\d{4}\s*年")
# "有午睡的习惯" states "午睡" as a habit: its negation is "不再午睡了".
_HABIT_OF = re.compile("有([\u4e00-\u9fff]{1,6}?)的习惯")
_HAS_DATE_OR_HABIT = re.compile(r"\d|习惯|\b(?:in|since|from|by) [a-z]")
_STILL = re.compile(r"还(?=不|没|在|是|会|能)|仍然|仍|依然|依旧|\bstill\b|\bany ?more\b")


# 由 naming who acts ("由用户代为主持"), not in 自由, 理由, 缘由, 经由, 由于, 由此, 由来.
BY_AGENT_CJK = r"(?<![自理缘经])由(?![于此来])"
# "Ravi is mentored by Anna", "用户被老板表扬了": who acts is the one after "by" / "被".
_PASSIVE = compile_fast(r"\b(?:is|was|were|are|got|been|being)\s+(?:(?:\w+ly|still|now|also|already)\s+)?"
                        r"\w+(?:ed|en)\s+"
                        r"(?:(?:in|on|at|for|with)\s+\w+\s+|(?:[\w£$€.,-]+\s+){1,4}?)?by\s+|被|" + BY_AGENT_CJK)


# From one person word to the next, nothing but the first one's possessive: the second is the first's.
_OWNED_BY_LAST = re.compile(r"^\S{1,12}?(?:的|家的|家|['’]s\s)$")


def is_passive(text: str) -> bool:
    """"… was hired by Chris", "被老板表扬了": the one who acts comes after the verb."""
    return _PASSIVE.search(normalise(text)) is not None


def _active_order(raw: str, folded: str, ordered: list[tuple[int, str]]) -> tuple[str, ...]:
    """The people in the order of the active sentence: the agent of a passive first."""
    passive = _PASSIVE.search(folded)
    if passive is not None:
        after = [item for item in ordered if item[0] >= passive.end()]
        agents = after[:1]
        for item in after[1:]:
            if not _OWNED_BY_LAST.match(folded[agents[-1][0]:item[0]]):
                break
            agents.append(item)  # "被邻居家的狗咬了": the neighbour's dog acts, owner and all
        ordered = agents + [item for item in ordered if item not in agents]
    return tuple(m for _, m in ordered)


_PLACE_VALUED = frozenset("residence employer school".split())
# Attributes a word may state as a modifier of another attribute's value, and how far after that one's cue.
_MODIFIER_ATTRIBUTES = frozenset({"color"})
_MODIFIER_GAP = 4


def _attribute_spans(folded: str) -> dict[str, tuple[int, int]]:
    """The first place each attribute is named in `folded`."""
    spans: dict[str, tuple[int, int]] = {}
    scanners = ([_CJK_ATTRIBUTE] if _has_cjk(folded) else []) + (
        [_LATIN_ATTRIBUTE] if _LATIN_LETTER.search(folded) else [])
    for scanner in scanners:
        for concept, pattern in scanner:
            found = pattern.search(folded)
            if found is not None and (concept not in spans or found.start() < spans[concept][0]):
                spans[concept] = found.span()
    return spans


_OBJECT_PRONOUN = re.compile(r"\b(?:her|him|them|me)\b|(?<=[给把帮向教请陪])我")


def _user_after(folded: str, people: list[tuple[int, int, str]]) -> bool:
    others = [end for _, end, person in people if person != "user"]
    if not others:
        return False
    first_end = others[0]
    return (any(start >= first_end and person == "user" for start, _, person in people)
            or _OBJECT_PRONOUN.search(folded, first_end) is not None)


def _new_value(folded: str) -> bool:
    ends = [hit.end() for hit in _CHANGE.finditer(folded)]
    return not ends or bool(token_set(folded[ends[-1]:]))


def _head(folded: str, mentions: tuple[str, ...]) -> tuple[Optional[frozenset[str]], str, str]:
    """The head's words, its CJK characters in text order, and, when the head is a thing someone has, the text
    before its end."""
    switched = _SWITCHED_OBJECT.search(folded)
    if switched is not None and switched.group(1).startswith("from "):
        return None, "", ""  # "moved from Sublime Text to Helix": what follows "from" is the old value, not the head
    if switched is None:
        switched = _CHANGED_OBJECT.search(folded)  # "changed the wifi password": the object is what changed
    if switched is not None:
        span = switched.group(1)
    else:
        hit = _HEAD_END.search(folded)
        if hit is None:
            return None, "", ""
        span = _VERB_BEFORE_DE.sub("", folded[:hit.start()])  # "电脑装的是": the computer, not "装"
    named = _subject(span, mentions, whole=True)
    # Whose it is is no part of what changed: "the user's wife switched to …" changes nothing named "wife".
    head = frozenset(t for t in named if not t.startswith("name:") and not _SUBJECT_NOUN.fullmatch(t)
                     and t not in _PERSON_CONCEPTS) - _SUBJECT_TOKENS
    owned = _POSSESSED.search(switched.group() if switched is not None else span)
    return head, "".join(c for c in span if c in head), span if owned else ""


_POSSESSED = re.compile(r"['’]s\s|\b(?:his|her|their|its|my|our)\s|的")
# "X 装的是 / 用的是 / 开的是 …": a one-character verb before "的" says how X holds its value, not what X is.
_VERB_BEFORE_DE = re.compile("(?<=[\u4e00-\u9fff]{2})[装用开穿戴住养吃喝听看玩读学选买骑带考报跑写种]的$")
_HEAD_END = compile_fast(r"(?:是|为|换成|换了|改用|改成|改为|换用|升级到|升级为|更新到|更新为|切换到|迁移到|现在用|"
                       r"改到|调到|调成|"
                       r"调整为|调整到|转到|设成|设为|设置为|定在|改名为|改名叫)|"
                       r"\b(?:is|are|was|were|switched|changed|upgraded|moved)\b")
_SWITCHED_OBJECT = compile_fast(r"\b(?:switched|changed|upgraded|moved|set|migrated|replaced)\s+"
                              r"(?:(?:all\s+)?(?:the|his|her|their|its|my)\s+)?"
                              r"([a-z][a-z '’]{0,30}?)\s+(?:to|from|with)\b")
# A change verb whose object ends the clause names what changed, not a new value ("replaced the back tyre").
_CHANGED_OBJECT = compile_fast(r"\b(?:changed|replaced|upgraded|updated|renewed|reset|swapped|repaired)\s+"
                               r"(?:(?:all\s+)?(?:the|his|her|their|its|my|our)\s+)"
                               r"([a-z][a-z -]{0,30}?)\s*"
                               r"(?:[,.;!]|$|\s+(?:last|this|yesterday|today|recently|again)\b)")
_SUBJECT_NOUN = compile_fast(SUBJECT_NOUNS)
_SUBJECT_TOKENS = frozenset(piece for w in SUBJECT_NOUNS.replace("\\b", "").replace("s?", "").split("|")
                            for t in token_set(w) for piece in (t if is_cjk(t[0]) else [t]))


# What a head may add without naming another thing ("测试" / "测试框架", "Node" / "Node 版本").
GENERIC_HEADS = frozenset("框 架 工 具 软 件 系 统 平 台 版 本 应 用 framework tool software system platform"
                          " version app".split())


# Nouns that name a property of a thing, not another thing ("the parrot's name", "the bike's brand").
PROPERTY_NOUNS = frozenset(token for word in ("name colour color brand make model size type kind theme format style"
                                              " version price cost shape material breed number address title")
                           .split() for token in tokens(word))

# The same in Chinese, and nouns that say what kind of thing the head is ("笔记本" / "笔记本电脑").
_CJK_PROPERTY_NOUNS = ("名字 名称 颜色 品牌 牌子 型号 尺寸 尺码 大小 价格 款式 主题 格式 风格 版本 材质 品种 号码 地址"
                       " 电脑 设备 机器 产品").split()


def _owns_next(folded: str, end: int, later: list[tuple[int, int, str]]) -> bool:
    if not later or later[0][2] == "user":
        return False
    between = folded[end:later[0][0]]
    return between in ("", " ", "的", "'s ", "’s ")


def _subject(span: str, mentions: tuple[str, ...], whole: bool = False) -> frozenset[str]:
    """Whose attribute it is: the people and things named before the attribute and, of the other words
    there, the thing owned ("用户家鹦鹉的名字" → 鹦鹉), or every word when `whole`."""
    owned, every = _subjects(span, mentions, owned_too=not whole)
    return every if whole else owned


def _subjects(span: str, mentions: tuple[str, ...],
              owned_too: bool = True) -> tuple[frozenset[str], frozenset[str]]:
    """`_subject` of `span` (when `owned_too`, else empty) and `_subject(…, whole=True)`, from one reading of
    its people."""
    span = _TIME.sub(" ", _CHANGE.sub(" ", _NEGATION.sub(" ", span)))
    every_hit = _people_hits(span)
    hits = [hit for hit in every_hit if hit[2] != "user"]
    people = {person for _, _, person in hits}
    names = {m for m in mentions if m.startswith("name:")}
    every = _subject_words(span, people, names, _without_hits(span, every_hit))
    if not owned_too:
        return frozenset(), every
    owns = bool(hits) and (span[hits[-1][0]:hits[-1][1]].endswith(("'s", "’s"))
                           or _POSSESSIVE.search(span, hits[-1][1]) is not None)
    # Past a person or a pet, the words before the attribute say what they do ("猫胖到六公斤"), not whose
    # it is; "the dog's puppy" would say whose.
    owned_span = span[:hits[-1][1]] if hits and not owns else span
    return _subject_words(owned_span, people, names, _without_people(_possessed(owned_span))), every


def _subject_words(span: str, people: set[str], names: set[str], rest: str) -> frozenset[str]:
    found = set(people)
    found |= {n for n in names if n[5:] in span}
    found |= set(_SUBJECT_NOUN.findall(span))
    rest = _SUBJECT_NOUN.sub(" ", rest)
    for name in names:
        rest = rest.replace(name[5:], " ")
    for token in token_set(rest):
        if token[0].isdigit():
            continue
        if is_cjk(token[0]):
            found.update(c for c in token if c not in _HOUSEHOLD)
        else:
            found.add(token)
    return frozenset(found)


# Words between a possessor and a person ("the user's best friend") say which one.
_MODIFIER_CHARS = 16
# "用户家的猫" is the user's cat: the household marker names nobody new.
_HOUSEHOLD = frozenset("家")
_POSSESSIVE = re.compile(r"的|家|'s\b|’s\b")


def _possessed(span: str) -> str:
    """The thing owned in "X 的 Y" / "X's Y" before an attribute ("用户家鹦鹉的名字" → 鹦鹉); verbs and adverbs
    before an attribute say nothing about whose it is."""
    parts = [p for p in _POSSESSIVE.split(span)]
    if len(parts) < 2:
        return ""
    owned = [p for p in parts[1:] if p.strip()]
    return owned[-1] if owned else ""


def same_subject(a: Attribute, b: Attribute) -> bool:
    """One subject: the same people and things, or the thing one owns is named before the other's
    attribute too ("用户的头发是黑色的" / "用户把头发染成了棕色"). On a floor, one's home is oneself ("the user's
    flat is on the 3rd floor" / "the user lives on the 3rd floor")."""
    if a.concept == b.concept == "floor":
        a = a._replace(subject=a.subject - _DWELLING, before=a.before - _DWELLING)
        b = b._replace(subject=b.subject - _DWELLING, before=b.before - _DWELLING)
    if a.subject == b.subject:
        # No one named before either attribute: the words there say whose it is ("大董烤鸭在商场三楼" /
        # "蔡澜港式点心在商场三楼"): two that each name something the other does not are about two things.
        before_a, before_b = _content(a.before), _content(b.before)
        return bool(a.subject) or len(before_a - before_b) < 2 or len(before_b - before_a) < 2
    people_a = {t for t in a.subject if not _is_plain_word(t)}
    people_b = {t for t in b.subject if not _is_plain_word(t)}
    return people_a == people_b and a.subject <= b.before and b.subject <= a.before


# Where one lives, by the words for a home and for living there (a general class, both languages).
_DWELLING = frozenset(t for word in "home house flat apartment place live lives living".split()
                      for t in token_set(word)) | frozenset("家住房子屋寓公")


def filed_subject(attribute: Attribute) -> frozenset[str]:
    """Whose attribute it is, as `same_subject` compares it: one's home is oneself on a floor."""
    return attribute.subject - _DWELLING if attribute.concept == "floor" else attribute.subject


def _content(words: frozenset[str]) -> frozenset[str]:
    if "每" in words or "every" in words:
        words = words - _EVERY  # "每月工资…": how often, not whose
    return frozenset(w for w in words if not w[0].isdigit() and w not in _FUNCTION_CHARS)


_EVERY = frozenset("每 天 周 月 年 晚 every day week month year".split())
_CLAUSE_END = re.compile(r"[，,;；。]")


# Words before an attribute that say nothing about whose it is.
_FUNCTION_CHARS = frozenset("了 也 都 还 就 又 很 最 一 个 只 已 经 正 在 现 目 前 将 把 的 is are was were has have"
                            " had also still".split())


def _is_plain_word(token: str) -> bool:
    return "-" not in token and ":" not in token and not _SUBJECT_NOUN.fullmatch(token) and (
        is_cjk(token[0]) or token.isascii())


# Words that state a measured attribute ("weighs", "胖到") and so say nothing else before its number.
_MEASURE_VERBS = {
    "age": frozenset("turn 满 长 到 快 将 已 经 就 才 刚 有".split()),
    "weight": frozenset("weigh 体 重 胖 瘦 减 增 长 到 有 gain lost lose put 了 已 经".split()),
    "floor": frozenset("住 在 到 搬 live 了 已 经".split()),
}


def measure_verbs(found: Attribute) -> frozenset[str]:
    """What a measured attribute's text does before its number besides stating it ("lifts 70 kg", "跑了 5
    公里"): two such texts with other verbs are two facts ("weighs 70 kg" / "lifts 70 kg")."""
    if not found.measured:
        return frozenset()
    return _content(found.before) - found.subject - _MEASURE_VERBS.get(found.concept, frozenset())


def many_valued(attribute: str) -> bool:
    return attribute in _MANY_ATTRIBUTES


def people_conflict(a: Frame, b: Frame) -> bool:
    """Other people, or the same people in swapped roles ("A 把 B 借给 C" / "C 把 B 借给 A")."""
    # A name one text writes as a person and the other only mentions ("Chris hired Dana" / "Dana was hired
    # by Chris") is in both.
    only = (a.people ^ b.people) - (set(a.mentions) & set(b.mentions))
    if only:
        if any(not m.startswith("name:") for m in only) or a.strong_name or b.strong_name:
            return True
        # A capitalised first word may be a tool, not a person: two of them that differ still conflict.
        if {m for m in a.people if m.startswith("name:")} and {m for m in b.people if m.startswith("name:")}:
            return True
    if a.people and a.people == b.people and a.mentions[:1] != b.mentions[:1] and (
            (a.mentions[:1] != ("user",) and a.user_after) or (b.mentions[:1] != ("user",) and b.user_after)):
        return True  # who acts differs: "the user is teaching her son" / "the user's son is teaching her"
    if a.named_as and b.named_as and a.named_as != b.named_as:
        named_a, named_b = dict(n.split("=", 1) for n in a.named_as), dict(n.split("=", 1) for n in b.named_as)
        if any(named_b.get(person, name) != name for person, name in named_a.items()):
            return True  # "the user's cousin Mateo" / "the user's cousin Lucia": two cousins
    if _named_apart(a, b) or _named_apart(b, a):
        return True  # "用户的小姑子马佳怡住在昆明" / "用户的小姑子韩琳住在上海": two of them, by name
    if a.kin and b.kin and a.kin != b.kin:
        return True  # "用户的表哥" / "用户的表弟": two cousins, though English calls both "cousin"
    shared = set(a.mentions) & set(b.mentions)
    if len(shared) < 2:
        return False
    return _first_order(a.mentions, shared) != _first_order(b.mentions, shared)


def _named_apart(a: Frame, b: Frame) -> bool:
    """`a` names a person after who they are and `b` puts other characters there: by a name it found (one of them
    by a common surname), or by two such runs before one verb ("小姑子马佳怡住在" / "小姑子高敏住在")."""
    if not a.maybe_named:
        return False
    guessed_a = dict(written.split("=", 1) for written in a.maybe_named)
    named_b = dict(written.split("=", 1) for written in b.named_as)
    guessed_b = dict(written.split("=", 1) for written in b.maybe_named)
    for person, guess in guessed_a.items():
        name, _, verb = guess.partition("|")
        if person in named_b and named_b[person] != name:
            return True
        other, _, other_verb = guessed_b.get(person, "|").partition("|")
        if other and other != name and other_verb == verb:
            return True
    return False


def _first_order(mentions: tuple[str, ...], keep: set[str]) -> list[str]:
    seen: list[str] = []
    for mention in mentions:
        if mention in keep and mention not in seen:
            seen.append(mention)
    return seen


def heads_conflict(a: Frame, b: Frame) -> bool:
    """Each text says what it is about and neither says it within the other: the avatar is not the
    wallpaper, the phone's carrier is not its case."""
    if a.subject_nouns != b.subject_nouns:
        return True
    if not a.head or not b.head:
        return False
    mine, theirs = a.head - GENERIC_HEADS, b.head - GENERIC_HEADS
    if not (mine <= theirs or theirs <= mine):
        return True
    if mine and theirs and mine != theirs and _noun_added_after(*((a, b) if len(mine) < len(theirs) else (b, a))):
        return True
    # A Chinese compound names another thing by the one noun it adds: "手机" / "手机壳", "电脑" / "电脑桌".
    # A modifier before it names the same thing ("主编辑器" / "主力编辑器").
    cjk_mine, cjk_theirs = {t for t in mine if is_cjk(t[0])}, {t for t in theirs if is_cjk(t[0])}
    if not (len(cjk_mine) >= 2 and len(cjk_theirs) >= 2 and len(cjk_mine ^ cjk_theirs) == 1):
        return False
    shorter, longer = sorted((a.head_order, b.head_order), key=len)
    return not longer.endswith(shorter[-1:]) or longer.startswith(shorter)


def _noun_added_after(small: Frame, large: Frame) -> bool:
    """The larger head, of a thing someone has, adds a noun right after the smaller one, naming another thing
    ("guitar" / "guitar amp", "相机" / "相机镜头"); a modifier before it ("main laptop") or a noun naming a
    property of the thing or its kind ("parrot's name", "笔记本" / "笔记本电脑") does not. In Chinese, where
    words have no bounds, the added noun must be two characters or more."""
    if not large.head_span or not small.head_span or not large.head or not small.head:
        return False  # only a thing someone has: other heads are often a clause's first words
    shorter, longer = small.head_order, large.head_order
    if len(shorter) >= 2 and longer.startswith(shorter) and len(longer) - len(shorter) >= 2:
        added = longer[len(shorter):]
        return not (set(added) <= GENERIC_HEADS or any(added.startswith(noun) for noun in _CJK_PROPERTY_NOUNS))
    large_words, small_words = _in_order(large.head_span), _in_order(small.head_span)
    if len(large_words) < 2 or not small_words:
        return False
    last, before = large_words[-1], small_words[-1]
    if (is_cjk(last[0]) or is_cjk(before[0]) or last not in large.head or before not in small.head
            or last in small.head or last in GENERIC_HEADS | PROPERTY_NOUNS or is_person(before)):
        return False
    return large_words[-2] == before


def _in_order(span: str) -> tuple[str, ...]:
    """The words of `span` and the characters of its CJK words, in text order."""
    return tuple(piece for token in tokens(span) for piece in (token if is_cjk(token[0]) else [token]))


def attributes_conflict(a: Frame, b: Frame) -> bool:
    """Both texts name an attribute and the most specific ones differ: a parrot's name is not its age. Two
    of one family ("works at Spotify as a data engineer" / "is a data engineer at Spotify") do not."""
    return bool(a.attributes and b.attributes and not same_family(a.attributes[0].concept, b.attributes[0].concept))


# Attributes one sentence often states together: where one works and as what, which school and grade.
_FAMILIES = (frozenset({"employer", "job"}), frozenset({"school", "grade"}))


def same_family(a: str, b: str) -> bool:
    return a == b or any(a in family and b in family for family in _FAMILIES)


def plural_subject(a: Frame, b: Frame) -> bool:
    """A subject several people can be ("a friend", "a colleague"): one of their names is not the name,
    unless both texts name the same one beside it ("the user's housemate Zhao Xue")."""
    if not (a.people | b.people) & MANY_PEOPLE:
        return False
    if a.named_as and a.named_as == b.named_as:
        return False  # "the user's classmate Wang Fang" on both sides: one person
    named_a, named_b = _names_before(a), _names_before(b)
    return not named_a or named_a != named_b


def _names_before(found: Frame) -> frozenset[str]:
    """The names written before the attribute (who it is), not after it (the value: "lives in Pune")."""
    before = found.attributes[0].before if found.attributes else frozenset()
    return frozenset(m for m in found.mentions if m.startswith("name:") and (m[5:] in before or m in before))


# A named work ("《百年孤独》", "'The Little Prince'") is what a fact is about, like a person.
_TITLE = re.compile(r"《[^》]{1,40}》|[\"“'‘][A-Za-z][^\"”'’]{0,60}[\"”'’](?!\w)")
# A person's name written after who they are ("the user's cousin Liang Haitao", "用户的老同学刘子涵").
_NAMED_AFTER = re.compile(r"(?:\s+(?:Dr|Mr|Mrs|Ms|Prof)\.?)?(?:\s+[A-Z][a-z]+){1,3}")
# A project, repo or service's own name beside the word ("project kestrel-api", "the Atlas repo", "shop-mini 项目").
_THING_NAME = r"(?P<name>[A-Z][\w.-]*|[a-z0-9]+(?:[-_.][a-z0-9]+)+)"
_NAMED_THING = re.compile(
    r"(?i:\b(?:project|repo|repository|service|app))\s+" + _THING_NAME + r"(?!\w)|(?<![\w.-])"
    + _THING_NAME.replace("name", "name2", 1) + r"\s*(?=(?i:project|repo|service|app)\b|项目|仓库|服务)")
_ROLE_THEN_NAME = re.compile(r"\b[A-Za-z]+['’]s\s+[a-z]+(?:-[a-z]+)*(?=\s+(?:Dr|Mr|Mrs|Ms|Prof|[A-Z][a-z]+))")


@memo(max_bytes=2 << 20)
def predicate(text: str) -> str:
    """What `text` says about its subject: the text without the user, people words, people's names, named
    works and the project or service it is about, so that two texts sharing only whose fact it is share
    no predicate words."""
    raw = canonical(text)
    found = frame(raw)
    cut: list[tuple[int, int]] = [hit.span() for hit in _TITLE.finditer(raw)]
    folded = normalise(raw)
    for start, end, _ in _people_hits(folded):
        cut.append((start, end))
        after = _NAMED_AFTER.match(raw, end)
        if after is not None:
            cut.append(after.span())
        if (zh := _name_after(folded, end)) is not None:
            cut.append((end, end + len(zh)))
    cut.extend(hit.span() for hit in _SUBJECT_NOUN.finditer(folded))
    for hit in _NAMED_THING.finditer(raw):
        cut.append(hit.span("name") if hit.group("name") else hit.span("name2"))
    for hit in _ROLE_THEN_NAME.finditer(raw):
        named = _NAMED_AFTER.match(raw, hit.end())
        if named is not None:
            cut.append((hit.start(), named.end()))
    # Not the names after a role verb: "managed with Poetry" names a tool as often as a person.
    people_names = {hit.group(1).casefold() for hit in _POSSESSIVE_NAME.finditer(raw)}
    people_names |= {m[5:] for m in found.people if m.startswith("name:") and is_cjk(m[5])}
    first = _FIRST_WORD.match(raw)
    if first is not None and first.group(1).casefold() not in NAME_STOPWORDS:
        people_names.add(first.group(1).casefold())
    for name in people_names:
        for hit in re.finditer(re.escape(name), folded):
            cut.append(hit.span())
    out, last = [], 0
    for start, end in sorted(cut):
        if start >= last:
            out.append(folded[last:start])
            out.append(" ")
            last = end
        elif end > last:
            last = end
    out.append(folded[last:])
    return "".join(out)


def _name_after(folded: str, start: int) -> Optional[str]:
    """A Chinese name right after who the person is ("老同学刘子涵更喜欢…"), whatever follows it."""
    hit = _CJK_NAME_START.match(folded, start)
    if hit is None or hit.group()[0] in "小阿老":
        return None
    name = hit.group()
    while len(name) > 2 and name[-1] in _NAME_END:
        name = name[:-1]
    return None if name[-1] in _NAME_END else name
