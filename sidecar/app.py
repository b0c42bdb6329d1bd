"""The long-lived state handlers share: settings, the store (with its in-process lock) and the LLM client."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Optional, TypeVar, Union

import anyio

from sidecar.config import Settings
from sidecar.journal import Journal
from sidecar.ledger import Ledger
from sidecar.relevance import IndexCache
from sidecar.store import MemoryStore, Snapshot

if TYPE_CHECKING:
    from sidecar.llm import LlmClient

T = TypeVar("T")


class App:
    def __init__(self, settings: Settings, request_shutdown: Callable[[], None] = lambda: None) -> None:
        self.settings = settings
        self.store = MemoryStore(settings.memory_file)
        self.ledger = Ledger(self.store, Journal(settings.history_file))
        self.search_index = IndexCache()
        self.request_shutdown = request_shutdown
        self._store_lock = anyio.Lock()
        self._pending_writes: set[anyio.Event] = set()
        self._llm: Optional[LlmClient] = None

    @property
    def llm(self) -> LlmClient:
        if self._llm is None:
            from sidecar.llm import LlmClient

            self._llm = LlmClient(self.settings)
        return self._llm

    def read(self, view: Callable[[Snapshot], T]) -> Union[T, Awaitable[T]]:
        """`view` of the store after every write this process already accepted (read-your-writes).

        Answers at once unless a write is pending; then returns an awaitable that waits for those writes.
        """
        if not self._pending_writes:
            return view(self.store.snapshot())
        return self._read_after(tuple(self._pending_writes), view)

    async def _read_after(self, writes: tuple[anyio.Event, ...], view: Callable[[Snapshot], T]) -> T:
        for done in writes:
            await done.wait()
        return view(self.store.snapshot())

    def write(self, operation: Callable[..., T], *args: Any) -> Awaitable[T]:
        """Accept a blocking store operation now; it runs later, off the loop, one at a time.

        The cross-process file lock is reentrant per object, so `_store_lock` is what keeps two of our
        own operations apart; an operation is never cancelled half-way (a write is never half-cancelled).
        """
        done = anyio.Event()
        self._pending_writes.add(done)
        return self._write(operation, args, done)

    async def _write(self, operation: Callable[..., T], args: tuple[Any, ...], done: anyio.Event) -> T:
        try:
            async with self._store_lock:
                return await anyio.to_thread.run_sync(operation, *args)
        finally:
            self._pending_writes.discard(done)
            done.set()

    async def aclose(self) -> None:
        if self._llm is not None:
            await self._llm.aclose()
