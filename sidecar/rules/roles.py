"""Who did what to whom, told from either side: converse verbs ("lent" / "borrowed", "教" / "跟…学") (issue 16.1)."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast
from sidecar.rules.tokens import normalise

_WHO = r"[^，。,.;；]{1,10}?"
# (what happened, told by the one who acts first, told by the other one first). The second side's
# patterns are tried first: "李雷收到了小王送的书" holds "送" too.
_CONVERSES: tuple[tuple[str, str, str], ...] = (
    ("lend", r"借给|借了?" + _WHO + r"给|\b(?:lent|lends?|loaned|loans?)\b",
     r"向" + _WHO + r"借|跟" + _WHO + r"借|找" + _WHO + r"借|借走了?|借了?(?!给)" + _WHO + r"的|"
     r"\bborrow(?:ed|s|ing)?\b|"
     r"欠|\bowe[sd]?\b"),
    ("sell", r"卖给|卖了?" + _WHO + r"给|\bsold\b|\bsells?\b",
     r"买了?" + _WHO + r"的|从" + _WHO + r"(?:那里|那儿)?买|\bbought\b(?=.*\bfrom\b)"
     r"|\bbought(?=\s+(?:\S+\s+)?\S+['’]s\b)"
     r"|\bbuys?\b(?=.*\bfrom\b)"),
    ("rent", r"租给|租了?" + _WHO + r"给|\brent(?:ed|s)?\s+(?:\S+\s+){0,4}?to\b|\blets?\b",
     r"租了?" + _WHO + r"的|向" + _WHO + r"租|\brent(?:ed|s)?\s+(?:\S+\s+){0,4}?from\b"),
    ("give", r"送给|送了|(?<![收])送(?!的)|给" + _WHO + r"(?:织|做|买|寄|带|画|写)了|\bgave\b|\bgives?\b",
     r"收到了?|\b(?:got|gets|received|receives)\b(?=.*\bfrom\b)"),
    ("teach", r"(?<![宗请])教(?![室材程练授育会])|给" + _WHO + r"补习|\btaught\b|\bteach(?:es|ing)?\b",
     r"跟着?" + _WHO + r"(?:学|补习|会)|向" + _WHO + r"学|从" + _WHO + r"(?:那里|那儿)?学"
     r"|\b(?:learned|learnt|learns|learning)\b(?=.*\bfrom\b)"
     r"|\b(?:takes|took|taking|has|had|gets|got)\b(?=(?:\s+\S+){0,3}?\s+(?:lessons?|classes)\s+(?:with|from)\b)"),
    ("invite", r"邀请(?!函)|\binvit(?:ed|es)\b", r"收到了?(?=[^，。,.]*邀请)|\b(?:got|received) an invitation\b"),
    ("beat", r"(?<![输双共])赢了|打败了?|\b(?:beat|beats|defeated|defeats)\b",
     r"输给了?|\blos[te]s?\b(?=(?:\s+\S+){0,5}?\s+to\b)"),
    ("older", r"比" + _WHO + r"大|\bolder than\b", r"比" + _WHO + r"小|\byounger than\b"),
    ("earlier", r"比" + _WHO + r"早|\bearlier than\b", r"比" + _WHO + r"晚|\blater than\b"),
    ("taller", r"比" + _WHO + r"高|\btaller than\b", r"比" + _WHO + r"矮|\bshorter than\b"),
    ("more", r"比" + _WHO + r"多|\bmore than\b", r"比" + _WHO + r"少|\bless than\b|\bfewer than\b"),
    ("heavier", r"比" + _WHO + r"重|\bheavier than\b", r"比" + _WHO + r"轻|\blighter than\b"),
)
_SIDES = tuple((concept, re.compile(first), re.compile(second)) for concept, first, second in _CONVERSES)
# Every pattern above holds one of these: most texts hold none.
_TRIGGERS = ("借", "卖", "买", "租", "送", "收到", "教", "学", "邀请", "赢", "打败", "输给", "比", "lent", "lend",
             "loan", "borrow", "sold", "sell", "bought", "buy", "rent", "let", "gave", "give", "got", "gets", "receiv",
             "taught", "teach", "learn", "lesson", "invit", "beat", "defeat", "lost", "lose", " than", "欠", "owe",
             "补习", "给", "会")
_TRIGGER = compile_fast("|".join(map(re.escape, _TRIGGERS)))


class Telling(NamedTuple):
    """What happened, and whether the text tells it from the other one's side (its first person is the
    one it happened to)."""

    concept: str
    converse: bool
    rest: str  # the text without the words telling what happened


def may_tell(text: str) -> bool:
    """`text` holds a word a converse telling needs (a cheap test before `tellings`)."""
    return _TRIGGER.search(text.casefold()) is not None


def may_name_role(text: str) -> bool:
    """`text` holds a role word `role_of` reads."""
    return _ROLE_WORD.search(text.casefold()) is not None


def tellings(text: str) -> tuple[Telling, ...]:
    """Every converse-verb reading of `text` (one per kind of event it may tell), none when it has no such
    verb."""
    folded = text.casefold()
    if _TRIGGER.search(folded) is None:
        return ()
    return _tellings(text)


@memo(max_bytes=1 << 20)
def _tellings(text: str) -> tuple[Telling, ...]:
    folded = normalise(text)
    found = []
    for concept, first, second in _SIDES:
        for converse, pattern in ((True, second), (False, first)):
            if pattern.search(folded) is not None:
                found.append(Telling(concept, converse, first.sub(" ", second.sub(" ", folded))))
                break
    return tuple(found)


def told_both_ways(a: str, b: str) -> Optional[tuple[Telling, Telling]]:
    """The readings of one kind of event that `a` and `b` tell from opposite sides, or None."""
    for mine in tellings(a):
        for theirs in tellings(b):
            if mine.concept == theirs.concept and mine.converse != theirs.converse:
                return mine, theirs
    return None


# Two roles of one relation: "A 是 B 的师父" says what "B 是 A 的徒弟" says.
_ROLE_PAIRS = (("师父", "徒弟"), ("师傅", "徒弟"), ("老师", "学生"), ("导师", "学生"), ("上司", "下属"),
               ("领导", "下属"), ("老板", "员工"), ("房东", "租客"), ("房东", "房客"), ("mentor", "mentee"),
               ("teacher", "student"),
               ("boss", "employee"), ("landlord", "tenant"), ("coach", "trainee"), ("employer", "employee"))
_CONVERSE_ROLES = frozenset(_ROLE_PAIRS) | frozenset((second, first) for first, second in _ROLE_PAIRS)
_ROLES = frozenset(role for pair in _ROLE_PAIRS for role in pair)
_ROLE_WORD = compile_fast("|".join(sorted(_ROLES, key=len, reverse=True)))
_CJK_ROLE = re.compile(r"^(?P<x>[^，。,.是]+?)是(?P<y>[^，。,.是]+?)的(?P<role>[\u4e00-\u9fff]{2})[。.!！]?$")
_LATIN_ROLE = re.compile(r"^(?:the\s+)?(?P<x>[^,.]+?)\s+is\s+(?:the\s+)?(?P<y>[^,.]+?)['’]s\s+(?P<role>[a-z]+)[.!]?$")


class Role(NamedTuple):
    holder: str
    of: str
    role: str


def role_of(text: str) -> Optional[Role]:
    """"A 是 B 的 R" / "A is B's R": who holds which role towards whom, or None."""
    if _ROLE_WORD.search(text.casefold()) is None:
        return None
    return _role_of(text)


@memo(max_bytes=1 << 19)
def _role_of(text: str) -> Optional[Role]:
    folded = normalise(text).strip()
    found = _CJK_ROLE.match(folded) or _LATIN_ROLE.match(folded)
    if found is None or found.group("role") not in _ROLES:
        return None
    return Role(_key(found.group("x")), _key(found.group("y")), found.group("role"))


def converse_roles(a: str, b: str) -> bool:
    """"A is B's mentor" / "B is A's mentee": one relation named by its two roles."""
    mine, theirs = role_of(a), role_of(b)
    return (mine is not None and theirs is not None and mine.holder == theirs.of and mine.of == theirs.holder
            and (mine.role, theirs.role) in _CONVERSE_ROLES)


_ARTICLE = re.compile(r"^(?:the|a|an)\s+|\s+")


def _key(words: str) -> str:
    return _ARTICLE.sub("", words.strip())
