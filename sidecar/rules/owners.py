"""Whose thing a text speaks of: a possessor's thing is not the possessor (issue 16.1)."""

from __future__ import annotations

import re

from sidecar.rules.evidence import SPACES
from sidecar.rules.extension import TRAILING
from sidecar.rules.facts import Frame, is_person
from sidecar.rules.lexicon import STATED_CHANGE_PATTERN
from sidecar.rules.memo import memo
from sidecar.rules.reworded import wordish, wordish_at
from sidecar.rules.tokens import is_cjk, normalise, token_set

# A possessive marker after a word: what follows is a thing that word's owner has.
_POSSESSIVE = re.compile(r"(?<=\w)'s(?=\s)|(?<=[\u4e00-\u9fff])的(?=[\u4e00-\u9fff])")
_OWNED_MAX_CHARS = 20


@memo(max_bytes=1 << 20)
def _possessives(text: str) -> tuple[str, frozenset[int]]:
    """The folded text without possessive markers, and where each marker stood in it."""
    folded = SPACES.sub(" ", normalise(text).strip().rstrip(TRAILING)).replace("’", "'")
    out: list[str] = []
    at: set[int] = set()
    last = 0
    for hit in _POSSESSIVE.finditer(folded):
        out.append(folded[last:hit.start()])
        at.add(sum(map(len, out)))
        last = hit.end()
    out.append(folded[last:])
    return "".join(out), frozenset(at)


def owns_other_things(a: str, b: str) -> bool:
    """Both texts begin with one owner and a possessive, and each names right after it a thing the other
    never names ("the project's API …" / "the project's database tables …"). English only: a Chinese noun
    after 的 has no word bounds to read it by."""
    if not (_may_own(a) and _may_own(b)):
        return False
    plain_a, marks_a = _possessives(a)
    plain_b, marks_b = _possessives(b)
    if not marks_a or not marks_b:
        return False
    at_a, at_b = min(marks_a), min(marks_b)
    if at_a != at_b or plain_a[:at_a] != plain_b[:at_b]:
        return False
    word_a, word_b = _next_word(plain_a, at_a).strip(), _next_word(plain_b, at_b).strip()
    if not (word_a.isascii() and word_b.isascii()) or is_person(word_a) or is_person(word_b):
        return False  # a CJK noun has no word bounds; people are compared by who they are
    owned_a, owned_b = token_set(word_a), token_set(word_b)
    return bool(owned_a and owned_b) and not owned_a & token_set(plain_b) and not owned_b & token_set(plain_a)


def _may_own(text: str) -> bool:
    return "'s " in text or "’s " in text


def owned_subject(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """`b` says of a thing owned by `a`'s subject what `a` says of the subject itself: past the words both
    begin with, `b` goes on with a possessive and a noun, and then with all that `a` goes on with ("the
    user is an early riser" / "the user's toddler is an early riser"), or the noun is one `a` names
    later ("用户把充电宝借给了同桌" / "用户的同桌把充电宝借给了用户": the roles are swapped). A noun naming an
    attribute `a` does not ("用户是 A 型血" / "用户的血型是 A 型") is the subject's own."""
    if "'" not in b and "’" not in b and "的" not in b:
        return False
    plain_a, _ = _possessives(a)
    plain_b, marks_b = _possessives(b)
    start = 0
    limit = min(len(plain_a), len(plain_b))
    while start < limit and plain_a[start] == plain_b[start]:
        start += 1
    while start > 0 and wordish(plain_a[start - 1]) and (wordish_at(plain_a, start) or wordish_at(plain_b, start)):
        start -= 1  # never inside a Latin word ("landlord lives" / "landlord landlord")
    while start > 0 and plain_a[start - 1] == " ":
        start -= 1
    if start == 0 or start not in marks_b:
        return False
    following = _next_word(plain_a, start)
    if len(following.strip()) < 2:
        return False
    for length in range(1, _OWNED_MAX_CHARS + 1):
        if not plain_b.startswith(following, start + length):
            continue
        owned = token_set(plain_b[start:start + length])
        if not owned:
            return False
        if plain_b[start + length:] == plain_a[start:]:
            return not (frame_b.attributes and not frame_a.attributes)
        later = plain_a[start + len(following):]
        return owned <= token_set(later) and not owned <= token_set(" ".join(
            hit.group(1) or hit.group(2) for hit in _OWN_NOUN.finditer(later)))
    return False


# A noun after "their", "自己的" … is the subject's own thing ("runs Ubuntu on their workstation").
_OWN_NOUN = re.compile(r"\b(?:their|his|her|its|my|our)\s+(\w+)|(?:自己|他|她|它)的([\u4e00-\u9fff]{1,4})")


def _next_word(text: str, start: int) -> str:
    """The word (a Latin word with the space before it, or two CJK characters) that begins at `start`."""
    if start < len(text) and is_cjk(text[start]):
        return text[start:start + 2]
    hit = _NEXT_WORD.match(text, start)
    return hit.group() if hit else ""


_NEXT_WORD = re.compile(r"\s*\S+")
# What a "把" or "将" puts before a change verb is the thing that changed.
MOVED_OBJECT = re.compile(r"[把将]([^把将,，。]{1,8}?)(?=" + STATED_CHANGE_PATTERN + ")")


def moves_another_thing(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """`b` changes a thing it names with 把 / 将 that `a`, stating the same attribute, does not name."""
    if ("把" not in b and "将" not in b) or not frame_a.attributes or not frame_b.attributes:
        return False
    if frame_a.attributes[0].concept != frame_b.attributes[0].concept:
        return False
    hit = MOVED_OBJECT.search(normalise(b))
    if hit is None:
        return False
    moved = {c for c in hit.group(1) if is_cjk(c)} - MOVED_FUNCTION_CHARS - set(frame_b.attributes[0].cue)
    return bool(moved) and not moved & set(normalise(a))


MOVED_FUNCTION_CHARS = frozenset("的了这那个些一我他她它们自己")
