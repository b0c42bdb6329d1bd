"""The dates a memory gives and whether two give different ones: the gate before restatement by meaning (issue 16)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.dates import dated_differently, dates_of
from tests.strategies import contents


@pytest.mark.parametrize(("old", "new"), [
    ("On 17 July 2023, Hamza made pancakes, he told Maeve.", "Hamza told Maeve he made pancakes on 22 May 2024."),
    ("用户2025年3月去了西安", "用户2024年3月去了西安"),
    ("用户3月12日体检", "用户的体检改到了3月19号"),
    ("用户上周三去爬了崂山", "用户上周六去爬了崂山"),
    ("The user has lived in Oslo since 2019", "Since 2021 the user has lived in Oslo"),
    ("The user's exam is on March 3rd", "The user's exam is on the 5th of March"),
])
def test_two_different_dates_of_one_kind_are_two_occasions(old: str, new: str) -> None:
    assert dated_differently(old, new) and dated_differently(new, old)


@pytest.mark.parametrize(("old", "new"), [
    ("Lagan Blades is hosting a tournament in February 2024", "Lagan Blades hosted its tournament on 10 February 2024"),
    ("用户2025年3月去了西安", "用户三月去了西安"),
    ("The user may switch to Vim", "The user switched to Vim in May"),
    ("用户月薪两万", "用户月薪三万"),
    ("The user walks 2000 steps a day", "The user walks 2050 steps a day"),
    ("用户喜欢喝美式咖啡", "用户爱喝美式"),
])
def test_one_date_missing_or_a_number_that_is_no_date_keeps_them_comparable(old: str, new: str) -> None:
    assert not dated_differently(old, new)


def test_a_month_named_in_words_or_in_chinese_numerals_is_that_month() -> None:
    assert dates_of("用户三月去了西安").months == dates_of("The user went to Xi'an in March").months == {"3"}
    assert dates_of("due on 2 Sept. 2026").days == {"9/2"}


@given(contents, contents)
def test_dates_are_compared_either_way_and_a_text_never_differs_from_itself(a: str, b: str) -> None:
    assert dated_differently(a, b) == dated_differently(b, a)
    assert not dated_differently(a, a)


@given(st.text(st.characters(codec="utf-8"), max_size=400))
def test_any_text_reads_without_raising(text: str) -> None:
    found = dates_of(text)
    assert all(isinstance(part, frozenset) for part in found)


def test_the_word_rule_keeps_one_activity_on_two_dates_apart_but_a_moved_date_is_an_update() -> None:
    """Issue 16: replayed stores showed the rule joining two occasions of one activity a year apart."""
    from sidecar.rules.match import restates

    assert not restates("Mina cleaned the gutters on 27 July 2023, she told Jo.",
                        "On 25 July 2024, Mina cleaned the gutters, she told Jo.")
    assert restates("用户的体检约在3月12日", "用户的体检改到了3月19号")
    assert restates("The user's dentist appointment is on 4 May", "The user moved the dentist appointment to 11 May")
    assert restates("The user's birthday is on 3 August", "The user's birthday is on 5 August")
