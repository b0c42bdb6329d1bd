"""What a memory reports, without who heard it: "Anna told Ben that X" states X, about Anna (issue 16)."""

from __future__ import annotations

import re

from sidecar.rules.lexicon import NAME_STOPWORDS
from sidecar.rules.memo import memo
from sidecar.rules.patterns import compile_fast

_NAME = r"(?:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)"
_TELLER = rf"(?P<teller>{_NAME}(?:\s+and\s+{_NAME})?|[Tt]he user)"
_HEARER = rf"(?:{_NAME}|him|her|them|me|the assistant)"
# A date of the telling: "on 3 May 2024", "in January 2024", "on May 3, 2024", "in 2023".
_WHEN = (r"(?:\s+(?:on|in|at|last|this)\s+(?:\d{1,2}\s+[A-Z][a-z]+(?:\s+\d{4})?"
         r"|[A-Z][a-z]+(?:\s+\d{1,2})?(?:,?\s+\d{4})?|\d{4}))?")
# "Ben told Anna (on 3 May 2024) (that) X", "Ben said (to Anna) (that) X", "Ben mentioned to Anna that X".
_FRONT = re.compile(
    rf"^{_TELLER}\s+(?:"
    rf"(?:told|tells|reminded|reminds|assured|assures|warned|warns|informed|informs|texted|messaged|emailed)\s+{_HEARER}"
    rf"{_WHEN}(?:\s*,)?\s+(?:that\s+)?"
    rf"|(?:said|says)(?:\s+to\s+{_HEARER})?{_WHEN}(?:\s*,)?\s+(?:that\s+)?"
    rf"|(?:mentioned|mentions|explained|explains|shared|shares|admitted|admits|noted|notes|added|adds|announced"
    rf"|announces|revealed|reveals|complained|complains|confided|confides|wrote|writes)(?:\s+to\s+{_HEARER})?{_WHEN}"
    rf"(?:\s*,)?\s+that\s+"
    rf")(?P<clause>\S.*)$",
    re.DOTALL,
)
# "X, Ben told Anna." / "X, she told Anna on 3 May."
_BACK = re.compile(
    rf"^(?P<clause>.*\S)\s*,\s*(?:{_TELLER}|he|she|they|He|She|They)\s+"
    rf"(?:told|tells|said|says|mentioned|mentions|explained|explains|wrote|writes)(?:\s+(?:to\s+)?{_HEARER})?{_WHEN}"
    r"\s*[.!]?\s*$",
    re.DOTALL,
)
_CJK_NAME = r"(?:[\u4e00-\u9fff]{2,4}?|[A-Z][a-z]+)"
# "林晓告诉陈静，X", "林晓跟陈静说 X", "林晓说：X".
_CJK_FRONT = re.compile(
    rf"^(?P<teller>{_CJK_NAME})(?:"
    rf"告诉了?(?:{_CJK_NAME})(?:说)?[，,：:]?"
    rf"|(?:跟|对|和|向)(?:{_CJK_NAME})(?:说|讲|提到|透露|提起)(?:过)?[，,：:]?"
    rf"|(?:说|提到|透露|提起)(?:过)?[，,：:]"
    rf")\s*(?P<clause>\S.*)$",
    re.DOTALL,
)
# "X，她告诉陈静。" / "X，林晓跟陈静说。"
_CJK_BACK = re.compile(
    rf"^(?P<clause>.*\S)\s*[，,]\s*(?:(?P<teller>{_CJK_NAME})|她|他)(?:告诉了?|(?:跟|对)(?:{_CJK_NAME})?说)"
    rf"(?:{_CJK_NAME})?[。.！!]?\s*$",
    re.DOTALL,
)
_HINT = compile_fast(r"\b(?:told|tells|said|says|reminded|reminds|assured|assures|warned|warns|informed|informs"
                   r"|texted|messaged|emailed|mentioned|mentions|explained|explains|shared|shares|admitted|admits"
                   r"|noted|notes|added|adds|announced|announces|revealed|reveals|complained|complains|confided"
                   r"|confides|wrote|writes)\b|告诉|说|提到|透露|提起")


def may_report(text: str) -> bool:
    """`text` holds a reporting verb `telling` needs (a cheap test before it)."""
    return _HINT.search(text) is not None


def telling(text: str) -> tuple[str | None, str] | None:
    """(who told it, what was told) of a text with a reporting frame ("Anna told Ben that X", "X, she told
    Ben", "林晓告诉陈静，X"), or None. Who heard it, the telling verb and a date of the telling are dropped;
    the teller is None when only a pronoun names them."""
    if _HINT.search(text) is None:
        return None
    return _telling(text)


