"""The memory file: cached reads, salvage and quarantine, atomic durable writes under a cross-process lock."""

from __future__ import annotations

import errno
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, Optional, TypeVar

import msgspec

from protocol import MemoryItem
from sidecar.errors import MemoryIOError
from sidecar.rules.evict import oldest_first

LOCK_TIMEOUT = 10.0
T = TypeVar("T")

_items_decoder = msgspec.json.Decoder(list[MemoryItem])
_raw_list_decoder = msgspec.json.Decoder(list[msgspec.Raw])
_item_decoder = msgspec.json.Decoder(MemoryItem)
_encoder = msgspec.json.Encoder()


class Snapshot(NamedTuple):
    """The store as last read: items oldest first and their wire encoding.

    `damaged` holds the file's bytes when it did not parse cleanly (kept for quarantine); `unreadable`
    marks a file that exists but could not be read, which reads as empty and must never be replaced.
    """

    items: tuple[MemoryItem, ...]
    encoded: bytes
    damaged: Optional[bytes] = None
    unreadable: bool = False

    @property
    def clean(self) -> bool:
        return self.damaged is None and not self.unreadable


EMPTY = Snapshot((), b"[]")
UNREADABLE = Snapshot((), b"[]", unreadable=True)
_StatKey = tuple[int, int, int, int, int]
Written = Callable[[Sequence[MemoryItem], Sequence[MemoryItem]], None]


def parse_file(data: bytes) -> Snapshot:
    """Never raises: a file that does not parse cleanly yields the items that do (salvage)."""
    try:
        items = _items_decoder.decode(data)
        damaged = None
    except msgspec.DecodeError:
        items, damaged = _salvage(data), data
    ordered = tuple(oldest_first(items))
    return Snapshot(ordered, _encoder.encode(ordered), damaged)


def _salvage(data: bytes) -> list[MemoryItem]:
    try:
        elements = _raw_list_decoder.decode(data)
    except msgspec.DecodeError:
        return _salvage_torn(data)
    items = []
    for element in elements:
        try:
            items.append(_item_decoder.decode(element))
        except msgspec.DecodeError:
            continue
    return items


def _salvage_torn(data: bytes) -> list[MemoryItem]:
    """Complete objects of a truncated or damaged array, read one after another until the damage."""
    import json

    text = data.decode("utf-8", errors="replace")
    start = text.find("[")
    if start < 0:
        return []
    decoder = json.JSONDecoder()
    items: list[MemoryItem] = []
    position = start + 1
    while True:
        brace = text.find("{", position)
        if brace < 0:
            return items
        try:
            value, position = decoder.raw_decode(text, brace)
        except ValueError:
            position = brace + 1
            continue
        try:
            items.append(msgspec.convert(value, MemoryItem))
        except (msgspec.ValidationError, TypeError):
            continue


