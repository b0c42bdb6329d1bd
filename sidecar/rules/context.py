"""The memory system message under a UTF-8 byte budget: newest first, or most relevant first (S6.2, S10.2)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple, Optional

from protocol import ContextResult, MemoryItem
from sidecar.rules.memo import memo

HEADER = "# 跨会话记忆（以下是你与用户的历史交互中记住的事实）"
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def omitted_note(count: int) -> str:
    return f"\n\n（其余 {count} 条记忆因总量超限未注入）"


def one_line(content: str) -> str:
    """Line breaks and other control characters become spaces, so a memory cannot forge a section."""
    return _BREAKS.sub(" ", content)


def render_context(items: Sequence[MemoryItem], budget_bytes: int) -> ContextResult:
    """`items` oldest first; the newest that fit are injected, the oldest are left out first.

    Only the lines that can fit are rendered: the cost follows the budget, not the store's size.
    """
    total = len(items)
    fixed = len(HEADER.encode("utf-8")) + 2
    newest: list[str] = []
    body = 0
    best = 0
    for count in range(1, total + 1):
        line, size = _line(items[total - count].content)
        newest.append(line)
        body += size + (1 if count > 1 else 0)
        omitted = total - count
        note = len(omitted_note(omitted).encode("utf-8")) if omitted else 0
        if fixed + body + note <= budget_bytes:
            best = count
        elif fixed + body > budget_bytes:
            break
    if best == 0:
        return ContextResult(content=None, injected=0, omitted=total)
    omitted = total - best
    content = HEADER + "\n\n" + "\n".join(reversed(newest[:best])) + (omitted_note(omitted) if omitted else "")
    return ContextResult(content=content, injected=best, omitted=omitted,
                         ids=[item.id for item in items[total - best:]])


class Lines(NamedTuple):
    """Each memory's rendered line and its UTF-8 size; derived once per store snapshot."""

    text: list[str]
    sizes: list[int]


def lines_of(items: Sequence[MemoryItem], earlier: Optional[tuple[Sequence[MemoryItem], Lines]] = None) -> Lines:
    """Each item's line; `earlier` (items and their lines) supplies those of the contents it holds."""
    known: dict[str, tuple[str, int]] = {}
    if earlier is not None:
        held, lines = earlier
        known = {item.content: (line, size) for item, line, size in zip(held, lines.text, lines.sizes, strict=True)}
    rendered = [known.get(item.content) or _line(item.content) for item in items]
    return Lines([line for line, _ in rendered], [size for _, size in rendered])


@memo(max_bytes=2 * 1024 * 1024)
def _line(content: str) -> tuple[str, int]:
    line = "- " + one_line(content)
    return line, len(line.encode("utf-8"))


def render_preferred(items: Sequence[MemoryItem], preference: Iterable[int], budget_bytes: int,
                     lines: Optional[Lines] = None) -> ContextResult:
    """`items` oldest first; positions are taken in `preference` order, each one that still fits (a long
    memory that does not fit is skipped, a shorter later one may), then rendered oldest first."""
    total = len(items)
    text, sizes = lines or lines_of(items)
    fixed = len(HEADER.encode("utf-8")) + 2
    if total and fixed + sum(sizes) + total - 1 <= budget_bytes:
        return _render(items, text, range(total))
    # The omitted note's size is reserved for the widest count it can show, so the total never overflows.
    room = budget_bytes - fixed - len(omitted_note(total).encode("utf-8"))
    chosen: list[int] = []
    used = 0
    for position in preference:
        size = sizes[position] + (1 if chosen else 0)
        if used + size <= room:
            chosen.append(position)
            used += size
    if not chosen:
        return ContextResult(content=None, injected=0, omitted=total)
    return _render(items, text, sorted(chosen))


def _render(items: Sequence[MemoryItem], lines: list[str], positions: Iterable[int]) -> ContextResult:
    picked = list(positions)
    omitted = len(items) - len(picked)
    content = (HEADER + "\n\n" + "\n".join(lines[p] for p in picked)
               + (omitted_note(omitted) if omitted else ""))
    return ContextResult(content=content, injected=len(picked), omitted=omitted,
                         ids=[items[p].id for p in picked])
