"""The memory system message under a UTF-8 byte budget (SPEC S6.2, seed §6.3)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from protocol import ContextResult, MemoryItem

HEADER = "# 跨会话记忆（以下是你与用户的历史交互中记住的事实）"
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def omitted_note(count: int) -> str:
    return f"\n\n（其余 {count} 条记忆因总量超限未注入）"


def one_line(content: str) -> str:
    """Line breaks and other control characters become spaces, so a memory cannot forge a section."""
    return _BREAKS.sub(" ", content)


def render_context(items: Sequence[MemoryItem], budget_bytes: int) -> ContextResult:
    """`items` oldest first; the newest that fit are injected, the oldest are left out first."""
    total = len(items)
    lines = ["- " + one_line(item.content) for item in items]
    sizes = [len(line.encode("utf-8")) for line in lines]
    fixed = len(HEADER.encode("utf-8")) + 2
    body = 0
    best = 0
    for count in range(1, total + 1):
        body += sizes[total - count] + (1 if count > 1 else 0)
        omitted = total - count
        note = len(omitted_note(omitted).encode("utf-8")) if omitted else 0
        if fixed + body + note <= budget_bytes:
            best = count
        elif fixed + body > budget_bytes:
            break
    if best == 0:
        return ContextResult(content=None, injected=0, omitted=total)
    omitted = total - best
    content = HEADER + "\n\n" + "\n".join(lines[total - best:]) + (omitted_note(omitted) if omitted else "")
    return ContextResult(content=content, injected=best, omitted=omitted)
