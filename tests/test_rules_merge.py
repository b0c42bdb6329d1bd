from __future__ import annotations

import itertools
import json
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem, Update
from sidecar.rules.evict import shape_for_save
from sidecar.rules.match import match_key, restates
from sidecar.rules.merge import Merged, candidate_contents, merge_contents, model_replacements, new_uuid4
from sidecar.rules.model_output import candidate_texts
from sidecar.rules.secrets import looks_secret
from sidecar.rules.text import normalise_whitespace as norm
from tests.strategies import contents, memory_lists

NOW = 1_000


def merge_output(stored: list[MemoryItem], raw: str, scope: str, basis: list[str], limit: int,
                 now_ms: int = NOW, new_id: Callable[[], str] = new_uuid4) -> Merged:
    texts, dropped = candidate_contents(candidate_texts(raw))
    return merge_contents(stored, texts, scope, basis, limit, now_ms, dropped, new_id)


def merge_texts(stored: list[MemoryItem], texts: list[str], basis: tuple[str, ...] = ()) -> Merged:
    contents, dropped = candidate_contents(texts)
    counter = itertools.count()
    return merge_contents(stored, contents, "chat", basis, 1000, NOW, dropped, lambda: f"new-{next(counter)}")


def mem(id_: str, content: str, created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


def test_seed_example_new_items_get_ids_and_equal_ones_keep_theirs() -> None:
    stored = [mem("old", "用户偏好 zsh", 5)]
    ids = iter(["n1", "n2"])
    result = merge_output(stored, '[{"content": "用户偏好  zsh"}, {"content": "项目使用 pnpm"}]', "ssh-1", [],
                          100, now_ms=NOW, new_id=lambda: next(ids))
    assert result.memories == [mem("old", "用户偏好 zsh", 5),
                               MemoryItem(id="n1", content="项目使用 pnpm", created_at=NOW, source_scope="ssh-1")]
    assert result.added == result.memories[1:] and result.dropped == 0


def test_an_item_deleted_since_the_basis_was_sent_is_not_re_added() -> None:
    stored = [mem("keep", "项目使用 pnpm")]
    raw = '[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}, {"content": "用户偏好 nvim"}]'
    result = merge_output(stored, raw, "global", ["用户偏好\u3000zsh", "项目使用 pnpm"], 100, now_ms=NOW)
    assert [m.content for m in result.memories] == ["项目使用 pnpm", "用户偏好 nvim"]


def test_secrets_are_dropped_and_counted() -> None:
    raw = json.dumps([{"content": "API key 是 sk-proj-abc123def456ghi789"}, {"content": "密码：hunter2"},
                      {"content": "用户用 1Password 管理密码"}], ensure_ascii=False)
    result = merge_output([], raw, "global", [], 100, now_ms=NOW)
    assert [m.content for m in result.memories] == ["用户用 1Password 管理密码"] and result.dropped == 2


def test_whitespace_is_folded_and_content_cut_to_200() -> None:
    raw = json.dumps([{"content": "  第一行\n第二行\u3000 尾  "}, {"content": "长" * 300}], ensure_ascii=False)
    result = merge_output([], raw, "global", [], 100, now_ms=NOW)
    assert [m.content for m in result.memories] == ["第一行 第二行 尾", "长" * 200]


def test_new_items_beyond_the_limit_evict_the_oldest() -> None:
    stored = [mem(str(i), f"旧 {i}", i) for i in range(10)]
    result = merge_output(stored, '[{"content": "新"}]', "global", [], 10, now_ms=NOW)
    assert [m.id for m in result.memories[:-1]] == [str(i) for i in range(1, 10)]
    assert result.memories[-1].content == "新"


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[list[MemoryItem], list[str], list[str], int]:
    limit = draw(st.integers(10, 40))
    stored = shape_for_save(draw(memory_lists(max_size=30, unique_contents=True)), 1000)
    deleted = draw(st.lists(contents, max_size=5))
    deleted = [d for d in deleted if norm(d) and norm(d) not in {norm(m.content) for m in stored}]
    basis = [m.content for m in stored] + deleted
    variants = st.sampled_from([lambda s: s, lambda s: f"  {s} ", lambda s: s.replace(" ", "\u3000\n")])
    pool = [m.content for m in stored] + deleted
    output = draw(st.lists(st.one_of(contents, st.sampled_from(pool) if pool else contents), max_size=25))
    output = [draw(variants)(text) for text in output]
    output += draw(st.lists(st.sampled_from(["密码：hunter2", "token: abc", "sk-proj-abc123def456ghi789xx"]),
                            max_size=2))
    return stored, basis, output, limit


def rendered(output: list[str], fenced: bool) -> str:
    body = json.dumps([{"content": text} for text in output], ensure_ascii=False)
    return f"```json\n{body}\n```" if fenced else body


@given(scenarios(), st.booleans())
def test_merge_invariants(scenario: tuple[list[MemoryItem], list[str], list[str], int], fenced: bool) -> None:
    stored, basis, output, limit = scenario
    counter = itertools.count()
    result = merge_output(stored, rendered(output, fenced), "global", basis, limit, now_ms=NOW,
                          new_id=lambda: f"new-{next(counter)}")
    memories = result.memories
    assert len(memories) <= limit
    by_id = {m.id: m for m in stored}
    updated = {u.after.id: u for u in result.updated}
    shaped, _ = candidate_contents(candidate_texts(rendered(output, fenced)))
    chosen = model_replacements([norm(b) for b in basis if norm(b)], shaped, {match_key(m.content) for m in stored})
    by_model = {(match_key(old), shaped[index]) for index, old in chosen.items()}
    for kept in memories:
        if kept.id in updated:
            before, after = updated[kept.id].before, updated[kept.id].after
            assert before == by_id[kept.id] and after == kept, "an update keeps the id"
            assert restates(before.content, after.content) or (match_key(before.content), after.content) in by_model, \
                "an update restates what it replaces, or is the model's own replacement (issue 16.6)"
            assert kept.created_at == NOW
        elif kept.id in by_id:
            assert kept == by_id[kept.id], "stored items keep id, createdAt and content"
    kept_ids = {m.id for m in memories}
    lost = [m for m in stored if m.id not in kept_ids]
    assert lost == result.evicted, "stored items are lost only by eviction, and each is reported"
    if lost:
        assert len(memories) == limit
        assert max(m.created_at for m in lost) <= min(m.created_at for m in memories)
    stored_keys = {match_key(m.content) for m in stored}
    deleted = [b for b in basis if match_key(b) not in stored_keys and norm(b)]
    for new in [*result.added, *(u.after for u in result.updated)]:
        assert not any(match_key(new.content) == match_key(d) or restates(d, new.content) for d in deleted), \
            "nothing deleted since basis comes back"
    for added in result.added:
        assert 1 <= len(added.content) <= 200 and added.content == norm(added.content)
        assert not looks_secret(added.content)
        assert added.created_at == NOW and added.source_scope == "global"
        assert match_key(added.content) not in stored_keys
    new_ids = [m.id for m in result.added]
    assert len(new_ids) == len(set(new_ids)) and not set(new_ids) & set(by_id)
    assert len({m.id for m in memories}) == len(memories)
    assert [m.created_at for m in memories] == sorted(m.created_at for m in memories)


@given(scenarios())
def test_merging_the_same_output_twice_changes_nothing_the_second_time(
        scenario: tuple[list[MemoryItem], list[str], list[str], int]) -> None:
    stored, basis, output, _ = scenario
    first = merge_output(stored, rendered(output, False), "global", basis, 1000, now_ms=NOW)
    second = merge_output(first.memories, rendered(output, False), "global", basis, 1000, now_ms=NOW + 1)
    assert second.memories == first.memories and second.added == [] and second.updated == []


def test_a_restatement_updates_the_stored_memory_in_place() -> None:
    stored = [mem("z", "用户偏好 zsh", 5), mem("n", "用户的 Node 版本是 18", 6)]
    result = merge_texts(stored, ["用户喜欢用 zsh", "用户的 Node 版本是 20"])
    assert [(m.id, m.content, m.created_at, m.source_scope) for m in result.memories] == [
        ("z", "用户喜欢用 zsh", NOW, "chat"), ("n", "用户的 Node 版本是 20", NOW, "chat")]
    assert result.updated == [Update(before=stored[0], after=result.memories[0]),
                              Update(before=stored[1], after=result.memories[1])]
    assert result.added == [] and result.evicted == []


def test_look_alike_facts_are_added_beside_each_other() -> None:
    stored = [mem("work", "用户的工作电脑是 Mac", 1), mem("a", "项目 A 使用 pnpm", 2), mem("cat", "用户喜欢猫", 3)]
    result = merge_texts(stored, ["用户的家用电脑是 Windows", "项目 B 使用 yarn", "用户喜欢咖啡"])
    assert result.updated == [] and len(result.added) == 3 and result.memories[:3] == stored


def test_a_restatement_of_a_deleted_basis_entry_stays_deleted() -> None:
    result = merge_texts([mem("p", "项目使用 pnpm", 1)], ["用户喜欢用 zsh", "项目使用 pnpm"],
                         basis=("用户偏好 zsh", "项目使用 pnpm"))
    assert [m.content for m in result.memories] == ["项目使用 pnpm"] and result.added == []


def test_of_two_outputs_that_restate_each_other_the_later_is_kept() -> None:
    result = merge_texts([], ["用户偏好 zsh", "用户喜欢用 zsh", "项目使用 pnpm"])
    assert [m.content for m in result.memories] == ["用户喜欢用 zsh", "项目使用 pnpm"]


def test_equal_keys_keep_the_stored_item_untouched() -> None:
    stored = [mem("z", "用户偏好 zsh", 5)]
    result = merge_texts(stored, ["用户偏好ZSH。"])
    assert result.memories == stored and result.added == [] and result.updated == []


def test_stored_items_the_model_left_out_stay() -> None:
    stored = [mem(str(i), f"事实 {i} 号", i) for i in range(5)]
    assert merge_texts(stored, ["新的事实 abc"]).memories[:5] == stored


def answer(stored: list[MemoryItem], texts: list[str], basis: list[str]) -> Merged:
    """A scripted model answer merged with the basis the model was sent (issue 16.6)."""
    contents, dropped = candidate_contents(texts)
    counter = itertools.count()
    return merge_contents(stored, contents, "chat", basis, 1000, NOW, dropped, lambda: f"new-{next(counter)}")


FACTS = [mem("a", "用户偏好 zsh", 1), mem("b", "用户的猫叫咪咪", 2), mem("c", "项目使用 pnpm", 3)]
BASIS = [m.content for m in FACTS]


def test_a_complete_answer_with_a_new_text_in_a_memorys_place_updates_it() -> None:
    result = answer(FACTS, ["用户偏好 zsh", "用户的猫改名叫团子了", "项目使用 pnpm"], BASIS)
    assert [(u.before.id, u.after.content) for u in result.updated] == [("b", "用户的猫改名叫团子了")]
    assert result.added == [] and [m.id for m in result.memories] == ["a", "c", "b"]


def test_the_only_new_text_with_the_missing_memorys_subject_and_attribute_replaces_it() -> None:
    stored = [mem("a", "用户偏好 zsh", 1), mem("h", "用户住在厦门", 2), mem("c", "项目使用 pnpm", 3)]
    texts = ["用户偏好 zsh", "项目使用 pnpm", "用户喜欢爬山", "用户目前居住在青岛"]
    result = answer(stored, texts, [m.content for m in stored])
    assert [(u.before.id, u.after.content) for u in result.updated] == [("h", "用户目前居住在青岛")]
    assert [m.content for m in result.added] == ["用户喜欢爬山"]


def test_the_model_never_replaces_a_memory_with_someone_elses_fact() -> None:
    result = answer(FACTS, ["用户偏好 zsh", "用户的同事叫小王", "项目使用 pnpm"], BASIS)
    assert result.updated == [] and [m.content for m in result.added] == ["用户的同事叫小王"]
    assert result.memories[:3] == FACTS


def test_an_answer_of_only_new_items_gives_no_merge_decision() -> None:
    result = answer(FACTS, ["用户喜欢爬山", "用户早上喝茶"], BASIS)
    assert result.updated == [] and len(result.added) == 2 and result.memories[:3] == FACTS


def test_a_reordered_answer_gives_no_merge_decision() -> None:
    result = answer(FACTS, ["项目使用 pnpm", "用户喜欢爬山", "用户偏好 zsh"], BASIS)
    assert result.updated == [] and [m.content for m in result.added] == ["用户喜欢爬山"]


def test_a_memory_the_model_left_out_without_a_replacement_stays() -> None:
    result = answer(FACTS, ["用户偏好 zsh", "项目使用 pnpm"], BASIS)
    assert result.memories == FACTS and result.updated == [] and result.added == []


def test_a_deleted_basis_memory_is_never_the_target_of_a_merge_decision() -> None:
    stored = [FACTS[0], FACTS[2]]
    result = answer(stored, ["用户偏好 zsh", "用户喜欢爬山", "项目使用 pnpm"], BASIS)
    assert result.updated == [] and [m.content for m in result.added] == ["用户喜欢爬山"]


def test_model_replacements_reads_positions_between_the_returned_memories() -> None:
    basis = ["甲事实 alpha", "乙事实 beta", "丙事实 gamma", "丁事实 delta"]
    keys = {match_key(b) for b in basis}
    assert model_replacements(basis, ["甲事实 alpha", "新的 beta2", "丙事实 gamma", "丁事实 delta"], keys) == {
        1: "乙事实 beta"}
    # two missing in one gap with two new texts: positions say nothing, and no attribute decides
    assert model_replacements(basis, ["甲事实 alpha", "新一 x", "新二 y", "丁事实 delta"], keys) == {}
    assert model_replacements(basis, ["新一 x", "新二 y", "新三 z"], keys) == {}


def test_invisible_texts_are_no_memories() -> None:
    texts, dropped = candidate_contents(["\u0000", "\u200b\u200d", " \n\t", "\u3164", "用户偏好 zsh"])
    assert texts == ["用户偏好 zsh"] and dropped == 0


def test_shaping_keeps_at_most_cap_texts_and_the_last_ones() -> None:
    texts = [f"第 {i} 条事实 fact{i}" for i in range(50)]
    kept, _ = candidate_contents(texts, cap=10)
    assert kept == texts[-10:]
    kept, dropped = candidate_contents([*texts, "密码：hunter2"], cap=10)
    assert kept == texts[-10:] and dropped == 1


def test_secrets_past_the_cap_are_still_counted() -> None:
    kept, dropped = candidate_contents(["密码：hunter2", "用户偏好 zsh", "用户的猫叫咪咪"], cap=1)
    assert kept == ["用户的猫叫咪咪"] and dropped == 1


def test_shaping_tests_each_text_against_a_bounded_number_of_earlier_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14.3: a 2000-item answer ran `restates` against every earlier candidate sharing a token."""
    from sidecar.rules import match, merge

    calls = 0
    real = match.restates

    def counting(a: str, b: str) -> bool:
        nonlocal calls
        calls += 1
        return real(a, b)

    monkeypatch.setattr(merge, "restates", counting)
    texts = [f"用户的项目 p{i} 使用 pnpm 和 TypeScript 开发第 {i} 个模块" for i in range(400)]
    merge.candidate_contents(texts)
    assert calls <= merge.NEAR_LIMIT_IN_ANSWER * len(texts)


@given(scenarios())
def test_a_held_store_index_gives_the_same_merges_as_a_fresh_one(
        scenario: tuple[list[MemoryItem], list[str], list[str], int]) -> None:
    from sidecar.rules.merge import StoreTexts

    stored, basis, output, limit = scenario
    held = StoreTexts()
    texts, dropped = candidate_contents(output)
    first_ids = itertools.count()
    second_ids = itertools.count()
    fresh = stored
    kept = stored
    for round_ in range(2):
        fresh = merge_contents(fresh, texts[round_::2], "g", basis, limit, NOW + round_, dropped,
                               lambda: f"n{next(first_ids)}").memories
        kept = merge_contents(kept, texts[round_::2], "g", basis, limit, NOW + round_, dropped,
                              lambda: f"n{next(second_ids)}", store_texts=held).memories
        assert fresh == kept
