"""Reported memories ("Anna told Ben that …"): what was told is compared, never the telling (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.match import restates
from sidecar.rules.reported import as_told, telling
from tests.helpers import stores_under_hash_seeds
from tests.strategies import contents

ROOT = Path(__file__).resolve().parent.parent
FRAME_PIECES = ["Nadia", " told ", "Omar", " that ", "she", " said", ", ", "he told ", "林", "告诉", "说", "，", "她",
                "the user", " on 3 May 2024", "'s", " ", "\u0301", "😀", "\ud800", "."]


@pytest.mark.parametrize(("text", "expected"), [
    ("Nadia told Omar that she repaints old bicycles.", ("Nadia", "she repaints old bicycles.")),
    ("Nadia told Omar on 3 May 2024 that her van broke down", ("Nadia", "her van broke down")),
    ("Nadia said she quit the choir", ("Nadia", "she quit the choir")),
    ("Nadia mentioned to Omar that the rent went up", ("Nadia", "the rent went up")),
    ("Her van broke down on the motorway, she told Omar.", (None, "Her van broke down on the motorway")),
    ("The landlord fixed the boiler, Nadia told Omar in March 2024.", ("Nadia", "The landlord fixed the boiler")),
    ("小敏告诉阿杰，她报了一个陶艺班。", ("小敏", "她报了一个陶艺班。")),
    ("小敏跟阿杰说她换了工作", ("小敏", "她换了工作")),
    ("周末去爬了青城山，小敏告诉阿杰。", ("小敏", "周末去爬了青城山")),
    ("周末去爬了青城山，她告诉阿杰。", (None, "周末去爬了青城山")),
])
def test_a_reporting_frame_gives_the_teller_and_what_was_told(text: str, expected: tuple[str | None, str]) -> None:
    assert telling(text) == expected


@pytest.mark.parametrize("text", [
    "Nadia shared a photo of her garden",  # "shared" without "that" is no report
    "用户说话很快",
    "用户和同事一起去爬山",
    "The user prefers tabs",
    "Nadia bought Omar a kite",
])
def test_texts_that_tell_nothing_have_no_frame(text: str) -> None:
    assert telling(text) is None


@pytest.mark.parametrize(("old", "new"), [
    ("Nadia told Omar that her landlord finally fixed the boiler.", "Nadia told Omar that the trams are always late."),
    ("Nadia told Omar that she started a pottery class.", "Nadia told Omar that she is saving for a trip to Peru."),
    ("Omar told Nadia that his sister moved to Lyon.", "Omar told Nadia that his knee hurts after running."),
    ("The ferry was cancelled twice in one week, Nadia told Omar.",
     "Nadia told Omar that the ferry timetable changed."),
    ("小敏告诉阿杰，她在一家游戏公司做美术。", "小敏告诉阿杰，她在楼下的面馆吃了一碗牛肉面。"),
    ("Nadia told Omar that she adopted a greyhound.", "Omar told Nadia that he adopted a greyhound."),
])
def test_two_things_one_friend_told_another_are_two_memories(old: str, new: str) -> None:
    assert not restates(old, new)
    assert not restates(new, old)


@pytest.mark.parametrize(("old", "new"), [
    ("Nadia told Omar that she lives in Porto.", "Nadia told Omar that she moved to Lisbon."),
    ("Nadia told Omar that her cat is three.", "Nadia told Omar that her cat is four years old."),
    ("The user said they are not a morning person", "The user is not a morning person and does their best work late"),
])
def test_a_reported_update_is_still_an_update(old: str, new: str) -> None:
    assert restates(old, new)


def test_one_teller_reads_as_the_user_and_two_tellers_stay_two_people() -> None:
    assert as_told("Nadia told Omar that her van broke down", "Nadia told Omar that she sold the van") == (
        "the user's van broke down", "the user sold the van")
    assert as_told("Nadia told Omar that she adopted a cat", "Omar told Nadia that he adopted a cat") == (
        "Nadia adopted a cat", "Omar adopted a cat")


@given(st.lists(st.sampled_from(FRAME_PIECES), max_size=30).map("".join), contents)
def test_reading_a_frame_never_raises_and_compares_both_ways_alike(framed: str, other: str) -> None:
    telling(framed)
    assert restates(framed, other) == restates(other, framed)


def test_a_merge_gives_the_same_store_whatever_the_hash_seed() -> None:
    """Candidates tied in the near-text index were taken in set order, which PYTHONHASHSEED changes."""
    memories = [f"Nadia told Omar that she {verb} the {thing} on {day} May 2024."
                for verb in ("painted", "sold", "fixed", "lent", "found")
                for thing in ("bicycle", "kite", "boat", "camera", "lamp", "chair")
                for day in (3, 9)]
    results = stores_under_hash_seeds(memories, ("1", "2", "3", "4"))
    assert len(results) == 1
