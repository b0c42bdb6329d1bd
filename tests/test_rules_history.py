from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from itertools import pairwise

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from protocol import Change, MemoryItem, Update
from sidecar.rules.evict import oldest_first
from sidecar.rules.history import UndoPlan, diff, make_change, plan_undo
from sidecar.rules.text import normalise_whitespace

# Pure rules: any str is fair game, lone surrogates and combining marks included.
nasty = st.one_of(
    st.text(st.characters(blacklist_categories=()), min_size=1, max_size=40),
    st.lists(st.sampled_from(["用户", "偏好", "zsh", "e\u0301", "\u0301", "\ud800", " ", "\u3000", "😀", "A"]),
             min_size=1, max_size=12).map("".join),
)


def apply_change(items: Sequence[MemoryItem], change: Change) -> list[MemoryItem]:
    """The tests' oracle: replays `change` on `items` (removes, then updates and adds by id); oldest first."""
    state = {item.id: item for item in items}
    for item in change.removed:
        state.pop(item.id, None)
    for update in change.updated:
        state.pop(update.before.id, None)
        state[update.after.id] = update.after
    for item in change.added:
        state[item.id] = item
    return oldest_first(state.values())



def s91_key(text: str) -> str:
    """A stand-in for the S9.1 match key: NFKC, casefold, whitespace and Unicode P*/S* removed."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(c for c in folded if not c.isspace() and unicodedata.category(c)[0] not in "PS")


short_ids = st.text(st.characters(blacklist_categories=()), min_size=1, max_size=6)
Key = Callable[[str], str]


def item(id_: str, content: str, created_at: int = 0, scope: str = "global") -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope=scope)


def by_id(items: Sequence[MemoryItem]) -> dict[str, MemoryItem]:
    return {entry.id: entry for entry in items}


def assert_store_shape(items: Sequence[MemoryItem], limit: int) -> None:
    assert len(items) <= limit
    assert len({entry.id for entry in items}) == len(items)
    assert [entry.created_at for entry in items] == sorted(entry.created_at for entry in items)


@st.composite
def versions(draw: st.DrawFn, id_: str, seen_keys: set[str] | None) -> MemoryItem:
    while True:
        content = draw(nasty)
        if seen_keys is None:
            break
        key = s91_key(content)
        if key and key not in seen_keys:
            seen_keys.add(key)
            break
    return item(id_, content, draw(st.integers(0, 30)), draw(st.sampled_from(["global", "ssh-1"])))


@st.composite
def transitions(draw: st.DrawFn, unique_keys: bool = False, max_ids: int = 25
                ) -> tuple[list[MemoryItem], list[MemoryItem]]:
    """Two oldest-first stores over one id pool: items kept, dropped, added, or changed in place."""
    keys: set[str] | None = set() if unique_keys else None
    before: list[MemoryItem] = []
    after: list[MemoryItem] = []
    for id_ in draw(st.lists(short_ids, unique=True, max_size=max_ids)):
        fate = draw(st.sampled_from(["kept", "removed", "added", "updated"]))
        old = draw(versions(id_, keys))
        if fate in ("kept", "removed", "updated"):
            before.append(old)
        if fate in ("kept", "added"):
            after.append(old)
        elif fate == "updated":
            after.append(draw(versions(id_, keys)))
    return oldest_first(before), oldest_first(after)


@st.composite
def arbitrary_changes(draw: st.DrawFn) -> Change:
    """Any change at all, as a damaged or hand-edited history could hold: overlapping ids, mismatched updates."""
    items = st.builds(item, short_ids, nasty, st.integers(0, 30))
    return Change(change_id="c", at=0, kind=draw(st.sampled_from(["save", "merge", "undo"])),
                  added=draw(st.lists(items, max_size=8)), removed=draw(st.lists(items, max_size=8)),
                  updated=draw(st.lists(st.builds(Update, items, items), max_size=8)))


# diff / make_change / apply_change


@given(transitions())
def test_applying_the_recorded_change_to_before_gives_after(pair: tuple[list[MemoryItem], list[MemoryItem]]) -> None:
    before, after = pair
    change = make_change("c1", 5, "save", before, after)
    if change is None:
        assert by_id(before) == by_id(after)
        return
    replayed = apply_change(before, change)
    assert by_id(replayed) == by_id(after)
    assert_store_shape(replayed, len(after))


@given(transitions())
def test_diff_sorts_every_id_into_exactly_one_bucket(pair: tuple[list[MemoryItem], list[MemoryItem]]) -> None:
    before, after = pair
    added, removed, updated = diff(before, after)
    old, new = by_id(before), by_id(after)
    assert [entry.id for entry in added] == [entry.id for entry in after if entry.id not in old]
    assert [entry.id for entry in removed] == [entry.id for entry in before if entry.id not in new]
    assert {u.before.id for u in updated} == {i for i in old.keys() & new.keys() if old[i] != new[i]}
    assert all(u.before == old[u.before.id] and u.after == new[u.after.id] for u in updated)


def test_a_write_that_changes_nothing_records_nothing() -> None:
    items = [item("a", "用户偏好 zsh", 1), item("b", "x", 2)]
    assert make_change("c", 1, "save", items, list(items)) is None
    assert make_change("c", 1, "clear", [], []) is None


@given(st.lists(transitions(max_ids=8), min_size=1, max_size=5))
def test_history_replays_from_the_first_state_to_the_last(
        steps: list[tuple[list[MemoryItem], list[MemoryItem]]]) -> None:
    # Chain the drawn stores: each step goes from the previous result to the next drawn `after`.
    states = [steps[0][0]] + [after for _, after in steps]
    changes = [make_change(f"c{n}", n, "merge", a, b) for n, (a, b) in enumerate(pairwise(states))]
    replayed = states[0]
    for change in changes:
        if change is not None:
            replayed = apply_change(replayed, change)
    assert by_id(replayed) == by_id(states[-1])


# plan_undo


@given(transitions())
def test_undo_restores_the_store_to_before_the_change(pair: tuple[list[MemoryItem], list[MemoryItem]]) -> None:
    before, after = pair
    change = make_change("c1", 5, "save", before, after)
    if change is None:
        return
    plan = plan_undo(after, change, limit=max(len(before), len(after)))
    assert by_id(plan.items) == by_id(before)
    assert plan.conflicts == 0
    assert_store_shape(plan.items, len(before))


@given(transitions(unique_keys=True))
def test_undo_with_a_match_key_restores_a_store_whose_keys_are_unique(
        pair: tuple[list[MemoryItem], list[MemoryItem]]) -> None:
    before, after = pair
    change = make_change("c1", 5, "save", before, after)
    if change is None:
        return
    plan = plan_undo(after, change, limit=1000, key=s91_key)
    assert by_id(plan.items) == by_id(before)
    assert plan.conflicts == 0


@given(transitions(), st.lists(versions("fresh", None), max_size=3), st.data())
def test_undo_leaves_what_happened_since_to_other_items_in_place(
        pair: tuple[list[MemoryItem], list[MemoryItem]], fresh: list[MemoryItem], data: st.DataObject) -> None:
    before, after = pair
    change = make_change("c1", 5, "merge", before, after)
    if change is None:
        return
    touched = {entry.id for entry in [*change.added, *change.removed, *(u.after for u in change.updated)]}
    untouched = [entry for entry in after if entry.id not in touched]
    dropped_since = data.draw(st.sets(st.sampled_from([e.id for e in untouched])) if untouched else st.just(set()))
    added_since = [msgspec.structs.replace(entry, id=f"{entry.id}#{n}") for n, entry in enumerate(fresh)]
    now = oldest_first([*(e for e in after if e.id not in dropped_since), *added_since])
    plan = plan_undo(now, change, limit=1000)
    expected = {**{i: e for i, e in by_id(before).items() if i not in dropped_since}, **by_id(added_since)}
    assert by_id(plan.items) == expected
    assert plan.conflicts == 0


@given(transitions(), st.integers(0, 30), st.booleans())
def test_undoing_the_same_change_twice_changes_nothing_the_second_time(
        pair: tuple[list[MemoryItem], list[MemoryItem]], limit: int, with_key: bool) -> None:
    before, after = pair
    change = make_change("c1", 5, "save", before, after)
    if change is None:
        return
    limit = max(limit, len(after))
    key = s91_key if with_key and limit >= len(before) + len(after) else None
    first = plan_undo(after, change, limit, key=key)
    second = plan_undo(first.items, change, limit, key=key)
    assert second.items == first.items
    assert (second.added, second.updated, second.removed, second.evicted) == ([], [], [], [])
    assert second.conflicts <= first.conflicts


@given(transitions())
def test_undoing_the_undo_brings_the_change_back(pair: tuple[list[MemoryItem], list[MemoryItem]]) -> None:
    before, after = pair
    change = make_change("c1", 5, "merge", before, after)
    if change is None:
        return
    undo = plan_undo(after, change, limit=1000)
    recorded = make_change("u1", 6, "undo", after, undo.items)
    assert recorded is not None
    redo = plan_undo(undo.items, recorded, limit=1000)
    assert by_id(redo.items) == by_id(after)
    assert redo.conflicts == 0


@given(st.lists(st.builds(item, short_ids, nasty, st.integers(0, 30)), max_size=20).map(
    lambda items: oldest_first(by_id(items).values())), arbitrary_changes(), st.integers(0, 25),
    st.sampled_from([None, normalise_whitespace, s91_key]))
def test_undo_of_any_change_keeps_ids_unique_and_count_within_the_limit(
        current: list[MemoryItem], change: Change, limit: int, key: Key | None) -> None:
    current = current[max(0, len(current) - limit):]
    plan = plan_undo(current, change, limit, key=key)
    assert_store_shape(plan.items, limit)
    assert_plan_matches_its_diff(current, plan)
    if key is not None:
        restored = [*plan.added, *(u.after for u in plan.updated)]
        keys = [key(entry.content) for entry in plan.items]
        assert all(keys.count(key(entry.content)) == 1 for entry in restored)


@given(transitions(), st.integers(0, 30))
def test_undo_receipt_is_the_diff_it_records(pair: tuple[list[MemoryItem], list[MemoryItem]], limit: int) -> None:
    before, after = pair
    change = make_change("c1", 5, "clear", before, after)
    if change is None:
        return
    limit = max(limit, len(after))
    plan = plan_undo(after, change, limit)
    assert_store_shape(plan.items, limit)
    assert_plan_matches_its_diff(after, plan)


def assert_plan_matches_its_diff(current: Sequence[MemoryItem], plan: UndoPlan) -> None:
    added, removed, updated = diff(current, plan.items)
    assert plan.added == added
    assert plan.updated == updated
    assert by_id([*plan.removed, *plan.evicted]) == by_id(removed)
    assert len(plan.removed) + len(plan.evicted) == len(removed)
    recorded = make_change("u", 9, "undo", current, plan.items)
    assert (recorded is None) == (not (added or removed or updated))


def test_undoing_a_clear_brings_every_memory_back_with_its_id_and_time() -> None:
    stored = [item("a", "用户偏好 zsh", 1), item("b", "项目使用 pnpm", 2, "ssh-1")]
    change = make_change("c", 10, "clear", stored, [])
    assert change is not None
    plan = plan_undo([], change, limit=100)
    assert plan.items == stored
    assert plan.added == stored
    assert (plan.updated, plan.removed, plan.evicted, plan.conflicts) == ([], [], [], 0)


def test_an_update_changed_again_since_is_left_alone_and_counted() -> None:
    old, new = item("a", "用户的 Node 版本是 18", 1), item("a", "用户的 Node 版本是 20", 9)
    change = Change(change_id="c", at=9, kind="merge", updated=[Update(before=old, after=new)])
    assert plan_undo([new], change, 100).items == [old]
    newer = item("a", "用户的 Node 版本是 22", 12)
    plan = plan_undo([newer], change, 100)
    assert (plan.items, plan.updated, plan.conflicts) == ([newer], [], 1)
    assert plan_undo([], change, 100).conflicts == 1


def test_an_added_memory_is_taken_out_only_while_unchanged() -> None:
    added = item("n", "用户喜欢猫", 5)
    change = Change(change_id="c", at=5, kind="remember", added=[added])
    plan = plan_undo([item("a", "x", 1), added], change, 100)
    assert (plan.items, plan.removed, plan.conflicts) == ([item("a", "x", 1)], [added], 0)
    edited = msgspec.structs.replace(added, content="用户喜欢狗")
    assert plan_undo([edited], change, 100)[1:] == ([], [], [], [], 1)
    gone = plan_undo([item("a", "x", 1)], change, 100)
    assert (gone.items, gone.removed, gone.conflicts) == ([item("a", "x", 1)], [], 0)


def test_a_removed_memory_whose_id_is_stored_again_is_not_brought_back() -> None:
    gone = item("a", "用户偏好 zsh", 1)
    change = Change(change_id="c", at=5, kind="save", removed=[gone])
    again = item("a", "用户偏好 fish", 7)
    plan = plan_undo([again], change, 100)
    assert (plan.items, plan.added, plan.conflicts) == ([again], [], 1)


def test_with_a_match_key_a_memory_learnt_again_since_is_not_duplicated() -> None:
    gone = item("a", "用户偏好 zsh", 1)
    change = Change(change_id="c", at=5, kind="clear", removed=[gone, item("b", "项目使用 pnpm", 2)])
    relearnt = item("z", "用户偏好 ZSH。", 8)
    plan = plan_undo([relearnt], change, 100, key=s91_key)
    assert [entry.id for entry in plan.items] == ["b", "z"]
    assert plan.conflicts == 1
    assert len(plan_undo([relearnt], change, 100).items) == 3


def test_reverting_two_memories_that_swapped_contents_is_not_a_clash() -> None:
    p0, q0 = item("p", "alpha", 1), item("q", "beta", 2)
    p1, q1 = item("p", "beta", 3), item("q", "alpha", 4)
    change = make_change("c", 5, "merge", [p0, q0], [p1, q1])
    assert change is not None
    plan = plan_undo([p1, q1], change, 100, key=s91_key)
    assert (plan.items, plan.conflicts) == ([p0, q0], 0)


def test_a_revert_left_alone_keeps_its_key_so_no_other_revert_may_take_it() -> None:
    # p cannot go back to "alpha" (a stored item holds it), so p keeps "beta" and q cannot revert to "beta".
    p0, q0 = item("p", "alpha", 1), item("q", "beta", 2)
    p1, q1 = item("p", "beta", 3), item("q", "gamma", 4)
    holder = item("h", "alpha", 6)
    change = make_change("c", 5, "merge", [p0, q0], [p1, q1])
    assert change is not None
    plan = plan_undo([p1, q1, holder], change, 100, key=s91_key)
    assert (plan.items, plan.conflicts) == ([p1, q1, holder], 2)


def test_the_limit_still_applies_and_the_oldest_are_evicted() -> None:
    cleared = [item(f"old{n}", f"fact {n}", n) for n in range(5)]
    change = make_change("c", 10, "clear", cleared, [])
    assert change is not None
    newer = [item(f"new{n}", f"new fact {n}", 20 + n) for n in range(3)]
    plan = plan_undo(newer, change, limit=4)
    assert plan.items == [cleared[4], *newer]
    assert plan.added == [cleared[4]]
    assert plan.conflicts == 4
    mixed = [item("m0", "m", 1), item("m1", "n", 30)]
    evicting = plan_undo(mixed, change, limit=4)
    assert evicting.items == [*cleared[2:], mixed[1]]
    assert evicting.evicted == [mixed[0]]
    assert evicting.conflicts == 2


def test_an_undo_that_undoes_nothing_evicts_nothing() -> None:
    stored = [item(f"s{n}", f"fact {n}", n) for n in range(5)]
    change = Change(change_id="c", at=1, kind="merge", added=[item("gone", "x", 0)])
    assert plan_undo(stored, change, limit=2) == UndoPlan(stored, [], [], [], [], 0)
