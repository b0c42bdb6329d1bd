"""The lexical rule: one statement in other words, or with one value replaced (issue 16)."""

from __future__ import annotations

import math
import re
import unicodedata

from sidecar.rules.events import TIME_ANCHOR
from sidecar.rules.evidence import (
    CUE_TOKENS,
    MIN_PREDICATE_WEIGHT,
    MIN_SHARED_WEIGHT,
    REWORDED_SHARE,
    SPACES,
    Pair,
    is_number,
    plain_weight,
    upper_weight,
)
from sidecar.rules.facts import frame, predicate
from sidecar.rules.lexicon import STATED_CHANGE_PATTERN, TIME_PATTERN, frames, frames_conflict, has_change_cue
from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast
from sidecar.rules.tokens import is_cjk, normalise, token_set, tokens

# A value that follows one of these is the value of a single-valued attribute ("版本是 18",
# "editor is vim", "switched to fish"): replacing it states a new value, not a new fact.
_CJK_CUES = ("是", "为", "在", "到", "成", "改用", "换用", "用的是")
_WORD_CUES = frozenset("is are was were now".split())
_NUMERALS = frozenset("0123456789零一二两三四五六七八九十百千万")
_SLOT_MAX_CHARS = 24


REASON_SLOT = 2  # tokens of the replaced value on each side
WHEN_OR_CUE = compile_fast(TIME_PATTERN + "|" + STATED_CHANGE_PATTERN)
# A shared date names no attribute either ("2023 年生了…" / "2023 年换了…").
_WHEN_CUE_OR_DATE = compile_fast(TIME_PATTERN + "|" + STATED_CHANGE_PATTERN + "|" + TIME_ANCHOR)


_REASON = re.compile(r"(?:[,，]\s*)?(?:\s+(?:after|because|since|when|as)\b|(?:因为|由于|之后|以后))"
                     r"[^,，。.;；]*[。.!！]?$")


_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
# Words saying a state holds now, and nothing of what it is.
_NOW = re.compile(r"现在|目前|如今|已经|\b(?:now|currently|already|these days)\b", re.IGNORECASE)


def one_number_apart(a: str, b: str) -> tuple[str, str]:
    """`a` and `b` without the words saying a value holds now, when that leaves them one number apart ("has 2
    cats" / "has 3 cats now", "开了 5 万公里" / "已经开了 6 万公里"); else as they are."""
    if not (_NOW.search(a) or _NOW.search(b)):
        return a, b
    now_a, now_b = _without_now(a), _without_now(b)
    soft_a, soft_b = soft_key(now_a), soft_key(now_b)
    start, end = _common_ends(soft_a, soft_b)
    slot_a, slot_b = soft_a[start:len(soft_a) - end].strip(), soft_b[start:len(soft_b) - end].strip()
    return (now_a, now_b) if is_number(slot_a) and is_number(slot_b) else (a, b)




def _without_now(text: str) -> str:
    return SPACES.sub(" ", _NOW.sub(lambda hit: "" if is_cjk(hit.group()[0]) else " ", text)).strip()


def without_reason(text: str) -> str:
    """`text` without a trailing clause that gives a reason or a time ("… after adopting another")."""
    return _REASON.sub("", text).strip()


def shares_little_but_numbers(a: str, b: str) -> bool:
    shared = token_set(a) & token_set(b)
    return any(map(is_number, shared)) and Pair(a, b).total(t for t in shared if not is_number(t)) < 1.2


