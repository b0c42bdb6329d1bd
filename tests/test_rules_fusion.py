"""Reciprocal-rank fusion of the lexical and the semantic orders (issue 17)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.fusion import RRF_K, fused_by_similarity, fused_order


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


# Issue 17, cost: the fusion is numpy now; these pin that it answers exactly as the loop it replaced.

def reference_fused_order(lexical: list[int], semantic: list[int], matched: int, k: int = RRF_K) -> list[int]:
    """The fusion as first written, one memory at a time in Python."""
    size = len(lexical)
    share = [0.0] * size
    for rank, position in enumerate(semantic):
        if 0 <= position < size:
            share[position] += 1.0 / (k + 1 + rank)
    keyed = [(-(share[position] + (1.0 / (k + 1 + rank) if rank < matched else 0.0)), rank, position)
             for rank, position in enumerate(lexical)]
    keyed.sort()
    return [position for _, _, position in keyed]


@st.composite
def odd_orders(draw: st.DrawFn) -> tuple[list[int], list[int], int]:
    """A lexical permutation and a semantic order that may miss, repeat or name positions outside the store."""
    size = draw(st.integers(0, 40))
    lexical = list(draw(st.permutations(range(size))))
    semantic = draw(st.lists(st.integers(-3, size + 3), max_size=size + 5))
    return lexical, semantic, draw(st.integers(-2, size + 2))


@given(st.one_of(two_orders(), odd_orders()), st.sampled_from([1, 10, RRF_K, 60]))
def test_the_fused_order_is_the_one_the_loop_gave_whatever_the_orders(
        orders: tuple[list[int], list[int], int], k: int) -> None:
    lexical, semantic, matched = orders
    assert fused_order(lexical, semantic, matched, k) == reference_fused_order(lexical, semantic, matched, k)


@st.composite
def similarities(draw: st.DrawFn) -> tuple[list[int], np.ndarray, int]:
    """Similarities with many ties (few distinct values), infinities included."""
    size = draw(st.integers(0, 50))
    lexical = list(draw(st.permutations(range(size))))
    values = st.sampled_from([-1.0, -0.25, 0.0, 0.3, 0.3000001, 1.0, float("inf"), float("-inf")])
    similarity = np.array(draw(st.lists(values, min_size=size, max_size=size)), dtype=np.float32)
    return lexical, similarity, draw(st.integers(0, size))


@given(similarities())
def test_fusing_by_similarity_is_fusing_the_order_the_similarity_gives(
        drawn: tuple[list[int], np.ndarray, int]) -> None:
    lexical, similarity, matched = drawn
    by_meaning = [int(p) for p in np.argsort(-similarity, kind="stable")]
    fused = fused_by_similarity(lexical, similarity, matched)
    assert fused == fused_order(lexical, by_meaning, matched)
    assert sorted(fused) == sorted(lexical), "a permutation of the store"
    assert fused_by_similarity(lexical, similarity.copy(), matched) == fused, "deterministic"


@given(odd_orders())
def test_the_fusion_never_raises_and_is_deterministic(orders: tuple[list[int], list[int], int]) -> None:
    lexical, semantic, matched = orders
    fused = fused_order(lexical, semantic, matched)
    assert sorted(fused) == sorted(lexical)
    assert fused_order(list(lexical), list(semantic), matched) == fused


def test_a_memory_first_by_meaning_leads_one_the_words_put_tenth_and_meaning_hundredth() -> None:
    """The constant is small (a 2 KB prompt holds the top 18–30): the head of either order leads."""
    size = 120
    first_by_meaning, tenth_by_words = 0, 1
    others = list(range(2, size))
    lexical = [*others[:9], tenth_by_words, *others[9:], first_by_meaning]  # the last one holds no query word
    semantic = [first_by_meaning, *others]
    semantic.insert(99, tenth_by_words)
    fused = fused_order(lexical, semantic, matched=size - 1)
    assert fused.index(first_by_meaning) < fused.index(tenth_by_words)
    old = fused_order(lexical, semantic, matched=size - 1, k=60)
    assert old.index(first_by_meaning) > old.index(tenth_by_words), "the usual 60 let the deep match win"
