"""The one owner of the ranking's derived state (issue 14): rebuilt per snapshot, earlier indexes left whole."""

from __future__ import annotations

from protocol import MemoryItem
from sidecar.ranking import Ranking
from sidecar.store import Snapshot


def snapshot(*contents: str) -> Snapshot:
    items = tuple(MemoryItem(id=f"m{n}", content=c, created_at=n, source_scope="global")
                  for n, c in enumerate(contents))
    return Snapshot(items=items, encoded=b"")


def test_one_snapshot_is_ranked_once_and_a_new_one_rebuilds() -> None:
    ranking = Ranking()
    first = snapshot("用户偏好 zsh", "项目 mini-cc 使用 pnpm")
    held = ranking.derived(first)
    assert ranking.derived(first) is held and ranking.index(first) is held.ranking
    second = snapshot("用户偏好 fish", "项目 mini-cc 使用 pnpm")
    assert ranking.derived(second) is not held
    assert ranking.index(second).order("fish")[0] == 0
    assert held.ranking.order("zsh")[0] == 0, "the index an earlier caller holds still ranks its own snapshot"
    assert held.lines.text[0] == "- 用户偏好 zsh"


def test_an_equal_but_new_snapshot_object_is_a_new_file_state() -> None:
    ranking = Ranking()
    held = ranking.derived(snapshot("a memory"))
    assert ranking.derived(snapshot("a memory")) is not held


def test_two_sources_rank_in_one_order() -> None:
    # Issue 15: active and archived memories in one ranking; positions follow the items given.
    active, archive = snapshot("用户偏好 zsh"), snapshot("用户以前用 bash", "用户以前偏好 fish shell")
    ranking = Ranking()
    both = ranking.derived_over((active, archive), active.items + archive.items)
    assert ranking.derived_over((active, archive), active.items + archive.items) is both
    order = both.ranking.order("fish shell")
    assert order[0] == 2 and sorted(order) == [0, 1, 2]
    newer_archive = snapshot("用户以前用 bash")
    assert ranking.derived_over((active, newer_archive), active.items + newer_archive.items) is not both
