"""Seventh pass of issue 16: every merge rests on positive evidence that subject and attribute agree (whose
fact it is is no attribute, a change verb's object is what changed, a value's kind or unit names its
attribute, a shared date or ordinal alone is no one fact), each beside look-alikes (our own sentences)."""

from __future__ import annotations

import pytest

from sidecar.rules.facts import frame
from sidecar.rules.tokens import token_set
from tests.helpers import restates_both_ways

# Each pair must stay two facts.
TWO_FACTS = [
    # whose fact it is frames the replaced value, and nothing names an attribute
    ("The user's son changed to a new club", "The user's son changed to judo"),
    ("Marta switched to a standing desk", "Marta switched to oat lattes"),
    # a change verb's object is what changed: two objects, two facts
    ("The user replaced the front brake", "The user replaced the rear brake"),
    ("The user changed the garage code", "The user changed the alarm code"),
    ("The user renewed the car insurance last week", "The user renewed the home insurance last week"),
]

# Beside them, one fact each.
ONE_FACT = [
    # numbers say their measure themselves: the subject around them is enough
    ("Oskar's dog is six", "Oskar's dog is seven now"),
    ("用户的侄子今年九岁", "用户的侄子今年十岁了"),
    # a relative named on both sides is one person, whose single-valued attribute changed
    ("用户的同事李强住在苏州", "用户的同事李强搬到了无锡"),
    ("The user's flatmate Jonas lives in Graz", "The user's flatmate Jonas moved to Linz"),
]


@pytest.mark.parametrize(("old", "new"), TWO_FACTS)
def test_two_facts_look_alike_stay_two(old: str, new: str) -> None:
    """Issue 16.1."""
    assert not restates_both_ways(old, new)


@pytest.mark.parametrize(("old", "new"), ONE_FACT)
def test_one_fact_beside_the_look_alikes_still_merges(old: str, new: str) -> None:
    """Issue 16.1."""
    assert restates_both_ways(old, new)


def test_two_colleagues_named_apart_stay_two_people() -> None:
    """Issue 16.1: the named-relative rule needs the same name on both sides."""
    assert not restates_both_ways("用户的同事李强住在苏州", "用户的同事赵磊搬到了无锡")
    assert not restates_both_ways("The user's flatmate Jonas lives in Graz", "The user's flatmate Petra moved to Linz")


def test_a_change_verbs_object_is_the_head_of_the_change() -> None:
    """Issue 16.3: "changed the X" names X as what changed, with or without a new value after it."""
    assert frame("The user replaced the rear brake").head == token_set("rear brake")
    assert frame("The user switched the terminal font to Iosevka").head == token_set("terminal font")
    assert not frame("The user changed jobs").head
