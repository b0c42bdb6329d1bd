"""A stated change of the attribute or the value another text holds (issue 16.3)."""

from __future__ import annotations

import math
import re

from sidecar.rules.changes import replaced_value
from sidecar.rules.events import TIME_ANCHOR
from sidecar.rules.evidence import (
    CUE_TOKENS,
    MIN_NEAR_WEIGHT,
    USER_WORDS,
    Pair,
    chars,
    has_digit,
    is_number,
    plain_weight,
)
from sidecar.rules.facts import (
    GENERIC_HEADS,
    Frame,
    ends_in_owner,
    frame,
    is_person,
    many_valued,
    people_conflict,
    predicate,
)
from sidecar.rules.kinds import kind_keys, names_kind, spans_of, values_by_kind, without_kind
from sidecar.rules.lexicon import STATED_CHANGE_PATTERN, frames, frames_conflict
from sidecar.rules.owners import MOVED_FUNCTION_CHARS, MOVED_OBJECT
from sidecar.rules.patterns import compile_fast
from sidecar.rules.single_valued import TIME_WORDS_ANYWHERE
from sidecar.rules.tokens import is_cjk, normalise, token_set, tokens


def _without_people(found: Frame, values: frozenset[str]) -> Frame:
    return found._replace(people=found.people - values, mentions=tuple(m for m in found.mentions if m not in values))


_DETERMINERS = frozenset("all both entire whole every 都 全 全部 所有".split())
# Past the replaced value the old text may say this much that the change does not repeat ("for music").
_OLD_REST_WEIGHT = 1.4


def names_old_value(old: str, new: str, frame_old: Frame, frame_new: Frame) -> bool:
    """`new` states a change from a value `old` holds to one it does not ("lives in Berlin" / "moved from
    Berlin to Munich", "服务器在腾讯云" / "把服务器从腾讯云迁到了华为云"), and `old` says little else: a change
    bound to the value it replaces. A many-valued relation (a trip, a pet) is no value to replace."""
    replaced = replaced_value(new)
    if replaced is None or frame_old.negated or replaced_value(old) is not None:
        return False
    if replaced.traded and _whose(old) != _whose(new):
        return False  # "Anna drives a Golf" / "the user traded the Golf in for a Tesla": another owner's
    if frame_old.attributes and many_valued(frame_old.attributes[0].concept):
        return False
    was, now = token_set(replaced.old) - CUE_TOKENS, token_set(replaced.new) - CUE_TOKENS
    in_old, in_new = token_set(old), token_set(new)
    if not was or not was <= in_old or not now or now <= in_old:
        return False
    # The values are places, firms or tools, not people ("banks with Barclays" / "from Barclays to Monzo").
    values = frozenset("name:" + w for w in normalise(replaced.old + " " + replaced.new).split())
    if people_conflict(_without_people(frame_old, values), _without_people(frame_new, values)):
        return False
    if bool(frame_old.subject_nouns) != bool(frame_new.subject_nouns):
        return False  # "lives in Oslo" / "the user's company moved from Oslo to Bergen"
    if frames_conflict(frames(old), frames(new)):
        return False
    pair = Pair(old, new)
    if pair.total(was) < MIN_NEAR_WEIGHT:
        return False  # one CJK character is no value
    owned = _POSSESSED.search(normalise(new))
    if owned is not None and _another_thing(_HOW_CHANGED.sub("", owned.group(1) or owned.group(2)), old, in_old):
        return False  # "输入法是搜狗" / "用户的默认搜索引擎从搜狗换成了…": the user's other thing changed
    moved = token_set(replaced.what) - CUE_TOKENS - _DETERMINERS
    named_qualifiers = frames(replaced.what)
    if not chars(moved) <= chars(in_old) and not (moved and named_qualifiers and named_qualifiers <= frames(old)):
        return False  # "lives in Porto" / "moved the office from Porto to …": something else moved
    rest = token_set(normalise(predicate(old)).replace(replaced.old, " ")) - in_new - CUE_TOKENS
    latin = {t for t in rest if not is_cjk(t[0])}
    # CJK weighed by the characters left (bigrams would count "做测试" twice over).
    left = len(chars(frozenset(rest - latin)) - chars(in_new))
    return pair.total(latin) + 0.3 * left <= _OLD_REST_WEIGHT


