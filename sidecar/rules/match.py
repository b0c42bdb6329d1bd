"""When two memories hold the same fact: equal match keys, or a restatement (SPEC S9.1, S9.2).

Tuned for precision: merging two different facts loses one, missing a restatement only keeps a
near-duplicate (and every change can be undone), so each rule below needs positive evidence. Subject and
attribute decide first (issue 16): other people, swapped roles or another attribute are never one fact.
"""

from __future__ import annotations

import re

from sidecar.rules.appositives import by_name_alone
from sidecar.rules.changes import may_name_old_value
from sidecar.rules.dates import dated_differently, dates_of
from sidecar.rules.event_stages import planned_and_done, planned_beside_earlier
from sidecar.rules.events import time_anchors, told_event
from sidecar.rules.evidence import CUE_TOKENS, MIN_NEAR_WEIGHT, MIN_SHARED_WEIGHT, upper_weight
from sidecar.rules.extension import continues, extends
from sidecar.rules.facts import (
    MAX_FRAME_CHARS,
    Frame,
    attributes_conflict,
    frame,
    heads_conflict,
    people_conflict,
    same_subject,
    unstated_noun,
)
from sidecar.rules.first_time import first_time
from sidecar.rules.lexicon import frames, frames_conflict
from sidecar.rules.match_keys import keys_of, shared_weight
from sidecar.rules.memo import memo
from sidecar.rules.negation import negates_in_a_clause, same_statement, stops_the_old
from sidecar.rules.numerals import (
    may_end_in_number,
    measures_differ,
    quantity_changed,
    same_quantity,
    with_shared_unit,
)
from sidecar.rules.ordinals import leading_ordinals, ordinals_conflict
from sidecar.rules.owners import moves_another_thing, owned_subject, owns_other_things
from sidecar.rules.recipients import swapped_roles
from sidecar.rules.reported import as_told, may_report
from sidecar.rules.retold import dated_apart, same_event
from sidecar.rules.reversals import undone_readings
from sidecar.rules.reworded import (
    REASON_SLOT,
    one_number_apart,
    reworded,
    shares_little_but_numbers,
    soft_key,
    without_reason,
)
from sidecar.rules.roles import converse_roles, may_name_role, may_tell
from sidecar.rules.sides import has_copula, inverted, swapped_around_verb, swapped_by_agent, told_from_both_sides
from sidecar.rules.single_valued import bare_age_update, single_valued_update
from sidecar.rules.stated_changes import (
    changes_a_thing_named_whole,
    changes_another_object,
    keeps_the_value,
    kind_replaced,
    names_old_value,
    stated_change,
)
from sidecar.rules.tokens import is_cjk, match_key, token_set
from sidecar.rules.wording import canonical

__all__ = ["MIN_NEAR_WEIGHT", "MIN_SHARED_WEIGHT", "keys_of", "match_key", "may_join_by_meaning", "may_replace",
           "restates", "restates_sharing", "shared_weight", "upper_weight"]


def restates(a: str, b: str) -> bool:
    """True when `b` says the same thing as `a` about the same subject, in other words or with a new value.

    Symmetric. Equal match keys are not a restatement (they are the same memory) and answer False.
    """
    return restates_sharing(a, b, shared_weight(a, b))


