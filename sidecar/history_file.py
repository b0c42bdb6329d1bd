"""The history file: one change a line, bounded, torn tail repaired, damage quarantined (SPEC S9.4, S9.7).

Appends and `forget` must run while the caller holds the store's cross-process lock (the history file has
no lock of its own); reads may run without it and then see either state of a concurrent write.
"""

from __future__ import annotations

import logging
import os
import stat
import sys
import time
from pathlib import Path
from typing import NamedTuple

import msgspec

from protocol import Change
from sidecar.errors import MemoryIOError
from sidecar.files import StatKey, fsync_dir, io_error, stat_key, write_all

MAX_CHANGES = 500
MAX_BYTES = 4 * 1024 * 1024
TRIM_SLACK = 0.25
"""A full history grows this much past its bounds before one rewrite trims it back: appends stay appends."""
READ_CAP = 256 * 1024 * 1024
CORRUPT_INFIX = ".corrupt-"

log = logging.getLogger("sidecar.history_file")
_decoder = msgspec.json.Decoder(Change)
_encoder = msgspec.json.Encoder()


class _State(NamedTuple):
    """The file as last read: its valid lines (newline included) and their changes, oldest first.

    `end` is where the valid lines stop (a torn tail follows when `end < size`); `damaged` marks a file
    to quarantine (unparsable lines before the last, not a regular file, too big, unreadable).
    """

    key: StatKey | None
    lines: list[bytes]
    changes: list[Change]
    end: int
    size: int
    damaged: bool = False
    unreadable: bool = False


_MISSING = _State(None, [], [], 0, 0)


