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
from sidecar.store import Codec, DurableArray, FileSnapshot, MemoryStore, Replaced, Snapshot

log = logging.getLogger("sidecar.archive")
T = TypeVar("T")
ARCHIVE_CODEC = Codec(ArchivedItem, oldest_archived_first)
# 20 000 memories (the highest bound) of 200 four-byte characters and a long scope stay well under this.
MAX_ARCHIVE_BYTES = 64 * 1024 * 1024
ArchiveSnapshot = FileSnapshot[ArchivedItem]


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


Recording = Callable[[Both, Outcome], None]
"""Called under the lock once both places hold the change, with what was read and what was written;
its MemoryIOError takes the change back (the history records only what landed)."""


class TwoPlaces:
    """Owns the pairing of memory.json and archive.json.

    Write order (each write atomic): the archive first, holding what leaves the store and still holding
    what the store takes back; then the store; then the change is recorded; then the archive without
    what the store took back. A SIGKILL between any two leaves every memory in at least one place, and
    an id in both reads as active. A change whose record is refused is taken back in both files.
    """

    def __init__(self, store: MemoryStore, archive: ArchiveFile) -> None:
        self.store = store
        self.archive = archive

    def read(self) -> Both:
        """Both files as of now (never raises; an unreadable file reads as empty)."""
        return Both(self.store.snapshot(), self.archive.snapshot())

    def apply(self, plan: Callable[[Both], tuple[Optional[Outcome], T]], recording: Optional[Recording] = None,
              stop: Optional[threading.Event] = None) -> T:
        """Run `plan` on both as of now under the store lock, write its outcome in the safe order, record it.

        Raises MemoryIOError on lock timeout or a failed write (nothing is then applied, or what was is
        taken back), when the outcome changes a file that must be left alone (not a regular file, too
        large), and when `recording` refuses the change (it is then taken back); Cancelled when `stop` is
        set while waiting for another process's lock. A failure of the last archive write only leaves ids
        in both places (active) until the next write.
        """
        def run() -> T:
            both = Both(self.store.read_for_write(), self.archive.snapshot())
            outcome, value = plan(both)
            if outcome is not None:
                self._write(both, outcome, recording)
            return value

        return self.store.locked(run, stop)

    def clear(self, recording: Optional[Recording] = None, stop: Optional[threading.Event] = None) -> None:
        """Empty both places, then record it. Raises MemoryIOError (an archive that must be left alone is
        found before the store is touched; a refused record puts both files back) or Cancelled, as `apply`.
        With no directory there is nothing to clear: success, even where the directory cannot be made."""
        try:
            if not self.store.path.parent.is_dir():
                return
        except OSError:
            pass

        def run() -> None:
            both = Both(self.store.snapshot(), self.archive.snapshot())
            shelf = both.archive
            if shelf.unreadable and not shelf.problem.startswith("it is larger than"):
                # Found before the store is touched; a file too large to read is set aside by its clear.
                raise MemoryIOError(f"the archive file {self.archive.path} was left as it is: {shelf.problem}")

            def record() -> None:
                if recording is not None:
                    recording(both, Outcome([], []))

            archived = bool(shelf.items) or not shelf.clean
            stored = bool(both.store.items) or not both.store.clean
            if stored and archived:
                # Nested, so a refused record puts the archive back, then the store.
                self.store.clear(lambda _b, _a: self.archive.clear(lambda _c, _d: record()))
            elif stored:
                self.store.clear(lambda _b, _a: record())
            elif archived:
                self.archive.clear(lambda _b, _a: record())
            else:
                self.store.clear()
                self.archive.clear()

        self.store.locked(run, stop)

    def _write(self, both: Both, outcome: Outcome, recording: Optional[Recording]) -> None:
        store_after = outcome.store if outcome.store is not None else list(both.store.items)
        raw = list(both.archive.items)
        middle = interim(raw, outcome.archive, store_after)
        archive_changes = outcome.archive != both.shelf or middle != raw
        if archive_changes and not both.archive.clean:
            self.archive.read_for_write()  # raises for a file that must be left alone, before anything
        shelved: Optional[Replaced] = None
        stored: Optional[Replaced] = None
        try:
            if archive_changes and middle != raw:
                shelved = self.archive.replace_items(self.archive.read_for_write(), middle)
            if outcome.store is not None:
                stored = self.store.replace_items(both.store, outcome.store)
        except MemoryIOError:
            if shelved is not None:
                self.archive.take_back(shelved)
            raise
        try:
            if recording is not None:
                recording(both, outcome)
        except MemoryIOError:
            if all(done is None or done.reversible for done in (shelved, stored)):
                for done, owner in ((stored, self.store), (shelved, self.archive)):
                    if done is not None:
                        owner.take_back(done)
                raise
            log.warning("a change was saved that cannot be undone (no hard links here)")
        for done in (stored, shelved):
            if done is not None:
                DurableArray.forget(done)
        if archive_changes and outcome.archive != middle:
            try:
                self.archive.write_items(self.archive.read_for_write(), outcome.archive)
            except MemoryIOError as exc:
                log.warning("the archive keeps memories the store took back until the next write: %s",
                            exc.message)