def restates_sharing(a: str, b: str, weight: float, read_again: bool = True) -> bool:
    """`restates(a, b)` when the caller already has `shared_weight(a, b)` (the merge ranks by it). A pair read
    another way (`read_again`) is not read another way again: each reading holds the other undoing verbs, and
    reading those too would branch at every level."""
    a, b = a[:MAX_FRAME_CHARS], b[:MAX_FRAME_CHARS]  # as the frame reads them: a hand-edited memory may be huge
    (written_a, hints_a, key_a, written_key_a), (written_b, hints_b, key_b, written_key_b) = _read(a), _read(b)
    if key_a == key_b or not key_a or not key_b:
        return False
    # "退订了腾讯视频" is "不再订阅腾讯视频": the negation rules compare the two, whatever the words share ("抽烟" /
    # "戒了烟"). Each reading is a whole comparison again: only for texts of a memory's length.
    other_ways = read_again and len(a) <= _READ_AGAIN_CHARS and len(b) <= _READ_AGAIN_CHARS
    if other_ways and any(_read_again(*undone) for undone in undone_readings(a, b)):
        return True
    # Every rule below needs a word or an attribute of one subject in common: most pairs stop here.
    if weight < MIN_NEAR_WEIGHT:
        return False
    by_name = by_name_alone(a, b)
    if by_name != (a, b):
        return restates(*by_name)  # "用户的表妹宋知夏今年 24 岁" / "宋知夏今年二十五了": one person, named two ways
    from_now = _LEADING_NOW.sub("", a, count=1), _LEADING_NOW.sub("", b, count=1)
    if from_now != (a, b) and all(from_now):
        return restates(*from_now)  # "These days the user's favourite band is …": when it holds is no subject
    # Read the pair another way: it may find one fact where the words as written do not.
    since = (_LEADING_SINCE.sub("", a, count=1), _LEADING_SINCE.sub("", b, count=1)) if other_ways else (a, b)
    if since != (a, b) and all(since) and _read_again(*since):
        return True  # "From April, releases go out on Thursdays": since when is no subject
    if hints_a & hints_b & _HINT_ORDINAL and ordinals_conflict(a, b):
        return False  # "the user's first car" / "the user's second car": two things, whatever else is shared
    if (hints_a | hints_b) & _HINT_REPORT:
        told_a, told_b = as_told(a, b)
        if told_a is not a or told_b is not b:
            return restates(told_a, told_b)  # "Anna told Ben that X": what was told is compared
    a, b = written_a, written_b
    if hints_a & hints_b & _HINT_NUMBER:
        a, b = with_shared_unit(a, b, CUE_TOKENS)
        written_key_a, written_key_b = match_key(a), match_key(b)
    if written_key_a == written_key_b:
        return True  # the same words, a number written in words on one side
    both = hints_a & hints_b
    if (both & _HINT_COPULA and inverted(a, b)) or (both & _HINT_ROLE and converse_roles(a, b)):
        return True  # "张伟是刘洋的上司" / "刘洋的上司是张伟", "A 是 B 的师父" / "B 是 A 的徒弟"
    # Read last, as only a merge needs it: "A 收购了 B" / "B 收购了 A", "follows a chef" / "a chef follows the user".
    return (_same_fact(a, b, hints_a, hints_b) and not swapped_around_verb(a, b) and not swapped_roles(a, b)
            and not swapped_by_agent(a, b))


def _read_again(a: str, b: str) -> bool:
    return restates_sharing(a, b, shared_weight(a, b), read_again=False)


# A merge writes 200 characters at most; a longer, hand-edited memory is compared as written only.
_READ_AGAIN_CHARS = 240
# A word saying a statement holds now, before its subject: the statement begins after it.
_LEADING_NOW = re.compile(r"^\s*(?:these days|lately|nowadays|recently|currently|at the moment|right now|now|"
                          r"最近|现在|如今|目前|近来|这段时间|这阵子)(?:[,，]\s*|\s+|(?=用户))", re.IGNORECASE)
# Since when a statement holds, before it: "From April, releases go out on …", "从下个月起，站会改到 …".
_LEADING_SINCE = re.compile(
    r"^\s*(?:(?:from|since|starting|as of|beginning)\s+(?:next |this |last |early |late |mid-?)?"
    r"(?:week|month|year|term|spring|summer|autumn|fall|winter|january|february|march|april|may|"
    r"june|july|august|september|october|november|december|\d{4})(?:\s+\d{4})?|"
    r"(?:从|自)?(?=[\d〇零一二两三四五六七八九十下明今上去这本])"
    r"(?:(?:\d{4}|[〇零一二三四五六七八九]{4})\s*年)?(?:\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*月份?)?"
    r"(?:下个?月|下周|明年|今年|上个?月|去年|下学期|这学期|本月|这个月)?(?:开始|起))[,，]\s*",
    re.IGNORECASE)
# What a text may hold, read once: most texts hold none of these, and their checks are skipped.
_HINT_NUMBER, _HINT_COPULA, _HINT_ROLE, _HINT_TELLING, _HINT_OLD_VALUE, _HINT_REPORT = 1, 2, 4, 8, 16, 32
_HINT_ORDINAL, _HINT_EVENT = 64, 128


@memo(max_bytes=2 << 20)
def _read(text: str) -> tuple[str, int, str, str]:
    """The canonical text, what it may hold, and the match keys of the text and of its canonical form: one
    cache look-up for all four."""
    written = canonical(text)
    # Read from the text as written: its canonical form writes "second" as "2".
    as_written = (_HINT_REPORT if may_report(text) else 0) | (_HINT_ORDINAL if leading_ordinals(text) else 0)
    return written, _hints(written) | as_written, match_key(text), match_key(written)


def _hints(text: str) -> int:
    return ((_HINT_NUMBER if may_end_in_number(text) else 0) | (_HINT_COPULA if has_copula(text) else 0)
            | (_HINT_ROLE if may_name_role(text) else 0) | (_HINT_TELLING if may_tell(text) else 0)
            | (_HINT_OLD_VALUE if may_name_old_value(text) else 0) | (_HINT_EVENT if told_event(text).kinds else 0))


