"""Which of several things or events a text names by an ordinal: "the user's second car", "用户第一次…" (issue 16.2)."""

from __future__ import annotations

import re

from sidecar.rules.memo import memo
from sidecar.rules.tokens import normalise
from sidecar.rules.wording import chinese_value

_ENGLISH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10, "last": -1, "latest": -1}
# An ordinal right after whose thing it is, or opening the text, picks one of several: "her second job",
# "用户的第一辆车". After a verb or a preposition it is a value ("lives on the 5th floor", "得了第二名").
_LEADING = re.compile(r"(?:(?:'s|’s|\b(?:his|her|their|my|our|its))\s+|^the\s+)"
                      r"(" + "|".join(_ENGLISH) + r"|\d+(?:st|nd|rd|th))\b"
                      r"|(?:的|用户|^)\s*(?:第\s*(\d+|[一二两三四五六七八九十百]+)|(头一|首))")


def leading_ordinals(text: str) -> frozenset[int]:
    """The ordinals that pick which of several things or events `text` is about."""
    return _leading(text) if _MAY_HOLD.search(text) else frozenset()


@memo(max_bytes=1 << 20)
def _leading(text: str) -> frozenset[int]:
    found: set[int] = set()
    for hit in _LEADING.finditer(normalise(text).strip()):
        english, chinese, first = hit.group(1), hit.group(2), hit.group(3)
        if english:
            found.add(_ENGLISH.get(english, -2) if not english[0].isdigit() else int(english.rstrip("stndrh")))
        elif chinese:
            value = int(chinese) if chinese.isdigit() else chinese_value(chinese)
            if value is not None:
                found.add(int(value))
        elif first:
            found.add(1)
    return frozenset(found)


_MAY_HOLD = re.compile(r"第|头一|首|\d(?:st|nd|rd|th)\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth"
                       r"|ninth|tenth|last|latest)\b", re.IGNORECASE)


def ordinals_conflict(a: str, b: str) -> bool:
    """Both texts pick one of several things or events by ordinal, and not the same one: the first car is
    not the second, whatever else they share."""
    mine, theirs = leading_ordinals(a), leading_ordinals(b)
    return bool(mine) and bool(theirs) and mine != theirs
