"""Durable JSON-array files (memory.json, archive.json): cached reads, salvage, quarantine, atomic locked writes."""

from __future__ import annotations

import errno
import hashlib
import logging
import os
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

import msgspec

from protocol import MemoryItem
from sidecar.errors import Cancelled, MemoryIOError
from sidecar.files import StatKey, describe, fsync_dir, io_error, stat_key, write_all
from sidecar.rules.evict import oldest_first
from sidecar.rules.json_spans import array_elements

if TYPE_CHECKING:
    import filelock

log = logging.getLogger("sidecar.store")

LOCK_TIMEOUT = 10.0
LOCK_POLL = 0.05
"""How often a wait for another process's lock looks whether its waiter is gone (shutdown)."""
# A store at the 1000-item cap is well under 2 MiB; anything far larger is not read into memory.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Windows: an indexer or antivirus briefly holding memory.json makes os.replace fail with PermissionError.
REPLACE_RETRY_DELAYS = (0.01, 0.02, 0.04, 0.08, 0.15, 0.25, 0.45)
T = TypeVar("T")


class Identified(Protocol):
    @property
    def id(self) -> str: ...


ItemT = TypeVar("ItemT", bound=Identified)
_encoder = msgspec.json.Encoder()


class Codec(Generic[ItemT]):
    """How one kind of file decodes and orders its items."""

    def __init__(self, item_type: type[ItemT], order: Callable[[Iterable[ItemT]], list[ItemT]]) -> None:
        self.items_decoder = msgspec.json.Decoder(list[item_type])  # type: ignore[valid-type]
        self.item_decoder = msgspec.json.Decoder(item_type)
        self.order = order


MEMORY_CODEC = Codec(MemoryItem, oldest_first)


class FileSnapshot(NamedTuple, Generic[ItemT]):
    """The file as last read: items in the file's order (the store: oldest first) and their wire encoding.

    `damaged` holds the file's bytes when it did not parse cleanly (kept for quarantine); `unreadable`
    marks a file that exists but could not be read, which reads as empty and must never be replaced;
    `problem` then says why, for the MEMORY_IO message.
    """

    items: tuple[ItemT, ...]
    encoded: bytes
    damaged: bytes | None = None
    unreadable: bool = False
    problem: str = ""

    @property
    def clean(self) -> bool:
        return self.damaged is None and not self.unreadable


Snapshot = FileSnapshot[MemoryItem]
EMPTY: FileSnapshot[Identified] = FileSnapshot((), b"[]")
UNREADABLE: FileSnapshot[Identified] = FileSnapshot((), b"[]", unreadable=True, problem="it cannot be read")
Written = Callable[[Sequence[MemoryItem], Sequence[MemoryItem]], None]
"""Called with (before, after) under the lock once the new file is in place; MemoryIOError takes the change back."""
PREVIOUS = ".{name}.previous.tmp"
"""The replaced file's second name until its change is recorded; a killed writer's copy goes with the stale temps."""


class Replaced(NamedTuple):
    """A file just replaced: whether there was one, and its second name (None: none, or no hard links)."""

    existed: bool
    previous: Path | None

    @property
    def reversible(self) -> bool:
        return not self.existed or self.previous is not None


def parse_file(data: bytes) -> Snapshot:
    """The memory file's items; never raises (see `parse_array`)."""
    return parse_array(data, MEMORY_CODEC)


def parse_array(data: bytes, codec: Codec[ItemT]) -> FileSnapshot[ItemT]:
    """Never raises, whatever the bytes: a file that does not parse cleanly yields the items that do (salvage)."""
    damaged: bytes | None
    try:
        items = codec.items_decoder.decode(data)
        damaged = None
    except (msgspec.DecodeError, RecursionError):
        items, damaged = _salvage(data, codec), data
    unique = _first_of_each_id(items)
    if len(unique) < len(items):
        # A hand-edited file that repeats an id: history and undo key memories by id, so only the first
        # stays listed; the file is kept whole as a quarantine copy before a write replaces it.
        items, damaged = unique, data
    ordered = tuple(codec.order(items))
    return FileSnapshot(ordered, _encoder.encode(ordered), damaged)


def _first_of_each_id(items: list[ItemT]) -> list[ItemT]:
    seen: set[str] = set()
    unique = []
    for item in items:
        if item.id not in seen:
            seen.add(item.id)
            unique.append(item)
    return unique


