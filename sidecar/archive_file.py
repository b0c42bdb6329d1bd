"""archive.json beside memory.json, and writing the two in an order that never loses a memory from both (S11.1)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, Optional, TypeVar

from protocol import ArchivedItem, MemoryItem
from sidecar.errors import MemoryIOError
from sidecar.rules.archive import interim, oldest_archived_first, visible
from sidecar.store import Codec, DurableArray, FileSnapshot, MemoryStore, Snapshot

log = logging.getLogger("sidecar.archive")
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


Recording = Callable[[Both, Outcome], Optional[Callable[[], None]]]
"""Called under the lock before the first write with what is read and what will be written; returns
what takes the record back if the change is then not applied."""


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

    def apply(self, plan: Callable[[Both], tuple[Optional[Outcome], T]], recording: Optional[Recording] = None,
              stop: Optional[threading.Event] = None) -> T:
        """Run `plan` on both as of now under the store lock, record its outcome, write it in the safe order.

        Raises MemoryIOError on lock timeout or a failed write (the record is then taken back), and when
        the outcome changes a file that must be left alone (not a regular file, too large); Cancelled
        when `stop` is set while waiting for another process's lock. Once the store is written the
        change stands: a failure of the last archive write only leaves ids in both places (active).
        """
        def run() -> T:
            both = Both(self.store.read_for_write(), self.archive.snapshot())
            outcome, value = plan(both)
            if outcome is not None:
                self._write(both, outcome, recording)
            return value

        return self.store.locked(run, stop)

    def clear(self, recording: Optional[Recording] = None, stop: Optional[threading.Event] = None) -> None:
        """Empty both places. Raises MemoryIOError (an archive that must be left alone is found before the
        store is touched) or Cancelled, as `apply`. With no directory there is nothing to clear: success,
        even where the directory cannot be made."""
        try:
            if not self.store.path.parent.is_dir():
                return
        except OSError:
            pass

        def run() -> None:
            both = Both(self.store.snapshot(), self.archive.snapshot())
            archived = bool(both.archive.items) or not both.archive.clean
            shelf = both.archive
            if shelf.unreadable and not shelf.problem.startswith("it is larger than"):
                # Found before the store is touched; a file too large to read is set aside by its clear.
                raise MemoryIOError(f"the archive file {self.archive.path} was left as it is: {shelf.problem}")
            retract = recording(both, Outcome([], [])) if recording is not None else None
            cleared = False
            try:
                self.store.clear()
                cleared = True
                if archived:
                    self.archive.clear()
            except MemoryIOError:
                if retract is not None and not cleared:
                    retract()
                raise

        self.store.locked(run, stop)

    def _write(self, both: Both, outcome: Outcome, recording: Optional[Recording]) -> None:
        store_after = outcome.store if outcome.store is not None else list(both.store.items)
        raw = list(both.archive.items)
        middle = interim(raw, outcome.archive, store_after)
        archive_changes = outcome.archive != both.shelf or middle != raw
        store_changes = outcome.store is not None
        if archive_changes and not both.archive.clean:
            self.archive.read_for_write()  # raises for a file that must be left alone, before anything
        retract = recording(both, outcome) if recording is not None else None
        try:
            if archive_changes and middle != raw:
                self.archive.write_items(self.archive.read_for_write(), middle)
            if store_changes and outcome.store is not None:
                self.store.write_items(both.store, outcome.store)
        except MemoryIOError:
            if retract is not None:
                retract()
            raise
        if archive_changes and outcome.archive != middle:
            try:
                self.archive.write_items(self.archive.read_for_write(), outcome.archive)
            except MemoryIOError as exc:
                log.warning("the archive keeps memories the store took back until the next write: %s",
                            exc.message)