def _same_fact(a: str, b: str, hints_a: int, hints_b: int) -> bool:
    """`restates` past its first checks, on the canonical texts."""
    if dated_differently(a, b):
        frame_a, frame_b = frame(a), frame(b)
        if not (frame_a.changed or frame_b.changed or frame_a.attributes or frame_b.attributes):
            return False  # "bought new boots on 3 February 2023" / "… on 23 February 2024": two occasions
    short, long = (a, b) if (len(a), a) <= (len(b), b) else (b, a)
    if extends(short, long):
        return True  # the whole statement and then detail, whoever the detail mentions
    if continues(short, long):
        # "likes turkey" / "likes turkey sandwiches", "喜欢猫" / "喜欢猫头鹰": another thing; but places nest
        return _place_narrowed(short, long)  # "住在南京" / "住在南京鼓楼区": the same home, said more exactly
    frame_a, frame_b = frame(a), frame(b)
    told = told_from_both_sides(a, b, frame_a, frame_b) if hints_a & hints_b & _HINT_TELLING else None
    if told is not None:
        return told
    # Read only when the rest says one fact, as most pairs are told apart before.
    return (_one_fact(a, b, frame_a, frame_b, hints_a, hints_b)
            # "the user's boss prefers …" / "the user's boss's assistant prefers …": whose differs
            and not (owned_subject(a, b, frame_a, frame_b) or owned_subject(b, a, frame_b, frame_a))
            # "用户搬到了大理" / "用户把工作室搬到了大理": what moved is another thing
            and not (moves_another_thing(a, b, frame_a, frame_b) or moves_another_thing(b, a, frame_b, frame_a))
            # "the project's API uses …" / "the project's database tables use …": one owner, two things
            and not owns_other_things(a, b))


