"""The ranking of the store: one owner holds the index derived from the latest snapshot (S10.1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Optional

from protocol import MemoryItem
from sidecar.rules.context import Lines, lines_of
from sidecar.store import Snapshot

if TYPE_CHECKING:
    from sidecar.rules.rank import RankingIndex


class Ranked(NamedTuple):
    """What ranking derives from one tuple of memories: the index and each memory's rendered line."""

    ranking: RankingIndex
    lines: Lines


class Ranking:
    """The one holder of the ranking derived from the memories it was last given.

    It rebuilds only when handed other sources (compared by identity: the store hands out one Snapshot
    object per file state), and builds the new index from the one it held, which stays valid for any
    caller still using it. To rank active and archived memories in one order, give one `Ranking` both
    snapshots: `derived_over((active, archive), active.items + archive.items)` — positions below
    `len(active.items)` are active memories. Each owner holds one set of sources: keep one owner per set.
    """

    def __init__(self) -> None:
        self._sources: tuple[object, ...] = ()
        self._ranked: Optional[Ranked] = None

    def derived(self, snapshot: Snapshot) -> Ranked:
        return self.derived_over((snapshot,), snapshot.items)

    def index(self, snapshot: Snapshot) -> RankingIndex:
        return self.derived(snapshot).ranking

    def derived_over(self, sources: tuple[object, ...], items: Sequence[MemoryItem]) -> Ranked:
        """The ranking of `items`, which must be determined by `sources` (e.g. the snapshots they came from)."""
        held = self._ranked
        if held is not None and len(sources) == len(self._sources) and all(
                a is b for a, b in zip(sources, self._sources, strict=True)):
            return held
        from sidecar.rules.rank import RankingIndex  # imported on first use: start-up never pays

        if held is None:
            ranked = Ranked(RankingIndex(items), lines_of(items))
        else:
            ranked = Ranked(RankingIndex(items, held.ranking), lines_of(items, (held.ranking.items, held.lines)))
        self._sources, self._ranked = sources, ranked
        return ranked
