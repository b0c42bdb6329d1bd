"""A count with its unit on one side only: "the cat is 3" / "the cat is 4 years old" (issue 16.2)."""

from __future__ import annotations

import re
from typing import NamedTuple

from sidecar.rules.memo import memo
from sidecar.rules.tokens import is_cjk, normalise, token_set

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
    """One unit written on both sides, one maybe with its prefix ("寸" / "英寸"), or two words for one unit
    ("块" / "元", "km" / "公里", "岁" / "years old")."""
    mine, theirs = frozenset(_UNIT_NAMES.get(u, u) for u in mine), frozenset(_UNIT_NAMES.get(u, u) for u in theirs)
    return any(u == v or (u and v and (u.endswith(v) or v.endswith(u))) for u in mine for v in theirs)


# Words for one unit, each written as its first: money, ages, areas, lengths, sizes, volumes, times, counts.
_UNIT_NAMES = {word: group.split()[0] for group in (
    "元 块 rmb cny 人民币 yuan", "岁 周岁 year-old years-old yr-old yrs-old", "平 平米 平方米 平方 m2 sqm",
    "寸 英寸 inch inche in", "公里 km k kilometre kilometer", "米 m metre meter", "厘 厘米 cm centimetre",
    "英尺 ft feet foot", "公斤 kg kilo kilogram", "斤 jin", "升 l litre liter", "毫 毫升 ml millilitre",
    "欧 欧元 eur euro", "镑 英镑 pound gbp", "美 美元 usd dollar", "分 分钟 min minute", "小时 h hr hour",
    "次 趟 回 time", "个 只 位") for word in group.split()} | {"years old": "岁", "year old": "岁"}


def _other_measure(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    if "" in mine or "" in theirs:
        bare, given = (mine, theirs) if "" in mine else (theirs, mine)
        return bare == {""} and bool(given) and given <= _DURATIONS
    return True


@memo(max_bytes=1 << 20)
def _units(text: str) -> dict[str, frozenset[str]]:
    """Each number of the text (years aside) and the units written after it, "" for none: only numbers written
    apart from the words before them ("用户的女儿 8 岁", as the canonical form writes a number said in words)."""
    return _read_units(text, _NUMBER_UNIT)


@memo(max_bytes=1 << 20)
def _units_anywhere(text: str) -> dict[str, frozenset[str]]:
    """`_units` of every number, also one written against the word before it ("女儿8岁")."""
    return _read_units(text, _NUMBER_UNIT_ANYWHERE)


_BARE = frozenset({""})


def _read_units(text: str, pattern: re.Pattern[str]) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for hit in pattern.finditer(text):
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


# A CJK unit is one character, or two after a prefix of units ("英寸", "公里", "小时", "周岁").
_NUMBER_UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?:\s+and\s+a\s+half\b)?\s*"
                          r"(years?[ -]old|[a-z]+|万?(?:[英公平立厘毫千分小周][\u4e00-\u9fff]|[\u4e00-\u9fff]))?",
                          re.IGNORECASE)
_NUMBER_UNIT_ANYWHERE = re.compile(_NUMBER_UNIT.pattern.replace("(?<![\\w.])", "(?<![0-9A-Za-z.])", 1), re.IGNORECASE)
_YEAR = re.compile(r"(?:19|20)\d{2}")
_NOT_A_UNIT = frozenset("and or to of the a an in on at for with by from now already too again 了 啦 的".split())
_DURATIONS = frozenset("month week day year hour minute 月 周 天 年 小时 分钟".split())


def same_quantity(a: str, b: str) -> bool:
    """The two texts give the same one number (not one, which is mostly an article) and one says what the
    other says of it and more ("阳台有 12 平米" / "阳台面积 12 平方米", "rent is £1,450 a month" / "pays 1450 pounds
    in rent every month"): one quantity, told again."""
    if _start(a) != _start(b):
        return False  # "用户欠房东 3000 块" / "房东欠用户 3000 块": the same words from another subject
    numbers_a, numbers_b = _UNIT_FREE.findall(a), _UNIT_FREE.findall(b)
    wanted = frozenset(numbers_a) - {"1"}
    # One number: with two, which word each belongs to counts ("上班 5 天休息 2 天" / "休息 5 天上班 2 天").
    if len(wanted) != 1 or wanted != frozenset(numbers_b) - {"1"}:
        return False
    if bool(_PLAN.search(a)) != bool(_PLAN.search(b)):
        return False  # "买了 2 台电脑" / "打算买 2 台电脑": a plan is no fact done
    [number] = wanted
    if (not _agree(_units_anywhere(a).get(number, _BARE), _units_anywhere(b).get(number, _BARE))
            and not (_priced(a, number) or _priced(b, number))):
        return False  # "is 9" / "has 9 goldfish": a count of something else
    said_a, said_b = _said(_NUMBER_AND_UNIT.sub(" ", a)), _said(_NUMBER_AND_UNIT.sub(" ", b))
    if not said_a or not said_b:
        return False
    # Only added words, no replaced ones: "main 分支" / "release 分支" with one number is two things.
    return (said_a <= said_b or said_b <= said_a) and 2 * len(said_a & said_b) >= len(said_a | said_b)