def reworded(a: str, b: str, new_value: bool) -> bool:
    """The lexical rule: the same words around one changed slot, or enough weighty words in common."""
    set_a, set_b = token_set(a), token_set(b)
    shared = (set_a & set_b) - CUE_TOKENS
    # Bounds before the exact weights: a Latin word weighs 1.0 at most (a name) and 0.7 at least.
    most = math.fsum(map(upper_weight, shared))
    if most < MIN_SHARED_WEIGHT:
        return False
    soft_a, soft_b = soft_key(a), soft_key(b)
    start, end = _common_ends(soft_a, soft_b)
    slot_a, slot_b = soft_a[start:len(soft_a) - end].strip(), soft_b[start:len(soft_b) - end].strip()
    one_slot = (max(len(slot_a), len(slot_b)) <= _SLOT_MAX_CHARS
                and start + end >= 0.5 * max(len(soft_a), len(soft_b)))
    if not one_slot and most < 1.5 and most < 0.4 * math.fsum(plain_weight(token) for token in set_a | set_b):
        return False  # every rule below but the one-slot one needs this much in common
    pair = Pair(a, b)
    if pair.total(shared) < MIN_SHARED_WEIGHT:
        return False
    frames_a, frames_b = frames(a), frames(b)
    if frames_conflict(frames_a, frames_b):
        return False
    cue = has_change_cue(frames_a | frames_b)
    if one_slot:
        # One place differs and the frame around it is shared: a detail added, or a value replaced.
        if not tokens(slot_a) and not tokens(slot_b):
            return True
        in_a, in_b = frozenset(tokens(slot_a)), frozenset(tokens(slot_b))
        if in_a <= in_b or in_b <= in_a:
            short_slot, long_slot = (slot_a, slot_b) if len(slot_a) <= len(slot_b) else (slot_b, slot_a)
            if _modifies_a_noun(soft_a[:start], soft_a[len(soft_a) - end:], short_slot, long_slot, pair.named):
                return False  # "likes pears" / "likes prickly pears", "对鸡蛋过敏" / "对鸡蛋花过敏": another thing
            # Words inserted around the same frame: a detail, unless the insertion names something.
            inserted = (in_a | in_b) - (in_a & in_b)
            kept = pair.total(shared)
            return not pair.names_in(inserted) and kept >= 0.4 * (kept + pair.total(inserted))
        if slot_a.startswith(_OWNED) != slot_b.startswith(_OWNED):
            return False  # "改用了 Chrome 浏览器" / "改用了 Chrome 的翻译插件": a thing the value owns
        if frame(a).negated and frame(b).negated:
            return False  # "no longer eats meat" / "no longer eats sugar": two things given up, two facts
        if _qualifier_slot(pair, soft_a[:start], soft_a[len(soft_a) - end:], slot_a, slot_b):
            return False  # "在黄山最喜欢老城区散步" / "在香港最喜欢…": another place, time or thing, another fact
        # What frames the slot must name what changed: a date and the change cue name nothing ("用户最近换了
        # 机械键盘" / "用户最近换了电动牙刷" share only "recently changed").
        framing = soft_a[:start] + " " + soft_a[len(soft_a) - end:]
        attribute = shared & frozenset(tokens(_WHEN_CUE_OR_DATE.sub(" ", framing)))
        if not (_numeric(pair, slot_a) and _numeric(pair, slot_b)):
            # Nor does whose fact it is ("the user's daughter switched to …" / "… switched to …"), or a count
            # before the replaced thing ("换了一副眼镜" / "换了一双跑鞋"), unless the values are numbers, which say
            # their measure themselves ("is four" / "is five now").
            attribute &= token_set(predicate(a)) & token_set(predicate(b))
            attribute = frozenset(token for token in attribute if not is_number(token))
        if cue:
            # A cue inside a replaced noun ("多语言切换按钮") changes nothing: it must frame the slot.
            cue = (has_change_cue(frames(soft_a[:start]) | frames(soft_a[len(soft_a) - end:]))
                   or has_change_cue(frames(_slot_start(slot_a)) | frames(_slot_start(slot_b))))
        return (new_value and pair.total(attribute) >= 0.7
                and _changed_value(pair, soft_a[:start], slot_a, slot_b, cue))
    if not _same_attribute(a, b) and pair.total(
            (token_set(predicate(a)) & token_set(predicate(b))) - CUE_TOKENS
            - (_person_qualifiers(a) & _person_qualifiers(b))) < MIN_PREDICATE_WEIGHT:
        # Only whose fact it is in common: "Anna lives in Leeds" / "Anna prefers calls", "the user's
        # photography friend Tang has a birthday on …" / "… is allergic to seafood".
        return False
    only_a, only_b = pair.a - shared, pair.b - shared
    named_a, named_b = pair.names_in(only_a), pair.names_in(only_b)
    # A shared number alone ("工作了十年" / "结婚十年了", "1 杯" / "1 次") is no shared fact.
    if pair.total(t for t in shared if not is_number(t)) < MIN_SHARED_WEIGHT:
        return False
    if named_a and named_b:
        # Each side names something the other does not: only a number or a stated change makes one fact.
        # Only numbers differ when every word the two do not share is one ("port 8080" / "port 3000"
        # but not "api … 8080" / "web … 3000").
        numbers_only = all(map(is_number, only_a | only_b))
        # What is shared must say more than the name both begin with ("mini-cc 的 … 20" / "mini-cc 用 …").
        # A possessive both use ("her", "his") is no shared evidence either.
        beyond_name = shared - _leading_name(a, b, pair) - _DETERMINER_TOKENS
        return (new_value and (cue or numbers_only) and pair.total(shared - _DETERMINER_TOKENS) >= 1.5
                and pair.total(beyond_name) >= MIN_SHARED_WEIGHT
                and len(named_a) <= 2 and len(named_b) <= 2)
    # A shared number alone ("工作了十年" / "结婚十年了") is no shared fact.
    if pair.total(t for t in shared if not is_number(t)) < MIN_SHARED_WEIGHT:
        return False
    kept, extra = pair.total(shared), pair.total(only_a | only_b)
    if not only_a or not only_b:
        # One side says more: fine when the extra names nothing new.
        return not (named_a or named_b) and kept >= 0.4 * (kept + extra)
    # A date both give ("on 6 July 2023") and a possessive both use say nothing of what happened,
    # unless a text states an attribute, whose value a date may be ("birthday is on the 9th of October").
    dated = frame(a).attributes or frame(b).attributes
    what = kept if dated else pair.total(shared - _dates(a, b) - _DETERMINER_TOKENS)
    return what >= 1.2 and kept >= REWORDED_SHARE * (kept + extra)


