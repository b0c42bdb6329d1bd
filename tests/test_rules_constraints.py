"""Standing constraints and requests for advice, in both languages (issue 17)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.constraints import asks_for_advice, states_constraint
from tests.strategies import contents


@pytest.mark.parametrize(("text", "states"), [
    ("用户对芒果过敏", True), ("用户吃素，不吃任何肉类", True), ("用户恐高，不坐摩天轮", True),
    ("用户左膝盖有旧伤，不能长时间爬楼梯", True), ("用户装修预算不超过十万", True),
    ("The user is allergic to shellfish", True), ("Her bad knee keeps her off long descents", True),
    ("He is afraid of deep water", True), ("The user's monthly budget for eating out is 800 yuan", True),
    ("She can't stand spicy food", True), ("Omar is vegetarian", True),
    ("用户喜欢在周末爬山", False), ("用户的猫叫团子", False), ("The user moved to Lisbon in 2024", False),
    ("He plays the violin in a quartet", False),
    # a diagnosed condition and what sets it off (issue 17)
    ("用户去年确诊了慢性胃炎", True), ("熬夜容易诱发他的偏头痛", True), ("用户是过敏体质", True),
    ("He was diagnosed with asthma as a child", True), ("Cheese triggers her headaches", True),
    ("Since the scare she limits herself to one glass a week", True), ("His blood pressure runs low", True),
    ("用户每天早上跑步", False), ("The user bought a red bike", False),
])
def test_a_memory_states_a_lasting_constraint_in_either_language(text: str, states: bool) -> None:
    assert states_constraint(text) is states


@pytest.mark.parametrize(("text", "asks"), [
    ("帮我推荐一家周末吃饭的餐厅", True), ("下个月想去海边玩，要不要带孩子？", True), ("送什么生日礼物好？", True),
    ("Should I sign up for the half marathon?", True), ("Any ideas for a weekend trip?", True),
    ("Can you recommend a tent for two?", True), ("Is it okay to take this with coffee?", True),
    ("用户的猫叫什么？", False), ("When did Maya move to Porto?", False), ("What is Ben's sister's name?", False),
    # a plan or intention the person states (issue 17)
    ("周末想去湖边露营", True), ("I'm thinking of taking up boxing", True),
    ("We're going to the coast on Friday", True),
    ("I want to try a new gym", True), ("We got invited to a wedding in May", True),
    ("我想起来了，她叫什么？", False), ("他的想法是什么？", False), ("Where was Ben going last May?", False),
])
def test_a_message_asks_for_advice_a_plan_or_a_purchase(text: str, asks: bool) -> None:
    assert asks_for_advice(text) is asks


def _ascii_upper(text: str) -> str:
    return "".join(char.upper() if char.isascii() else char for char in text)


@given(st.one_of(contents, st.text(max_size=300)))
def test_both_reads_never_raise_and_ignore_case(text: str) -> None:
    for read in (states_constraint, asks_for_advice):
        assert read(text) is read(text.casefold()) is read(_ascii_upper(text))
