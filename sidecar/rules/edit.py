"""A person's edit of one memory: its text rewritten in place, same id, dated when it was written."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from protocol import MemoryItem
from sidecar.rules.evict import oldest_first
from sidecar.rules.text import cut_content, has_visible_text, normalise_whitespace
from sidecar.rules.tokens import match_key


def edited_content(text: str) -> Optional[str]:
    """The text as a memory stores it (whitespace folded, cut to 200 characters); None when nothing is visible."""
    content = cut_content(normalise_whitespace(text)).rstrip()
    return content if content and has_visible_text(content) else None


def plan_edit(items: Sequence[MemoryItem], memory_id: str, content: str, now: int) -> Optional[list[MemoryItem]]:
    """The store after `memory_id` says `content` (already shaped); None when it does not hold that id.

    The edited memory is dated now and moves to the newest end: a person just stated it, so the limit evicts
    it last.
    Another memory that says exactly the same (same S9.1 key) goes: the store never holds one text twice.
    Every other memory stays as it is. An edit that changes nothing returns the store unchanged.
    """
    target = next((item for item in items if item.id == memory_id), None)
    if target is None:
        return None
    if target.content == content:
        return list(items)
    key = match_key(content)
    kept = [item for item in items if item.id != memory_id and match_key(item.content) != key]
    edited = MemoryItem(id=target.id, content=content, created_at=max(now, target.created_at),
                        source_scope=target.source_scope)
    return oldest_first([*kept, edited])