def _modifies_a_noun(prefix: str, suffix: str, short_slot: str, long_slot: str, named: frozenset[str]) -> bool:
    """What one text inserts makes a noun of the other another thing: an English word before the noun the text
    ends on ("pears" / "prickly pears"), the other's last words written inside a longer noun phrase ("collects
    stamps" / "collects rubber stamps for …", "learning Welsh" / "learning to bake Welsh cakes"), or one Chinese
    character glued inside a word ("鸡蛋过敏" / "鸡蛋花过敏")."""
    short_words, long_words = short_slot.split(), long_slot.split()
    if not short_words:
        if len(long_words) == 1 and is_cjk(long_slot[0]):
            return (len(long_slot) == 1 and long_slot not in _CJK_FUNCTION_CHARS and prefix[-1:] != ""
                    and is_cjk(prefix[-1]) and (not suffix or (is_cjk(suffix[0]) and suffix[0] != "的")))
        suffix_words, prefix_words = suffix.split(), prefix.split()
        # The noun stood bare after a verb or a determiner: a name or a number before it already says which.
        return (len(long_words) == 1 and len(suffix_words) == 1 and suffix.strip() == suffix_words[0]
                and long_words[0].isalpha() and long_words[0] not in _LATIN_FUNCTION_WORDS
                and suffix_words[0].isalpha() and bool(prefix_words) and prefix.endswith(" ")
                and prefix_words[-1].isalpha() and prefix_words[-1] not in named)
    if suffix.strip() or not all(w.isascii() and w.isalpha() for w in short_words):
        return False
    for at in range(len(long_words) - len(short_words) + 1):
        if long_words[at:at + len(short_words)] == short_words:
            before = long_words[at - 1] if at else ""
            after = long_words[at + len(short_words)] if at + len(short_words) < len(long_words) else ""
            return ((before.isalpha() and before not in _LATIN_FUNCTION_WORDS)
                    or (after.isalpha() and after not in _LATIN_FUNCTION_WORDS))
    return False


_LATIN_FUNCTION_WORDS = frozenset(
    "a an the this that these those my his her their our its your some any all both each every no and or but so"
    " for with without in on at to from of by about as than since because while when where which who whose"
    " after before during until into onto over under near also too very really still now again just even only"
    " is are was were be been being has have had do does did will would can could should may might must"
    " not never always often usually sometimes mostly mainly especially".split())
_CJK_FUNCTION_CHARS = frozenset("的了也都还很最更常又再就才在和与跟及或是不没着过地得从到对给向被把将为让于")


def _dates(a: str, b: str) -> frozenset[str]:
    """The tokens of the dates both texts give ("6 July 2023", "2023 年", "on Friday")."""
    dates = " ".join(hit.group() for text in (a, b) for hit in _DATE_PHRASE.finditer(normalise(text)))
    return token_set(dates)


_DATE_PHRASE = compile_fast(r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + _MONTHS + r")(?:,?\s+\d{4})?\b"
                            r"|\b(?:" + _MONTHS + r")\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b"
                            r"|\b(?:" + _MONTHS + r"|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?"
                            r"|sundays?)\b|\b(?:19|20)\d{2}\b|(?:19|20)\d{2}\s*年(?:\s*\d{1,2}\s*月)?(?:\s*\d{1,2}\s*[日号])?"
                            r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号]")
