"""One event told twice, the second time with detail (issue 16)."""

from __future__ import annotations

import re

from sidecar.rules.events import told_event
from sidecar.rules.evidence import CUE_TOKENS, USER_WORDS, Pair, chars, has_digit
from sidecar.rules.facts import frame
from sidecar.rules.stated_changes import rest_weight
from sidecar.rules.tokens import token_set


def same_event(a: str, b: str) -> bool:
    """The same kind of event on the same dates, and all that the shorter telling says of what and where is
    in the longer one: the event re-told with detail. An event verb alone is no shared fact ("joined a book
    club" / "joined a chess club" last month are two)."""
    told_a, told_b = told_event(a), told_event(b)
    if not told_a.kinds & told_b.kinds or not told_a.anchors or told_a.anchors != told_b.anchors:
        return False
    # Whose event it is is no part of what happened: "Mia ran a half marathon" / "Mia ran a 10k".
    whose = frozenset(person[5:] for person in frame(a).mentions[:1] + frame(b).mentions[:1]
                      if person.startswith("name:"))
    said_a, said_b = _event_content(told_a.plain) - whose, _event_content(told_b.plain) - whose
    small, large = sorted((said_a, said_b), key=len)
    pair = Pair(a, b)
    return bool(small) and small <= large and rest_weight(pair, small) >= _EVENT_SHARED_WEIGHT


# What the shorter telling must say of its own: a name, a Latin word and a CJK character, or two CJK words.
_EVENT_SHARED_WEIGHT = 1.0


def _event_content(plain: str) -> frozenset[str]:
    said = token_set(USER_WORDS.sub(" ", plain)) - CUE_TOKENS
    return frozenset(t for t in chars(said) - _EVENT_FUNCTION_CHARS if not has_digit(t))


# Particles, classifiers and small verbs around an event: no content of their own.
_EVENT_FUNCTION_CHARS = frozenset("了的在和跟去到一个只台趟次天把已经也还就")


def dated_apart(a: str, b: str) -> bool:
    """One kind of event dated in two different years, or two different months: two events ("went to Porto in
    2019" / "… in 2022"), however alike the rest."""
    told_a, told_b = told_event(a), told_event(b)
    if not told_a.kinds & told_b.kinds:
        return False
    for pattern in (_YEAR, _MONTH_ANCHOR):
        mine = frozenset(hit.group() for anchor in told_a.anchors for hit in pattern.finditer(anchor))
        theirs = frozenset(hit.group() for anchor in told_b.anchors for hit in pattern.finditer(anchor))
        if mine and theirs and not mine & theirs:
            return True
    return False


_YEAR = re.compile(r"\d{4}")
_MONTH_ANCHOR = re.compile(r"(?<!\d)\d{1,2}月|january|february|march|april|may|june|july|august|september|october"
                           r"|november|december")
