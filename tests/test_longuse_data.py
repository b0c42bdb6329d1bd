"""The long-use set and benchmark (issue 15): committed files pass the validator, bad labels are caught; scoring."""

from __future__ import annotations

import copy
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent.parent / "bench" / "data" / "longuse"


@pytest.fixture(scope="module")
def validate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("longuse_validate", HERE / "validate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def data(validate: ModuleType) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    return validate.load("facts.jsonl"), validate.load("questions.jsonl")


def test_the_committed_set_is_what_the_generator_builds_and_passes_every_check(validate: ModuleType) -> None:
    assert validate.check_all() == []


def test_a_question_labelled_with_the_stale_value_of_a_changed_fact_is_caught(
        validate: ModuleType, data: tuple[list[dict[str, Any]], list[dict[str, Any]]]) -> None:
    facts, questions = data
    by_id = {f["id"]: f for f in facts}
    changed = next(q for q in questions if by_id[q["accept"][0]]["event"] == "update")
    stale = copy.deepcopy(changed)
    stale["answers"] = stale["accept"] = [by_id[changed["accept"][0]]["of"]]
    assert validate.check_questions([stale], facts) != []


def test_a_question_that_copies_its_answer_is_caught(
        validate: ModuleType, data: tuple[list[dict[str, Any]], list[dict[str, Any]]]) -> None:
    facts, questions = data
    by_id = {f["id"]: f for f in facts}
    copied = copy.deepcopy(questions[0])
    copied["question"] = by_id[copied["answers"][0]]["content"] + "？"
    problems = validate.check_questions([copied], facts)
    assert any("copies its answer" in p for p in problems)


def test_a_history_too_small_to_fill_the_store_is_caught(
        validate: ModuleType, data: tuple[list[dict[str, Any]], list[dict[str, Any]]]) -> None:
    facts, _ = data
    early = [f for f in facts if f["history"] != "dev" or f["session"] <= 3]
    assert any("fill" in p for p in validate.check_facts(early))


@pytest.fixture(scope="module")
def long_use() -> ModuleType:
    path = HERE.parent.parent / "long_use.py"
    spec = importlib.util.spec_from_file_location("long_use_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_reads_each_injected_memory_of_a_context_and_not_its_header_or_trailer(
        long_use: ModuleType) -> None:
    content = ("# 跨会话记忆（以下是你与用户的历史交互中记住的事实）\n\n- 用户对花生过敏\n- The user prefers zsh。\n\n"
               "（其余 3 条记忆因总量超限未注入）")
    assert long_use.injected_keys(content) == {long_use.key("用户对花生过敏"), long_use.key("the user prefers ZSH")}
    assert long_use.injected_keys(None) == set()


def test_histories_stored_together_take_turns_session_by_session(
        long_use: ModuleType, data: tuple[list[dict[str, Any]], list[dict[str, Any]]]) -> None:
    facts, _ = data
    order = [scope for scope, _ in long_use.sessions(facts, ("dev", "parent"))]
    assert order[:4] == ["dev-s01", "parent-s01", "dev-s02", "parent-s02"]
    assert len(order) == 60
