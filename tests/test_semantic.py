"""The semantic ranking's holder: background loading, embedding by difference, failures (issue 17)."""

from __future__ import annotations

import logging
import threading
from typing import Any, TypeVar

import numpy as np
import pytest

from sidecar.config import Settings
from sidecar.owner import Job, Reply
from sidecar.semantic import MAX_QUERY_CHARS, Semantic
from sidecar.service import MemoryService
from sidecar.store import FileSnapshot
from tests.helpers import running

CONCEPTS = [("run", "fit"), ("cat",), ("hotpot",), ("code",)]
T = TypeVar("T")


async def value(reply: Reply[T]) -> T:
    return await reply if isinstance(reply, Job) else reply


class BagOfWords:
    """Deterministic embeddings: one dimension per concept (its words); records what it was asked to embed."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.seen: list[str] = []
        self.gate = gate

    def encode(self, texts: list[str]) -> Any:
        if self.gate is not None:
            self.gate.wait(10)
        self.seen += texts
        return np.array([[float(any(word in text for word in words)) for words in CONCEPTS] + [0.01]
                         for text in texts], dtype=np.float32)


def test_nothing_is_ranked_until_the_model_and_the_store_are_ready_and_then_by_cosine() -> None:
    gate = threading.Event()
    model = BagOfWords(gate)
    semantic = Semantic(lambda: model)
    contents = ["cat naps", "run fit", "hotpot"]
    assert semantic.order(contents, "fit") is None
    assert semantic.state == "loading"
    gate.set()
    assert semantic.settle(10) == "ready"
    ranked = semantic.order(contents, "how to keep fit and run")
    assert ranked is not None and ranked[0] == 1


def test_only_new_texts_are_embedded_and_gone_ones_are_let_go() -> None:
    model = BagOfWords()
    semantic = Semantic(lambda: model)
    semantic.order(["cat", "run"], "")
    semantic.settle(10)
    model.seen.clear()
    assert semantic.order(["cat", "code"], "x") is None, "a new text is not embedded yet"
    semantic.settle(10)
    assert model.seen == ["code"]
    assert semantic.order(["cat", "code"], "code") == [1, 0]
    assert set(semantic._vectors) == {"cat", "code"}


def test_a_long_message_is_embedded_by_its_end_only() -> None:
    model = BagOfWords()
    semantic = Semantic(lambda: model)
    semantic.order(["cat"], "")
    semantic.settle(10)
    semantic.order(["cat"], "x" * 10 * MAX_QUERY_CHARS + " cat")
    assert len(model.seen[-1]) <= MAX_QUERY_CHARS and model.seen[-1].endswith("cat")


def test_an_empty_message_or_store_ranks_nothing() -> None:
    semantic = Semantic(BagOfWords)
    semantic.order(["cat"], "")
    semantic.settle(10)
    assert semantic.order(["cat"], "   ") is None
    assert semantic.order([], "cat") is None


def test_a_model_that_cannot_load_turns_it_off_with_one_warning_and_no_text(caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> BagOfWords:
        raise RuntimeError("用户的秘密 memory text")

    caplog.set_level(logging.WARNING)
    semantic = Semantic(broken)
    assert semantic.order(["用户的秘密"], "q") is None
    assert semantic.settle(10) == "off"
    assert semantic.order(["用户的秘密"], "q") is None
    [record] = [r for r in caplog.records if r.name == "sidecar.semantic"]
    assert "RuntimeError" in record.getMessage() and "秘密" not in record.getMessage()


def test_a_query_the_model_fails_on_falls_back_without_raising(caplog: pytest.LogCaptureFixture) -> None:
    class FailsOnQueries(BagOfWords):
        def encode(self, texts: list[str]) -> Any:
            if texts == ["boom"]:
                raise ValueError("boom")
            return super().encode(texts)

    semantic = Semantic(FailsOnQueries)
    semantic.order(["cat"], "")
    semantic.settle(10)
    assert semantic.order(["cat"], "boom") is None
    assert semantic.order(["cat"], "cat") == [0]


def test_a_lone_surrogate_in_a_memory_or_a_message_is_embedded_replaced_not_fatal() -> None:
    class Utf8Only(BagOfWords):
        def encode(self, texts: list[str]) -> Any:
            for text in texts:
                text.encode("utf-8")
            return super().encode(texts)

    semantic = Semantic(Utf8Only)
    semantic.order(["cat \ud800", "run"], "")
    assert semantic.settle(10) == "ready"
    assert semantic.order(["cat \ud800", "run"], "cat \udfff") == [0, 1]


async def test_the_query_context_takes_the_memory_meaning_ranks_first_once_it_is_ready(settings: Settings) -> None:
    """With no word of the message in any memory, words alone fill the budget newest first."""
    from sidecar.rules.context import render_preferred

    async with running(MemoryService(settings._replace(semantic=True))) as service:
        for text in ["用户每天 run 五公里", "用户最爱吃 hotpot", "用户养的 cat 叫年糕"]:
            await service.remember(text, "global")
        stored = service.store.snapshot().items
        budget = next(b for b in range(1, 4096) if render_preferred(stored, [0], b).injected == 1)
        service.recall.semantic = semantic = Semantic(BagOfWords)
        newest = stored[-1].id
        assert (await value(service.context(budget, "how do I stay fit?"))).ids == [newest]
        assert semantic.settle(10) == "ready"
        assert (await value(service.context(budget, "how do I stay fit?"))).ids == [stored[0].id]


def test_the_similarity_answers_when_the_order_does_and_the_order_follows_it() -> None:
    """Issue 17 (cost): the query context fuses the similarity array itself; its order is `order`'s."""
    semantic = Semantic(BagOfWords)
    contents = ["用户 run 五公里", "cat 叫年糕", "hotpot", "more run and fit"]
    assert semantic.similarity(contents, "fit") is None, "not embedded yet"
    semantic.order(contents, "")
    assert semantic.settle(10) == "ready"
    similarity = semantic.similarity(contents, "how to run and keep fit")
    assert similarity is not None and similarity.shape == (4,)
    assert semantic.order(contents, "how to run and keep fit") == [int(p) for p in np.argsort(-similarity,
                                                                                             kind="stable")]
    assert semantic.similarity(contents, "   ") is None


