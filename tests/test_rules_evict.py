from __future__ import annotations

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.rules.evict import duplicate_id_index, shape_for_save
from sidecar.rules.text import cut_content
from tests.strategies import memory_lists


@given(memory_lists(), st.integers(10, 60))
def test_save_keeps_exactly_the_newest_min_n_l_oldest_first_unchanged_but_cut(
        items: list[MemoryItem], limit: int) -> None:
    stored = shape_for_save(items, limit)
    assert len(stored) == min(len(items), limit)
    assert [m.created_at for m in stored] == sorted(m.created_at for m in stored)
    expected = sorted(enumerate(items), key=lambda pair: (pair[1].created_at, pair[0]))[-limit:]
    assert [m.id for m in stored] == [m.id for _, m in expected]
    for kept, (_, original) in zip(stored, expected, strict=True):
        assert kept == msgspec.structs.replace(original, content=cut_content(original.content))
    evicted = {m.id for m in items} - {m.id for m in stored}
    if evicted and stored:
        assert max(m.created_at for m in items if m.id in evicted) <= stored[0].created_at


@given(memory_lists(), st.integers(10, 60))
def test_saving_what_was_stored_is_a_no_op(items: list[MemoryItem], limit: int) -> None:
    stored = shape_for_save(items, limit)
    assert shape_for_save(stored, limit) == stored


def test_duplicate_ids_are_found_at_their_second_use() -> None:
    items = [MemoryItem(id=i, content="c", created_at=0, source_scope="g") for i in ["a", "b", "a"]]
    assert duplicate_id_index(items) == 2
    assert duplicate_id_index(items[:2]) is None
