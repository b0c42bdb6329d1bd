"""The bounded model input of a one-call extraction: today's date, known memories and the messages (S10.4)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

import msgspec

KNOWN_PREFIX = "【已有记忆】\n"
_PREFIX_BYTES = len(KNOWN_PREFIX.encode("utf-8"))


def dated_note(today: time.struct_time) -> str:
    """Today's date for the model, so "last Saturday" or "去年" is written down as a date (issue 16.7)."""
    weekday = "一二三四五六日"[today.tm_wday]
    return f"【今天】{today.tm_year:04d}-{today.tm_mon:02d}-{today.tm_mday:02d}（星期{weekday}）"


def known_block(contents: Sequence[str]) -> str:
    """The seed's `'【已有记忆】\\n' + JSON.stringify(contents)`."""
    return KNOWN_PREFIX + msgspec.json.encode(list(contents)).decode("utf-8")


def choose_known(contents_by_preference: Iterable[str], budget_bytes: int) -> list[str]:
    """The contents, taken in preference order, whose known block stays within `budget_bytes`.

    One that does not fit is skipped and a shorter later one may still go in.
    """
    chosen: list[str] = []
    used = _PREFIX_BYTES + 2
    for content in contents_by_preference:
        size = len(msgspec.json.encode(content)) + (1 if chosen else 0)
        if used + size <= budget_bytes:
            chosen.append(content)
            used += size
    return chosen


def message_window(texts: Sequence[str], budget_chars: int) -> tuple[int, str]:
    """Which newest messages fit `budget_chars`: (index of the first whole message kept, the last one's text).

    The last message is always kept, cut from its front when it alone is over the budget; the earlier
    ones are kept whole, newest first, while they fit.
    """
    if not texts:
        return 0, ""
    last = texts[-1]
    if len(last) > budget_chars:
        last = last[len(last) - budget_chars:] if budget_chars > 0 else ""
    used = len(last)
    first = len(texts) - 1
    while first > 0 and used + len(texts[first - 1]) <= budget_chars:
        first -= 1
        used += len(texts[first])
    return first, last
