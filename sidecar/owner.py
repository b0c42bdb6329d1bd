"""The store's one owner: an ordered queue of store operations and the one worker that runs them (S3.2).

A request takes its place in the queue when it is read. Only the worker touches the memory file, the
history and the state derived from them, one operation at a time, so no two writes ever overlap in
this process (the cross-process lock in `MemoryStore` keeps other processes out). A waiter cancelled
before its operation started gives up its place and releases no one; once started, an operation
finishes, and its waiter is answered with what it did.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Awaitable, Callable, Generator
from typing import Any, Generic, Optional, TypeVar, Union

import anyio

from sidecar.store import MemoryStore, Snapshot

T = TypeVar("T")
Reply = Union[T, "Job[T]"]
"""A store operation's answer: ready now, or a queued job to await."""


class Job(Generic[T]):
    """One store operation in the queue; awaiting it waits for the worker to run it.

    `stop` is set when the waiter is gone while the operation runs: a write still waiting for another
    process's lock then gives up (and is not applied) instead of holding the shutdown.
    """

    __slots__ = ("_done", "_error", "_run", "_value", "abandoned", "started", "stop")

    def __init__(self, run: Callable[[Job[T]], Awaitable[T]]) -> None:
        self._run = run
        self.started = False
        self.abandoned = False
        self.stop = threading.Event()
        self._done = anyio.Event()
        self._value: Optional[T] = None
        self._error: Optional[BaseException] = None

    def __await__(self) -> Generator[Any, None, T]:
        return self._wait().__await__()

    async def _wait(self) -> T:
        try:
            await self._done.wait()
        except anyio.get_cancelled_exc_class():
            if not self.started:
                self.abandoned = True
                raise
            self.stop.set()
            with anyio.CancelScope(shield=True):
                await self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]

    async def execute(self) -> None:
        self.started = True
        try:
            self._value = await self._run(self)
        except Exception as exc:
            self._error = exc
        finally:
            self._done.set()


class StoreOwner:
    """Owns `MemoryStore` and runs every operation on it in the order it was accepted.

    Reads run on the event loop over the snapshot (read from disk in a thread when it changed); writes
    run in a worker thread. `run()` is the worker: the server starts it before reading requests.
    """

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self._queue: deque[Job[Any]] = deque()
        self._queued = anyio.Event()
        self._unfinished = 0

    @property
    def idle(self) -> bool:
        return self._unfinished == 0

    def read(self, view: Callable[[Snapshot], T]) -> Reply[T]:
        """`view` of the store after exactly the operations accepted before this call.

        Answers at once when nothing is queued and a `stat` tells the snapshot; otherwise queues.
        """
        if self.idle:
            cached = self.store.snapshot_if_cached()
            if cached is not None:
                return view(cached)
        return self._submit(lambda job: self._read_now(view))

    def write(self, operation: Callable[[threading.Event], T]) -> Job[T]:
        """Queue a blocking operation; the worker runs it in a thread, passing the job's `stop` event."""
        return self._submit(lambda job: anyio.to_thread.run_sync(operation, job.stop))

    def _submit(self, run: Callable[[Job[T]], Awaitable[T]]) -> Job[T]:
        job = Job(run)
        self._unfinished += 1
        self._queue.append(job)
        self._queued.set()
        return job

    async def _read_now(self, view: Callable[[Snapshot], T]) -> T:
        snapshot = self.store.snapshot_if_cached()
        if snapshot is None:
            snapshot = await anyio.to_thread.run_sync(self.store.read_snapshot)
        return view(snapshot)

    async def run(self) -> None:
        """The worker. Cancelled (at shutdown), it finishes the operation it runs, then stops."""
        while True:
            if not self._queue:
                self._queued = anyio.Event()
                await self._queued.wait()
                continue
            job = self._queue.popleft()
            try:
                if not job.abandoned:
                    await job.execute()
            finally:
                self._unfinished -= 1
