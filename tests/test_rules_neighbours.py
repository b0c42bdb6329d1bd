"""Word neighbours from GloVe's vectors in ranking's query expansion (issue 17): only for a query word the store never
uses and never for a name, below every other kind, scaled by rarity, and to Chinese through the neighbour's glosses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.rules import rank
from sidecar.rules.dictionary import dictionary, neighbour_expansions
from sidecar.rules.rank import RankingIndex
from sidecar.rules.tokens import stem


def mem(id_: str, content: str, created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


FILLER = [mem(f"filler{n}", text, n) for n, text in enumerate([
    "用户的电脑是 ThinkPad", "The user drinks green tea in the morning", "用户每周三去游泳",
    "The user's sister lives in Chengdu", "用户最近在读一本历史书", "The user prefers vim over emacs"], start=10)]


def test_the_table_holds_mutual_neighbours_and_no_word_that_stems_like_its_key() -> None:
    near = dictionary().neighbours
    assert stem("dryer") in near[stem("washer")].split() and stem("washer") in near[stem("dryer")].split()
    assert all(key not in value.split() and value.replace(" ", "").isalpha() for key, value in near.items())


def test_a_query_word_the_store_never_uses_finds_the_memory_through_its_neighbour() -> None:
    assert stem("dryer") in dictionary().neighbours[stem("washer")].split()
    store = [mem("dryer", "The user's tumble dryer is in the garage", 1), *FILLER]
    weights = RankingIndex(store)._query_weights("is the washer broken?")
    assert 0 < weights[stem("dryer")] <= rank.NEIGHBOUR_WEIGHT
    assert RankingIndex(store).items[RankingIndex(store).order("is the washer broken?")[0]].id == "dryer"


def test_a_query_word_the_store_uses_is_not_widened_to_its_neighbours() -> None:
    store = [mem("washer", "The user bought a new washer", 1), mem("dryer", "The user's dryer is old", 2), *FILLER]
    assert stem("dryer") not in RankingIndex(store)._query_weights("is the washer broken?")


def test_a_word_written_as_a_name_is_never_widened() -> None:
    assert stem("tom") in dictionary().neighbours[stem("jack")].split()  # ECDICT's common words "jack", "tom"
    store = [mem("tom", "Tom fixed the user's bike", 1), *FILLER]
    assert stem("tom") not in RankingIndex(store)._query_weights("what did Jack say?")


def test_a_neighbour_reaches_a_chinese_memory_through_its_gloss() -> None:
    assert dictionary().glosses[stem("dryer")].split()[0] == "干衣机"
    assert ("干衣", "neighbour_zh", 0.5) in neighbour_expansions([stem("washer")])
    store = [mem("dryer", "用户家阳台上放着一台干衣机", 1), *FILLER]
    weights = RankingIndex(store)._query_weights("is the washer broken?")
    assert 0 < weights["干衣"] <= rank.NEIGHBOUR_ZH_WEIGHT
    assert RankingIndex(store).items[RankingIndex(store).order("is the washer broken?")[0]].id == "dryer"


def test_a_neighbour_found_in_every_memory_adds_nearly_nothing() -> None:
    everywhere = [mem(str(n), f"The user's dryer number {n}", n) for n in range(30)]
    assert RankingIndex(everywhere)._query_weights("washer")[stem("dryer")] < 0.01


def test_without_the_neighbour_weights_a_query_expands_to_no_neighbour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rank, "NEIGHBOUR_WEIGHT", 0.0)
    monkeypatch.setattr(rank, "NEIGHBOUR_ZH_WEIGHT", 0.0)
    store = [mem("dryer", "The user's tumble dryer is in the garage", 1), *FILLER]
    assert stem("dryer") not in RankingIndex(store)._query_weights("is the washer broken?")


@given(st.lists(st.text(st.characters(blacklist_categories=()), max_size=20), max_size=10))
def test_neighbour_expansions_of_any_words_never_raise_and_only_name_terms(words: list[str]) -> None:
    for term, kind, share in neighbour_expansions(words):
        assert term and " " not in term and kind in {"neighbour", "neighbour_zh"} and 0 < share <= 1
        assert (term.isascii() and term.isalpha()) if kind == "neighbour" else not term.isascii()
