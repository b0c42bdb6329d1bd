"""The archive rules as properties: nothing evicted lost, nothing deleted archived, undo restores both (S11)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import ArchivedItem, Change, MemoryItem
from sidecar.rules.archive import (
    archived,
    as_memory,
    interim,
    plan_delete,
    plan_restore,
    plan_save,
    shelve,
    visible,
)
from sidecar.rules.evict import shape_for_save
from sidecar.rules.history import make_two_place_change, plan_undo_both
from sidecar.rules.match import match_key
from sidecar.rules.merge import candidate_contents, merge_contents
from sidecar.rules.revival import ArchiveTokens, merge_reviving

# Distinct facts (no two restate each other), so a text names one memory; and nasty ones.
FACTS = [f"用户的工具{n}是 tool{n}x" for n in range(40)]
nasty = st.one_of(st.sampled_from(FACTS),
                  st.text(st.characters(blacklist_categories=()), min_size=1, max_size=30),
                  st.lists(st.sampled_from(["用户", "e\u0301", "\u0301", "\ud800", " ", "😀", "zsh"]),
                           min_size=1, max_size=8).map("".join))


def mem(id_: str, content: str, created_at: int) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


class World(NamedTuple):
    store: list[MemoryItem]
    archive: list[ArchivedItem]


def counter() -> itertools.count[int]:
    return itertools.count()


def ids_of(items: Sequence[MemoryItem] | Sequence[ArchivedItem]) -> set[str]:
    return {item.id for item in items}


def merge_step(world: World, texts: list[str], limit: int, archive_limit: int, now: int,
               numbers: itertools.count[int]) -> tuple[World, Change | None]:
    contents, dropped = candidate_contents(texts, filter_secrets=False)
    tokens = ArchiveTokens().sync(world.archive)
    result = merge_reviving(world.store, tokens, contents, "global", [], limit, now, dropped,
                            new_id=lambda: f"n{next(numbers)}")
    after = result.merged.memories
    shelf = shelve(world.archive, result.merged.evicted, after, now, archive_limit)
    return World(after, shelf), make_two_place_change("c", now, "merge", world.store, after, world.archive, shelf)


def save_step(world: World, keep: list[bool], extra: list[MemoryItem], limit: int, archive_limit: int,
              now: int) -> tuple[World, Change | None, set[str]]:
    kept = [item for item, flag in zip(world.store, keep, strict=False) if flag]
    items = kept + [item for item in extra if item.id not in ids_of(kept)]
    stored, evicted = plan_save(items, limit)
    shelf = shelve(world.archive, evicted, stored, now, archive_limit)
    deleted = ids_of(world.store) - ids_of(items)
    return World(stored, shelf), make_two_place_change("c", now, "save", world.store, stored, world.archive,
                                                       shelf), deleted


def undo_step(world: World, change: Change, limit: int, archive_limit: int, now: int) -> World:
    undo = plan_undo_both(world.store, world.archive, change, limit, archive_limit, now, key=match_key)
    return World(undo.store.items, undo.archive)


@st.composite
def operations(draw: st.DrawFn) -> list[tuple[str, object]]:
    ops: list[tuple[str, object]] = []
    for _ in range(draw(st.integers(1, 14))):
        kind = draw(st.sampled_from(["merge", "merge", "save", "restore", "delete"]))
        if kind == "merge":
            ops.append((kind, draw(st.lists(nasty, min_size=1, max_size=6))))
        elif kind == "save":
            ops.append((kind, (draw(st.lists(st.booleans(), max_size=20)), draw(st.integers(0, 8)))))
        else:
            ops.append((kind, draw(st.lists(st.integers(0, 30), max_size=4))))
    return ops


def run(ops: list[tuple[str, object]], limit: int, archive_limit: int
        ) -> tuple[World, set[str], set[str], list[tuple[World, Change | None]]]:
    """Applies the operations; returns the world, every id created, the ids the user deleted, and each step."""
    world = World([], [])
    numbers = counter()
    created: set[str] = set()
    deleted: set[str] = set()
    steps: list[tuple[World, Change | None]] = []
    for now, (kind, arg) in enumerate(ops, start=1):
        before = world
        if kind == "merge":
            assert isinstance(arg, list)
            world, change = merge_step(world, arg, limit, archive_limit, now, numbers)
        elif kind == "save":
            assert isinstance(arg, tuple)
            keep, fresh = arg
            extra = [mem(f"v{now}-{n}", FACTS[(now * 7 + n) % len(FACTS)] + f" {n}", now) for n in range(fresh)]
            world, change, gone = save_step(world, keep, extra, limit, archive_limit, now)
            deleted |= gone
        elif kind == "restore":
            assert isinstance(arg, list)
            chosen = [world.archive[n].id for n in arg if n < len(world.archive)]
            plan = plan_restore(world.store, world.archive, chosen, limit, archive_limit, now)
            world = World(plan.store, plan.archive)
            change = make_two_place_change("c", now, "restore", before.store, world.store, before.archive,
                                           world.archive)
        else:
            assert isinstance(arg, list)
            chosen = [world.archive[n].id for n in arg if n < len(world.archive)]
            world = World(world.store, plan_delete(world.archive, chosen))
            deleted |= set(chosen)
            change = make_two_place_change("c", now, "delete_archived", before.store, world.store,
                                           before.archive, world.archive)
        created |= ids_of(world.store)
        steps.append((before, change))
    return world, created, deleted, steps


@settings(max_examples=150, deadline=None)
@given(operations(), st.integers(1, 6))
def test_nothing_evicted_is_lost_while_the_archive_has_room(ops: list[tuple[str, object]], limit: int) -> None:
    world, created, deleted, _ = run(ops, limit, archive_limit=10_000)
    assert created - deleted <= ids_of(world.store) | ids_of(world.archive)


@settings(max_examples=150, deadline=None)
@given(operations(), st.integers(1, 6))
def test_nothing_the_user_deleted_is_archived(ops: list[tuple[str, object]], limit: int) -> None:
    world, _, deleted, _ = run(ops, limit, archive_limit=10_000)
    assert not (ids_of(world.archive) & deleted)
    assert not (ids_of(world.store) & ids_of(world.archive)), "one place per memory"


@settings(max_examples=150, deadline=None)
@given(operations(), st.integers(1, 6), st.integers(0, 5))
def test_the_archive_keeps_its_bound_by_dropping_the_oldest_archived(ops: list[tuple[str, object]], limit: int,
                                                                    archive_limit: int) -> None:
    world, _, _, steps = run(ops, limit, archive_limit)
    if archive_limit:
        assert len(world.archive) <= archive_limit
    assert [item.archived_at for item in world.archive] == sorted(item.archived_at for item in world.archive)
    for before, change in steps:
        if change is None or not change.purged or change.kind in ("delete_archived",):
            continue
        if archive_limit:
            # What the bound dropped is never newer than what it kept.
            newest_dropped = max(item.archived_at for item in change.purged)
            assert all(item.archived_at >= newest_dropped for item in world.archive
                       if item.id not in ids_of(before.archive))


@settings(max_examples=150, deadline=None)
@given(st.lists(nasty, min_size=1, max_size=12), st.lists(nasty, max_size=8), st.integers(1, 6))
def test_without_an_archived_match_the_store_is_exactly_the_original_design(first: list[str], second: list[str],
                                                                           limit: int) -> None:
    numbers, twin = counter(), counter()
    start = merge_contents([], candidate_contents(first, filter_secrets=False)[0], "global", [], limit, 1,
                           new_id=lambda: f"n{next(numbers)}").memories
    contents = candidate_contents(second, filter_secrets=False)[0]
    plain = merge_contents(start, contents, "global", [], limit, 2, new_id=lambda: f"m{next(twin)}")
    again = counter()
    reviving = merge_reviving(start, ArchiveTokens(), contents, "global", [], limit, 2,
                              new_id=lambda: f"m{next(again)}")
    assert reviving.merged == plain and reviving.revived == []


@settings(max_examples=100, deadline=None)
@given(st.lists(st.builds(mem, st.text(min_size=1, max_size=5), nasty, st.integers(0, 40)), max_size=30),
       st.integers(10, 20))
def test_a_save_stores_what_the_original_design_stores_and_archives_only_its_evictions(
        items: list[MemoryItem], limit: int) -> None:
    unique = list({item.id: item for item in items}.values())
    stored, evicted = plan_save(unique, limit)
    assert stored == shape_for_save(unique, limit)
    assert ids_of(stored) | ids_of(evicted) == ids_of(unique) and not ids_of(stored) & ids_of(evicted)


def test_a_remembered_text_equal_to_an_archived_one_revives_it_with_its_id_and_a_fresh_date() -> None:
    old = archived(mem("a", "用户叫小林", 5), at=50)
    store = [mem(f"s{n}", FACTS[n], 10 + n) for n in range(3)]
    result = merge_reviving(store, ArchiveTokens().sync([old]), ["用户叫小林。"], "proj", [], 3, 100)
    assert [item.id for item in result.revived] == ["a"]
    revived = result.revived[0]
    assert (revived.content, revived.created_at, revived.source_scope) == ("用户叫小林", 100, "global")
    assert result.merged.added == [] and [item.id for item in result.merged.evicted] == ["s0"]
    shelf = shelve([old], result.merged.evicted, result.merged.memories, 100, 10)
    assert [(item.id, item.archived_at) for item in shelf] == [("s0", 100)]


def test_a_restating_text_revives_the_archived_memory_it_restates_with_the_new_text() -> None:
    old = archived(mem("n", "用户的 Node 版本是 18", 5), at=50)
    result = merge_reviving([], ArchiveTokens().sync([old]), ["用户的 Node 版本是 20"], "proj", [], 10, 100)
    assert [(item.id, item.content, item.created_at, item.source_scope) for item in result.revived] == [
        ("n", "用户的 Node 版本是 20", 100, "proj")]


def test_an_active_memory_wins_over_an_archived_one_with_the_same_text() -> None:
    active = mem("x", "用户偏好 zsh", 1)
    old = archived(mem("y", "用户偏好 zsh", 0), at=2)
    result = merge_reviving([active], ArchiveTokens().sync([old]), ["用户偏好 zsh"], "g", [], 10, 9)
    assert result.revived == [] and result.merged.memories == [active]


def test_an_archived_basis_entry_is_known_not_deleted() -> None:
    old = archived(mem("a", "用户叫小林", 5), at=50)
    result = merge_reviving([], ArchiveTokens().sync([old]), ["用户叫小林"], "g", ["用户叫小林"], 10, 100)
    assert [item.id for item in result.revived] == ["a"]


def test_restore_keeps_id_content_and_date_and_archives_the_oldest_active_to_make_room() -> None:
    store = [mem(f"s{n}", FACTS[n], 10 + n) for n in range(3)]
    shelf = [archived(mem("old", FACTS[9], 1), at=20), archived(mem("older", FACTS[8], 0), at=30)]
    plan = plan_restore(store, shelf, ["old", "unknown"], 3, 10, 99)
    assert plan.store == [mem("old", FACTS[9], 1), store[1], store[2]]
    assert [(item.id, item.archived_at) for item in plan.archive] == [("older", 30), ("s0", 99)]


def test_a_clear_and_its_undo_bring_back_both_places() -> None:
    store = [mem("a", FACTS[0], 1)]
    shelf = [archived(mem("b", FACTS[1], 0), at=5)]
    change = make_two_place_change("c", 9, "clear", store, [], shelf, [])
    assert change is not None and change.removed == store and change.purged == shelf
    undo = plan_undo_both([], [], change, 10, 10, 10, key=match_key)
    assert (undo.store.items, undo.archive) == (store, shelf)


@settings(max_examples=150, deadline=None)
@given(operations(), st.integers(1, 5), st.data())
def test_undo_of_any_change_restores_both_places(ops: list[tuple[str, object]], limit: int,
                                                 data: st.DataObject) -> None:
    world, _, _, steps = run(ops, limit, archive_limit=10_000)
    if not steps:
        return
    before, change = steps[-1]
    if change is None:
        return
    undone = undo_step(world, change, limit, 10_000, now=1000)
    assert {item.id: item for item in undone.store} == {item.id: item for item in before.store}
    assert {item.id: item for item in undone.archive} == {item.id: item for item in before.archive}
    again = undo_step(undone, change, limit, 10_000, now=1001)
    assert again == undone, "undoing twice changes nothing the second time"


@settings(max_examples=100, deadline=None)
@given(operations(), st.integers(1, 5))
def test_undoing_the_undo_brings_the_change_back_in_both_places(ops: list[tuple[str, object]], limit: int) -> None:
    world, _, _, steps = run(ops, limit, archive_limit=10_000)
    if not steps or steps[-1][1] is None:
        return
    change = steps[-1][1]
    assert change is not None
    undone = undo_step(world, change, limit, 10_000, now=1000)
    undo_change = make_two_place_change("u", 1000, "undo", world.store, undone.store, world.archive, undone.archive)
    assert undo_change is not None
    redone = undo_step(undone, undo_change, limit, 10_000, now=1001)
    assert ids_of(redone.store) == ids_of(world.store)
    assert ids_of(redone.archive) == ids_of(world.archive)


@settings(max_examples=200, deadline=None)
@given(operations(), st.integers(1, 5), st.integers(0, 6))
def test_at_every_instant_of_the_write_order_no_memory_is_in_neither_place(ops: list[tuple[str, object]],
                                                                          limit: int, archive_limit: int) -> None:
    """Archive (interim), then store, then archive (final): each prefix of that order keeps every memory that
    exists before and after the change in at least one file."""
    world, _, _, steps = run(ops, limit, archive_limit)
    states = [before for before, _ in steps] + [world]
    for old, new in itertools.pairwise(states):
        middle = interim(old.archive, new.archive, new.store)
        must_live = (ids_of(old.store) | ids_of(old.archive)) & (ids_of(new.store) | ids_of(new.archive))
        for store, shelf in ((old.store, middle), (new.store, middle), (new.store, new.archive)):
            assert must_live <= ids_of(store) | ids_of(shelf)
            # An id in both reads as active: the archive as it reads is never ahead of the store.
            assert ids_of(visible(shelf, store)) <= ids_of(new.archive) | ids_of(old.archive)


def test_an_id_in_both_places_reads_as_active() -> None:
    item = mem("a", "x", 1)
    assert visible([archived(item, 5), archived(mem("b", "y", 0), 6)], [item]) == [archived(mem("b", "y", 0), 6)]


def test_with_the_archive_off_nothing_new_is_archived_and_what_is_there_stays() -> None:
    kept = archived(mem("k", "kept", 0), 1)
    assert shelve([kept], [mem("e", "evicted", 2)], [], at=3, limit=0) == [kept]


def test_as_memory_and_archived_are_inverse() -> None:
    item = mem("a", "用户叫小林", 5)
    assert as_memory(archived(item, 9)) == item
