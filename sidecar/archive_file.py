"""archive.json beside memory.json, and writing the two in an order that never loses a memory from both (S11.1)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, Optional, TypeVar

from protocol import ArchivedItem, MemoryItem
from sidecar.rules.archive import interim, oldest_archived_first, visible
from sidecar.store import Codec, DurableArray, FileSnapshot, MemoryStore, Snapshot

T = TypeVar("T")
ARCHIVE_CODEC = Codec(ArchivedItem, oldest_archived_first)
# 20 000 memories (the highest bound) of 200 four-byte characters and a long scope stay well under this.
MAX_ARCHIVE_BYTES = 64 * 1024 * 1024
ArchiveSnapshot = FileSnapshot[ArchivedItem]


def archive_path(memory_file: Path) -> Path:
    return memory_file.with_name("archive.json")


class ArchiveFile(DurableArray[ArchivedItem]):
    """Owns `<config-dir>/ai/memory/archive.json`, oldest archived first, under the store's own lock."""

    def __init__(self, path: Path, store: MemoryStore) -> None:
        super().__init__(path, ARCHIVE_CODEC, "archive file", store.lock_timeout, lock_owner=store)

    def _cap(self) -> int:
        return MAX_ARCHIVE_BYTES


class Both(NamedTuple):
    """The store and the archive file as read in one turn."""

    store: Snapshot
    archive: ArchiveSnapshot

    @property
    def shelf(self) -> list[ArchivedItem]:
        """The archive as it reads (an id also in the store is active); empty while the file is unreadable."""
        return visible(self.archive.items, self.store.items)


class Outcome(NamedTuple):
    """What a plan writes: the store's new items (None: unchanged) and the archive as it should read."""

    store: Optional[list[MemoryItem]]
    archive: list[ArchivedItem]


class TwoPlaces:
    """Owns the pairing of memory.json and archive.json.

    Write order (each write atomic): the archive first, holding what leaves the store and still holding
    what the store takes back; then the store; then the archive without what the store took back. A
    SIGKILL between any two leaves every memory in at least one place, and an id in both reads as active.
    """

    def __init__(self, store: MemoryStore, archive: ArchiveFile) -> None:
        self.store = store
        self.archive = archive

    def read(self) -> Both:
        """Both files as of now (never raises; an unreadable file reads as empty)."""
        return Both(self.store.snapshot(), self.archive.snapshot())

    def apply(self, plan: Callable[[Both], tuple[Optional[Outcome], T]]) -> T:
        """Run `plan` on both as of now under the store lock and write its outcome in the safe order.

        Raises MemoryIOError on lock timeout or a failed write, and when the outcome changes a file that
        must be left alone (not a regular file, too large); nothing is written then. A write that fails
        after the first leaves the memories in at least one place (see the class).
        """
        def run() -> T:
            both = Both(self.store.read_for_write(), self.archive.snapshot())
            outcome, value = plan(both)
            if outcome is not None:
                self._write(both, outcome)
            return value

        return self.store.locked(run)

    def clear(self) -> Both:
        """Empty both places; returns them as they were. Raises MemoryIOError (an archive that must be
        left alone is found before the store is touched)."""
        def run() -> Both:
            both = Both(self.store.read_for_write(), self.archive.snapshot())
            archived = bool(both.archive.items) or not both.archive.clean
            if archived:
                self.archive.read_for_write()
            self.store.clear()
            if archived:
                self.archive.clear()
            return both

        return self.store.locked(run)

    def _write(self, both: Both, outcome: Outcome) -> None:
        store_after = outcome.store if outcome.store is not None else list(both.store.items)
        raw = list(both.archive.items)
        middle = interim(raw, outcome.archive, store_after)
        archive_changes = outcome.archive != both.shelf or middle != raw
        if archive_changes and middle != raw:
            self.archive.write_items(self.archive.read_for_write(), middle)
        if outcome.store is not None and (outcome.store != list(both.store.items) or not both.store.clean):
            self.store.write_items(both.store, outcome.store)
        if archive_changes and outcome.archive != middle:
            self.archive.write_items(self.archive.read_for_write(), outcome.archive)
