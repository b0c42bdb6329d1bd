"""The bounded model input of the one-call extraction (SPEC S10.4)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.conversation import choose_known, known_block, message_window
from tests.strategies import contents


def test_the_known_block_is_the_seed_format() -> None:
    assert known_block(["用户偏好 zsh", 'say "hi"']) == "【已有记忆】\n" + json.dumps(
        ["用户偏好 zsh", 'say "hi"'], ensure_ascii=False, separators=(",", ":"))


def test_known_memories_fill_the_budget_in_preference_order_skipping_what_does_not_fit() -> None:
    chosen = choose_known(["a" * 30, "b" * 100, "c" * 10], len(known_block(["a" * 30, "c" * 10]).encode()))
    assert chosen == ["a" * 30, "c" * 10]


@given(st.lists(contents, max_size=30), st.integers(0, 2000))
def test_the_known_block_never_exceeds_its_budget(texts: list[str], budget: int) -> None:
    chosen = choose_known(texts, budget)
    if chosen:
        assert len(known_block(chosen).encode("utf-8")) <= budget
    assert all(text in texts for text in chosen)


def test_the_newest_whole_messages_that_fit_are_kept() -> None:
    assert message_window(["a" * 50, "b" * 30, "c" * 30], 70) == (1, "c" * 30)
    assert message_window(["a" * 10, "b" * 10], 100) == (0, "b" * 10)


def test_the_last_message_alone_over_the_budget_is_cut_from_its_front() -> None:
    assert message_window(["old", "x" * 50 + "tail"], 10) == (1, "x" * 6 + "tail")


@given(st.lists(st.text(max_size=300), min_size=1, max_size=20), st.integers(1, 3000))
def test_the_window_is_bounded_and_ends_with_the_last_message(texts: list[str], budget: int) -> None:
    first, last = message_window(texts, budget)
    assert 0 <= first < len(texts)
    assert texts[-1].endswith(last)
    assert sum(len(t) for t in texts[first:-1]) + len(last) <= budget
    if first > 0:
        assert sum(len(t) for t in texts[first - 1:-1]) + len(last) > budget, "one more whole message fitted"
