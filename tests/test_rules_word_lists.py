"""The glossary and topic word lists are data files, checked here (issue 14): one concept per form, no dangling ids."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.concepts import asks_when, concept_terms, read_word_lists, states_time
from sidecar.rules.tokens import is_cjk, normalise
from tests.strategies import contents

LISTS = read_word_lists()


def test_every_surface_form_belongs_to_exactly_one_concept_or_topic() -> None:
    forms = Counter(normalise(form) for forms in LISTS.concepts.values() for form in forms)
    forms.update(normalise(form) for forms in LISTS.topic_forms.values() for form in forms)
    assert [form for form, count in forms.items() if count > 1] == []


def test_every_form_is_read_as_its_own_concept_even_where_another_stems_alike() -> None:
    # "production" stems like "product" and "doctorate" like "doctor": the form itself still decides.
    misread = [(form, concept) for concept, forms in LISTS.concepts.items() for form in forms
               if "@" + concept not in concept_terms(form)]
    assert misread == []
    assert "@production" in concept_terms("production") and "@product" in concept_terms("products")


def test_every_referenced_concept_and_topic_exists() -> None:
    assert [c for concepts in LISTS.topics.values() for c in concepts if c not in LISTS.concepts] == []
    assert set(LISTS.topic_forms) <= set(LISTS.topics)
    assert [c for c in LISTS.relations if c not in LISTS.concepts] == []
    assert [c for wider in LISTS.relations.values() for c in wider if c not in LISTS.concepts] == []


def test_a_concept_belongs_to_at_most_three_topics_and_every_topic_has_words() -> None:
    belongs = Counter(c for concepts in LISTS.topics.values() for c in set(concepts))
    assert max(belongs.values()) <= 3
    assert all(concepts or LISTS.topic_forms[topic] for topic, concepts in LISTS.topics.items())


def test_no_form_is_empty_or_carries_spaces_or_capitals() -> None:
    for forms in [*LISTS.concepts.values(), *LISTS.topic_forms.values()]:
        for form in forms:
            assert form and form == form.strip() and normalise(form) == form


SINGLE_CHARACTER_FORMS = sorted(form for forms in LISTS.concepts.values() for form in forms
                                if len(form) == 1 and is_cjk(form))


def test_single_character_forms_exist_so_the_next_tests_mean_something() -> None:
    assert "雨" in SINGLE_CHARACTER_FORMS and "猫" in SINGLE_CHARACTER_FORMS


def test_a_single_character_form_never_matches_inside_a_longer_word() -> None:
    assert "@rain" not in concept_terms("他在看雨果的书")
    assert "@fish" not in concept_terms("晚饭吃鱼香肉丝")
    assert "@cat" not in concept_terms("熊猫馆今天开门")


def test_a_single_character_form_still_matches_where_it_stands_alone() -> None:
    assert "@cat" in concept_terms("我家的猫很胖")
    assert "@cat" in concept_terms("用户养了两只猫")
    assert "@rain" in concept_terms("明天有雨吗")
    assert "@cat" in concept_terms("猫")


@pytest.mark.parametrize("form", SINGLE_CHARACTER_FORMS)
def test_each_single_character_form_is_silent_between_two_ordinary_characters(form: str) -> None:
    concept = next(c for c, forms in LISTS.concepts.items() if form in forms)
    # 果 and 馆 are in no form's neighbour list: the character is then part of some longer word.
    assert "@" + concept not in concept_terms("果" + form + "馆")


@given(contents)
def test_concept_terms_of_any_text_are_stable_under_nfkc_and_case(text: str) -> None:
    clean = text.encode("utf-8", "ignore").decode("utf-8")
    assert concept_terms(clean.casefold()) == concept_terms(clean)
    assert all(term[0] in "@%" for term in concept_terms(clean))


@given(st.text(st.characters(codec="utf-8"), max_size=200))
def test_concept_terms_of_drawn_text_name_known_concepts_and_topics(text: str) -> None:
    for term in concept_terms(text):
        assert term[1:] in (LISTS.concepts if term[0] == "@" else LISTS.topics)


@pytest.mark.parametrize(("text", "says"), [
    ("on 8 May 2023", True), ("last week she went hiking", True), ("去年搬到杭州", True), ("用户 3 月份去日本", True),
    ("She may go", False), ("she likes tea", False), ("用户喜欢喝茶", False),
])
def test_a_memory_says_when_by_a_date_a_month_or_a_relative_time(text: str, says: bool) -> None:
    assert states_time(text) is says


@pytest.mark.parametrize(("text", "asks"), [
    ("When did Maya move?", True), ("What year did she graduate?", True), ("上次体检是什么时候", True),
    ("哪天去的医院", True), ("What did Maya move?", False), ("用户喜欢什么", False),
])
def test_a_question_asks_when_in_either_language(text: str, asks: bool) -> None:
    assert asks_when(text) is asks


@given(st.text(max_size=200))
def test_time_questions_and_statements_never_raise(text: str) -> None:
    assert isinstance(asks_when(text), bool) and isinstance(states_time(text), bool)


def test_two_english_words_meet_a_form_the_lists_write_as_one() -> None:
    # Issue 17: "creditcard", "businesstrip" in the lists; people write them as two words.
    assert "@credit_card" in concept_terms("I lost my credit cards")
    assert "@business_trip" in concept_terms("a business trip to Munich")
    assert "@credit_card" not in concept_terms("credit. Card")


def test_a_hyphenated_compound_meets_a_form_the_lists_write_as_one_from_any_run_of_its_parts() -> None:
    # Issue 17: "inlaw" in the lists; people write "in-laws", and "in-law" inside a longer compound.
    assert "@inlaw" in concept_terms("my in-laws are visiting")
    assert "@inlaw" in concept_terms("her sister-in-law")
    assert "@inlaw" not in concept_terms("in laws") and "@inlaw" not in concept_terms("in - laws")
    assert "@inlaw" not in concept_terms("in-house laws")


@given(st.lists(st.sampled_from(["in", "law", "laws", "credit", "card", "-", " ", "用户", "x"]), max_size=12))
def test_hyphen_joins_never_raise_and_only_name_listed_concepts(parts: list[str]) -> None:
    lists = read_word_lists()
    for term in concept_terms("".join(parts)):
        assert term[1:] in lists.concepts or term[1:] in lists.topics


@pytest.mark.parametrize(("chinese", "english", "concept"), [
    ("刹车片该换了", "the brakes squeak", "@brake"), ("女儿数学考得不错", "she is good at maths", "@math"),
    ("帐篷和睡袋都带上", "a warm sleeping bag", "@sleeping_bag"), ("水龙头一直滴水", "the faucet drips", "@faucet"),
    ("广角镜头", "a wide angle lens", "@wide_angle"), ("查一下征信", "my credit score", "@credit_report"),
])
def test_everyday_words_of_the_fourth_section_meet_across_languages(chinese: str, english: str, concept: str) -> None:
    # Issue 17: general vocabulary by domain (car, school, outdoor, home repair, camera, money).
    assert concept in concept_terms(chinese) and concept in concept_terms(english)


def test_a_longer_form_is_never_read_as_the_shorter_one_inside_it() -> None:
    # 保险杠 (a bumper) holds 保险 (insurance), 头灯 (a headlamp) holds 灯 (a lamp): the whole word decides.
    assert "@bumper" in concept_terms("后保险杠刮了") and "@insurance" not in concept_terms("后保险杠刮了")
    assert "@headlamp" in concept_terms("夜爬要带头灯") and "@lamp" not in concept_terms("夜爬要带头灯")
