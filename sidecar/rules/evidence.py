"""What the words two texts share weigh as evidence that they state one fact (issue 16)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from sidecar.rules.lexicon import CHANGE_CUES
from sidecar.rules.tokens import is_cjk, is_strong, names, token_set, tokens

# Less than this in common (one CJK word, or a word that is not a name) is never the same fact.
MIN_SHARED_WEIGHT = 0.7
# Less than this in common (one CJK word) is never worth looking closer: no rule holds with less.
MIN_NEAR_WEIGHT = 0.6
# Less than this in common past whose fact it is (one CJK word) says nothing shared about them.
MIN_PREDICATE_WEIGHT = 0.6
# Share of what two differently worded texts say that they must have in common.
REWORDED_SHARE = 0.45
SPACES = re.compile(r"\s+")

# Change cues and negations say that something changed, never which fact: they are no shared evidence.
CUE_TOKENS = frozenset(t for word in CHANGE_CUES.split() for t in tokens(word)) | frozenset(
    tokens("stopped stop anymore no longer 不再 了 quit"))


def upper_weight(token: str) -> float:
    """The most a token can weigh: a Latin/digit word may turn out to be a name."""
    return 1.0 if is_strong(token) else plain_weight(token)


def plain_weight(token: str) -> float:
    """Evidence a shared token gives when no text writes it as a name: versions count most, CJK fragments
    least (a name counts 1.0)."""
    if has_digit(token):
        return 1.0
    if is_strong(token):
        return 0.7
    return 0.6 if len(token) > 1 else 0.3


def has_digit(token: str) -> bool:
    return _DIGIT.search(token) is not None


_DIGIT = re.compile(r"\d")


class Pair:
    """The two texts' tokens, and which of them either text writes as a name."""

    __slots__ = ("a", "b", "named")

    def __init__(self, a: str, b: str) -> None:
        self.a, self.b = token_set(a), token_set(b)
        self.named = names(a) | names(b)

    def total(self, found: Iterable[str]) -> float:
        named = self.named
        return math.fsum(1.0 if token in named else plain_weight(token) for token in found)

    def names_in(self, found: Iterable[str]) -> list[str]:
        return [t for t in found if t in self.named or has_digit(t)]


USER_WORDS = re.compile(r"用户|\b(?:the\s+)?users?\b", re.IGNORECASE)


def chars(found: frozenset[str]) -> frozenset[str]:
    return frozenset(piece for t in found for piece in (t if is_cjk(t[0]) else [t]))


def is_number(token: str) -> bool:
    return token.replace(".", "").isdigit()
