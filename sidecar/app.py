"""The long-lived state handlers share: settings, the store (with its in-process lock) and the LLM client."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Optional, TypeVar

import anyio

from sidecar.config import Settings
from sidecar.store import MemoryStore, Snapshot

if TYPE_CHECKING:
    from sidecar.llm import LlmClient

T = TypeVar("T")


class App:
    def __init__(self, settings: Settings, request_shutdown: Callable[[], None] = lambda: None) -> None:
        self.settings = settings
        self.store = MemoryStore(settings.memory_file)
        self.request_shutdown = request_shutdown
        self._store_lock = anyio.Lock()
        self._llm: Optional[LlmClient] = None

    @property
    def llm(self) -> LlmClient:
        if self._llm is None:
            from sidecar.llm import LlmClient

            self._llm = LlmClient(self.settings)
        return self._llm

    async def snapshot(self) -> Snapshot:
        """The store as of now, after any write this process already started (read-your-writes)."""
        if self._store_lock.locked():
            async with self._store_lock:
                pass
        return self.store.snapshot()

    async def with_store(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking store operation off the loop, one at a time in this process.

        The cross-process file lock is reentrant per object, so this lock is what keeps two of our
        own tasks apart; the operation is never cancelled half-way (a write is never half-cancelled).
        """
        async with self._store_lock:
            return await anyio.to_thread.run_sync(fn, *args)

    async def aclose(self) -> None:
        if self._llm is not None:
            await self._llm.aclose()
