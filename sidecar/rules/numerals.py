"""A count with its unit on one side only: "the cat is 3" / "the cat is 4 years old", "跑了 5" / "跑 10 公里" (issue 16.2)."""

from __future__ import annotations

import re

from sidecar.rules.tokens import token_set

# A number at the end of a text, and what follows it: a unit of up to two words or three CJK characters.
_TAIL = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([a-z%]+(?:[ -][a-z]+)?|[\u4e00-\u9fff]{1,3})?"
                   r"(?P<end>\s*(?:了|now|already)?\s*[.。!！]?\s*)$", re.IGNORECASE)
# Words that end a statement after a bare number without being its unit.
_NOT_UNITS = frozenset("now already too as well again 了 啦".split())


def with_shared_unit(a: str, b: str, ignored: frozenset[str]) -> tuple[str, str]:
    """`a` and `b` with the unit one of them gives its final number written after the other's bare final
    number too, when everything before the two numbers is the same (`ignored` tokens aside)."""
    tail_a, tail_b = _TAIL.search(a), _TAIL.search(b)
    if tail_a is None or tail_b is None:
        return a, b
    unit_a, unit_b = _unit(tail_a), _unit(tail_b)
    if bool(unit_a) == bool(unit_b):
        return a, b
    if token_set(a[:tail_a.start()]) - ignored != token_set(b[:tail_b.start()]) - ignored:
        return a, b
    if unit_a:
        return a, b[:tail_b.end(1)] + " " + unit_a + b[tail_b.end(1):]
    return a[:tail_a.end(1)] + " " + unit_b + a[tail_a.end(1):], b


def _unit(found: re.Match[str]) -> str:
    unit = found.group(2) or ""
    return "" if unit.casefold() in _NOT_UNITS else unit
