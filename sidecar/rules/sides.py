"""Who stands on which side: an identity read from either end, converse verbs, swapped roles (issue 16.1)."""

from __future__ import annotations

import re

from sidecar.rules.evidence import REWORDED_SHARE, USER_WORDS, chars
from sidecar.rules.facts import BY_AGENT_CJK, Frame, is_passive, predicate
from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast
from sidecar.rules.roles import told_both_ways
from sidecar.rules.tokens import normalise, token_set, tokens

_COPULA = compile_fast(r"是|\s(?:is|are)\s")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")


def inverted(a: str, b: str) -> bool:
    """"X is Y" and "Y is X", one copula each: an identity says the same read from either end."""
    halves_a = _halves(a)
    if halves_a is None:
        return False
    halves_b = _halves(b)
    return halves_b is not None and halves_a == halves_b[::-1]


def has_copula(text: str) -> bool:
    return "是" in text or " is " in text or " are " in text


@memo(max_bytes=1 << 20)
def _halves(text: str) -> tuple[str, str] | None:
    """The keys of what stands before and after a text's one copula, or None."""
    halves = _COPULA.split(normalise(text))
    if len(halves) != 2:
        return None
    left, right = (_NOT_WORD.sub("", _ARTICLE.sub("", half.strip())) for half in halves)
    return (left, right) if left and right else None


_NOT_WORD = re.compile(r"[\W_]+")

# Share of what stands before a verb in one text that must stand after it in the other.
_SWAPPED_SHARE = 0.6
# A relation both sides hold alike ("shares an office with", "和…合租"): no one is swapped.
_SYMMETRIC = re.compile(r"\bwith\b|[和跟与同]", re.IGNORECASE)
# Characters that tell no one apart: particles and the copula.
_FILLER = frozenset("的 了 在 所 是 都 也 就 the a an of".split())


@memo(max_bytes=1 << 20)
def _ordered_tokens(text: str) -> tuple[str, ...]:
    """Content tokens in order, the user among them."""
    return tokens(USER_WORDS.sub(" usermark ", text))


def swapped_around_verb(a: str, b: str) -> bool:
    """The same words with what stands before a shared word and what stands after it swapped: who did it
    and to whom (or which of two things owns which) differ."""
    if tokens(a) == tokens(b):
        return False  # the same words in the same order (the user aside)
    seq_a, seq_b = _ordered_tokens(a), _ordered_tokens(b)
    if len(seq_a) < 3 or len(seq_b) < 3 or seq_a == seq_b:
        return False
    if is_passive(a) or is_passive(b) or told_both_ways(a, b) is not None:
        return False  # "Dana was hired by Chris", "rents a room from …": the order is read elsewhere
    symmetric = bool(_SYMMETRIC.search(a) and _SYMMETRIC.search(b))
    for pivot in set(seq_a[1:-1]) & set(seq_b[1:-1]):
        if seq_a.count(pivot) != 1 or seq_b.count(pivot) != 1:
            continue
        at_a, at_b = seq_a.index(pivot), seq_b.index(pivot)
        # By word and CJK character: a bigram across the verb ("主关") belongs to neither side.
        verb = chars(frozenset((pivot,)))
        before_a, after_a = chars(frozenset(seq_a[:at_a])) - verb, chars(frozenset(seq_a[at_a + 1:])) - verb
        before_b, after_b = chars(frozenset(seq_b[:at_b])) - verb, chars(frozenset(seq_b[at_b + 1:])) - verb
        if (before_a and before_b and len(before_a & after_b) >= _SWAPPED_SHARE * len(before_a)
                and len(before_b & after_a) >= _SWAPPED_SHARE * len(before_b)
                and not before_a & before_b):
            return True
        # The user's and another's thing swapped across it, words both share aside: "the user's team reviews
        # the payments team's PRs" / "the payments team reviews the user's team's PRs".
        only_a, only_b = before_a - before_b - _FILLER, before_b - before_a - _FILLER
        if (only_a and only_b and "usermark" in only_a | only_b and not symmetric and only_a <= after_b - after_a
                and only_b <= after_a - after_b and after_a - only_b - _FILLER == after_b - only_a - _FILLER):
            return True  # and the rest the same: "输给了老魏" / "赢了用户" are one game told from each side
    return False


def swapped_by_agent(a: str, b: str) -> bool:
    """A Chinese passive with 由, told actively, has who acts and whose thing it is swapped against the other text
    ("用户提交的合同由小林审" / "用户审小林提交的合同"). The verb stands apart on both sides, so it can be the pivot."""
    for passive, other in ((a, b), (b, a)):
        found = _BY_AGENT.match(passive) if "由" in passive else None
        if found and found.group("verb") in other:
            verb = found.group("verb")
            active = found.group("agent") + f" {verb} " + found.group("rest") + found.group("patient")
            if swapped_around_verb(active, other.replace(verb, f" {verb} ", 1)):
                return True
    return False


# "X（都）由 Y（来/负责）审": what is done, who does it, and the verb of a duty.
_BY_AGENT = re.compile(r"^(?P<patient>[^，,。；;由]{2,30}?)(?:都|全都|全|一般|通常|主要)?" + BY_AGENT_CJK +
                       r"(?P<agent>[^，,。；;]{1,12}?)(?:来|负责)?"
                       r"(?P<verb>审|批|改|管|带|教|照顾|接送|保管|处理|维护|检查|签|翻译|校对|辅导|安排|组织|主持|测试|"
                       r"部署|合并|打扫|付|交|送|做|写)(?P<rest>[^，,。；;]*)$")


def told_from_both_sides(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool | None:
    """One event told from each side with converse verbs ("lent his drill to Tom" / "Tom borrowed the user's
    drill", "用户教女儿弹钢琴" / "女儿跟着用户学钢琴"): one fact when the one who acts is the same and what
    happened is the same, two when the roles are swapped. None when the texts are not told so."""
    both = told_both_ways(a, b)
    if both is None:
        return None
    told_a, told_b = both
    people = set(frame_a.mentions)
    if people != set(frame_b.mentions) or len(people) < 2:
        return None
    if frame_a.mentions[0] == frame_b.mentions[0]:
        return False  # "lent his drill to Tom" / "borrowed Tom's drill": the roles are swapped
    # What happened, by word and CJK character (bigrams across a removed verb say nothing), counts aside.
    roles = (frame_a.mentions[0], frame_b.mentions[0])
    said_a, said_b = (chars(token_set(predicate(_without_names(told.rest, roles)))) - _COUNT_CHARS
                      for told in (told_a, told_b))
    shared = said_a & said_b
    if not shared:
        return None  # the people and the verb agree, but not what was lent or taught
    small, large = sorted((said_a, said_b), key=len)
    return True if small <= large or len(shared) >= REWORDED_SHARE * len(said_a | said_b) else None


# Numerals and classifiers ("一条围巾" / "围巾"): how many, not what.
_COUNT_CHARS = frozenset("零一二两三四五六七八九十百千万个只条本张台把件辆部套双位名支首篇份颗的了")


def _without_names(folded: str, people: tuple[str, ...]) -> str:
    for person in people:
        if person.startswith("name:"):
            folded = folded.replace(person[5:], " ")
    return folded
