"""Reciprocal-rank fusion of the lexical and the semantic orders (issue 17)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.fusion import fused_order


@st.composite
def two_orders(draw: st.DrawFn) -> tuple[list[int], list[int], int]:
    size = draw(st.integers(0, 60))
    lexical = draw(st.permutations(range(size)))
    semantic = draw(st.permutations(range(size)))
    return list(lexical), list(semantic), draw(st.integers(0, size))


@given(two_orders())
def test_the_fused_order_is_a_permutation_of_the_store(orders: tuple[list[int], list[int], int]) -> None:
    lexical, semantic, matched = orders
    assert sorted(fused_order(lexical, semantic, matched)) == sorted(lexical)


@given(two_orders())
def test_a_memory_first_in_both_orders_is_first(orders: tuple[list[int], list[int], int]) -> None:
    lexical, semantic, matched = orders
    if lexical and matched:
        semantic = [lexical[0], *[p for p in semantic if p != lexical[0]]]
        assert fused_order(lexical, semantic, matched)[0] == lexical[0]


def test_with_no_word_matched_the_order_is_the_semantic_one() -> None:
    """Unmatched memories stand in recency order, which says nothing about the question."""
    assert fused_order([3, 2, 1, 0], [0, 1, 2, 3], 0) == [0, 1, 2, 3]


def test_a_strong_word_match_and_a_strong_meaning_match_lead_before_what_neither_ranks_high() -> None:
    lexical = [0, 1, 2, 3, 4, 5]
    semantic = [5, 4, 3, 2, 1, 0]
    fused = fused_order(lexical, semantic, 6)
    assert set(fused[:2]) == {0, 5} and fused[0] == 0, "a tie keeps the lexical order"


def test_positions_the_semantic_order_does_not_hold_are_kept_and_odd_ones_ignored() -> None:
    assert sorted(fused_order([0, 1, 2], [7, -1, 2], 3)) == [0, 1, 2]
    assert fused_order([0, 1, 2], [], 3) == [0, 1, 2]
