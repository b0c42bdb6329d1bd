"""Ordering and eviction: oldest first, evicted from the oldest end (SPEC S5.2, S7 eviction)."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from protocol import MAX_CONTENT_CHARS, MemoryItem
from sidecar.rules.text import cut_content


def oldest_first(items: Iterable[MemoryItem]) -> list[MemoryItem]:
    """Stable: ties keep their given order."""
    return sorted(items, key=lambda item: item.created_at)


def evict(items: list[MemoryItem], limit: int) -> list[MemoryItem]:
    """The `limit` newest of an oldest-first list, still oldest first."""
    return items[max(0, len(items) - limit):]


def shape_for_save(items: Iterable[MemoryItem], limit: int) -> list[MemoryItem]:
    """What a save stores: contents cut, sorted oldest first, evicted to `limit`."""
    cut = [
        item if len(item.content) <= MAX_CONTENT_CHARS
        else msgspec.structs.replace(item, content=cut_content(item.content))
        for item in items
    ]
    return evict(oldest_first(cut), limit)


def duplicate_id_index(items: list[MemoryItem]) -> int | None:
    """Index of the first item whose id was already used earlier in the list, if any."""
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item.id in seen:
            return index
        seen.add(item.id)
    return None