def _one_fact(a: str, b: str, frame_a: Frame, frame_b: Frame, hints_a: int, hints_b: int) -> bool:
    """`_same_fact` past extension, continuation and converse verbs."""
    if frame_a.negated == frame_b.negated and (
            (hints_b & _HINT_OLD_VALUE and names_old_value(a, b, frame_a, frame_b))
            or (hints_a & _HINT_OLD_VALUE and names_old_value(b, a, frame_b, frame_a))):
        return True  # "uses Spotify for music" / "switched from Spotify to Apple Music"
    if people_conflict(frame_a, frame_b) or (hints_a & hints_b & _HINT_EVENT and dated_apart(a, b)):
        return False
    if "《" in a and "《" in b and _titles_differ(a, b, frame_a, frame_b):
        return False  # "在读《雪国》" / "在读《文城》": two works, whatever else is said of them
    if _named_apart_by_quotes(a, b):
        return False  # "项目“榫卯”用 Poetry" / "项目“蒲公英”的依赖管理改成了 uv": two projects, whatever changed
    if planned_and_done(a, b):
        return True  # "打算参加杭州半马" / "退出了杭州半马，没有参加": what became of the plan replaces it
    if planned_beside_earlier(a, b):
        return False  # "is training for the Three Peaks next summer" / "did it in 2024": another occasion
    if frame_a.negated != frame_b.negated:
        return (same_statement(frame_a, frame_b) or negates_in_a_clause(a, b, frame_a, frame_b)
                or (first_time(a, b) if frame_a.negated else first_time(b, a))  # "没有驾照" / "考到驾照了"
                or (stops_the_old(b, a) if frame_a.negated else stops_the_old(a, b)))  # "不用 Strava 了，…"
    if attributes_conflict(frame_a, frame_b) or frames_conflict(frames(a), frames(b)):
        return False
    if heads_conflict(frame_a, frame_b) and not changes_a_thing_named_whole(a, b, frame_a, frame_b):
        return False  # "the phone's carrier" is not "its case"; but "用户家的热水器换成了…" changes "天然气热水器"
    if frame_a.past != frame_b.past:
        return False  # "worked at Google before" holds beside "works at Google"
    if unstated_noun(frame_a, b, frame_b) or unstated_noun(frame_b, a, frame_a):
        return False  # "birthday is 3 August" / "birthday party is on 3 August": the noun heads another thing
    if hints_a & hints_b & _HINT_NUMBER and not (frame_a.changed or frame_b.changed) and measures_differ(a, b):
        return False  # "iPad 是 13 寸的" / "iPad 用了 13 个月": one number, two measures
    if hints_a & hints_b & _HINT_NUMBER and frame_a.negated == frame_b.negated and same_quantity(a, b):
        return True  # "阳台 12 平方米" / "阳台有 12 平米", "rent is £1,450 a month" / "pays 1450 pounds in rent"
    if bare_age_update(a, frame_a, frame_b) or bare_age_update(b, frame_b, frame_a):
        return True  # "Sofia is 34" / "Sofia turned 35 on Friday", "孙浩今年三十了" / "孙浩今年二十九岁"
    single = single_valued_update(frame_a, frame_b)
    if single is not None:
        # Two values both given up are two things ("不开车上班" / "不坐地铁上班"), as two kept are one replaced.
        return single and not (frame_a.negated and frame_b.negated)
    if same_event(a, b):
        return True  # "去年去云南旅游了" / "去年去了一趟云南，在大理待了一周": one event, told with detail
    if (frame_a.changed or frame_b.changed) and (changes_another_object(a, b) or keeps_the_value(a, b)):
        return False  # "网店开在淘宝" / "网店换了快递": the courier changed, not the shop
    if (frame_a.changed or frame_b.changed) and kind_replaced(a, b, frame_a, frame_b):
        return True  # "用户的 shell 是 bash" / "用户改用 fish 了": one value of a kind replaced by another
    if bool(frame_a.attributes) != bool(frame_b.attributes) and (
            shares_little_but_numbers(a, b) or _only_the_attribute_differs(a, b, frame_a, frame_b)):
        # "is 7" / "is in grade 7": a number one side names the attribute of is another fact; "is called
        # Biscuit" / "loves biscuits": one side names an attribute the other does not state
        return False
    if (frame_a.changed or frame_b.changed) and stated_change(a, b, frame_a, frame_b):
        return True
    anchors_a = time_anchors(a)
    if anchors_a and (anchors_b := time_anchors(b)) and not anchors_a & anchors_b:
        return False  # "周四的课上练了…" / "昨天的课上练了…": two occasions, whatever the words share
    if bool(_ONE_MORE_TIME.search(a)) != bool(_ONE_MORE_TIME.search(b)) and any(dates_of(a)) and any(dates_of(b)):
        return False  # "is flying to Toronto on 9 February" / "flew to Toronto in February 2025 as well"
    if (hints_a & hints_b & _HINT_NUMBER and not (frame_a.negated or frame_b.negated) and not any(dates_of(a))
            and not any(dates_of(b)) and time_anchors(a) == time_anchors(b)
            and (quantity_changed(a, b) or quantity_changed(without_reason(a), without_reason(b)))):
        return True  # "has 3 sourdough starters" / "is down to 2 sourdough starters": the count changed
    if not (frame_a.changed or frame_b.changed) and bool(_OLD_ONE.search(a)) != bool(_OLD_ONE.search(b)):
        return False  # "小爱音箱放在书房" / "旧小爱音箱放在书房的储物箱里": the old one is another thing
    # A value may change only where both texts name the attribute, or neither does.
    new_value = bool(frame_a.attributes) == bool(frame_b.attributes)
    if reworded(*(one_number_apart(a, b) if hints_a & hints_b & _HINT_NUMBER else (a, b)), new_value=new_value):
        return True
    # A reason or a time added after the new value ("now has three cats after adopting another"): the
    # statement before it is compared.
    cut_a, cut_b = without_reason(a), without_reason(b)
    if (cut_a, cut_b) == (a, b) or not cut_a or not cut_b:
        return False
    # Only one value replaced in what is left: "has used GitHub Actions" is not all of "thinks GitHub Actions
    # is powerful".
    in_a, in_b = token_set(cut_a) - CUE_TOKENS, token_set(cut_b) - CUE_TOKENS
    if len(in_a - in_b) > REASON_SLOT or len(in_b - in_a) > REASON_SLOT or not in_a - in_b or not in_b - in_a:
        return False
    return reworded(cut_a, cut_b, new_value=new_value)


def _place_narrowed(short: str, long: str) -> bool:
    """`long` is `short` with more Chinese written on after a place it ends on, where both state where someone lives
    or comes from: a district or a town inside the place (never a relative clause, "住在北京的父母", nor when or
    what happened there, "住在上海时养过猫")."""
    more = soft_key(long)[len(soft_key(short)):]
    if len(more) < 2 or not all(is_cjk(c) for c in more) or _NOT_A_PLACE.search(more):
        return False
    concepts = [found.attributes[0].concept if found.attributes else "" for found in (frame(short), frame(long))]
    return concepts[0] == concepts[1] and concepts[0] in _NESTING_PLACES


