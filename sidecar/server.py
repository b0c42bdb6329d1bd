"""The serving loop: frames from stdin through the dispatcher to the batch writer, and the S2.6 shutdown."""

from __future__ import annotations

import logging
import signal
import sys
from collections.abc import AsyncIterable

import anyio

from sidecar.app import App
from sidecar.config import Settings
from sidecar.dispatch import Dispatcher
from sidecar.framing import LineFramer
from sidecar.handlers import routes_for
from sidecar.stdio import BatchWriter, read_chunks

log = logging.getLogger("sidecar.server")

DRAIN_DEADLINE = 1.5
CLOSE_DEADLINE = 0.3


class Server:
    def __init__(self, settings: Settings, writer: BatchWriter) -> None:
        self.settings = settings
        self.writer = writer
        self.app = App(settings, request_shutdown=self.stop)
        self.dispatcher = Dispatcher(routes_for(self.app), writer.send)
        self._reading = anyio.CancelScope()

    def stop(self) -> None:
        """Stop reading; requests already read are still answered (in-flight extractions as CANCELLED)."""
        self._reading.cancel()

    async def serve(self, chunks: AsyncIterable[bytes]) -> None:
        """Returns when every reply is written, or at once when the reader of stdout is gone."""
        async with anyio.create_task_group() as outer:
            outer.start_soon(self._watch_signals)
            outer.start_soon(self._answer_requests, chunks)
            await self.writer.run()
            outer.cancel_scope.cancel()

    async def _answer_requests(self, chunks: AsyncIterable[bytes]) -> None:
        with anyio.move_on_after(float("inf")) as drain:
            async with anyio.create_task_group() as requests:
                with self._reading:
                    await self._read(chunks, requests)
                drain.deadline = anyio.current_time() + DRAIN_DEADLINE
                self.dispatcher.cancel_all()
        if drain.cancelled_caught:
            log.warning("gave up on requests still running after %.1f s", DRAIN_DEADLINE)
        with anyio.move_on_after(CLOSE_DEADLINE, shield=True):
            await self.app.aclose()
        self.writer.close()

    async def _read(self, chunks: AsyncIterable[bytes], requests: anyio.abc.TaskGroup) -> None:
        framer = LineFramer(self.settings.max_line_bytes)
        dispatch = self.dispatcher.dispatch
        writer = self.writer
        async for chunk in chunks:
            for frame in framer.feed(chunk):
                dispatch(frame, requests)
                if writer.backlogged:
                    await writer.wait_for_room()
            writer.flush()
        for frame in framer.finish():
            dispatch(frame, requests)
        log.debug("stdin closed")

    async def _watch_signals(self) -> None:
        if sys.platform == "win32":
            return
        with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
            async for signum in signals:
                log.info("received signal %d; shutting down", signum)
                self.stop()


async def serve_stdio(settings: Settings, wire_fd: int) -> None:
    writer = BatchWriter(wire_fd)
    await Server(settings, writer).serve(read_chunks(0))
