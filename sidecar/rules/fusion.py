"""Reciprocal-rank fusion: one order of a store's memories from the lexical and the semantic orders (issue 17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

RRF_K = 20
"""A memory's share from an order is 1 / (RRF_K + its rank), so the first places of either order lead and neither
order's raw scores need a common scale. Below the usual 60: a 2 KB prompt holds 18–30 memories, so what counts is
the top of each order (with each development set left out in turn, the other ten choose 15 or 20:
`bench/semantic_blend.py --k`)."""

CROSS_SCRIPT_SPACING = 2.0
"""The multilingual model gives a message in one script higher cosines with memories in its own script than
with equally relevant ones in the other (Chinese, Japanese, Korean / the rest), so a Chinese message's best
English memory can stand 30th by meaning. The n-th best memory by meaning in the other script than the message
places no lower than 2n-th: with each development set left out in turn the others choose 2 (of 1–8) every time
(`bench/semantic_blend.py --spacing`)."""


def fused_order(lexical: Sequence[int], semantic: Sequence[int], matched: int, k: int = RRF_K) -> list[int]:
    """Every position of `lexical` (a permutation of the store), best first by the sum of both orders' shares;
    ties keep the lexical order. Only the first `matched` lexical places (the memories holding a query word)
    earn a lexical share: the rest are in recency order, which says nothing about the query. A position
    missing from `semantic` gets nothing from it."""
    import numpy as np  # the ranking by meaning has loaded it already

    size = len(lexical)
    ranked = np.fromiter(semantic, dtype=np.int64, count=len(semantic))
    valid = (ranked >= 0) & (ranked < size)
    shares = 1.0 / (k + 1 + np.arange(len(ranked), dtype=np.float64))
    # Summed in the semantic order's own order, as a position named twice would be by hand.
    share = np.bincount(ranked[valid], weights=shares[valid], minlength=size).astype(np.float64, copy=False)
    return _fused(lexical, share, matched, k)


def fused_by_similarity(lexical: Sequence[int], similarity: npt.NDArray[np.float32], matched: int,
                        k: int = RRF_K, other_script: Optional[npt.NDArray[np.bool_]] = None,
                        spacing: float = CROSS_SCRIPT_SPACING) -> list[int]:
    """`fused_order` with the semantic order given as each position's similarity to the query (best first by
    it, ties to the earlier position): the order the sidecar fuses, without a list of the store's positions.
    `other_script` marks the memories written in the other script than the query (`meaning_places`)."""
    import numpy as np

    size = len(lexical)
    places = meaning_places(similarity[:size], other_script, spacing)
    share = np.zeros(size, dtype=np.float64)
    share[:len(places)] = 1.0 / (k + 1 + places)
    return _fused(lexical, share, matched, k)


def meaning_places(similarity: npt.NDArray[np.float32], other_script: Optional[npt.NDArray[np.bool_]] = None,
                   spacing: float = CROSS_SCRIPT_SPACING) -> npt.NDArray[np.float64]:
    """Each position's place in the order by meaning (0 first): its rank by `similarity` (ties to the earlier
    position), except that the n-th best of the memories `other_script` marks places no lower than
    `spacing` × n − 1, so the best of them is at worst second and the tenth at worst twentieth."""
    import numpy as np

    size = len(similarity)
    order = np.argsort(-similarity, kind="stable")
    places = np.empty(size, dtype=np.float64)
    places[order] = np.arange(size, dtype=np.float64)
    if other_script is None or size == 0:
        return places
    marked = np.zeros(size, dtype=bool)
    given = np.asarray(other_script, dtype=bool)[:size]
    marked[:len(given)] = given
    flags = marked[order]
    if not flags.any():
        return places
    among_them = np.cumsum(flags)  # at each place of the order: how many marked memories stand there or before
    capped = np.minimum(np.arange(size, dtype=np.float64), spacing * among_them - 1)
    places[order[flags]] = capped[flags]
    return places


def _fused(lexical: Sequence[int], share: npt.NDArray[np.float64], matched: int, k: int) -> list[int]:
    import numpy as np

    size = len(lexical)
    positions: Any = np.fromiter(lexical, dtype=np.int64, count=size)
    total = share[positions]
    head = min(max(matched, 0), size)
    total[:head] += 1.0 / (k + 1 + np.arange(head, dtype=np.float64))
    # A stable sort of the lexical places by the negated sum: equal sums keep the lexical order.
    fused: list[int] = positions[np.argsort(-total, kind="stable")].tolist()
    return fused