_NESTING_PLACES = frozenset({"residence", "birthplace"})
# After the place: whose, when or what happened there ("住在上海时养过猫", "住在北京期间…"), not a place inside it.
_NOT_A_PLACE = re.compile("[的时期年了过着后前间候]")


def _titles_differ(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """Each text names a work by its title marks and none is named in both, and neither states a change."""
    mine, theirs = frozenset(_TITLE.findall(a)), frozenset(_TITLE.findall(b))
    return bool(mine and theirs) and not mine & theirs and not (frame_a.changed or frame_b.changed)


_TITLE = re.compile(r"《([^》]+)》")


def _named_apart_by_quotes(a: str, b: str) -> bool:
    """Each text begins with a thing named in quotes ("项目“榫卯”…", "开源项目「纸鸢」…") and the names differ."""
    mine, theirs = _QUOTED_SUBJECT.match(a), _QUOTED_SUBJECT.match(b)
    return mine is not None and theirs is not None and mine.group(1).casefold() != theirs.group(1).casefold()


# One more time, told of an event: another occasion than the one the other text tells.
_ONE_MORE_TIME = re.compile(r"\b(?:as well|once more|once again|another time)\b|又一次|再一次", re.IGNORECASE)
# The one a thing replaced, before its noun: "旧手机", "the old laptop", "her former flat" (not "years old").
# Never in a name or a word of its own ("旧金山", "依旧", "怀旧", "Old Town Road", "weeks old"): lower-case "old" only.
_OLD_ONE = re.compile(r"(?<![依仍怀守念])旧(?!金山|宫|书店|城|址|居|历|时|事)(?=[\u4e00-\u9fffA-Za-z])|"
                      r"(?<!years )(?<!year )(?<!months )(?<!weeks )(?<!days )(?<!-)\bold (?=[a-z])|\bformer (?=[a-z])")
# A name in quotes near the start: what the memory is about.
_QUOTED_SUBJECT = re.compile(r"(?:(?!叫|是|为|成|名|号|\bis\b|called|named)[^“「\"]){0,12}"
                             r"[“「\"]([^”」\"]{1,30})[”」\"]")


def _only_the_attribute_differs(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """All that one text says beyond the other is the word giving a name ("called"), and the other says
    nothing of its own: it states something else about the same words ("loves biscuits")."""
    named, other, found = (a, b, frame_a) if frame_a.attributes else (b, a, frame_b)
    attribute = found.attributes[0]
    mine, theirs = token_set(named), token_set(other)
    cue = mine - attribute.before - token_set(attribute.rest)
    if attribute.concept in _PLACE_CONCEPTS:
        # "在一家律所上班" / "投资了一家律所": the same place, another verb of the other's own
        return bool(mine - theirs) and bool(theirs - mine - CUE_TOKENS) and mine - theirs <= cue
    if attribute.concept != "name":
        return False  # "attended" / "went to": the other may say it with words too common to count
    return bool(mine - theirs) and not theirs - mine - CUE_TOKENS and mine - theirs <= cue


_PLACE_CONCEPTS = frozenset({"employer", "residence", "school"})


def may_replace(old: str, new: str) -> bool:
    """False when `new` is about someone or something else than `old`: other people or roles, another
    attribute or head, another qualifier (home / work), another thing changed, a number of another measure, or
    the same attribute of another subject. The
    model's own merge decision (issue 16.6) is honoured only when this holds."""
    old, new = old[:MAX_FRAME_CHARS], new[:MAX_FRAME_CHARS]
    if ordinals_conflict(old, new):
        return False
    old, new = by_name_alone(canonical(old), canonical(new))
    if swapped_roles(old, new) or changes_another_object(old, new) or measures_differ(old, new):
        return False  # the giver and the taker swapped, another thing changed, one number of two measures
    frame_old, frame_new = frame(old), frame(new)
    if (people_conflict(frame_old, frame_new) or attributes_conflict(frame_old, frame_new)
            or heads_conflict(frame_old, frame_new)):
        return False
    qualifiers_old = frozenset(f for f in frames(old) if f[0] not in ("negation", "change"))
    qualifiers_new = frozenset(f for f in frames(new) if f[0] not in ("negation", "change"))
    if frames_conflict(qualifiers_old, qualifiers_new):
        return False
    if frame_old.attributes and frame_new.attributes:
        return same_subject(frame_old.attributes[0], frame_new.attributes[0])
    return True


def may_join_by_meaning(old: str, new: str) -> bool:
    """`may_replace`, and the two give no different dates: the sentence model reads "did X on 17 July" and
    "did X on 22 May" as one fact, and they are two occasions (issue 16)."""
    return may_replace(old, new) and not dated_differently(old, new)
