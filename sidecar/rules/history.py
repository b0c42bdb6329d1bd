"""Changes as data: what a write did to the store and the archive, replaying it, planning its undo (S9.4, S9.6, S11)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

import msgspec

from protocol import ArchivedItem, Change, ChangeKind, MemoryItem, Update
from sidecar.rules.archive import oldest_archived_first, receipt_lists, shelve
from sidecar.rules.evict import evict


def diff(before: Sequence[MemoryItem], after: Sequence[MemoryItem]
         ) -> tuple[list[MemoryItem], list[MemoryItem], list[Update]]:
    """(added, removed, updated) keyed by id; added in `after`'s order, removed and updated in `before`'s."""
    old = {item.id: item for item in before}
    new = {item.id: item for item in after}
    added = [item for item in after if item.id not in old]
    removed = [item for item in before if item.id not in new]
    updated = [Update(before=item, after=other) for item in old.values()
               if (other := new.get(item.id, item)) is not item and other != item]
    return added, removed, updated


def make_change(change_id: str, at: int, kind: ChangeKind,
                before: Sequence[MemoryItem], after: Sequence[MemoryItem]) -> Change | None:
    """The history entry for a write from `before` to `after`; None when nothing changed (a no-op records nothing)."""
    added, removed, updated = diff(before, after)
    if not (added or removed or updated):
        return None
    return Change(change_id=change_id, at=at, kind=kind, added=added, removed=removed, updated=updated)


def make_two_place_change(change_id: str, at: int, kind: ChangeKind,
                          before: Sequence[MemoryItem], after: Sequence[MemoryItem],
                          archive_before: Sequence[ArchivedItem], archive_after: Sequence[ArchivedItem]
                          ) -> Change | None:
    """The history entry for a write to the store and the archive (visible archives); None when neither changed.

    `removed` still lists every memory that left the store; `archived` says which of them (or which memory
    an undo put back) went to the archive, `revived` what left the archive for the store, `purged` what
    left it for good (S11).
    """
    added, removed, updated = diff(before, after)
    archived, revived, purged = receipt_lists(archive_before, archive_after, after)
    if not (added or removed or updated or archived or revived or purged):
        return None
    return Change(change_id=change_id, at=at, kind=kind, added=added, removed=removed, updated=updated,
                  archived=archived, revived=revived, purged=purged)


class UndoPlan(NamedTuple):
    """The store after an undo and what it did; `make_change(…, "undo", current, plan.items)` records it.

    `added`: restored items; `updated`: reverted ones (before = as stored now, after = as restored);
    `removed`: items the change had added, taken out; `evicted`: stored items pushed out by the limit;
    `conflicts`: parts of the change left alone because their items moved on since (or, restored,
    would fall out at once under the limit).
    """

    items: list[MemoryItem]
    added: list[MemoryItem]
    updated: list[Update]
    removed: list[MemoryItem]
    evicted: list[MemoryItem]
    conflicts: int


def plan_undo(current: Sequence[MemoryItem], change: Change, limit: int,
              key: Callable[[str], str] | None = None) -> UndoPlan:
    """What undoing `change` does to the oldest-first store `current` (S9.6).

    Added items are taken out if still stored unchanged; updated items return to `before` if still
    equal to `after`; removed items come back (same id and createdAt) unless that id is stored
    again. A part already undone (item gone, already `before`, already back) is a no-op, not a
    conflict, so undoing twice changes nothing the second time. Anything else is left alone and
    counted. With `key`, an item is not brought back while another stored item has its key (one
    memory per key). The limit applies (oldest evicted) only when something is undone.
    """
    state = {item.id: item for item in current}
    conflicts = 0
    taken: set[str] = set()
    for item in change.added:
        stored = state.get(item.id)
        if stored == item:
            del state[item.id]
            taken.add(item.id)
        elif stored is not None:
            conflicts += 1
    reverts: list[Update] = []
    restores: list[MemoryItem] = []
    restoring: set[str] = set()
    for update in change.updated:
        stored = state.get(update.after.id)
        if update.before.id != update.after.id:
            conflicts += 1
        elif stored == update.after:
            reverts.append(update)
        elif stored != update.before:
            conflicts += 1
    for item in change.removed:
        stored = state.get(item.id)
        if stored is None and item.id not in restoring:
            restores.append(item)
            restoring.add(item.id)
        elif stored is not None and stored != item:
            conflicts += 1
    if key is not None:
        reverts, restores, clashes = _without_key_clashes(state, reverts, restores, key)
        conflicts += clashes
    if not (taken or reverts or restores):
        return UndoPlan(list(current), [], [], [], [], conflicts)
    for update in reverts:
        state[update.before.id] = update.before
    # Restored items sort before stored ones of the same createdAt, so one crowded out by the limit
    # is crowded out again by a second undo (which then changes nothing).
    ordered = sorted([*((item, 0) for item in restores), *((item, 1) for item in state.values())],
                     key=lambda pair: (pair[0].created_at, pair[1]))
    items = evict([item for item, _ in ordered], limit)
    kept = {item.id: item for item in items}
    previous = {item.id: item for item in current}
    added = [item for item in items if item.id not in previous]
    updated = [Update(before=item, after=kept[item.id]) for item in previous.values()
               if item.id in kept and kept[item.id] != item]
    removed = [item for item in current if item.id not in kept and item.id in taken]
    evicted = [item for item in current if item.id not in kept and item.id not in taken]
    conflicts += sum(1 for item in restores if item.id not in kept)
    conflicts += sum(1 for update in reverts if update.before.id not in kept)
    return UndoPlan(items, added, updated, removed, evicted, conflicts)


def _without_key_clashes(state: dict[str, MemoryItem], reverts: list[Update], restores: list[MemoryItem],
                         key: Callable[[str], str]) -> tuple[list[Update], list[MemoryItem], int]:
    """Drops reverts and restores whose key an item that stays (or an earlier one brought back) holds.

    A dropped revert keeps its current content, whose key may in turn clash: repeat until stable.
    """
    reverting = {update.after.id for update in reverts}
    staying = Counter(key(item.content) for item in state.values() if item.id not in reverting)
    wanted = [key(update.before.content) for update in reverts] + [key(item.content) for item in restores]
    current_keys = [key(update.after.content) for update in reverts]
    accepted = [True] * len(wanted)
    changed = True
    while changed:
        changed = False
        held = Counter(staying)
        held.update(k for k, ok in zip(current_keys, accepted[:len(current_keys)], strict=True) if not ok)
        seen: set[str] = set()
        for index, k in enumerate(wanted):
            if not accepted[index]:
                continue
            if held[k] or k in seen:
                accepted[index] = False
                changed = True
            else:
                seen.add(k)
    split = len(reverts)
    kept_reverts = [update for update, ok in zip(reverts, accepted[:split], strict=True) if ok]
    kept_restores = [item for item, ok in zip(restores, accepted[split:], strict=True) if ok]
    return kept_reverts, kept_restores, accepted.count(False)


class ArchiveUndo(NamedTuple):
    """An undo of a change to both places: the store's plan and the (visible) archive after it."""

    store: UndoPlan
    archive: list[ArchivedItem]


