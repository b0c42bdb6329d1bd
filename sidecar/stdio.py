"""The process's pipes: claim the stdout fd for the wire, read stdin off-loop, write replies in batches."""

from __future__ import annotations

import logging
import os
import stat
import sys
import threading
from collections.abc import AsyncIterator
from typing import Union

import anyio
import anyio.lowlevel
from anyio.streams.memory import MemoryObjectSendStream

log = logging.getLogger("sidecar.stdio")

Buffer = Union[bytes, memoryview]

READ_CHUNK = 1 << 16
INLINE_WRITE_LIMIT = 1 << 16
BACKLOG_LIMIT = 1 << 20
IOV_BATCH = 512
"""Buffers per `writev`, under every POSIX system's IOV_MAX (1024 on Linux and macOS)."""
GATHER_FROM = 1 << 16
"""A reply this long is written from its own buffer, never copied into a joined one."""


def claim_stdout() -> int:
    """Keep fd 1 for the protocol only: return a private dup of it and point fd 1 and `sys.stdout` at stderr.

    Anything else that would print (a stray `print`, a C library) lands on stderr (SPEC S2.4).
    """
    wire_fd = os.dup(sys.stdout.fileno())
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    if sys.platform == "win32":
        import msvcrt  # exists on Windows only

        msvcrt.setmode(wire_fd, os.O_BINARY)
        msvcrt.setmode(0, os.O_BINARY)
    return wire_fd


def write_all(fd: int, data: bytes) -> None:
    """Raises BrokenPipeError / OSError when the reader is gone."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_some(fd: int, pending: list[Buffer]) -> int:
    """One gathered write of `pending` (a non-blocking pipe, POSIX); drops what was written from it.

    Replies are never joined into one buffer first: copying a 0.5 MB list reply costs more than writing it.
    Raises BlockingIOError when the pipe is full and OSError when the reader is gone.
    """
    written = os.writev(fd, pending[:IOV_BATCH])
    done, left = 0, written
    while done < len(pending) and left >= len(pending[done]):
        left -= len(pending[done])
        done += 1
    del pending[:done]
    if left:
        pending[0] = memoryview(pending[0])[left:]
    return written


def _pollable(fd: int) -> bool:
    """A pipe or socket on POSIX, where readiness can be awaited on the loop (not files, ttys or Windows)."""
    if sys.platform == "win32":
        return False
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


async def read_chunks(fd: int, threaded: bool = False) -> AsyncIterator[bytes]:
    """Yield what stdin delivers until EOF; never blocks the loop, so shutdown is never held hostage.

    Pipes are awaited on the loop (a read after readiness returns what is there); anything else, or
    anything when `threaded` (how tests exercise the Windows path on POSIX), is read by a daemon thread.
    """
    if not threaded and _pollable(fd):
        while True:
            await anyio.wait_readable(fd)
            try:
                chunk = os.read(fd, READ_CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                return
            if not chunk:
                return
            yield chunk
    log.debug("reading stdin from a thread")
    send, receive = anyio.create_memory_object_stream[bytes](16)
    token = anyio.lowlevel.current_token()
    thread = threading.Thread(target=_pump, args=(fd, send, token), name="stdin-reader", daemon=True)
    thread.start()
    async with receive:
        async for chunk in receive:
            yield chunk


def _pump(fd: int, send: MemoryObjectSendStream[bytes], token: anyio.lowlevel.EventLoopToken) -> None:
    try:
        while True:
            try:
                chunk = os.read(fd, READ_CHUNK)
            except OSError:
                chunk = b""
            if not chunk:
                break
            anyio.from_thread.run(send.send, chunk, token=token)
    except (RuntimeError, anyio.BrokenResourceError, anyio.ClosedResourceError):
        return
    try:
        anyio.from_thread.run_sync(send.close, token=token)
    except RuntimeError:
        pass


class BatchWriter:
    """Collects replies and writes every reply that is ready in one write; none waits for another.

    On a pipe or socket (POSIX) the fd is made non-blocking and writes wait on the loop, so a parent
    that stops reading stdout never blocks the loop and shutdown can abandon the rest; anything else
    (a file, a terminal, Windows) is written from a worker thread that shutdown may abandon.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._pending: list[Buffer] = []
        self._wake = anyio.Event()
        self._closed = False
        self._backlog = 0
        self._room: anyio.Event | None = None
        self._pollable = _pollable(fd)
        if self._pollable:
            os.set_blocking(fd, False)
        self._writing = False
        self._large_pending = False
        self.broken = False

    def send(self, line: bytes) -> None:
        if self.broken:
            return
        self._pending.append(line)
        self._pending.append(b"\n")
        self._backlog += len(line) + 1
        self._large_pending = self._large_pending or len(line) >= GATHER_FROM
        self._wake.set()

    async def after_frame(self) -> None:
        """Backpressure, awaited by the reader after each frame it hands on: while more than
        BACKLOG_LIMIT bytes of replies are unwritten, wait (so pipelined requests cannot pile up
        replies in memory). A checkpoint only when it has to wait."""
        while self._backlog > BACKLOG_LIMIT and not self.broken:
            self._room = anyio.Event()
            await self._room.wait()

    def after_chunk(self) -> None:
        """Write the replies ready now from the reader itself, sparing the writer task's wake-up (a round
        trip's largest cost); only on a pipe, only when no write is in flight (two writers on one fd would
        interleave), and never more than the fd takes without blocking — the writer task does the rest."""
        if not self._pollable or self._writing or self.broken or not self._pending:
            return
        batch = self._take()
        try:
            written = write_some(self._fd, batch)
        except BlockingIOError:
            written = 0
        except OSError:
            self.broken = True
            return
        self._backlog -= written
        if batch:
            self._pending[:0] = batch
            self._large_pending = True
        elif self._room is not None:
            self._room.set()

    def _take(self) -> list[Buffer]:
        """The pending replies in as few buffers as a gathered write needs: small ones joined (copying
        them is cheap), a large one as it is (copying it is not)."""
        pending, self._pending = self._pending, []
        if not self._large_pending:
            return [b"".join(pending)]
        self._large_pending = False
        gathered: list[Buffer] = []
        small: list[Buffer] = []
        for buffer in pending:
            if len(buffer) < GATHER_FROM:
                small.append(buffer)
                continue
            if small:
                gathered.append(b"".join(small))
                small = []
            gathered.append(buffer)
        if small:
            gathered.append(b"".join(small))
        return gathered

    def close(self) -> None:
        """No more replies will come; `run` returns once the pending ones are written."""
        self._closed = True
        self._wake.set()

    async def run(self) -> None:
        """Raises nothing: a vanished reader marks the writer broken and ends the loop."""
        while not self.broken:
            await self._wake.wait()
            self._wake = anyio.Event()
            while self._pending and not self.broken:
                batch = self._take()
                self._writing = True
                try:
                    await self._write(batch)
                except OSError:
                    self.broken = True
                finally:
                    self._writing = False
                self._backlog -= sum(map(len, batch))
                if self._room is not None:
                    self._room.set()
            if self._closed and not self._pending:
                return

    async def _write(self, batch: list[Buffer]) -> None:
        if not self._pollable:
            data = b"".join(batch)
            if len(data) <= INLINE_WRITE_LIMIT:
                write_all(self._fd, data)
            else:
                await anyio.to_thread.run_sync(write_all, self._fd, data, abandon_on_cancel=True)
            return
        pending = list(batch)
        while pending:
            try:
                write_some(self._fd, pending)
            except BlockingIOError:
                await anyio.wait_writable(self._fd)