def _whose(text: str) -> str:
    """Whom a text begins with: its first two Chinese characters, or its first two words ("the user", "anna drives")."""
    folded = normalise(text).lstrip()
    if folded[:1] and is_cjk(folded[0]):
        return folded[:2]
    words = [word.removesuffix("'s").removesuffix("’s") for word in folded.split()[:2]]
    return " ".join(words if words[:1] == ["the"] else words[:1])


def _another_thing(possessed: str, old: str, in_old: frozenset[str]) -> bool:
    """What the change is said of is not in the old text, nor the kind of its value ("uses Firefox" / "default
    browser", "用的是 iPhone" / "手机"), nor a common attribute ("lives in …" / "home")."""
    words = token_set(possessed) - in_old - _ATTRIBUTE_NOUNS
    if not words:
        return False
    # A thing the old text names of its own is what its value belongs to ("家的宽带是电信的" / "手机号从电信…").
    head = frame(old).head_order
    if len(head) >= 2 and head not in possessed:
        return True
    return not any(names_kind(possessed, kind) for kind in kind_keys(old))


# What of the user's a change from one value to another is said of: "用户的默认搜索引擎从…", "the user's office …";
# in English the words up to the verb.
_POSSESSED = re.compile(r"(?:[\u4e00-\u9fff]|\buser)(?:的|['’]s)\s*([\u4e00-\u9fff]{1,8}?)\s*从|"
                        r"\b[a-z]+['’]s\s+((?:[a-z-]+\s+){0,2}?[a-z-]+?)\s+(?:[a-z]+ly\s+)?"
                        r"(?:[a-z]+ed|went|was|has|got|is)\b")
# Attributes of the user an English memory states with a verb, not the noun ("lives in" is the home), and a name.
_ATTRIBUTE_NOUNS = token_set("home house flat apartment address place default main usual current new old primary daily "
                             "name 名字 名称")
# How much or how lately the change happened, between the thing and 从 ("接口已经全部从 REST 迁到了…").
_HOW_CHANGED = re.compile(r"已经|全部|全都|都|也|还|现在|目前|最近|终于")


# What else the two texts may each say besides the values of a kind (one word: "for coding", "做代码检查").
_KIND_REST_WEIGHT = 0.8


