"""The byte-bounded memo: answers as the function does, never holds more than its bound, never keeps long keys."""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.memo import MAX_KEY_CHARS, Memo, memo


def test_a_memo_answers_what_the_function_answers_and_calls_it_once_per_key() -> None:
    calls: list[str] = []

    def upper(text: str) -> str:
        calls.append(text)
        return text.upper()

    cached = Memo(upper, max_bytes=10_000)
    assert cached("abc") == "ABC"
    assert cached("abc") == "ABC"
    assert calls == ["abc"]


def test_a_key_longer_than_a_stored_memory_is_never_kept() -> None:
    cached = Memo(lambda text: tuple(text), max_bytes=10_000_000)
    query = "长" * (MAX_KEY_CHARS + 1)
    assert cached(query) == tuple(query)
    assert cached.bytes == 0


@given(st.lists(st.text(max_size=MAX_KEY_CHARS), max_size=200), st.integers(min_value=0, max_value=20_000))
def test_the_memo_never_holds_more_bytes_than_its_bound(texts: list[str], bound: int) -> None:
    @memo(max_bytes=bound)
    def pieces(text: str) -> tuple[str, ...]:
        return tuple(text)

    for text in texts:
        assert pieces(text) == tuple(text)
        assert 0 <= pieces.bytes <= bound


def test_three_threads_hitting_and_evicting_one_small_memo_get_the_functions_answers_within_its_bound() -> None:
    """Hits take no lock; an entry another thread evicts between the read and the recency update is no error."""
    cache = Memo(lambda text: text[::-1], max_bytes=600)
    texts = [f"key {n}" for n in range(40)]
    wrong: list[str] = []
    failures: list[BaseException] = []

    def hammer(offset: int) -> None:
        try:
            for round_ in range(3000):
                text = texts[(round_ * 7 + offset) % len(texts)]
                if cache(text) != text[::-1]:
                    wrong.append(text)
        except BaseException as exc:
            failures.append(exc)

    workers = [threading.Thread(target=hammer, args=(offset,)) for offset in (0, 3, 5)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can, so the calls interleave
    try:
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == [] and wrong == []
    assert cache.bytes <= cache.max_bytes


def test_an_entry_evicted_between_a_hits_read_and_its_recency_update_is_still_answered() -> None:
    """The interleaving the lock-free hit allows, made to happen: another thread evicts right after the read."""
    cache = Memo(lambda text: text.upper(), max_bytes=10_000)
    assert cache("abc") == "ABC"

    class EvictedAfterRead(OrderedDict[str, tuple[str, int]]):
        def get(self, key: str, default: object = None) -> Any:
            found = super().get(key, default)
            self.pop(key, None)
            return found

    cache._entries = EvictedAfterRead(cache._entries)
    assert cache("abc") == "ABC"