def plan_undo_both(current: Sequence[MemoryItem], archive: Sequence[ArchivedItem], change: Change, limit: int,
                   archive_limit: int, at: int, key: Callable[[str], str] | None = None) -> ArchiveUndo:
    """What undoing `change` does to the store and the archive (S9.6 with S11).

    The store side is `plan_undo`, except that a memory the change moved to the archive comes back only
    from there: if it left the archive since (deleted, or dropped by the bound) that part moved on. What
    the change revived or purged goes back into the archive (as it was archived) unless its id is in
    either place again; what the change put into the archive from nowhere (an undone purge) is taken out
    if still there unchanged; memories this undo evicts are archived. Undoing twice changes nothing the
    second time.
    """
    shelf = {item.id: item for item in archive}
    stored = {item.id for item in current}
    archived_as = {item.id: item for item in change.archived}
    kept_removed = [item for item in change.removed
                    if item.id not in archived_as or shelf.get(item.id) == archived_as[item.id] or item.id in stored]
    moved_on = len(change.removed) - len(kept_removed)
    store = plan_undo(current, msgspec.structs.replace(change, removed=kept_removed), limit, key)
    store = store._replace(conflicts=store.conflicts + moved_on)
    removed_ids = {item.id for item in change.removed}
    conflicts = 0
    base = list(archive)
    for entry in change.archived:
        if entry.id in removed_ids:
            continue
        if shelf.get(entry.id) == entry:
            base.remove(entry)
        elif entry.id in shelf:
            conflicts += 1
    after_ids = {item.id for item in store.items}
    present = {item.id for item in base}
    back: list[ArchivedItem] = []
    for entry in (*change.revived, *change.purged):
        if entry.id in present or entry.id in after_ids:
            if entry.id not in present and entry not in change.revived:
                conflicts += 1
            continue
        back.append(entry)
        present.add(entry.id)
    shelf_after = shelve(oldest_archived_first([*base, *back]), store.evicted, store.items, at, archive_limit)
    return ArchiveUndo(store._replace(conflicts=store.conflicts + conflicts), shelf_after)
