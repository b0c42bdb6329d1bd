"""The process's pipes: claim the stdout fd for the wire, read stdin off-loop, write replies in batches."""

from __future__ import annotations

import os
import stat
import sys
import threading
from collections.abc import AsyncIterator

import anyio
import anyio.lowlevel
from anyio.streams.memory import MemoryObjectSendStream

READ_CHUNK = 1 << 16
INLINE_WRITE_LIMIT = 1 << 16
BACKLOG_LIMIT = 1 << 20


def claim_stdout() -> int:
    """Keep fd 1 for the protocol only: return a private dup of it and point fd 1 and `sys.stdout` at stderr.

    Anything else that would print (a stray `print`, a C library) lands on stderr (SPEC S2.4).
    """
    wire_fd = os.dup(sys.stdout.fileno())
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    if sys.platform == "win32":
        import msvcrt

        msvcrt.setmode(wire_fd, os.O_BINARY)
        msvcrt.setmode(0, os.O_BINARY)
    return wire_fd


def write_all(fd: int, data: bytes) -> None:
    """Raises BrokenPipeError / OSError when the reader is gone."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _pollable(fd: int) -> bool:
    """A pipe or socket on POSIX, where readiness can be awaited on the loop (not files, ttys or Windows)."""
    if sys.platform == "win32":
        return False
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


async def read_chunks(fd: int) -> AsyncIterator[bytes]:
    """Yield what stdin delivers until EOF; never blocks the loop, so shutdown is never held hostage.

    Pipes are awaited on the loop (a read after readiness returns what is there); anything else is
    read by a daemon thread.
    """
    if _pollable(fd):
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
    """Collects replies and writes every reply that is ready in one write; none waits for another."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._pending: list[bytes] = []
        self._wake = anyio.Event()
        self._closed = False
        self._backlog = 0
        self._room: anyio.Event | None = None
        self._writing = False
        self.broken = False

    def send(self, line: bytes) -> None:
        if self.broken:
            return
        self._pending.append(line)
        self._pending.append(b"\n")
        self._backlog += len(line) + 1
        self._wake.set()

    @property
    def backlogged(self) -> bool:
        return self._backlog > BACKLOG_LIMIT

    async def wait_for_room(self) -> None:
        """Backpressure: pause the reader while more than BACKLOG_LIMIT bytes of replies are unwritten."""
        while self._backlog > BACKLOG_LIMIT and not self.broken:
            self._room = anyio.Event()
            await self._room.wait()

    def close(self) -> None:
        self._closed = True
        self._wake.set()

    def flush(self) -> None:
        """Write small ready replies now, from the caller, saving the writer task's wake-up.

        Skipped while the writer task has a write in flight: two writers on one fd could interleave.
        """
        if self._pending and not self._writing and not self.broken and self._backlog <= INLINE_WRITE_LIMIT:
            self._write_inline(self._take())

    def _take(self) -> bytes:
        data = b"".join(self._pending)
        self._pending.clear()
        return data

    def _write_inline(self, data: bytes) -> None:
        try:
            write_all(self._fd, data)
        except OSError:
            self.broken = True
        self._wrote(len(data))

    def _wrote(self, size: int) -> None:
        self._backlog -= size
        if self._room is not None:
            self._room.set()

    async def run(self) -> None:
        """Raises nothing: a vanished reader marks the writer broken and ends the loop."""
        while not self.broken:
            await self._wake.wait()
            self._wake = anyio.Event()
            if self._pending:
                data = self._take()
                if len(data) <= INLINE_WRITE_LIMIT:
                    self._write_inline(data)
                else:
                    self._writing = True
                    try:
                        await anyio.to_thread.run_sync(write_all, self._fd, data)
                    except OSError:
                        self.broken = True
                    finally:
                        self._writing = False
                        self._wrote(len(data))
            if self._closed and not self._pending:
                return
