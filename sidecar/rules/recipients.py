"""Who gives to whom, and who is whose: the same sentence with the two people swapped is two facts (issue 16)."""

from __future__ import annotations

import re
from typing import Optional

from sidecar.rules.memo import memo
from sidecar.rules.tokens import normalise

# "A 把 X 借给了 B", "A 将 X 送给 B": who gives, and to whom.
_GIVES_TO = re.compile(r"^(?P<giver>[^，,。把将给]{1,16}?)[把将](?P<thing>[^，,。]{1,16}?)"
                       r"(?:借|送|租|卖|转|交|还|寄|介绍|推荐|让|发|递|捐|留)给了?(?P<taker>[^，,。]{1,16})")
# "A 给 B 发了 X": who does it, and for whom.
_DOES_FOR = re.compile(r"^(?P<giver>[^，,。给]{1,16}?)给(?P<taker>[^，,。给]{1,16}?)"
                       r"(?=[发写打买送寄做带讲上教介推买转回])")
# "A 是 B 的 R" / "A is B's R": who is whose.
_IS_WHOSE = re.compile(r"^(?P<giver>[^，,。是]{1,16}?)是(?P<taker>[^，,。是的]{1,16}?)的(?P<thing>[^，,。的]{1,8})"
                       r"[。.!！]?$|^(?P<giver_en>[\w' -]{1,40}?) (?:is|was) (?P<taker_en>[\w -]{1,40}?)['’]s "
                       r"(?P<thing_en>[\w -]{1,30}?)[.!]?$")


def swapped_roles(a: str, b: str) -> bool:
    """`a` and `b` tell one giving, doing-for or being-whose with the giver and the taker swapped ("用户把电钻借给了
    老周" / "老周把电钻借给了用户", "曹阳是葛蕾的上司" / "葛蕾是曹阳的上司")."""
    roles_a, roles_b = _roles(a), _roles(b)
    if roles_a is None or roles_b is None or roles_a[2] != roles_b[2]:
        return False
    giver_a, taker_a, _ = roles_a
    giver_b, taker_b, _ = roles_b
    return giver_a != taker_a and _same_one(giver_a, taker_b) and _same_one(taker_a, giver_b)


@memo(max_bytes=1 << 20)
def _roles(text: str) -> Optional[tuple[str, str, str]]:
    """(giver, taker, kind) of the sentence's one giving, doing-for or being-whose, each person by the last word
    of its phrase ("楼上的老周" → 老周, "the user's mentor" → mentor); None when it tells none."""
    folded = normalise(text).strip()
    for kind, pattern in (("gives", _GIVES_TO), ("does", _DOES_FOR), ("whose", _IS_WHOSE)):
        hit = pattern.search(folded)
        if hit is None:
            continue
        groups = {k: v for k, v in hit.groupdict().items() if v is not None}
        giver = groups.get("giver") or groups.get("giver_en", "")
        taker = groups.get("taker") or groups.get("taker_en", "")
        thing = groups.get("thing") or groups.get("thing_en", "")
        if kind == "whose":
            kind += ":" + thing.strip()
        return _person(giver), _person(taker), kind
    return None


def _person(phrase: str) -> str:
    """A person by the last word of its phrase: after the last possessive, without a pronoun's "own"."""
    phrase = phrase.strip()
    for mark in ("的", "'s ", "’s "):
        phrase = phrase.rpartition(mark)[2] if mark in phrase else phrase
    words = phrase.split()
    return (words[-1] if words else phrase).strip()


def _same_one(mine: str, theirs: str) -> bool:
    """One person named by both: the same word, or one CJK name inside the other's phrase ("室友" / "合租的室友")."""
    return bool(mine) and bool(theirs) and (mine == theirs or (len(mine) >= 2 and len(theirs) >= 2
                                                              and (mine in theirs or theirs in mine)))
