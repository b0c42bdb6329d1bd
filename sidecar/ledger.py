"""Every change to the store, written and then recorded in the history journal under one lock (S9.4)."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Optional, TypeVar

from protocol import Change, ChangeKind, MemoryItem
from sidecar.errors import InvalidParams, MemoryIOError
from sidecar.journal import Journal
from sidecar.rules.history import make_change
from sidecar.store import MemoryStore, Snapshot, Written

log = logging.getLogger("sidecar.ledger")
T = TypeVar("T")
Plan = Callable[[Snapshot], tuple[Optional[list[MemoryItem]], T]]


def now_ms() -> int:
    return int(time.time() * 1000)


def new_change_id() -> str:
    return str(uuid.uuid4())


class Ledger:
    """Owns the pairing of memory.json and history.jsonl.

    The memory file is written first and the change appended after it, both under the store lock, so a
    crash between the two loses a history entry but never records a change that did not happen.
    """

    def __init__(self, store: MemoryStore, journal: Journal, new_id: Callable[[], str] = new_change_id) -> None:
        self.store = store
        self.journal = journal
        self._new_id = new_id

    def apply(self, kind: ChangeKind, plan: Plan[T]) -> tuple[T, Optional[str]]:
        """Run `plan` on the store as of now; when it returns items, write them and record the change.

        Returns the plan's value and the change id (None when nothing changed or recording failed).
        Raises MemoryIOError when the memory file cannot be written (nothing is recorded then).
        """
        recorded: list[str] = []
        value = self.store.update(plan, self._recorder(kind, recorded))
        return value, (recorded[0] if recorded else None)

    def clear(self) -> Optional[str]:
        recorded: list[str] = []
        self.store.clear(self._recorder("clear", recorded))
        return recorded[0] if recorded else None

    def _recorder(self, kind: ChangeKind, recorded: list[str]) -> Written:
        def record(before: Sequence[MemoryItem], after: Sequence[MemoryItem]) -> None:
            change = make_change(self._new_id(), now_ms(), kind, before, after)
            if change is None:
                return
            try:
                self.journal.append(change)
            except MemoryIOError as exc:
                # The memories are already saved; failing the reply would misreport them. The change
                # just cannot be undone, which the receipt says with a null changeId.
                log.warning("the %s was saved but not recorded in the history: %s", kind, exc.message)
                return
            recorded.append(change.change_id)

        return record

    def find(self, change_id: str) -> Change:
        """Raises InvalidParams for an unknown id. Call under the lock (from a plan)."""
        change = self.journal.find(change_id)
        if change is None:
            raise InvalidParams("invalid params: no such change in the history - at `$.changeId`")
        return change

    def history(self, limit: int) -> list[Change]:
        return self.store.locked(lambda: self.journal.recent(limit))

    def forget(self) -> None:
        self.store.locked(self.journal.forget)
