"""The composition root and serving loop: stdin frames through the dispatcher to the writer, and the S2.6 shutdown."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import signal
import threading
from collections.abc import AsyncIterable, Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, Optional

import anyio
from anyio.abc import TaskGroup

from protocol.methods import cancellable_methods
from sidecar.config import Settings
from sidecar.dispatch import Dispatcher, Route, build_routes
from sidecar.framing import LineFramer
from sidecar.handlers import HANDLERS
from sidecar.service import MemoryService
from sidecar.stdio import BatchWriter, read_chunks

log = logging.getLogger("sidecar.server")

# From the moment reading stops (EOF, sidecar_shutdown, a signal) to exit: S2.6 allows 2 s in all.
DRAIN_DEADLINE = 1.0
"""Requests still running after this answer CANCELLED (a write already in its thread finishes first)."""
CLOSE_DEADLINE = 0.2
"""For closing the LLM client's connections."""
FLUSH_DEADLINE = 0.5
"""For writing the last replies; a parent that does not read stdout cannot hold the exit longer."""

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGBREAK") if hasattr(signal, name))
"""SIGBREAK is Ctrl-Break, which exists on Windows only."""

THREADED_STDIN_ENV = "AI_MEMORY_STDIN_READER"
"""`thread` forces the stdin reader Windows uses (a blocking read in a thread) on POSIX, for tests."""


def routes_for(service: MemoryService, request_shutdown: Callable[[], None] = lambda: None) -> dict[str, Route]:
    """Bind every handler of the table to the one service of this process; `sidecar_shutdown` to the server."""
    bound: dict[str, Callable[[Any], object]] = {
        name: functools.partial(handler, service) for name, handler in HANDLERS.items()}
    bound["sidecar_shutdown"] = lambda params: request_shutdown()
    return build_routes(bound, cancellable_methods())


class Server:
    def __init__(self, settings: Settings, writer: BatchWriter) -> None:
        self.settings = settings
        self.writer = writer
        self.service = MemoryService(settings)
        self.dispatcher = Dispatcher(routes_for(self.service, self.stop), writer.send)
        self._reading = anyio.CancelScope()
        self._written = False

    def stop(self) -> None:
        """Stop reading; requests already read are still answered (in-flight extractions as CANCELLED)."""
        self._reading.cancel()

    async def serve(self, chunks: AsyncIterable[bytes]) -> None:
        """Returns when every reply is written, at the shutdown deadlines, or at once when stdout's reader is gone."""
        with self._stop_on_signals():
            async with anyio.create_task_group() as outer:
                outer.start_soon(self._write_then_stop, outer)
                await self._answer_requests(chunks)
                self.writer.close()
                outer.cancel_scope.deadline = anyio.current_time() + FLUSH_DEADLINE
        if not self._written:
            log.warning("gave up writing replies after %.1f s: stdout is not being read", FLUSH_DEADLINE)

    async def _write_then_stop(self, outer: TaskGroup) -> None:
        await self.writer.run()
        self._written = True
        outer.cancel_scope.cancel()

    async def _answer_requests(self, chunks: AsyncIterable[bytes]) -> None:
        async with anyio.create_task_group() as owner:
            # The store's worker outlives every request: it stops once no request is left to wait on it.
            owner.start_soon(self.service.owner.run)
            with anyio.move_on_after(float("inf")) as drain:
                async with anyio.create_task_group() as requests:
                    with self._reading:
                        await self._read(chunks, requests)
                    drain.deadline = anyio.current_time() + DRAIN_DEADLINE
                    self.dispatcher.cancel_all()
            owner.cancel_scope.cancel()
        if self.dispatcher.cut_short:
            log.warning("answered CANCELLED to %d request(s) still waiting after %.1f s",
                        self.dispatcher.cut_short, DRAIN_DEADLINE)
        elif drain.cancelled_caught:
            log.info("waited past %.1f s for a write that had started; it was answered with its result", DRAIN_DEADLINE)
        with anyio.move_on_after(CLOSE_DEADLINE, shield=True):
            await self.service.aclose()

    async def _read(self, chunks: AsyncIterable[bytes], requests: TaskGroup) -> None:
        framer = LineFramer(self.settings.max_line_bytes)
        dispatch = self.dispatcher.dispatch
        after_frame = self.writer.after_frame
        async for chunk in chunks:
            for frame in framer.feed(chunk):
                dispatch(frame, requests)
                await after_frame()
            self.writer.after_chunk()
        for frame in framer.finish():
            dispatch(frame, requests)
        log.debug("stdin closed")

    @contextmanager
    def _stop_on_signals(self) -> Iterator[None]:
        """SIGTERM, Ctrl-C and Ctrl-Break stop reading, as EOF does.

        The loop's own signal handling where it has one (POSIX: the loop wakes whichever thread the
        signal hits); on Windows, where asyncio has none, `signal.signal` (the proactor loop wakes on a
        signal by itself), whose handler runs between bytecodes and so only schedules the stop.
        """
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        loop = asyncio.get_running_loop()

        def handle(signum: int, frame: Optional[FrameType]) -> None:
            loop.call_soon_threadsafe(self._on_signal, signum)

        installed: list[int] = []
        previous: dict[int, Any] = {}
        for signum in STOP_SIGNALS:
            try:
                loop.add_signal_handler(signum, self._on_signal, signum)
                installed.append(signum)
            except NotImplementedError:
                previous[signum] = signal.signal(signum, handle)
        try:
            yield
        finally:
            for signum in installed:
                loop.remove_signal_handler(signum)
            for signum, handler in previous.items():
                signal.signal(signum, handler)

    def _on_signal(self, signum: int) -> None:
        log.info("received signal %d; shutting down", signum)
        self.stop()


async def serve_stdio(settings: Settings, wire_fd: int) -> None:
    writer = BatchWriter(wire_fd)
    threaded = os.environ.get(THREADED_STDIN_ENV) == "thread"
    await Server(settings, writer).serve(read_chunks(0, threaded=threaded))