def quantity_changed(a: str, b: str) -> bool:
    """One number on each side, two values in one unit, of one thing said in the same words but for those saying
    it changed or holds now ("has 3 sourdough starters" / "is down to 2 sourdough starters", "rent is £1200 a
    month" / "rent went up to 1350 pounds a month"): the new value replaces the old. Any other word on one side
    only may name another thing, measure, occasion or limit ("鞋" / "跑鞋", "月薪" / "月薪到手", "这次", "上限")."""
    if _start(a) != _start(b):
        return False  # "用户欠房东 3000 块" / "房东欠用户 2000 块"
    units_a, units_b = _units_anywhere(a), _units_anywhere(b)
    if len(units_a) != 1 or len(units_b) != 1:
        return False  # with two numbers, which word each belongs to is not known
    [(number_a, unit_a)], [(number_b, unit_b)] = units_a.items(), units_b.items()
    if number_a == number_b or not (_agree(unit_a, unit_b) or (_priced(a, number_a) and _priced(b, number_b))):
        return False
    if unit_a == _BARE and unit_b == _BARE and _word_before(a, number_a) != _word_before(b, number_b):
        return False  # "daughter is 6" / "daughter is in Year 2": a bare number of another thing
    if (bool(_PLAN.search(a)) != bool(_PLAN.search(b)) or _counts_an_event(a, number_a)
            or _counts_an_event(b, number_b)):
        return False  # "has 9 people" / "hired 3 people": how many one event took, not how many there are now
    if _qualifiers(a) != _qualifiers(b):
        return False  # "£120 a month" / "£210 a month in winter", "上限是 3 杯" / "喝 2 杯": another measure
    if "?" in a + b or "？" in a + b:
        return False  # a question states no value
    if _cjk_in_order(a) != _cjk_in_order(b):
        return False  # "从北京到上海…4个小时" / "从上海到北京…5个小时": the same characters, another thing
    said_a, said_b = _said_exactly(a), _said_exactly(b)
    only_a, only_b = said_a - said_b - _STATE_WORDS, said_b - said_a - _STATE_WORDS
    # The verb that takes the count may give way to the words of a change ("runs 20 miles a week" / "is up to
    # 30 miles a week"), not to another verb ("runs 20 miles" / "cycles 30 miles").
    if only_a and not only_b and _CHANGED_TO.search(b):
        only_a -= token_set(_word_before(a, number_a))
    elif only_b and not only_a and _CHANGED_TO.search(a):
        only_b -= token_set(_word_before(b, number_b))
    return bool(said_a & said_b) and not only_a and not only_b


def _said_exactly(text: str) -> frozenset[str]:
    """What a text says besides its number, whose it is and the words saying a value changed: CJK characters
    (how often kept: "每天" / "每周") and Latin stems."""
    return _said_without(_without_value(text), _FILLER_CJK)


def _cjk_in_order(text: str) -> str:
    """The Chinese a text says besides its number and the words of a change, in order, verbs of having aside."""
    return "".join(c for c in _without_value(normalise(text))
                   if is_cjk(c) and c not in _FILLER_CJK and c not in _STATE_WORDS)


def _without_value(text: str) -> str:
    """`text` without its numbers with their units and without the words saying a value changed."""
    return _CHANGED_BY.sub(" ", _NUMBER_AND_UNIT.sub(" ", text))


def _qualifiers(text: str) -> frozenset[str]:
    return frozenset(hit.group().casefold() for hit in _QUALIFIER.finditer(_CHANGED_BY.sub(" ", text)))


# Whose, particles and copulas ("还有 5 天", what is left, is a qualifier).
_FILLER_CJK = frozenset("用户的了是有在都也还给把钱")
# Words saying which occasion, condition or limit a number holds for: each must be on both sides or neither.
_QUALIFIER = re.compile(
    r"这次|那次|上次|本次|今天|昨天|刚|冬天|夏天|春天|秋天|周末|平时|出差|假期|旺季|淡季|上限|下限|最多|最少|至少|"
    r"不超过|目标|应该|要求|限|剩|还有|到手|税后|税前|"
    r"\b(?:this time|last time|today|yesterday|just|in (?:winter|summer|spring|autumn)|at weekends?|on weekends?|"
    r"on \w+ days|at most|at least|up to|no more than|cap(?:ped)?|limit|target|goal|should|maximum|minimum|max|"
    r"min|allowance|left|remaining|net|gross|after tax|before tax|peak|off-peak|could|would)\b", re.IGNORECASE)
# Verbs a count or an amount is said with, which one text may leave out ("keeps 11 hens" / "has 14 hens now").
_STATE_WORDS = frozenset(token_set("has have keeps keep owns own costs cost pays pay is are does done")
                         | frozenset("有养"))