class Scripted:
    """Embeddings by what a text is about, with the own-script bias the multilingual model shows: a Chinese message
    scores the Chinese notes above the English memory that answers it."""

    def encode(self, texts: list[str]) -> Any:
        def vector(text: str) -> list[float]:
            if "bike" in text:
                return [0.6, 0.8]
            if "自行车" in text:
                return [1.0, 0.2]
            return [1.0, 0.0] if "笔记" in text or "note" in text else [0.0, 1.0]

        return np.array([vector(text) for text in texts], dtype=np.float32)


def test_a_chinese_message_gets_the_english_memory_meaning_puts_first_among_english_ones_in_a_small_budget() -> None:
    """Issue 17: the n-th best memory by meaning in the other script places no lower than 2n-th."""
    from protocol import MemoryItem
    from sidecar.archive_file import Both
    from sidecar.ranking import Ranking
    from sidecar.recall import Recall
    from sidecar.rules.context import render_preferred
    from sidecar.store import Snapshot

    notes = [MemoryItem(id=f"n{i}", content=f"第{i}条笔记", created_at=i, source_scope="global") for i in range(30)]
    shop = MemoryItem(id="c", content="The bike shop downstairs closes at 7 pm", created_at=0, source_scope="global")
    items = (shop, *notes)
    both = Both(Snapshot(items, b""), FileSnapshot((), b""))
    semantic = Semantic(Scripted)
    semantic.order([item.content for item in items], "")
    assert semantic.settle(10) == "ready"
    recall = Recall(Ranking(), semantic)
    budget = next(b for b in range(1, 4096) if render_preferred(items, [0, 1, 2], b).injected == 3)
    recall.context(both, "楼下的自行车店几点关门？", budget)  # embeds the store on the first ask
    assert semantic.settle(10) == "ready"
    assert "c" in recall.context(both, "楼下的自行车店几点关门？", budget).ids
    english = recall.context(both, "Which note came first?", budget)
    assert english.injected >= 3 and "c" not in english.ids, "in the message's own script the cosine alone places"
