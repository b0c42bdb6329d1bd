"""The search index of the store: derived from the current snapshot, rebuilt only when the file changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional

from sidecar.rules.context import Lines, lines_of
from sidecar.store import Snapshot

if TYPE_CHECKING:
    from sidecar.rules.rank import Corpus, Index


class Derived(NamedTuple):
    ranker: Index
    lines: Lines


class IndexCache:
    """The store hands out one Snapshot object per file state, so identity says when to rebuild."""

    def __init__(self) -> None:
        self._snapshot: Optional[Snapshot] = None
        self._derived: Optional[Derived] = None
        self._corpus: Optional[Corpus] = None

    def derived(self, snapshot: Snapshot) -> Derived:
        if self._derived is None or snapshot is not self._snapshot:
            from sidecar.rules.rank import Corpus, Index  # imported on first use: start-up never pays

            if self._corpus is None:
                self._corpus = Corpus()
            # The corpus moves on to the new snapshot; only the new index is ever queried after this.
            self._derived = Derived(Index(snapshot.items, self._corpus), lines_of(snapshot.items))
            self._snapshot = snapshot
        return self._derived

    def index(self, snapshot: Snapshot) -> Index:
        return self.derived(snapshot).ranker