def _salvage(data: bytes, codec: Codec[ItemT]) -> list[ItemT]:
    """The complete, valid items of the top-level array, read one after another until any damage.

    Linear in the size whatever the nesting; an item that does not decode (a lone surrogate escape, a
    wrong type) is skipped; invalid UTF-8 inside an item is replaced rather than losing the item.
    """
    opener = data.find(b"[")
    if opener < 0:
        return []
    bounds, _ = array_elements(data, opener)
    items = []
    for start, end in bounds:
        element = data[start:end]
        for candidate in (element, element.decode("utf-8", "replace").encode("utf-8")):
            try:
                items.append(codec.item_decoder.decode(candidate))
                break
            except (msgspec.DecodeError, RecursionError):
                continue
    return items


class DurableArray(Generic[ItemT]):
    """Owns one JSON-array file at a fixed path; nothing a caller sends chooses another path.

    `label` names the file in logs and errors. `lock_owner`: a file kept beside another one shares its
    cross-process lock (the same lock object, so taking it inside the owner's turn is re-entrant).
    On the event loop only `snapshot_if_cached` (a `stat`) is safe whatever the file is. `snapshot`
    opens the file only after `stat` showed a regular file of bounded size, and opens it non-blocking,
    so a FIFO or device put there in between cannot block either; it still does disk I/O when the file
    changed behind our back.
    """

    def __init__(self, path: Path, codec: Codec[ItemT], label: str, lock_timeout: float = LOCK_TIMEOUT,
                 sleep: Callable[[float], None] = time.sleep, lock_owner: DurableArray[Any] | None = None) -> None:
        self.path = path
        self.codec = codec
        self.label = label
        self.lock_timeout = lock_timeout
        self._sleep = sleep
        self._lock_owner = lock_owner
        self._cache: tuple[StatKey, FileSnapshot[ItemT]] | None = None
        self._lock: filelock.BaseFileLock | None = None
        self._tmp_counter = 0
        self._warned: set[tuple[str, object]] = set()

    def _stat(self) -> os.stat_result | None:
        """None when nothing is there (a missing directory, or a file where a directory should be)."""
        try:
            return os.stat(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return None


    def snapshot_if_cached(self) -> FileSnapshot[ItemT] | None:
        """The snapshot when a `stat` alone tells it (no file, not a regular file, unchanged); else None."""
        try:
            st = self._stat()
        except OSError as exc:
            return self._refuse("stat", f"it cannot be examined ({describe(exc)})")
        if st is None:
            self._cache = None
            return self._empty()
        if not stat.S_ISREG(st.st_mode):
            return self._refuse(("mode", stat_key(st)), "it is not a regular file")
        if st.st_size > self._cap():
            return self._refuse(("size", stat_key(st)), f"it is larger than {self._cap() >> 20} MiB")
        if self._cache is not None and self._cache[0] == stat_key(st):
            return self._cache[1]
        return None

    def snapshot(self) -> FileSnapshot[ItemT]:
        """Re-reads only when the file's stat changed; a file that cannot be read reads as empty (fail-open)."""
        cached = self.snapshot_if_cached()
        if cached is not None:
            return cached
        return self.read_snapshot()

    def read_snapshot(self) -> FileSnapshot[ItemT]:
        """Reads and parses the file (blocking I/O: off the event loop when it may be slow). Never raises."""
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self.path, flags)
        except (FileNotFoundError, NotADirectoryError):
            self._cache = None
            return self._empty()
        except OSError as exc:
            return self._refuse("open", f"it cannot be read ({describe(exc)})")
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return self._refuse(("mode", stat_key(st)), "it is not a regular file")
            if st.st_size > self._cap():
                return self._refuse(("size", stat_key(st)), f"it is larger than {self._cap() >> 20} MiB")
            data = _read_all(fd, self._cap() + 1)
        except OSError as exc:
            return self._refuse("read", f"it cannot be read ({describe(exc)})")
        finally:
            os.close(fd)
        if len(data) > self._cap():
            return self._refuse(("size", stat_key(st)), f"it is larger than {self._cap() >> 20} MiB")
        snap = parse_array(data, self.codec)
        if snap.damaged is not None:
            self._warn_once(("damaged", stat_key(st)),
                            "%s %s did not parse cleanly: %d item(s) salvaged; its bytes are kept as "
                            "%s.corrupt-<epoch ms> in the same directory before the next write replaces it",
                            self.label, self.path, len(snap.items), self.path.name)
        self._cache = (stat_key(st), snap)
        return snap

    def _cap(self) -> int:
        """The largest file read into memory or written."""
        return MAX_FILE_BYTES

    @staticmethod
    def _empty() -> FileSnapshot[ItemT]:
        return EMPTY  # type: ignore[return-value]  # no items: valid for every item type

    def _refuse(self, why: object, problem: str) -> FileSnapshot[ItemT]:
        self._warn_once(("refused", why), "%s %s is left alone: %s; it lists as empty and writes fail",
                        self.label, self.path, problem)
        return UNREADABLE._replace(problem=problem)  # type: ignore[return-value]  # no items

    def _warn_once(self, key: tuple[str, object], message: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)

    def update(self, change: Callable[[FileSnapshot[ItemT]], tuple[list[ItemT] | None, T]],
               written: Callable[[Sequence[ItemT], Sequence[ItemT]], None] | None = None,
               stop: threading.Event | None = None) -> T:
        """Read-modify-write under the cross-process lock; `change` returns (new items or None, result).

        `written(before, after)` runs after the new file is in place, still under the lock; when it
        raises MemoryIOError the previous file is put back and the error raised (the change is then not
        applied). Raises MemoryIOError on lock timeout or any I/O failure (the previous file is then
        untouched), Cancelled when `stop` is set while waiting for another process's lock.
        """
        with self._locked(stop):
            current = self.read_for_write()
            items, result = change(current)
            if items is not None:
                replaced = self.replace_items(current, items)
                record = (lambda: written(current.items, items)) if written is not None else (lambda: None)
                if not replaced.reversible:
                    # No second name for the old file: the change stands whatever its record does.
                    self._record_regardless(record)
                else:
                    self.settle(replaced, record)
            return result

    def replace_items(self, current: FileSnapshot[ItemT], items: list[ItemT]) -> Replaced:
        """Replace the file read as `current` with `items`, inside `locked`, keeping a second name for the old
        one until `settle` or `forget` (damaged bytes quarantined first). Raises MemoryIOError; the previous
        file is then untouched."""
        self._quarantine_if_unclean(current)
        self._remove_stale_temps(self.path.parent)
        existed = self._stat() is not None
        previous = self._keep_previous() if existed else None
        try:
            self._write(items)
        except MemoryIOError:
            _unlink_quietly(previous)
            raise
        return Replaced(existed, previous)

    def read_for_write(self) -> FileSnapshot[ItemT]:
        """The file as of now, inside `locked`; raises MemoryIOError when a file is there that must be left alone."""
        return self._replaceable_snapshot()

    def write_items(self, current: FileSnapshot[ItemT], items: list[ItemT]) -> None:
        """Replace the file read as `current` with `items`, inside `locked` (damaged bytes quarantined first).

        Raises MemoryIOError; the previous file is then untouched.
        """
        self._quarantine_if_unclean(current)
        self._write(items)

    def locked(self, operation: Callable[[], T], stop: threading.Event | None = None) -> T:
        """Run `operation` holding the store's cross-process lock (for state kept beside the store)."""
        with self._locked(stop):
            return operation()

    def clear(self, written: Callable[[Sequence[ItemT], Sequence[ItemT]], None] | None = None,
              stop: threading.Event | None = None) -> None:
        """Raises MemoryIOError, or Cancelled as `update`; a missing file is success, even where its
        directory cannot be made. `written` runs as for `update`, and its MemoryIOError puts the file back.

        A file too large to read is set aside whole (renamed to a quarantine name) rather than read:
        a clear always works on a file the sidecar can name.
        """
        try:
            if self._stat() is None and not self.path.parent.is_dir():
                self._cache = None
                return
        except OSError:
            pass
        with self._locked(stop):
            current = self.snapshot()
            if current.unreadable and not current.problem.startswith("it is larger than"):
                raise MemoryIOError(f"the {self.label} {self.path} was left as it is: {current.problem}")
            self._quarantine_if_unclean(current)
            self._cache = None
            if current.unreadable:
                try:
                    self._set_aside()
                except OSError as exc:
                    raise io_error(f"could not set the {self.label} {self.path} aside", exc) from None
                return
            self._remove_stale_temps(self.path.parent)
            previous = self._previous_path()
            try:
                os.replace(self.path, previous)
            except FileNotFoundError:
                return
            except OSError as exc:
                raise io_error(f"could not delete the {self.label} {self.path}", exc) from None
            fsync_dir(self.path.parent)
            self.settle(Replaced(True, previous), (lambda: written(current.items, [])) if written is not None
                        else (lambda: None))

    def _previous_path(self) -> Path:
        return self.path.with_name(PREVIOUS.format(name=self.path.name))

    def _keep_previous(self) -> Path | None:
        """A second name for the file about to be replaced, so a refused change can put it back (a hard
        link: no data is copied, so it needs no room on a full disk). None when the file system has no
        hard links."""
        previous = self._previous_path()
        try:
            os.link(self.path, previous)
        except OSError:
            log.warning("%s %s: no hard links here, so a change whose history entry cannot be written "
                        "cannot be taken back", self.label, self.path)
            return None
        return previous

    @staticmethod
    def _record_regardless(record: Callable[[], None]) -> None:
        try:
            record()
        except MemoryIOError as exc:
            log.warning("a change was saved that cannot be undone: %s", exc.message)

    def settle(self, replaced: Replaced, record: Callable[[], None]) -> None:
        """Runs `record`; on its MemoryIOError takes the replacement back and re-raises, else forgets it."""
        try:
            record()
        except MemoryIOError:
            self.take_back(replaced)
            raise
        self.forget(replaced)

    def take_back(self, replaced: Replaced) -> None:
        """Puts the previous file back (none before: the new one goes); never raises, logs a failure."""
        self._cache = None
        try:
            if replaced.previous is not None:
                os.replace(replaced.previous, self.path)
            elif not replaced.existed:
                os.unlink(self.path)
            fsync_dir(self.path.parent)
        except OSError as exc:
            log.error("%s %s: the refused change could not be taken back (%s)", self.label, self.path,
                      describe(exc))

    @staticmethod
    def forget(replaced: Replaced) -> None:
        _unlink_quietly(replaced.previous)

    def _set_aside(self) -> None:
        """Renames the file to a quarantine name: its bytes are kept, nothing is read or copied."""
        stamp = int(time.time() * 1000)
        for attempt in range(1000):
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}" + (f"-{attempt}" if attempt else ""))
            if not os.path.lexists(target):
                os.rename(self.path, target)
                log.warning("%s %s was too large to read; cleared by keeping it as %s",
                            self.label, self.path, target.name)
                return
        raise OSError(errno.EEXIST, "too many quarantine copies at the same instant")

    @contextmanager
    def _locked(self, stop: threading.Event | None = None) -> Iterator[None]:
        if self._lock_owner is not None:
            with self._lock_owner._locked(stop):
                yield
            return
        import filelock

        if self._lock is None:
            directory = self.path.parent
            try:
                directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise io_error(f"could not create the directory {directory} of the {self.label}", exc) from None
            # Thread-local: only the store owner's worker takes it, and a lock shared across threads
            # would let a second thread of this process in.
            self._lock = filelock.FileLock(
                str(self.path.with_name("memory.json.lock")), timeout=self.lock_timeout, mode=0o600,
                thread_local=True,
            )
        lock = self._lock
        deadline = time.monotonic() + self.lock_timeout
        while True:
            try:
                lock.acquire(timeout=max(0.0, min(LOCK_POLL, deadline - time.monotonic())))
                break
            except filelock.Timeout:
                if stop is not None and stop.is_set():
                    raise Cancelled("the sidecar is shutting down; the change was not applied") from None
                if time.monotonic() >= deadline:
                    raise MemoryIOError(f"the memory store {self.path} is locked by another process "
                                        f"(waited {self.lock_timeout:g} s)") from None
            except OSError as exc:
                raise io_error(f"could not lock the memory store {self.path}", exc) from None
        try:
            yield
        finally:
            lock.release()

    def _replaceable_snapshot(self) -> FileSnapshot[ItemT]:
        """The file as of now; raises MemoryIOError when a file is there that must be left alone."""
        current = self.snapshot()
        if current.unreadable:
            raise MemoryIOError(f"the {self.label} {self.path} was left as it is: {current.problem}")
        return current

    def _quarantine_if_unclean(self, current: FileSnapshot[ItemT]) -> None:
        """Keeps the damaged bytes as `<name>.corrupt-<epochms>`: one complete copy per content, or none."""
        data = current.damaged
        if data is None:
            return
        directory = self.path.parent
        prefix = self.path.name + ".corrupt-"
        if self._kept_already(directory, prefix, data):
            return
        digest = hashlib.sha256(data).hexdigest()[:16]
        tmp = directory / f".{self.path.name}.{digest}.{os.getpid()}.corrupt.tmp"
        stamp = int(time.time() * 1000)
        try:
            self._write_new_file(tmp, data, replace_existing=True)
            for attempt in range(1000):
                target = directory / (prefix + str(stamp) + (f"-{attempt}" if attempt else ""))
                if not os.path.lexists(target):
                    # We hold the lock, so no other sidecar can take this name before the replace.
                    os.replace(tmp, target)
                    # The warning was given when the damage was read; this says where the copy went.
                    log.info("the damaged %s's bytes were kept as %s", self.label, target)
                    return
            raise OSError(errno.EEXIST, "too many quarantine copies at the same instant")
        except OSError as exc:
            _unlink_quietly(tmp)
            raise io_error(f"could not keep a copy of the damaged {self.label} in {directory}", exc) from None

    @staticmethod
    def _kept_already(directory: Path, prefix: str, data: bytes) -> bool:
        try:
            entries = [entry for entry in os.scandir(directory)
                       if entry.name.startswith(prefix) and entry.is_file(follow_symlinks=False)
                       and entry.stat(follow_symlinks=False).st_size == len(data)]
            for entry in entries:
                with open(entry.path, "rb") as existing:
                    if existing.read(len(data) + 1) == data:
                        return True
        except OSError:
            return False
        return False

    def _write(self, items: list[ItemT]) -> None:
        encoded = _encoder.encode(items)
        data = msgspec.json.format(encoded, indent=2) + b"\n"
        if len(data) > self._cap():
            # Never write a file this store would refuse to read back (issue 20.2).
            raise MemoryIOError(f"the memories would take {len(data) >> 20} MiB, more than the "
                                f"{self._cap() >> 20} MiB the {self.label} may hold; nothing was saved")
        directory = self.path.parent
        self._tmp_counter += 1
        tmp = directory / f".{self.path.name}.{os.getpid()}.{self._tmp_counter}.tmp"
        try:
            self._write_new_file(tmp, data)
            self._replace(tmp, self.path)
        except OSError as exc:
            _unlink_quietly(tmp)
            raise io_error(f"could not save the {self.label} {self.path}", exc) from None
        fsync_dir(directory)
        try:
            st = self._stat()
        except OSError:
            st = None
        if st is not None:
            self._cache = (stat_key(st), FileSnapshot(tuple(items), encoded))

    def _replace(self, source: Path, target: Path) -> None:
        """os.replace, retried with backoff for about a second while another program holds the target."""
        for delay in (*REPLACE_RETRY_DELAYS, None):
            try:
                os.replace(source, target)
                return
            except PermissionError:
                if delay is None:
                    raise
                self._sleep(delay)

    @staticmethod
    def _write_new_file(path: Path, data: bytes, replace_existing: bool = False) -> None:
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0)
        flags |= os.O_TRUNC if replace_existing else os.O_EXCL
        fd = os.open(path, flags, 0o600)
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)

    def _remove_stale_temps(self, directory: Path) -> None:
        """Temps left by a killed writer; safe to remove because we hold the lock."""
        try:
            for entry in os.scandir(directory):
                if entry.name.startswith(f".{self.path.name}.") and entry.name.endswith(".tmp"):
                    os.unlink(entry.path)
        except OSError:
            pass


class MemoryStore(DurableArray[MemoryItem]):
    """Owns `<config-dir>/ai/memory/memory.json`, oldest first."""

    def __init__(self, path: Path, lock_timeout: float = LOCK_TIMEOUT,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__(path, MEMORY_CODEC, "memory file", lock_timeout, sleep)


def _read_all(fd: int, limit: int) -> bytes:
    chunks = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(1 << 20, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _unlink_quietly(path: Path | None) -> None:
    if path is None:
        return
    try:
        os.unlink(path)
    except OSError:
        pass