_DETERMINER_TOKENS = frozenset(t for word in "her his their its my our your".split() for t in tokens(word))


def _person_qualifiers(text: str) -> frozenset[str]:
    """The words that say which person a text is about ("photography" in "photography friend", 大学 in
    大学同学): they belong to the subject, not to what is said of it."""
    return frozenset(person.partition(":")[2] for person in frame(text).people
                     if ":" in person and not person.startswith("name:"))


def _leading_name(a: str, b: str, pair: Pair) -> frozenset[str]:
    """The name both texts begin with (a project, a person): whose fact it is, not what it says."""
    leading: list[str] = []
    for word_a, word_b in zip(tokens(a), tokens(b), strict=False):
        if word_a != word_b or word_a not in pair.named:
            break
        leading.append(word_a)  # "mini-cc", "harbor-console": one name in several tokens
    return frozenset(leading)


def _slot_start(slot: str) -> str:
    """Where a cue that frames a replaced value stands: its first three words, or four CJK characters."""
    slot = slot.lstrip()
    return slot[:4] if slot[:1] and is_cjk(slot[0]) else " ".join(slot.split()[:3])


def _same_attribute(a: str, b: str) -> bool:
    """Both texts name one attribute ("住在南京" / "住在武汉"): that is what they say in common."""
    found_a, found_b = frame(a).attributes, frame(b).attributes
    return bool(found_a and found_b and found_a[0].concept == found_b[0].concept)


@memo(max_bytes=2 << 20)
def soft_key(text: str) -> str:
    """Like the match key, but a space is kept between Latin words so cue words stay visible."""
    text = normalise(text)
    if _FAST_SEPARATED.fullmatch(text):
        # ASCII, CJK and their punctuation only: a separator is any non-word character (no marks here)
        folded = SPACES.sub(" ", _FAST_SEPARATOR.sub(" ", text)).strip()
        return _SPACE_BY_CJK.sub("", folded)
    folded = "".join(" " if _is_separator(c) and not _decimal_point(text, i) else c for i, c in enumerate(text))
    folded = SPACES.sub(" ", folded).strip()
    out: list[str] = []
    for index, char in enumerate(folded):
        if char == " " and (is_cjk(folded[index - 1]) or is_cjk(folded[index + 1])):
            continue
        out.append(char)
    return "".join(out)


_FAST_SEPARATED = re.compile(r"[\x00-\x7f\u2000-\u206f\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]*")
_FAST_SEPARATOR = re.compile(r"[^\w.]|_|(?<!\d)\.|\.(?!\d)")
_SPACE_BY_CJK = re.compile(r"(?<=[\u3400-\u4dbf\u4e00-\u9fff]) | (?=[\u3400-\u4dbf\u4e00-\u9fff])")


def _decimal_point(text: str, index: int) -> bool:
    return (text[index] == "." and 0 < index < len(text) - 1
            and text[index - 1].isdigit() and text[index + 1].isdigit())


def _is_separator(char: str) -> bool:
    return char.isspace() or unicodedata.category(char)[0] in "PSZC"


def _changed_value(pair: Pair, prefix: str, slot_a: str, slot_b: str, cue: bool) -> bool:
    """A replaced value is an update when it is a number, or follows a copula or a stated change; what a
    named tool is used for ("用 iCloud 存照片" / "用 iCloud 同步通讯录") is no value of it."""
    if _INSTRUMENT_END.search(prefix):
        return False
    if _numeric(pair, slot_a) and _numeric(pair, slot_b) and _non_numbers(slot_a) == _non_numbers(slot_b):
        return True
    changed = (frozenset(tokens(slot_a)) ^ frozenset(tokens(slot_b))) - CUE_TOKENS
    if cue and changed and all(map(is_number, changed)):
        return True  # "版本是 iOS 14" / "版本提高到了 iOS 16": only the number changed
    return _value_like(slot_a) and _value_like(slot_b) and (cue or _after_cue(prefix))


_OWNED = ("的", "'s ", "’s ")
# A prefix ending in a tool the text uses: the slot after it is what the tool does.
_INSTRUMENT_END = re.compile(r"(?:用|使用|借助|通过)\s*[a-z0-9][\w.+-]*\s*$|\b(?:uses?|using)\s+[\w.+-]+\s+to\s*$")


