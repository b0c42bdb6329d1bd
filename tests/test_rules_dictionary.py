"""The dictionary tables (ECDICT, WordNet) in ranking's query expansion (issue 17): both languages, synonyms,
derived and irregular forms, always below the query's own words."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.rules import rank
from sidecar.rules.dictionary import (
    GLOSSED,
    REVERSE_GLOSSES,
    dictionary,
    english_stems,
    expansions,
    glossed_terms,
    word_pairs,
)
from sidecar.rules.rank import RankingIndex
from sidecar.rules.tokens import normalise, stem, tokens
from tests.strategies import contents, memory_lists


def mem(id_: str, content: str, created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


FILLER = [mem(f"filler{n}", text, n) for n, text in enumerate([
    "用户的电脑是 ThinkPad", "The user drinks green tea in the morning", "用户每周三去游泳",
    "The user's sister lives in Chengdu", "用户最近在读一本历史书", "The user prefers vim over emacs"], start=10)]


def first(query: str, store: list[MemoryItem]) -> str:
    index = RankingIndex(store)
    return index.items[index.order(query)[0]].id


def test_an_english_word_finds_a_chinese_memory_through_its_gloss() -> None:
    # "candle" is no glossary word: only the dictionary joins it to 蜡烛.
    assert dictionary().glosses[stem("candle")].split()[0] == "蜡烛"
    store = [mem("candles", "用户停电时会点蜡烛", 1), *FILLER]
    assert first("where are the candles?", store) == "candles"


def test_a_chinese_word_finds_an_english_memory_through_the_headword_it_glosses() -> None:
    assert ("蜡烛", stem("candle")) in english_stems(normalise("家里还有蜡烛吗"))
    store = [mem("candles", "The user keeps candles in the kitchen drawer", 1), *FILLER]
    assert first("家里还有蜡烛吗", store) == "candles"


def test_a_synonym_of_the_first_sense_finds_the_memory() -> None:
    assert stem("pail") in dictionary().synonyms[stem("bucket")].split()
    store = [mem("pail", "The user waters the garden with a metal pail", 1), *FILLER]
    assert first("which bucket for the garden?", store) == "pail"


def test_a_derivationally_related_form_finds_the_memory() -> None:
    assert stem("decision") in dictionary().derived[stem("decide")].split()
    store = [mem("decided", "The user made the decision to move abroad next spring", 1), *FILLER]
    assert first("what did I decide?", store) == "decided"
    assert ("decis", "derived", 1.0) in expansions([stem("decide")], "")


def test_an_irregular_form_the_stemmer_does_not_join_meets_its_base_both_ways() -> None:
    forms = dictionary().forms
    assert stem("oversaw") in forms[stem("oversee")].split() and stem("oversee") in forms[stem("oversaw")].split()
    assert tokens("oversaw") != tokens("oversee")  # the tokeniser itself stays as it was
    store = [mem("oversaw", "The user oversaw the office move in March", 1), *FILLER]
    assert first("who will oversee the office move?", store) == "oversaw"


def test_every_expansion_weighs_less_than_the_words_of_the_query_and_than_its_kind() -> None:
    store = [mem("a", "用户停电时会点蜡烛，用铁桶接雨水", 1), mem("b", "The user keeps a metal pail and candles", 2),
             *FILLER]
    index = RankingIndex(store)
    query = "candles and a metal bucket, 蜡烛"
    weights = index._query_weights(query)
    own = set(rank.search_terms(query))
    kinds = {rank.EN_ZH_WEIGHT, rank.ZH_EN_WEIGHT, rank.SYNONYM_WEIGHT, rank.DERIVED_WEIGHT, rank.FORM_WEIGHT}
    added = {term: weight for term, weight in weights.items() if term not in own}
    assert "蜡烛" in weights and stem("pail") in added
    assert all(weight < 1.0 and weight <= max(kinds) for weight in added.values())
    assert all(added[term] < weights[word] for term in added for word in ("candl", "metal"))


def test_an_expansion_found_in_every_memory_adds_nearly_nothing() -> None:
    # Scaled by rarity: a gloss the whole store says cannot pull the query towards it.
    everywhere = [mem(str(n), f"用户第{n}次点了蜡烛", n) for n in range(30)]
    weights = RankingIndex(everywhere)._query_weights("candles")
    assert weights["蜡烛"] < 0.01


def test_without_the_dictionary_weights_a_query_expands_to_nothing_from_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("EN_ZH_WEIGHT", "ZH_EN_WEIGHT", "SYNONYM_WEIGHT", "DERIVED_WEIGHT", "FORM_WEIGHT"):
        monkeypatch.setattr(rank, name, 0.0)
    weights = RankingIndex([mem("candles", "用户停电时会点蜡烛", 1), *FILLER])._query_weights("candles")
    assert "蜡烛" not in weights


def test_a_chinese_gloss_is_read_longest_first_and_only_from_the_first_glosses() -> None:
    table = dictionary()
    for starting in table.english.values():
        for gloss, heads in starting.items():
            assert len(gloss) > 1 and heads
            assert all(gloss in table.glosses[head].split()[:REVERSE_GLOSSES] for head in heads)


@given(st.text(st.characters(blacklist_categories=()), max_size=200))
def test_expansions_of_any_text_never_raise_and_only_name_terms(text: str) -> None:
    folded = normalise(text)
    words = [token for token in tokens(text) if token.isascii() and token.isalpha()]
    for term, kind, share in expansions(words, folded):
        assert term and " " not in term and kind in {"zh", "en", "synonym", "derived", "form"} and 0 < share <= 1


@given(st.text(st.characters(codec="utf-8"), max_size=120))
def test_expansions_are_the_same_under_nfkc_and_case(text: str) -> None:
    def of(variant: str) -> list[tuple[str, str, float]]:
        words = [token for token in tokens(variant) if token.isascii() and token.isalpha()]
        return [tuple(found) for found in expansions(words, normalise(variant))]  # type: ignore[misc]

    assert of(text) == of(unicodedata.normalize("NFKC", text).upper().casefold())


@given(memory_lists(max_size=20), st.one_of(contents, st.text(st.characters(blacklist_categories=()), max_size=200)))
def test_ranking_with_the_dictionary_never_raises_and_keeps_every_memory(items: list[MemoryItem], query: str) -> None:
    stored = [*items, mem("x-candles", "用户停电时会点蜡烛 e\u0301 \ud800", 99)]
    ranked = RankingIndex(stored).ranked(query + " candles 蜡烛 bucket")
    assert sorted(position for position, _ in ranked) == list(range(len(stored)))
    assert all(score >= 0 for _, score in ranked)


def test_a_question_naming_a_class_finds_the_memory_naming_a_member_of_it() -> None:
    assert ("^" + stem("instrument"), 1) in rank._read("The user plays the violin").counts
    store = [mem("violin", "The user plays the violin on Sundays", 1), *FILLER]
    assert first("which instrument do I play?", store) == "violin"
    weights = RankingIndex(store)._query_weights("which instrument do I play?")
    assert 0 < weights["^" + stem("instrument")] <= rank.BROADER_WEIGHT < 1.0


def test_a_class_a_memory_s_noun_belongs_to_neither_lengthens_it_nor_joins_the_query_s_feedback() -> None:
    text = rank._read("The user plays the violin")
    assert any(term[0] == "^" for term, _ in text.counts)
    assert text.length == len([term for term in rank.search_terms("The user plays the violin")
                               if not rank._marker(term)])
    index = RankingIndex([mem("violin", "The user plays the violin", 1), *FILLER])
    direct = index._score(index._query_weights("violin"))
    assert all(term[0] != "^" for term in index._feedback(direct, index._query_weights("violin")))


def test_a_two_word_compound_finds_the_chinese_memory_through_its_own_gloss_not_its_words() -> None:
    pair = stem("sleeping") + " " + stem("bag")
    assert "睡袋" in dictionary().glosses[pair].split() and "睡袋" not in dictionary().glosses[stem("bag")]
    store = [mem("bag", "用户买了一个新睡袋", 1), mem("other", "用户的书包是蓝色的", 2), *FILLER]
    assert first("which sleeping bag did I buy?", store) == "bag"
    assert ("睡袋", "zh", 1.0) in expansions([], normalise("sleeping bag"))
    assert not any(term == "睡袋" for term, *_ in expansions([], normalise("sleeping, then a bag")))


def test_a_chinese_place_finds_the_english_memory_naming_it_and_a_compound_s_words_share_the_weight() -> None:
    found = [(term, share) for term, kind, share in expansions([], normalise("新西兰的行程")) if kind == "en"]
    assert ("new", 0.5) in found and (stem("zealand"), 0.5) in found
    store = [mem("nz", "Booked a cabin by the lake in New Zealand", 1), *FILLER]
    assert first("新西兰住哪里？", store) == "nz"


def test_word_pairs_are_english_words_in_a_row_and_never_across_punctuation_or_chinese() -> None:
    assert word_pairs("sleeping bag用户new zealand 3.11") == [stem("sleeping") + " bag", "new " + stem("zealand")]
    assert word_pairs("a sleeping bag") == ["a " + stem("sleeping"), stem("sleeping") + " bag"]
    assert word_pairs("sleeping, bag") == [] and word_pairs("bag") == [] and word_pairs("") == []


def test_an_english_memory_is_found_weakly_through_any_gloss_of_its_words() -> None:
    glosses = dictionary().glosses[stem("filter")].split()
    later = glosses[REVERSE_GLOSSES]
    assert stem("filter") not in [head for _, head in english_stems(later)]  # the query side does not read it back
    assert GLOSSED + tokens(later)[0] in glossed_terms([stem("filter")], "filter")
    store = [mem("fan", "The new flat has a quiet filter", 1), *FILLER]
    assert first(f"新房的{later}什么牌子", store) == "fan"
    weights = RankingIndex(store)._query_weights(f"新房的{later}什么牌子")
    assert 0 < weights[GLOSSED + tokens(later)[0]] <= rank.GLOSSED_WEIGHT


def test_a_memory_s_glosses_neither_lengthen_it_nor_join_the_query_s_feedback() -> None:
    text = rank._read("The new flat has a quiet filter")
    assert any(term[0] == GLOSSED for term, _ in text.counts)
    assert text.length == len([term for term in rank.search_terms("The new flat has a quiet filter")
                               if not rank._marker(term)])
    index = RankingIndex([mem("fan", "The new flat has a quiet filter", 1), *FILLER])
    weights = index._query_weights("filter")
    assert all(term[0] != GLOSSED for term in index._feedback(index._score(weights), weights))


def test_without_the_gloss_weight_a_memory_holds_no_gloss_terms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rank, "GLOSSED_WEIGHT", 0.0)
    assert not any(term[0] == GLOSSED for term, _ in rank._read("The new flat has a quiet filter").counts)
