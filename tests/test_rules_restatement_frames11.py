"""Tenth pass of issue 16: a thing never done or had, then done or had (16.4), and Chinese decimals and digits
with 万 / 千 compared as numbers (16.2) (our own sentences, none from a labelled set)."""

from __future__ import annotations

import pytest
from hypothesis import given

from sidecar.rules.first_time import first_time
from sidecar.rules.wording import canonical
from tests.helpers import restates_both_ways
from tests.strategies import contents

# Issue 16.4: the newer state replaces the older one.
ONE_FACT = [
    ("用户没有护照", "用户上个月办了护照"),
    ("用户从来没去过敦煌", "用户国庆去了敦煌"),
    ("用户家里没有装洗碗机", "用户家上周装了一台洗碗机"),
    ("用户还没打过新冠疫苗", "用户打完了新冠疫苗"),
    ("The user has never been snorkelling", "The user went snorkelling in Crete in June"),
    ("The user has never had a tetanus shot", "The user had a tetanus shot at the walk-in clinic"),
    ("The user has never visited Lisbon", "The user visited Lisbon over Easter"),
    ("The user doesn't have a library card", "The user got a library card last week"),
    ("Ottilie has never been to Iceland", "Ottilie went to Iceland in March"),
]

# Each pair must stay two facts.
TWO_FACTS = [
    # still not done: a plan, a wish, a booking, a cancellation
    ("用户没有护照", "用户准备下个月去办护照"),
    ("用户从来没去过敦煌", "用户打算明年去敦煌"),
    ("The user has never been snorkelling", "The user wants to go snorkelling in Crete"),
    ("The user has never had a tetanus shot", "The user booked a tetanus shot for Friday"),
    ("The user has never visited Lisbon", "The user's trip to Lisbon was cancelled"),
    # someone else did it, or another thing was done
    ("用户没有护照", "用户的儿子上个月办了护照"),
    ("用户从来没去过敦煌", "用户去了敦煌菜馆吃饭"),
    ("The user has never been to Norway", "The user went to a Norwegian bakery"),
    ("用户家里没有装洗碗机", "用户家上周装了一台烘干机"),
    ("用户没有车", "用户租了一辆车去自驾"),
]


@pytest.mark.parametrize(("old", "new"), ONE_FACT)
def test_a_thing_never_done_then_done_is_one_fact(old: str, new: str) -> None:
    assert restates_both_ways(old, new)


@pytest.mark.parametrize(("old", "new"), TWO_FACTS)
def test_a_plan_another_person_or_another_thing_stays_two_facts(old: str, new: str) -> None:
    assert not restates_both_ways(old, new)


def test_first_time_needs_the_never_side_first_and_the_verb_done() -> None:
    assert first_time("用户没去过敦煌", "用户去了敦煌")
    assert not first_time("用户去了敦煌", "用户没去过敦煌")
    assert not first_time("用户没去过敦煌", "用户看了敦煌的纪录片")  # another verb before the place
    assert not first_time("用户喜欢敦煌", "用户去了敦煌")  # no "never" at all


@pytest.mark.parametrize(("text", "written"), [
    ("用户的空腹血糖是六点一", "用户的空腹血糖是 6.1 "),
    ("用户的视力是四点八", "用户的视力是 4.8 "),
    ("保额加到了80万", "保额加到了800000"),
    ("月薪1.5万", "月薪15000"),
    ("存了3千块", "存了3000块"),
])
def test_chinese_decimals_and_digits_with_wan_or_qian_are_numbers(text: str, written: str) -> None:
    """Issue 16.2: "六点一" is 6.1 and "80万" 800000, so they compare with the digits written out."""
    assert canonical(text) == written


@pytest.mark.parametrize("text", ["用户六点一刻起床", "用户六点二十出门", "用户每天六点起床", "体重65千克",
                                  "功率2千瓦"])
def test_times_of_day_and_units_with_qian_are_left_alone(text: str) -> None:
    assert "." not in canonical(text) and "000" not in canonical(text)


@given(contents, contents)
def test_first_time_never_raises_and_never_holds_for_one_text_with_itself(a: str, b: str) -> None:
    """Issue 16.4: drawn text of every kind (surrogates, combining marks, long runs)."""
    first_time(a, b)
    assert not first_time(a, a)
