"""The search index of the store: derived from the current snapshot, rebuilt only when the file changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional

from sidecar.rules.context import Lines, lines_of
from sidecar.store import Snapshot

if TYPE_CHECKING:
    from sidecar.rules.rank import Index


class Derived(NamedTuple):
    index: Index
    lines: Lines


class IndexCache:
    """The store hands out one Snapshot object per file state, so identity says when to rebuild."""

    def __init__(self) -> None:
        self._snapshot: Optional[Snapshot] = None
        self._derived: Optional[Derived] = None

    def derived(self, snapshot: Snapshot) -> Derived:
        if self._derived is None or snapshot is not self._snapshot:
            from sidecar.rules.rank import Index  # ranking is imported on first use: start-up never pays

            self._derived = Derived(Index(snapshot.items), lines_of(snapshot.items))
            self._snapshot = snapshot
        return self._derived

    def index(self, snapshot: Snapshot) -> Index:
        return self.derived(snapshot).index
