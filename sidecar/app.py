"""The long-lived state handlers share: settings, the store (its operations in read order) and the LLM client."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Optional, TypeVar, Union

import anyio

from sidecar.config import Settings
from sidecar.ranking import Ranking
from sidecar.store import MemoryStore, Snapshot

if TYPE_CHECKING:
    from sidecar.ledger import Ledger
    from sidecar.llm import LlmClient

T = TypeVar("T")


class App:
    def __init__(self, settings: Settings, request_shutdown: Callable[[], None] = lambda: None) -> None:
        self.settings = settings
        self.store = MemoryStore(settings.memory_file)
        self._ledger: Optional[Ledger] = None
        self.ranking = Ranking()
        self.request_shutdown = request_shutdown
        self._last: Optional[anyio.Event] = None
        """Set when the last store operation accepted so far has finished; each one waits for the one before."""
        self._llm: Optional[LlmClient] = None

    @property
    def ledger(self) -> Ledger:
        if self._ledger is None:
            # Lazy: the history journal and its rules load with the first write, not at start-up.
            from sidecar.journal import Journal
            from sidecar.ledger import Ledger

            self._ledger = Ledger(self.store, Journal(self.settings.history_file))
        return self._ledger

    @property
    def llm(self) -> LlmClient:
        if self._llm is None:
            # Lazy: httpx costs ~100 ms of start-up, and most sessions list and save long before they extract.
            from sidecar.llm import LlmClient

            self._llm = LlmClient(self.settings)
        return self._llm

    def read(self, view: Callable[[Snapshot], T]) -> Union[T, Awaitable[T]]:
        """`view` of the store after exactly the store operations accepted before this call (SPEC S3.2).

        Answers at once when none is pending; otherwise returns an awaitable that takes its turn, so a
        write accepted after this read can never show in it.
        """
        if self._last is None or self._last.is_set():
            cached = self.store.snapshot_if_cached()
            if cached is not None:
                return view(cached)
        return self._in_turn(self._take_turn(), lambda: self._view_now(view))

    def write(self, operation: Callable[..., T], *args: Any) -> Awaitable[T]:
        """Accept a blocking store operation now; it runs later, off the loop, after every one accepted before.

        Once started it is never cancelled half-way (a write is never half-cancelled); cancelled while
        still waiting for its turn, it never runs.
        """
        return self._in_turn(self._take_turn(), lambda: anyio.to_thread.run_sync(operation, *args))

    def _take_turn(self) -> tuple[Optional[anyio.Event], anyio.Event]:
        before, done = self._last, anyio.Event()
        self._last = done
        return before, done

    async def _view_now(self, view: Callable[[Snapshot], T]) -> T:
        # Only a `stat` runs on the event loop; reading the file (slow disk, a huge file) runs in a thread.
        snapshot = self.store.snapshot_if_cached()
        if snapshot is None:
            snapshot = await anyio.to_thread.run_sync(self.store.read_snapshot)
        return view(snapshot)

    @staticmethod
    async def _in_turn(turn: tuple[Optional[anyio.Event], anyio.Event], run: Callable[[], Awaitable[T]]) -> T:
        before, done = turn
        try:
            if before is not None:
                await before.wait()
            return await run()
        finally:
            done.set()

    async def aclose(self) -> None:
        if self._llm is not None:
            await self._llm.aclose()