def _qualifier_slot(pair: Pair, prefix: str, suffix: str, slot_a: str, slot_b: str) -> bool:
    """The replaced words are not the value the text ends on but a qualifier the statement goes on past
    (a place, a time, a thing), one side's slot is a time, a date or a measure and the other's is not, or
    the slot says whose thing it is ("… of X")."""
    if _numeric(pair, slot_a) and _numeric(pair, slot_b):
        return False  # "跑 5 公里" / "跑 10 公里": a count before its unit is the value
    if bool(TIME_WORDS.search(slot_a)) != bool(TIME_WORDS.search(slot_b)):
        return True
    if bool(_DATE.search(slot_a)) != bool(_DATE.search(slot_b)):
        return True  # "是 Paperwhite" / "是 2018 年买的": what it is, and when it came
    if _numeric(pair, slot_a) != _numeric(pair, slot_b):
        return True  # "是 120 平米" / "是学区房": a measure and a kind of thing are two attributes
    if prefix.rstrip().endswith((" of", " for")):
        return True  # "the Pro plan of Notion" / "… of Figma", "captain of the chess club": whose, not what
    if prefix.rstrip().endswith(("是", "为")) and _CJK_NOUN_END.fullmatch(suffix.strip()):
        return False  # "是虎皮鹦鹉" / "是玄凤鹦鹉": the kind of thing the value is, not a qualifier
    return pair.total(frozenset(tokens(suffix)) - CUE_TOKENS) >= _QUALIFIED_WEIGHT


_DATE = compile_fast(TIME_ANCHOR)
_CJK_NOUN_END = re.compile("[\u4e00-\u9fff]{1,3}[。.!！]?")
# What the statement still says after a replaced qualifier: one CJK word or one Latin word.
_QUALIFIED_WEIGHT = 0.6
TIME_WORDS = compile_fast(r"周[一二三四五六日末]|星期|早上|上午|中午|下午|晚上|凌晨|每天|每周|\d+\s*点|工作日|"
                         r"\b(?:weekdays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|"
                         r"mornings?|evenings?|afternoons?|nights?|weekends?|\d+(?::\d+)?\s*(?:am|pm))\b")


def _common_ends(a: str, b: str) -> tuple[int, int]:
    """Lengths of the common prefix and suffix, never cutting a Latin/digit word in two."""
    limit = min(len(a), len(b))
    start = 0
    while start < limit and a[start] == b[start]:
        start += 1
    end = 0
    while end < limit - start and a[-1 - end] == b[-1 - end]:
        end += 1
    while start > 0 and wordish(a[start - 1]) and (wordish_at(a, start) or wordish_at(b, start)):
        start -= 1
    while end > 0 and wordish(a[-end]) and (wordish_at(a, len(a) - end - 1) or wordish_at(b, len(b) - end - 1)):
        end -= 1
    return start, end


def wordish_at(text: str, index: int) -> bool:
    return 0 <= index < len(text) and wordish(text[index])


def wordish(char: str) -> bool:
    return char.isalnum() and not is_cjk(char)


def _numeric(pair: Pair, slot: str) -> bool:
    """The slot's value is a number (a version, a count, a time), whatever cue words surround it."""
    named = pair.names_in(tokens(slot))
    if named:
        return all(map(is_number, named))
    return len(slot) <= 3 and any(c in _NUMERALS for c in slot)


def _non_numbers(slot: str) -> frozenset[str]:
    """What a slot says besides its numbers: "2 杯咖啡" and "3 杯茶" differ in more than the count."""
    return frozenset(token for token in tokens(slot) if not is_number(token))


def _value_like(slot: str) -> bool:
    """A short name or value: up to three Latin/digit words that are no verb phrase ("built with hugo"),
    or a CJK phrase without further structure."""
    words = slot.split()
    if not words:
        return False
    if len(words) == 1:
        return True
    return (all(wordish(c) or c == " " for c in slot) and len(words) <= 3
            and not any(w in _PREPOSITIONS or w.endswith(("ed", "ing")) for w in words))


_PREPOSITIONS = frozenset("with on in at for by from to of via".split())


def _after_cue(prefix: str) -> bool:
    stripped = prefix.rstrip()
    if stripped.endswith(_CJK_CUES):
        return True
    words = stripped.split(" ")
    return bool(words) and words[-1] in _WORD_CUES
