"""A person's edit of one memory: its text rewritten in place, same id, dated when it was written."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Optional

from protocol import ArchivedItem, MemoryItem
from sidecar.rules.evict import oldest_first
from sidecar.rules.text import cut_content, has_visible_text, normalise_whitespace
from sidecar.rules.tokens import match_key


class EditPlan(NamedTuple):
    """The store and the archive after an edit; `stale` is the text stored now when it is not the expected one."""

    store: list[MemoryItem]
    archive: list[ArchivedItem]
    stale: Optional[str] = None


def edited_content(text: str) -> Optional[str]:
    """The text as a memory stores it (whitespace folded, cut to 200 characters); None when nothing is visible."""
    content = cut_content(normalise_whitespace(text)).rstrip()
    return content if content and has_visible_text(content) else None


def plan_edit(items: Sequence[MemoryItem], archive: Sequence[ArchivedItem], memory_id: str, content: str,
              now: int, expected: Optional[str] = None) -> Optional[EditPlan]:
    """The store and archive after `memory_id` says `content` (already shaped); None when the store lacks that id.

    With `expected` (the text the person started editing), a memory whose text has changed since (an
    extraction updated it meanwhile) is left as it is and its text returned as `stale`: the edit would
    otherwise overwrite an update nobody saw. The edited memory is dated now and moves to the newest end:
    a person just stated it, so the limit evicts it last. Any other memory, active or archived, that says
    exactly the same (same S9.1 key) goes, so one fact is never injected twice. Everything else stays.
    """
    target = next((item for item in items if item.id == memory_id), None)
    if target is None:
        return None
    if expected is not None and normalise_whitespace(expected) != normalise_whitespace(target.content):
        return EditPlan(list(items), list(archive), stale=target.content)
    if target.content == content:
        return EditPlan(list(items), list(archive))
    key = match_key(content)
    kept = [item for item in items if item.id != memory_id and match_key(item.content) != key]
    shelf = [item for item in archive if item.id != memory_id and match_key(item.content) != key]
    edited = MemoryItem(id=target.id, content=content, created_at=max(now, target.created_at),
                        source_scope=target.source_scope)
    return EditPlan(oldest_first([*kept, edited]), shelf)