def kind_replaced(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """A stated change to one value of a kind (a shell, a browser, a car brand) from the one value of that
    kind the other text names, and little else said on either side."""
    if frame_a.negated or frame_b.negated:
        return False
    for kind, (mine, theirs) in values_by_kind(a, b).items():
        if len(mine) != 1 or len(theirs) != 1 or mine == theirs:
            continue
        changed = [(found, text) for found, text in ((frame_a, a), (frame_b, b)) if found.changed and found.new_value]
        if not any(_value_after_cue(text, kind) for _, text in changed):
            continue
        rest_a, rest_b = _kind_rest(a, kind), _kind_rest(b, kind)
        if rest_a - rest_b and rest_b - rest_a:
            continue  # "用飞书开会" / "用钉钉打卡": each says what else it is used for
        if bool(_ANOTHER.search(a)) != bool(_ANOTHER.search(b)):
            continue  # "另一个项目", "another laptop": not the thing the other text is about
        if _moves_unnamed(a, b, kind) or _moves_unnamed(b, a, kind):
            continue  # "把车险换到了…" / "把信用卡换成了…": what changed differs
        pair = Pair(a, b)
        if (rest_weight(pair, rest_a - rest_b) <= _KIND_REST_WEIGHT
                and rest_weight(pair, rest_b - rest_a) <= _KIND_REST_WEIGHT):
            return True
    return False


_ANOTHER = re.compile(r"另一|另外|其他|其它|\b(?:another|other|second|new)\b", re.IGNORECASE)


def _moves_unnamed(a: str, b: str, kind: str) -> bool:
    """`a` changes a thing it names with 把 / 将 (its kind's nouns aside) that `b` does not name."""
    hit = MOVED_OBJECT.search(normalise(a))
    if hit is None:
        return False
    moved = {c for c in without_kind(hit.group(1), kind) if is_cjk(c)} - MOVED_FUNCTION_CHARS
    return bool(moved - set(normalise(b)))


def _kind_rest(text: str, kind: str) -> frozenset[str]:
    """What a text says besides the values and nouns of `kind`, times and change cues: Latin words and CJK
    characters."""
    said = token_set(TIME_WORDS_ANYWHERE.sub(" ", without_kind(text, kind))) - CUE_TOKENS
    return chars(said) - GENERIC_HEADS - _CUE_CHARS


# Characters of change cues and particles: no content of their own.
_CUE_CHARS = frozenset("换成了改用到为把将从已经现在的是在用也都还就")


def rest_weight(pair: Pair, found: frozenset[str]) -> float:
    return math.fsum(0.5 if is_cjk(token[0]) else (1.0 if token in pair.named else plain_weight(token))
                     for token in found)


def _value_after_cue(text: str, kind: str) -> bool:
    """The text names its value of `kind` after its change cue: the new value, not the old."""
    cues = [hit.start() for hit in _CHANGE.finditer(normalise(text))]
    return bool(cues) and any(start >= cues[0] for start, _ in spans_of(text, kind))


def changes_a_thing_named_whole(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """One text changes a thing ("用户家的热水器换成了…") that the other names whole where it says what it has
    ("用户家里用的是天然气热水器"): one thing, though each text is about another head."""
    for changed, text, other_text in ((frame_a, a, b), (frame_b, b, a)):
        if not (changed.changed and changed.new_value and changed.head_order and len(changed.head_order) >= 2):
            continue
        if not changed.head or changed.head - chars(frozenset({changed.head_order})):
            continue  # no head, or a Latin word in it
        if (part := _owned_part(text)) and not _names_part(part, other_text):
            continue  # "把电动车的电瓶换成了…": a part of the thing changed
        there = normalise(_first_clause(other_text))
        at = there.find(changed.head_order)
        if at < 0 or not _head_changed(changed, text):
            continue
        # Whose or where it is must be said before it there too: "用户公司用的是…热水器" is not "用户家的热水器".
        owner = _OWNER_FILLER.sub("", changed.head_span.replace(changed.head_order, ""))
        if not owner or re.search("(?:^|用户的?)" + re.escape(owner), there[:at]):
            return True
    return False


_OWNER_FILLER = re.compile(r"用户|[的把将\s]")


def stated_change(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """A stated change of the attribute the other text holds (issue 16.3): what changed is named on both
    sides ("测试 … 测试框架换成了"), or both values end in the same kind of thing ("安卓手机" / "苹果手机").
    A change that says no new value ("把支付宝头像换了") replaces nothing."""
    stating = [(changed, text, other, other_text)
               for changed, text, other, other_text in ((frame_a, a, frame_b, b), (frame_b, b, frame_a, a))
               if changed.changed and changed.new_value]
    if not stating:
        return False
    for changed, text, other, other_text in stating:
        part = _owned_part(text)
        if part and not _names_part(part, other_text):
            continue  # "把电动车的电瓶换成了…": the battery changed, not the bike the other text rides
        if changed.head and _head_changed(changed, text) and _names_head(changed.head, _first_clause(other_text)):
            # what changed is named in the other text: "测试" … "测试框架换成了" — in what it states, not in
            # a later clause ("跑 Home Assistant，控制家里的灯" is not about the lights)
            return True
        if (not changed.head and other.head and other.head <= chars(token_set(text)) and _ends_noun(other.head, text)
                and _after_change(other.head, text)):
            return True  # the attribute the other names is in the new value: "输入法是搜狗" / "改用了微信输入法"
    if _one_name_replaced(a, b):
        return True
    last_a, last_b = _last_word(a), _last_word(b)
    if last_a is None or last_a != last_b or last_a in Pair(a, b).named:
        return False  # a name at the end is one value, not a kind of thing ("moved to Zurich" / "is at ETH Zurich")
    if _after_number(a) or _after_number(b):
        # "跑 5 公里" / "游泳 2 公里": a unit after a number is one only when nothing else changed.
        unshared = (token_set(a) ^ token_set(b)) - CUE_TOKENS
        return all(map(is_number, unshared))
    return True


def changed_object(text: str) -> str:
    """What a change verb with an object and no result changes ("换了班主任", "升级了店里的收银系统", "把手机壳换成
    了…"): the CJK noun after it or after 把 (after the last 的); empty when the verb states a new value ("换成了…",
    "换了一辆…") or has no CJK object."""
    folded = normalise(text)
    moved = MOVED_OBJECT.search(folded)
    if moved is not None and _CJK_RUN.fullmatch(moved.group(1)):
        return moved.group(1).rpartition("的")[2]  # "把微信头像改成了…": 头像 changed
    hit = _OBJECT_CHANGE.search(folded)
    if hit is None:
        return ""
    return hit.group(1).rpartition("的")[2]


_CJK_RUN = re.compile("[\u4e00-\u9fff的]+")


# A change verb and its object; a result complement after the verb (成 到 为 用 回) states the value instead.
_OBJECT_CHANGE = re.compile(r"(?:换了|换掉了|更换了|升级了|更新了|替换了)(?:新的?|掉)?"
                            r"(?![成到为用回一两几个台副双辆部把张件只套款])([\u4e00-\u9fff][\u4e00-\u9fff的]{0,10})")


def keeps_the_value(a: str, b: str) -> bool:
    """A text telling a change says the other's value stays: after "still" ("换了一部新手机，还是用移动的号" beside
    "手机号是移动的"), or as the thing an English change verb works on ("switched the Skoda to winter tyres" beside
    "drives a Skoda"): what changed is something else."""
    for text, other in ((a, b), (b, a)):
        folded, folded_other = normalise(text), normalise(other)
        theirs = token_set(USER_WORDS.sub(" ", other)) - CUE_TOKENS
        # Only when all the other says is still said: "跳槽到了 Lazada，还是做运营" changes "在 Shopee 做运营".
        if chars(theirs) <= chars(token_set(folded)) and any(
                Pair(text, other).total(token_set(folded[kept.end():kept.end() + _KEPT_REACH]) & theirs) >= 0.6
                for kept in _KEPT.finditer(folded)):
            return True
        for worked_on in _WORKED_ON.finditer(text):
            name = worked_on.group(1).casefold()
            # A name the other text begins with, or says whose it is, is what the fact is about ("Lantern uses npm",
            # "the user's Kindle is set to English"), not its value.
            if name in theirs and not folded_other.startswith(name) and not re.search(
                    r"(?:user|用户)(?:['’]s|的)\s*" + re.escape(name), folded_other):
                return True
    return False


_KEPT = re.compile(r"还是|仍然|依然|照样|\bstill\b|\bkept\b|\bkeeps\b")
_KEPT_REACH = 12
# An English change verb working on a named thing and giving it something new ("switched the Skoda to …").
_WORKED_ON = re.compile(r"\b(?:switched|changed|set|converted|turned)\s+(?:the|his|her|their|its)\s+"
                        r"([A-Z][\w-]*)\s+(?:to|onto|over to|into)\b")


def changes_another_object(a: str, b: str) -> bool:
    """One text changes a thing by name that the other does not name ("网店开在淘宝" / "网店换了快递", "升级了收银系统"
    / "升级了会员系统"): what changed is another thing than what the other says (issue 16.3). A kind or an attribute
    the other states a value of is named by that value ("用户用 Vim" / "换了编辑器", "住在朝阳区" / "换了房子")."""
    return not (_names_object(changed_object(a), b) and _names_object(changed_object(b), a))


def _states_value_of(found: str, other_text: str) -> bool:
    """The changed object is a kind the other text names a value of, or the attribute it states."""
    if any(names_kind(found, kind) and not without_kind(found, kind).strip() for kind in kind_keys(other_text)):
        return True  # the kind's own noun ("编辑器"), not a thing it has ("手机壳")
    concept = _OBJECT_ATTRIBUTES.get(found)
    return concept is not None and any(attribute.concept == concept for attribute in frame(other_text).attributes)


# Nouns that name an attribute when they are what changed ("换了学校", "换了房子").
_OBJECT_ATTRIBUTES = {noun: concept for concept, nouns in (
    ("school", "学校 学 大学 中学 小学"), ("residence", "房子 住处 地方 家 房"), ("employer", "工作 公司 单位 东家"),
    ("job", "岗位 职位 工种"), ("phone", "手机"), ("vehicle", "车 汽车")) for noun in nouns.split()}


def _names_object(found: str, other_text: str) -> bool:
    """The other text names the changed object, its property and kind words aside: its last character (a Chinese
    compound's head: 头像, 手机壳) and half of them."""
    if not found:
        return True
    if _states_value_of(found, other_text):
        return True
    named = _OBJECT_PROPERTY_END.sub("", found.strip("".join(_OBJECT_FILLER_CHARS)))
    named = "".join(c for c in named if c not in GENERIC_HEADS and c not in _OBJECT_FILLER_CHARS)
    if len(named) < 2:
        return True  # "把软件都调成…", "把车换成了…": only a kind of thing, which a value may name ("开一辆思域")
    there = normalise(other_text)
    return named[-1] in there and 2 * sum(c in there for c in named) >= len(named)


# After a changed thing, the property changed names no other thing ("备份时间", "发版日"); around it, no content.
_OBJECT_PROPERTY_END = re.compile("(?:时间|时段|日期|日子|时候|方式|地点|名字|颜色|型号|尺寸|价格|日|天)$")
_OBJECT_FILLER_CHARS = MOVED_FUNCTION_CHARS | frozenset("都全也还")


def _head_changed(changed: Frame, text: str) -> bool:
    """What stands before the change verb is what changed, not where it happened ("在实验小学转到了三班")."""
    order = changed.head_order
    if not order:
        return True
    folded, at = normalise(text), -1
    while (at := folded.find("在" + order, at + 1)) >= 0:
        if folded[at - 1:at] not in _NOT_WHERE:
            return False
    return True


# Before 在 these make a word of their own (现在, 正在, 实在), not "at".
_NOT_WHERE = frozenset("现正还实存所")


def _first_clause(text: str) -> str:
    return _CLAUSE_SPLIT.split(text, maxsplit=1)[0]


_CLAUSE_SPLIT = re.compile(r"[，,;；。]")


def _names_part(part: str, other_text: str) -> bool:
    """The part is written in the other text: each Latin word of it, its CJK characters as one run."""
    folded = normalise(other_text)
    cjk = "".join(c for c in part if is_cjk(c))
    latin = frozenset(t for t in token_set(part) if not is_cjk(t[0]))
    return (not cjk or cjk in folded) and latin <= token_set(folded)


def _owned_part(text: str) -> str:
    """What a stated change changes when it names it as a part of another thing ("把电动车的电瓶换成了…",
    "changed the bike's chain to …"): the words after the last possessive; empty when it names no part."""
    folded = normalise(text)
    hit = _CHANGE.search(folded)
    if hit is None:
        return ""
    moved = MOVED_OBJECT.search(folded)
    span = moved.group(1) if moved is not None else folded[:hit.start()]
    owner, mark, part = max(span.rpartition("的"), span.rpartition("'s "), key=lambda cut: len(cut[0]))
    owner_words = owner.split()
    if not mark or not owner_words or is_person(owner_words[-1]) or ends_in_owner(owner):
        return ""  # "用户的手机换成了…", "用户哥哥的车…": whose, not a part
    return "".join(c for c in part if c not in MOVED_FUNCTION_CHARS).strip()


# What may follow a noun in a Chinese sentence without making it part of a longer noun ("手机" / "手机壳").
_AFTER_NOUN = frozenset("的了是在和与也都，,。.!！;；、 ")


def _ends_noun(head: frozenset[str], text: str) -> bool:
    """The CJK part of `head` is written in `text` as a whole noun, not the start of a longer one: "换了新手机"
    names the phone, "换了一个新手机壳" a case."""
    cjk = {t for t in head if is_cjk(t[0])}
    if not cjk:
        return True
    folded = normalise(text)
    cues = [hit.end() for hit in _CHANGE.finditer(folded)]
    value_from = cues[-1] if cues else 0
    if cjk <= set(folded[:value_from]):
        return True  # named before the change: what changes
    last = max(folded.rfind(char) for char in cjk)
    after = folded[last + 1:last + 2]
    return not after or after in _AFTER_NOUN or not is_cjk(after)


_CHANGE = compile_fast(STATED_CHANGE_PATTERN)


# Function words a head picks up before what changed ("把博客从…", "将 Python 升级到…").
_HEAD_FUNCTION_WORDS = frozenset("把 将 从 已 的 了 都 也 还 and her his their its".split()) | frozenset(
    "所有里上中下前后年月日号时")  # determiners, places in or on, parts of a date: never what changed
# What the user thinks or may do says nothing about what changed ("觉得周会可以改成…", "打算把 kite 升级到…").
_HEAD_MODAL_CHARS = frozenset("觉得认为可以想要打算应该会能")


# Before a change verb these name whom it is done for ("用户给家里换了…"), not what it changes.
_BENEFICIARY_CHARS = frozenset("给替")


def _names_head(head: frozenset[str], other_text: str) -> bool:
    """What a stated change is about is named in the other text: every Latin word of it, half of its CJK
    characters ("包管理器换成了" / "用 yarn 管理依赖"); "finished her PhD and is now" is not "finished 'X'"."""
    if head & _BENEFICIARY_CHARS:
        return False  # "给女儿换了…": whom the change is for, not what changed
    words = head - GENERIC_HEADS - _HEAD_FUNCTION_WORDS
    there = chars(token_set(other_text))
    latin = {w for w in words if not is_cjk(w[0])}
    cjk = words - latin
    if cjk and not cjk - _HEAD_MODAL_CHARS:
        return False  # only a name and what the user means to do with it
    cjk -= _HEAD_MODAL_CHARS
    return bool(words) and latin <= there and 2 * len(cjk & there) >= len(cjk)


def _one_name_replaced(a: str, b: str) -> bool:
    """"is on macOS Ventura" / "upgraded to macOS Sonoma": a name kept, one other name replaced by one, and
    nothing else said."""
    pair = Pair(a, b)
    shared = pair.a & pair.b
    only_a, only_b = (pair.a - shared) - CUE_TOKENS, (pair.b - shared) - CUE_TOKENS
    return (len(only_a) == 1 and len(only_b) == 1 and bool(pair.names_in(shared))
            and bool(pair.names_in(only_a)) and bool(pair.names_in(only_b))
            and not _OWNER_NAME.search(a) and not _OWNER_NAME.search(b))


# "the Pro plan of Notion" / "… of Figma": the name replaced is whose plan it is, not the plan.
_OWNER_NAME = re.compile(r"\b(?:of|for)\s+[A-Z][\w.-]*\s*[.!]?\s*$")


def _after_number(text: str) -> bool:
    found = tokens(text)
    return len(found) > 1 and has_digit(found[-2])


# When something happened, said at the end: no kind of thing ("… over the weekend", "… 上周末").
_WHEN_AT_END = compile_fast(r"(?:\s+(?:over|during|at|on|in|for|last|this|next)?\s*(?:the\s+)?"
                            r"(?:weekend|week|month|year|morning|evening|afternoon|night|day|holidays?|summer|winter"
                            r"|spring|autumn|fall))+\s*[.!。！]?\s*$|(?:" + TIME_ANCHOR + r")\s*[.!。！]?\s*$")


def _after_change(head: frozenset[str], text: str) -> bool:
    """Every Latin word of `head` is written in a clause of the text that states a change ("the owner now
    keeps them" says nothing of "the café next to the studio" before it)."""
    latin = {word for word in head if not is_cjk(word[0])}
    if not latin:
        return True
    return any(latin <= token_set(clause) for clause in _CHANGE_CLAUSE.split(text) if _CHANGE.search(normalise(clause)))


_CHANGE_CLAUSE = re.compile(r"[,;，；。]|\s+and\s+")


def _last_word(text: str) -> str | None:
    """The last content word when it names a kind of thing (not a number, not a unit after one, not when)."""
    found = tokens(_WHEN_AT_END.sub("", text))
    if not found or has_digit(found[-1]) or found[-1] in CUE_TOKENS:
        return None
    last = found[-1]
    return last if len(last) > 1 and (not is_cjk(last[0]) or len(last) == 2) else None
