"""The byte-bounded memo: answers as the function does, never holds more than its bound, never keeps long keys."""

from __future__ import annotations

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