class MemoryStore:
    """Owns `<config-dir>/ai/memory/memory.json`; nothing a caller sends chooses another path."""

    def __init__(self, path: Path, lock_timeout: float = LOCK_TIMEOUT) -> None:
        self.path = path
        self.lock_timeout = lock_timeout
        self._cache: Optional[tuple[_StatKey, Snapshot]] = None
        self._lock = None
        self._tmp_counter = 0

    def _stat_key(self) -> Optional[_StatKey]:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino, st.st_dev)

    def snapshot(self) -> Snapshot:
        """Re-reads only when the file's stat changed; an unreadable file reads as empty (fail-open)."""
        try:
            key = self._stat_key()
        except OSError:
            return UNREADABLE
        if key is None:
            self._cache = None
            return EMPTY
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return EMPTY
        except OSError:
            return UNREADABLE
        snap = parse_file(data)
        self._cache = (key, snap)
        return snap

    def update(self, change: Callable[[Snapshot], tuple[Optional[list[MemoryItem]], T]],
               written: Optional[Written] = None) -> T:
        """Read-modify-write under the cross-process lock; `change` returns (new items or None, result).

        `written(before, after)` runs after the new file is in place, still under the lock.
        Raises MemoryIOError on lock timeout or any I/O failure; the previous file is then untouched.
        """
        with self._locked():
            current = self._replaceable_snapshot()
            items, result = change(current)
            if items is not None:
                self._quarantine_if_unclean(current)
                self._write(items)
                if written is not None:
                    written(current.items, items)
            return result

    def locked(self, operation: Callable[[], T]) -> T:
        """Run `operation` holding the store's cross-process lock (for state kept beside the store)."""
        with self._locked():
            return operation()

    def clear(self, written: Optional[Written] = None) -> None:
        """Raises MemoryIOError; a missing file is success. `written` runs as for `update`."""
        with self._locked():
            current = self._replaceable_snapshot()
            self._quarantine_if_unclean(current)
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise _io_error("could not delete the memory file", exc) from None
            self._cache = None
            if written is not None:
                written(current.items, [])

    def _locked(self):
        import filelock

        if self._lock is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise _io_error("could not create the memory directory", exc) from None
            self._lock = filelock.FileLock(
                str(self.path.with_name("memory.json.lock")), timeout=self.lock_timeout, mode=0o600,
                thread_local=False,
            )
        return _LockGuard(self._lock)

    def _replaceable_snapshot(self) -> Snapshot:
        """The store as of now; raises MemoryIOError when a file is there but unreadable (it could not be kept)."""
        current = self.snapshot()
        if current.unreadable:
            raise MemoryIOError("the memory file exists but cannot be read; it was left as it is")
        return current

    def _quarantine_if_unclean(self, current: Snapshot) -> None:
        data = current.damaged
        if data is None:
            return
        stamp = int(time.time() * 1000)
        for attempt in range(1000):
            suffix = f".corrupt-{stamp}" + (f"-{attempt}" if attempt else "")
            target = self.path.with_name(self.path.name + suffix)
            try:
                self._write_new_file(target, data)
                return
            except FileExistsError:
                continue
            except OSError as exc:
                raise _io_error("could not keep a copy of the damaged memory file", exc) from None

    def _write(self, items: list[MemoryItem]) -> None:
        encoded = _encoder.encode(items)
        data = msgspec.json.format(encoded, indent=2) + b"\n"
        directory = self.path.parent
        self._remove_stale_temps(directory)
        self._tmp_counter += 1
        tmp = directory / f".memory.json.{os.getpid()}.{self._tmp_counter}.tmp"
        try:
            self._write_new_file(tmp, data)
            os.replace(tmp, self.path)
        except OSError as exc:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise _io_error("could not save memories", exc) from None
        _fsync_dir(directory)
        key = self._stat_key()
        if key is not None:
            self._cache = (key, Snapshot(tuple(items), encoded))

    @staticmethod
    def _write_new_file(path: Path, data: bytes) -> None:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)

    @staticmethod
    def _remove_stale_temps(directory: Path) -> None:
        """Temps left by a killed writer; safe to remove because we hold the lock."""
        try:
            for entry in os.scandir(directory):
                if entry.name.startswith(".memory.json.") and entry.name.endswith(".tmp"):
                    os.unlink(entry.path)
        except OSError:
            pass


class _LockGuard:
    def __init__(self, lock) -> None:
        self._lock = lock

    def __enter__(self) -> None:
        import filelock

        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise MemoryIOError(
                f"the memory store is locked by another process (waited {self._lock.timeout:g} s)"
            ) from None
        except OSError as exc:
            raise _io_error("could not lock the memory store", exc) from None

    def __exit__(self, *exc_info: object) -> None:
        self._lock.release()


def _fsync_dir(directory: Path) -> None:
    if sys.platform == "win32":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _io_error(what: str, exc: OSError) -> MemoryIOError:
    reason = exc.strerror or errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    return MemoryIOError(f"{what}: {reason}")
