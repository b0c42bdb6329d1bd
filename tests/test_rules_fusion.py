"""Reciprocal-rank fusion of the lexical and the semantic orders (issue 17)."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.fusion import CROSS_SCRIPT_SPACING, RRF_K, fused_by_similarity, fused_order, meaning_places


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


# Issue 17, second bilingual pass: a memory in the other script than the message places by its rank among its own.

def test_a_chinese_messages_best_english_memory_by_meaning_places_second_however_low_its_cosine() -> None:
    """The model scores a message higher with memories in its own script; the English memory stood 30th."""
    similarity = np.linspace(0.9, 0.1, 40, dtype=np.float32)
    english = np.zeros(40, dtype=bool)
    english[[29, 35]] = True
    places = meaning_places(similarity, english)
    assert places[29] == 1 and places[35] == 3, "the n-th best of them at worst 2n-th"
    assert [places[p] for p in range(29)] == list(range(29)), "the others keep their rank"
    assert places[30] == 30


def test_a_memory_of_the_other_script_already_high_by_meaning_keeps_its_place() -> None:
    similarity = np.array([0.5, 0.9, 0.4, 0.3], dtype=np.float32)
    assert meaning_places(similarity, np.array([False, True, False, False])).tolist() == [1, 0, 2, 3]


def test_with_no_word_matched_the_english_memory_30th_by_meaning_comes_third() -> None:
    size = 60
    english = 59
    lexical = list(range(size))
    similarity = np.linspace(0.9, 0.1, size, dtype=np.float32)
    similarity[english] = similarity[29] - 1e-4
    marked = np.zeros(size, dtype=bool)
    marked[english] = True
    assert fused_by_similarity(lexical, similarity, 0).index(english) == 30
    assert fused_by_similarity(lexical, similarity, 0, other_script=marked)[:3] == [0, 1, english], \
        "placed second by meaning, after the one it ties with there (ties keep the lexical order)"


@st.composite
def scripts(draw: st.DrawFn) -> tuple[list[int], np.ndarray, int, np.ndarray]:
    lexical, similarity, matched = draw(similarities())
    marked = np.array(draw(st.lists(st.booleans(), min_size=len(lexical), max_size=len(lexical))), dtype=bool)
    return lexical, similarity, matched, marked


@given(scripts(), st.sampled_from([1.0, 1.5, CROSS_SCRIPT_SPACING, 4.0]))
def test_places_only_rise_for_the_other_script_and_keep_its_own_order(
        drawn: tuple[list[int], np.ndarray, int, np.ndarray], spacing: float) -> None:
    _, similarity, _, marked = drawn
    plain = meaning_places(similarity)
    places = meaning_places(similarity, marked, spacing)
    assert (places[~marked] == plain[~marked]).all(), "a memory in the message's script keeps its rank"
    assert (places[marked] <= plain[marked]).all(), "one in the other script never falls"
    assert (places >= 0).all()
    ranked = [p for p in np.argsort(plain, kind="stable") if marked[p]]
    assert all(places[a] <= places[b] for a, b in itertools.pairwise(ranked)), "their own order is kept"


@given(scripts())
def test_with_every_memory_or_none_in_the_other_script_the_fusion_is_the_plain_one(
        drawn: tuple[list[int], np.ndarray, int, np.ndarray]) -> None:
    lexical, similarity, matched, _ = drawn
    plain = fused_by_similarity(lexical, similarity, matched)
    size = len(lexical)
    assert fused_by_similarity(lexical, similarity, matched, other_script=np.zeros(size, dtype=bool)) == plain
    assert fused_by_similarity(lexical, similarity, matched, other_script=np.ones(size, dtype=bool)) == plain


@given(scripts(), st.data())
def test_marking_a_memory_as_the_other_script_never_moves_it_later(
        drawn: tuple[list[int], np.ndarray, int, np.ndarray], data: st.DataObject) -> None:
    lexical, similarity, matched, marked = drawn
    if not lexical:
        return
    which = data.draw(st.sampled_from(lexical))
    before = marked.copy()
    before[which] = False
    after = marked.copy()
    after[which] = True
    fused_before = fused_by_similarity(lexical, similarity, matched, other_script=before)
    fused_after = fused_by_similarity(lexical, similarity, matched, other_script=after)
    assert sorted(fused_after) == sorted(lexical)
    assert fused_after.index(which) <= fused_before.index(which)


@given(scripts())
def test_a_short_or_long_script_mark_never_raises(drawn: tuple[list[int], np.ndarray, int, np.ndarray]) -> None:
    lexical, similarity, matched, marked = drawn
    for odd in (marked[: len(marked) // 2], np.concatenate([marked, [True, False]])):
        assert sorted(fused_by_similarity(lexical, similarity, matched, other_script=odd)) == sorted(lexical)
