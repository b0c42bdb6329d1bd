"""Ranking the archive: a sparse BM25 kept up to date by difference, merged with the store's ranking (S11.2)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import ArchivedItem
from sidecar.rules.archive_rank import COMMON_FLOOR, ArchiveRanker, merge_ranked

WORDS = ["用户", "小林", "zsh", "pnpm", "Arch", "Linux", "猫", "咪咪", "杭州", "e\u0301", "😀", "the", "user", "Rust"]
texts = st.one_of(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
                  st.text(st.characters(codec="utf-8"), min_size=1, max_size=30))


def entry(n: int, content: str, archived_at: int = 0) -> ArchivedItem:
    return ArchivedItem(id=f"a{n}", content=content, created_at=n, source_scope="g", archived_at=archived_at or n)


@settings(max_examples=100, deadline=None)
@given(st.lists(texts, max_size=25), st.lists(texts, max_size=25), st.lists(texts, min_size=1, max_size=4))
def test_a_ranker_synced_by_difference_answers_as_one_built_afresh(first: list[str], second: list[str],
                                                                  queries: list[str]) -> None:
    before = [entry(n, text) for n, text in enumerate(first)]
    after = before[::2] + [entry(100 + n, text) for n, text in enumerate(second)]
    synced = ArchiveRanker().sync(before).sync(after)
    fresh = ArchiveRanker().sync(after)
    for query in queries:
        assert synced.scored(query) == fresh.scored(query)
    assert len(synced) == len(after)


@settings(max_examples=100, deadline=None)
@given(st.lists(texts, max_size=30), texts, st.integers(1, 5))
def test_scores_are_positive_best_first_and_limited(contents: list[str], query: str, limit: int) -> None:
    ranker = ArchiveRanker().sync([entry(n, text) for n, text in enumerate(contents)])
    ranked = ranker.scored(query)
    assert all(score > 0 for score, _ in ranked)
    assert [score for score, _ in ranked] == sorted((score for score, _ in ranked), reverse=True)
    assert ranker.scored(query, limit) == ranked[:limit]


def test_a_memory_sharing_only_a_word_every_memory_holds_does_not_match_a_large_archive() -> None:
    archive = [entry(n, f"用户的工具{n}是 tool{n}x") for n in range(COMMON_FLOOR * 3)]
    ranker = ArchiveRanker().sync(archive)
    assert [item.id for _, item in ranker.scored("tool7x 怎么用")] == ["a7"]
    assert ranker.scored("用户") == [], "a word in nearly every memory says nothing about the question"


def test_the_more_recently_archived_wins_a_tie() -> None:
    ranker = ArchiveRanker().sync([entry(1, "用户偏好 zsh", 5), entry(2, "用户偏好 zsh", 9)])
    assert [item.id for _, item in ranker.scored("zsh")] == ["a2", "a1"]


@given(st.lists(st.floats(0, 10), max_size=10), st.lists(st.floats(0.01, 10), max_size=10))
def test_merging_keeps_everything_and_orders_by_score(active_scores: list[float], archived_scores: list[float]) -> None:
    active = [(p, s) for p, s in enumerate(sorted(active_scores, reverse=True))]
    archived = [(s, entry(n, "x")) for n, s in enumerate(sorted(archived_scores, reverse=True))]
    merged = merge_ranked(active, archived)
    assert len(merged) == len(active) + len(archived)
    assert [score for _, score in merged] == sorted((score for _, score in merged), reverse=True)
    ties = [(which, score) for which, score in merged if isinstance(which, int)]
    assert ties == active, "the store's own order is kept"
