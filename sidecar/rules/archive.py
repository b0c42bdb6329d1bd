"""The archive behind the limit as pure rules: what moves there, its own bound, revival, restore and delete (S11)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from protocol import ArchivedItem, MemoryItem
from sidecar.rules.evict import evict, oldest_first, shape_for_save

OFF = 0


def archived(item: MemoryItem, at: int) -> ArchivedItem:
    return ArchivedItem(id=item.id, content=item.content, created_at=item.created_at,
                        source_scope=item.source_scope, archived_at=at)


def as_memory(item: ArchivedItem) -> MemoryItem:
    return MemoryItem(id=item.id, content=item.content, created_at=item.created_at, source_scope=item.source_scope)


def oldest_archived_first(items: Iterable[ArchivedItem]) -> list[ArchivedItem]:
    """The archive file's order; stable, so ties keep their given order."""
    return sorted(items, key=lambda item: item.archived_at)


def visible(archive: Sequence[ArchivedItem], store: Sequence[MemoryItem]) -> list[ArchivedItem]:
    """The archive as it reads: an id that is also in the store is active (a crash between the two writes)."""
    active = {item.id for item in store}
    return [item for item in archive if item.id not in active]


def shelve(archive: Sequence[ArchivedItem], leaving: Sequence[MemoryItem], store_after: Sequence[MemoryItem],
           at: int, limit: int) -> list[ArchivedItem]:
    """The archive after a store change: `leaving` (evicted by the limit) archived at `at`, the ones now in
    the store taken out, then the archive's own bound (the oldest archived dropped for good).

    `archive` is the visible archive (oldest archived first). With the archive off (`limit` 0) nothing new
    is archived and what is there stays.
    """
    active = {item.id for item in store_after}
    kept = [item for item in archive if item.id not in active]
    if limit == OFF:
        return kept
    present = {item.id for item in kept}
    added = [archived(item, at) for item in leaving if item.id not in active and item.id not in present]
    combined = [*kept, *added]
    if added and kept and min(item.archived_at for item in added) < kept[-1].archived_at:
        combined = oldest_archived_first(combined)  # a clock that went back; else already in order
    return combined[max(0, len(combined) - limit):]


def interim(archive_file: Sequence[ArchivedItem], archive_after: Sequence[ArchivedItem],
            store_after: Sequence[MemoryItem]) -> list[ArchivedItem]:
    """What the archive holds while the store is written: the final archive plus every archived memory the
    store is about to take back, so a crash at any instant leaves each memory in at least one place."""
    final_ids = {item.id for item in archive_after}
    returning = {item.id for item in store_after} - final_ids
    held = [item for item in archive_file if item.id in returning]
    return oldest_archived_first([*archive_after, *held]) if held else list(archive_after)


class Restore(NamedTuple):
    """The store and the archive after restoring chosen archived memories (S11.4)."""

    store: list[MemoryItem]
    archive: list[ArchivedItem]


def plan_restore(store: Sequence[MemoryItem], archive: Sequence[ArchivedItem], ids: Iterable[str],
                 limit: int, archive_limit: int, at: int) -> Restore:
    """Chosen archived memories back into the store (same id, content and createdAt), oldest first; the
    oldest active ones are archived to make room. Unknown ids are ignored; beyond `limit` chosen ones,
    the newest `limit` of them are restored and the rest stay archived.
    """
    wanted = set(ids)
    chosen = evict(oldest_first(as_memory(item) for item in archive if item.id in wanted), limit)
    if not chosen:
        return Restore(list(store), list(archive))
    staying = evict(list(store), limit - len(chosen))
    after = oldest_first([*staying, *chosen])
    kept = {item.id for item in staying}
    leaving = [item for item in store if item.id not in kept]
    return Restore(after, shelve(archive, leaving, after, at, archive_limit))


def plan_delete(archive: Sequence[ArchivedItem], ids: Iterable[str]) -> list[ArchivedItem]:
    """The archive without the chosen memories (deleted for good; the history keeps them for undo)."""
    gone = set(ids)
    return [item for item in archive if item.id not in gone]


def plan_save(items: Sequence[MemoryItem], limit: int) -> tuple[list[MemoryItem], list[MemoryItem]]:
    """(stored, evicted) of a save: `items` shaped (cut, oldest first), the newest `limit` stored and the
    rest evicted (to be archived). Items the save leaves out were deleted by the user: they are not here."""
    shaped = shape_for_save(items, len(items))
    stored = evict(shaped, limit)
    return stored, shaped[:len(shaped) - len(stored)]


def receipt_lists(archive_before: Sequence[ArchivedItem], archive_after: Sequence[ArchivedItem],
                  store_after: Sequence[MemoryItem]) -> tuple[list[ArchivedItem], list[ArchivedItem],
                                                              list[ArchivedItem]]:
    """(archived, revived, purged) of a change, by id: what the archive gained, what left it for the store,
    and what left it for good."""
    before = {item.id: item for item in archive_before}
    after = {item.id: item for item in archive_after}
    active = {item.id for item in store_after}
    gained = [item for item in archive_after if (was := before.get(item.id)) is not item and was != item]
    lost = [item for item in archive_before if (now := after.get(item.id)) is not item and now != item]
    revived = [item for item in lost if item.id in active]
    purged = [item for item in lost if item.id not in active]
    return gained, revived, purged