class HistoryFile:
    """Owns `history.jsonl` beside `memory.json`; a damaged history never blocks a memory write."""

    def __init__(self, path: Path, max_changes: int = MAX_CHANGES, max_bytes: int = MAX_BYTES,
                 slack: float = TRIM_SLACK) -> None:
        """`slack` lets the file grow to (1 + slack) times the bounds before a rewrite trims it back to
        them, so that a full history is not rewritten on every append; reads see only what the bounds keep.
        """
        self.path = path
        self.max_changes = max_changes
        self.max_bytes = max_bytes
        self._trim_changes = int(max_changes * (1 + slack))
        self._trim_bytes = int(max_bytes * (1 + slack))
        self._cache: _State | None = None
        self._tmp_counter = 0

    def append(self, change: Change) -> None:
        """Records `change` durably (fsync'd, mode 0600), keeping the newest that fit the bounds.

        A torn last line is cut off first; a damaged file is renamed to `history.jsonl.corrupt-<ms>`
        (one complete copy, logged once) and a new file starts with the entries that still parse.
        The newest change is kept even when it alone exceeds the byte bound. Raises MemoryIOError only
        when the disk refuses (full, read-only, permission denied); the memory write it records has
        then already landed, and whether that fails the call is the caller's choice.
        """
        try:
            line = _encoder.encode(change) + b"\n"
        except UnicodeEncodeError:
            raise MemoryIOError("the change could not be recorded: it holds text that is not valid Unicode") from None
        current = self._read()
        if current.damaged:
            self._quarantine()
            self._rewrite([*current.lines, line], [*current.changes, change])
        elif len(current.lines) + 1 > self._trim_changes or current.end + len(line) > self._trim_bytes:
            try:
                self._rewrite([*current.lines, line], [*current.changes, change])
            except MemoryIOError:
                # No room for a second copy of the file (a full disk): append anyway, the bounds hold for
                # reads, and the trim is tried again at the next append (issue 20.4).
                self._append_line(self._read(), line, change)
        else:
            self._append_line(current, line, change)

    def recent(self, limit: int) -> list[Change]:
        """The newest `limit` changes, newest first; what does not parse is skipped.

        Raises MemoryIOError when the file exists but cannot be read (a non-regular file reads as empty).
        """
        current = self._read()
        if current.unreadable:
            raise MemoryIOError("the history file exists but cannot be read")
        count = min(max(1, limit), self._kept(current.lines))
        return current.changes[len(current.changes) - count:][::-1]

    def find(self, change_id: str) -> Change | None:
        """The newest recorded change with that id. Raises MemoryIOError as `recent` does."""
        for change in self.recent(self.max_changes):
            if change.change_id == change_id:
                return change
        return None

    def forget(self) -> None:
        """Deletes the history and its quarantined copies: nothing cleared or replaced can come back.

        A directory squatting on one of those names was never history and is left alone.
        Raises MemoryIOError when a file cannot be deleted; a missing file is success.
        """
        self._cache = None
        doomed = []
        try:
            for entry in os.scandir(self.path.parent):
                ours = entry.name == self.path.name or entry.name.startswith(self.path.name + CORRUPT_INFIX)
                if (ours or self._is_temp(entry.name)) and not entry.is_dir(follow_symlinks=False):
                    doomed.append(Path(entry.path))
        except FileNotFoundError:
            return
        except OSError as exc:
            raise io_error("could not list the history files", exc) from None
        for path in doomed:
            try:
                os.unlink(path)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise io_error("could not delete the history", exc) from None
        fsync_dir(self.path.parent)

    def _read(self) -> _State:
        """The file's state, re-read only when its stat changed; never opens a non-regular file."""
        try:
            st = os.stat(self.path)
        except (FileNotFoundError, NotADirectoryError):
            self._cache = None
            return _MISSING
        except OSError:
            return _State(None, [], [], 0, 0, damaged=True, unreadable=True)
        key = stat_key(st)
        cached = self._cache
        if cached is not None and cached.key == key:
            return cached
        if not stat.S_ISREG(st.st_mode) or st.st_size > READ_CAP:
            state = _State(key, [], [], 0, st.st_size, damaged=True)
        else:
            state = self._read_regular()
        self._cache = state if state.key is not None else None
        return state

    def _read_regular(self) -> _State:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self.path, flags)
        except (FileNotFoundError, NotADirectoryError):
            return _MISSING
        except OSError:
            return _State(None, [], [], 0, 0, damaged=True, unreadable=True)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_size > READ_CAP:
                return _State(stat_key(st), [], [], 0, st.st_size, damaged=True)
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
            changed_meanwhile = stat_key(os.fstat(fd)) != stat_key(st)
        except OSError:
            return _State(None, [], [], 0, 0, damaged=True, unreadable=True)
        finally:
            os.close(fd)
        state = _parse(b"".join(chunks), stat_key(st))
        # A state whose bytes may not match its stat must not be cached: an append would cut by it.
        return state._replace(key=None) if changed_meanwhile else state

    def _append_line(self, current: _State, line: bytes, change: Change) -> None:
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_BINARY", 0))
        try:
            if current.key is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, flags, 0o600)
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):
                    raise MemoryIOError("the history file is not a regular file")
                if sys.platform != "win32" and st.st_mode & 0o077:
                    os.fchmod(fd, 0o600)
                if st.st_size != current.end:
                    os.ftruncate(fd, current.end)
                write_all(fd, line)
                os.fsync(fd)
                st = os.fstat(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            self._cache = None
            raise io_error("could not record the change in the history", exc) from None
        if current.key is None:
            fsync_dir(self.path.parent)
        self._cache = _State(stat_key(st), [*current.lines, line], [*current.changes, change],
                             current.end + len(line), current.end + len(line))

    def _rewrite(self, lines: list[bytes], changes: list[Change]) -> None:
        """Atomically replaces the file with the newest entries that fit (at least the newest one)."""
        keep = self._kept(lines)
        lines, changes = lines[len(lines) - keep:], changes[len(changes) - keep:]
        size = sum(map(len, lines))
        directory = self.path.parent
        self._remove_stale_temps()
        self._tmp_counter += 1
        tmp = directory / f".{self.path.name}.{os.getpid()}.{self._tmp_counter}.tmp"
        self._cache = None
        try:
            directory.mkdir(parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
            try:
                write_all(fd, b"".join(lines))
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.path)
            st = os.stat(self.path)
        except OSError as exc:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise io_error("could not rewrite the history", exc) from None
        fsync_dir(directory)
        self._cache = _State(stat_key(st), lines, changes, size, size)

    def _quarantine(self) -> None:
        """Moves the damaged file aside whole (a rename: nothing is read, copied or cut)."""
        stamp = int(time.time() * 1000)
        for attempt in range(1000):
            target = self.path.with_name(f"{self.path.name}{CORRUPT_INFIX}{stamp}" + (f"-{attempt}" if attempt else ""))
            if os.path.lexists(target):
                continue
            try:
                os.rename(self.path, target)
            except FileNotFoundError:
                return
            except OSError as exc:
                raise io_error("could not set the damaged history aside", exc) from None
            log.warning("the history file was damaged; kept it as %s and started a new one", target.name)
            return
        raise MemoryIOError("could not set the damaged history aside: too many quarantined copies")

    def _kept(self, lines: list[bytes]) -> int:
        """How many of the newest lines the bounds keep: at least the newest one."""
        keep, size = 0, 0
        for line in reversed(lines):
            if keep and (keep + 1 > self.max_changes or size + len(line) > self.max_bytes):
                break
            keep += 1
            size += len(line)
        return keep

    def _is_temp(self, name: str) -> bool:
        return name.startswith(f".{self.path.name}.") and name.endswith(".tmp")

    def _remove_stale_temps(self) -> None:
        """Temps left by a killed writer; safe to remove because the caller holds the lock."""
        try:
            for entry in os.scandir(self.path.parent):
                if self._is_temp(entry.name):
                    os.unlink(entry.path)
        except OSError:
            pass


def _parse(data: bytes, key: StatKey) -> _State:
    """Never raises. The last line may be torn (no newline, or unparsable): it is left out, not damage."""
    lines: list[bytes] = []
    changes: list[Change] = []
    damaged = False
    start = end = 0
    while start < len(data):
        newline = data.find(b"\n", start)
        if newline < 0:
            break
        raw = data[start:newline + 1]
        start = newline + 1
        try:
            change = _decoder.decode(raw)
        except (msgspec.DecodeError, RecursionError):
            damaged = damaged or start < len(data)
            continue
        lines.append(raw)
        changes.append(change)
        end = start
    return _State(key, lines, changes, end, len(data), damaged=damaged)
