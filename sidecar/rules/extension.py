"""A text that holds another whole and adds detail, or runs on into another thing (issue 16.5)."""

from __future__ import annotations

import re

from sidecar.rules.memo import memo
from sidecar.rules.negation import core
from sidecar.rules.reworded import soft_key
from sidecar.rules.tokens import is_cjk, match_key, names, normalise, token_set, tokens

_CONNECTORS = re.compile(
    r"[,，;；:：、(（—]|\s*(?:尤其|特别|主要|并且|而且|并|也|还|但|因为|所以|比如|例如|包括|和|"
    r"(?:called|named|especially|particularly|mainly|mostly|and|but|because|since|which|who|that|with|including"
    r"|every|each|on|at|in|for|when|while|during|after|before)\b)")
TRAILING = "。.!！ "


def extends(short: str, long: str) -> bool:
    """`long` holds `short` whole and then adds detail after a comma or a connecting word (issue 16.5),
    unless the detail says whom the fact is for or `long` writes as a name a word `short` writes plainly
    ("likes cats" / "likes Cats, the musical")."""
    if short[:1].casefold() != long[:1].casefold():
        return False
    head, whole = _extension_key(short)[0], _extension_key(long)[1]
    if len(match_key(head)) < 3 or not whole.startswith(head) or len(whole) == len(head):
        return False
    if _CONNECTORS.match(whole, len(head)) is None or _FOR_SOMEONE.match(whole, len(head)):
        return False
    return not (names(long) - names(short)) & token_set(short)


@memo(max_bytes=2 << 20)
def _extension_key(text: str) -> tuple[str, str]:
    """The text's core as the shorter of two (its end trimmed) and as the longer."""
    folded = normalise(text).strip()
    return core(folded.rstrip(TRAILING)), core(folded)


# Detail that says whom a fact is for ("collects stamps for a friend's kid", "…，给女儿织的"): another fact.
_FOR_SOMEONE = re.compile(r"[,，]?\s*(?:for\s+(?:(?:a|an|the|my|our)\s+)?(?:\w+(?:'s|’s)|his|her|their)\b"
                          r"|[给替](?!自己))")


def continues(short: str, long: str) -> bool:
    """`long` is `short` and more words run on, with no comma or connecting word between."""
    head, whole = soft_key(short), soft_key(long)
    if whole.startswith(head) and bool(tokens(whole[len(head):])):
        # A number's unit after it is no other thing ("月薪是 15000" / "月薪是15000元").
        return not (head[-1:].isdigit() and whole[len(head):].strip().casefold() in _UNITS_AFTER_A_NUMBER)
    return False if not short.isascii() else _runs_on_stemmed(short, long, whole)


# Units a number may be written with or without ("15000" / "15000元"), as the last words of a text.
_UNITS_AFTER_A_NUMBER = frozenset("元 块 块钱 人民币 rmb yuan 岁 周岁 公斤 斤 公里 米 厘米 平 平米 平方米 寸 英寸 "
                                  "个 次 人 % pounds pound quid dollars euros kg km".split())


def _runs_on_stemmed(short: str, long: str, whole: str) -> bool:
    """`continues` with the words stemmed ("likes apples" / "likes apple pie"), when no connecting word follows."""
    said, more = tokens(short), tokens(long)
    if (not said or len(more) <= len(said) or more[:len(said)] != said or not said[-1].isalpha()
            or is_cjk(more[len(said)][0])):
        return False
    seen, end = 0, -1
    for word in _LATIN_WORDS.finditer(whole):
        if tokens(word.group()):
            seen += 1
            if seen == len(said):
                end = word.end()
                break
    return end >= 0 and _CONNECTORS.match(whole, end) is None and _CONNECTORS.match(whole, end + 1) is None


_LATIN_WORDS = re.compile(r"[^\W_]+")
