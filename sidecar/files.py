"""Durable-file primitives the store and the history journal share: whole writes, directory fsync, stat keys, errors."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from sidecar.errors import MemoryIOError

StatKey = tuple[int, int, int, int, int]


def stat_key(st: os.stat_result) -> StatKey:
    """Changes whenever the file is replaced or rewritten (a same-size rewrite moves mtime or ctime)."""
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino, st.st_dev)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def fsync_dir(directory: Path) -> None:
    """Makes a rename or a new file in `directory` durable (POSIX; Windows has no directory fsync)."""
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


def describe(exc: OSError) -> str:
    return exc.strerror or errno.errorcode.get(exc.errno or 0, type(exc).__name__)


def io_error(what: str, exc: OSError) -> MemoryIOError:
    """`what` names the file or directory involved; the reason is the OS's, never file content."""
    return MemoryIOError(f"{what}: {describe(exc)}")