def _counts_an_event(text: str, number: str) -> bool:
    """The number counts what one event did ("hired 3", "sold 2 bikes", "买了 2 条", "送走了 2 只")."""
    before = _before_number(text, number).rstrip()
    word = _LAST_WORD.search(before)
    if word:
        verb = word.group(1).casefold()
        return (verb.endswith("ed") and verb not in _STATE_PAST) or verb in _PAST_EVENTS
    return _EVENT_BEFORE.search(before) is not None


def _before_number(text: str, number: str) -> str:
    """The words right before the number, as far back as a verb or a name before it may stand."""
    found = re.search(r"(?<![0-9.])" + re.escape(number) + r"(?![0-9.])", text)
    return text[:found.start() if found else 0][-_LOOK_BACK:]


# How far back the verb before a number is looked for: a word or two, never a whole hand-edited text.
_LOOK_BACK = 40
_LAST_WORD = re.compile(r"([A-Za-z]+)(?:\s+(?:another|more|off|away))?$")
# A past form that states how things are ("is married", "is called"), and irregular pasts of one event.
_STATE_PAST = frozenset("called named married aged used based located".split())
_PAST_EVENTS = frozenset("sold bought lost gave took won made ran swam rode drove caught found spent paid sent brought "
                         "threw ate drank did saw left put got".split())
_EVENT_BEFORE = re.compile("[买卖送丢招收捐借租领生捡退扔花换][走掉出回]?了$")


def _word_before(text: str, number: str) -> str:
    """The Latin word right before the number ("pixel" of "Pixel 7"), "" when a CJK character or nothing is."""
    found = _LAST_LATIN.search(_before_number(text, number))
    return found.group(1).casefold() if found else ""


_LAST_LATIN = re.compile(r"([A-Za-z]+)\s*$")
# Words saying a value went up, down or holds now, which no other fact is told with ("up to" alone is a limit).
_CHANGED_BY = re.compile(
    r"\b(?:(?:has |have )?(?:gone|went|is|got|grew|grown|rose|risen|increased|raised|dropped|fell|fallen)"
    r" (?:up |down )?to|"
    r"down to|now|about|around|roughly|approximately|these days|lately|already|currently)\b|"
    r"涨到了?|涨了|加到了?|增加到了?|提高到了?|提到了?|升到了?|降到了?|减到了?|减少到了?|改到了?|改成了?|变成了?|"
    r"扩到了?|加深到了?|降低到了?|缩短到了?|延长到了?|已经|现在|目前|大约|大概|左右|差不多", re.IGNORECASE)
# A change that says the new value after "to" ("is up to 30", "went down to 78", "涨到 1500").
_CHANGED_TO = re.compile(r"\b(?:up|down|grown|grew|rose|risen|increased|raised|dropped|fell|fallen) to\b|到了?\s*\d")


_PLAN = re.compile(r"想|打算|准备|计划|目标|梦想|希望|要(?=[\u4e00-\u9fff])|"
                   r"\b(?:wants?|plans?|planning|aims?|hopes?|going to|would like|intends?|goal)\b", re.IGNORECASE)
_UNIT_FREE = re.compile(r"(?<![0-9A-Za-z.])\d+(?:\.\d+)?(?![0-9.])")
# A number and the unit after it ("12 平", "3 次"), which say how much, not of what.
_NUMBER_AND_UNIT = re.compile(r"(?<![0-9A-Za-z.])\d+(?:\.\d+)?(?![0-9.])\s*[\u4e00-\u9fff]?")


def _start(text: str) -> str:
    """Whom a text begins with: its first two Chinese characters or its first word."""
    folded = normalise(text).lstrip()
    if not folded:
        return ""
    return folded[:2] if is_cjk(folded[0]) else folded.split()[0]


def _priced(text: str, number: str) -> bool:
    """The number is an amount after its currency sign ("£1450 a month"), which says its unit before it."""
    return re.search(r"[£$€¥]\s*" + re.escape(number) + r"(?![0-9.])", text) is not None


def _said(text: str) -> frozenset[str]:
    """What a text says besides its numbers, whose it is and its particles: CJK characters and Latin stems."""
    return _said_without(_SAID_FILLER_WORDS.sub(" ", text), _SAID_FILLER_CHARS)


def _said_without(text: str, filler_chars: frozenset[str]) -> frozenset[str]:
    """The CJK characters (but `filler_chars`) and Latin stems (but numbers and filler words) of `text`."""
    found = set()
    for token in token_set(text):
        if token.isascii():
            if not token.replace(".", "").isdigit() and token not in _SAID_FILLER:  # "b0", "p10b" are names
                found.add(token)
        else:
            found |= {c for c in token if c not in filler_chars}
    return frozenset(found)


_SAID_FILLER_WORDS = re.compile(r"今年|现在|大约|大概|\b(?:a|an)\b")  # lower case: "项目 A" names a project
_SAID_FILLER = frozenset(t for w in "the user user's is are was has have of in on at to for per every each about "
                         "around now currently their his her its".split() for t in token_set(w))
_SAID_FILLER_CHARS = frozenset("用户的了是有在都也还每周天次个")
