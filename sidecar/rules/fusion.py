"""Reciprocal-rank fusion: one order of a store's memories from the lexical and the semantic orders (issue 17)."""

from __future__ import annotations

from collections.abc import Sequence

RRF_K = 60
"""The usual constant: a memory's share from an order is 1 / (RRF_K + its rank), so the first few places of
either order lead and neither order's raw scores need a common scale (10–100 moved no dev set by 0.03)."""


def fused_order(lexical: Sequence[int], semantic: Sequence[int], matched: int) -> list[int]:
    """Every position of `lexical` (a permutation of the store), best first by the sum of both orders' shares;
    ties keep the lexical order. Only the first `matched` lexical places (the memories holding a query word)
    earn a lexical share: the rest are in recency order, which says nothing about the query. A position
    missing from `semantic` gets nothing from it."""
    size = len(lexical)
    share = [0.0] * size
    for rank, position in enumerate(semantic):
        if 0 <= position < size:
            share[position] += 1.0 / (RRF_K + 1 + rank)
    keyed = [(-(share[position] + (1.0 / (RRF_K + 1 + rank) if rank < matched else 0.0)), rank, position)
             for rank, position in enumerate(lexical)]
    keyed.sort()
    return [position for _, _, position in keyed]