@memo(max_bytes=1 << 20)
def _telling(text: str) -> tuple[str | None, str] | None:
    for pattern in (_FRONT, _BACK, _CJK_FRONT, _CJK_BACK):
        found = pattern.match(text.strip())
        if found is not None:
            return found.group("teller"), found.group("clause").strip()
    return None


def as_told(a: str, b: str) -> tuple[str, str]:
    """Two memories compared for what they report: a reporting frame is taken off, and when both are about
    one teller (each told by them, or naming them first) the teller reads as the user does in the user's
    own memories, a subject both share that tells nothing apart. "Ben told Anna that his landlord fixed
    the heater" and "Ben told Anna that the cobblestones are slippery" are then two facts about one
    subject, as "the user's landlord …" and "the cobblestones …" are; tellers that differ stay names."""
    told_a, told_b = telling(a), telling(b)
    if told_a is None and told_b is None:
        return a, b
    teller_a = told_a[0] if told_a is not None else None
    teller_b = told_b[0] if told_b is not None else None
    clause_a = told_a[1] if told_a is not None else a
    clause_b = told_b[1] if told_b is not None else b
    teller = teller_a or teller_b
    if teller and (teller_a or teller_b or "").casefold() == (teller_b or teller_a or "").casefold() \
            and all(side is not None or clause.startswith(teller)
                    for side, clause in ((told_a, clause_a), (told_b, clause_b))) \
            and not any(side is not None and side[0] is None and _names_another(clause, teller)
                        for side, clause in ((told_a, clause_a), (told_b, clause_b))):
        return _as_user(teller, clause_a), _as_user(teller, clause_b)
    return _about(teller_a, clause_a), _about(teller_b, clause_b)


def _names_another(clause: str, teller: str) -> bool:
    """A clause told by a pronoun ("…, she told Oscar") that names someone else than `teller` as who did it:
    that someone, not the teller, is whom it is about."""
    said = {word.casefold() for word in teller.split()}
    return any(hit.group().casefold() not in said and hit.group().casefold() not in NAME_STOPWORDS
               for hit in _CAPITALISED.finditer(clause))


_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
_SUBJECT = re.compile(r"^(?:(?P<who>she|he|they|I)|(?P<whose>her|his|their|my))\b\s*", re.IGNORECASE)
_CJK_SUBJECT = re.compile(r"^(?:她们|他们|她|他|我)")


def _about(teller: str | None, clause: str) -> str:
    """The clause with the teller in place of the pronoun it opens with ("she adopted" → "Anna adopted",
    "her knee" → "Anna's knee"), or before it ("Anna: the tram is full")."""
    if not teller:
        return clause
    pronoun = _SUBJECT.match(clause)
    if pronoun is not None:
        rest = clause[pronoun.end():]
        return f"{teller} {_singular(rest)}" if pronoun.group("who") else f"{teller}'s {rest}"
    cjk = _CJK_SUBJECT.match(clause)
    if cjk is not None:
        return teller + clause[cjk.end():]
    return f"{teller}: {clause}"


_PLURAL_VERB = re.compile(r"^(?:are|am|were|have|'re|'m|'ve)\b", re.IGNORECASE)
_SINGULAR = {"are": "is", "am": "is", "were": "was", "have": "has", "'re": "is", "'m": "is", "'ve": "has"}


def _singular(rest: str) -> str:
    """"they are" read about one teller is "is": the verb after a replaced "they" or "I"."""
    verb = _PLURAL_VERB.match(rest)
    if verb is None:
        return rest
    return _SINGULAR[verb.group().casefold()] + rest[verb.end():]


def _as_user(teller: str, clause: str) -> str:
    """The clause with the teller, and the pronoun it opens with, written as the user."""
    cjk = any("\u4e00" <= char <= "\u9fff" for char in clause)
    user, users = ("用户", "用户的") if cjk else ("the user", "the user's")
    pronoun = _SUBJECT.match(clause)
    if pronoun is not None:
        rest = clause[pronoun.end():]
        clause = f"{user} {_singular(rest)}" if pronoun.group("who") else f"{users} {rest}"
    else:
        found = _CJK_SUBJECT.match(clause)
        if found is not None:
            clause = user + clause[found.end():]
    clause = re.sub(rf"\b{re.escape(teller)}['’]s\b", users, clause)
    return re.sub(rf"(?<![\w\u4e00-\u9fff]){re.escape(teller)}(?![\w])" if teller.isascii()
                  else re.escape(teller), user, clause)
