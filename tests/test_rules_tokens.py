"""The one tokeniser (S9.2, issue 17): Snowball stems by script, shared by ranking and restatement."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.rules import match, rank
from sidecar.rules.stemming import derivational_root, language_of
from sidecar.rules.tokens import holds_cjk, is_cjk, names, stem, token_set, tokens
from tests.strategies import contents

nasty = st.text(st.characters(codec="utf-8"), max_size=300) | contents


@pytest.mark.parametrize(("a", "b"), [
    ("volunteering", "volunteered"),
    ("photography", "photographs"),
    ("negotiation", "negotiated"),
    ("frustration", "frustrated"),
    ("biology", "biologist"),
    ("subscriptions", "subscription"),
    ("Melanie ran a race", "Melanie runs a race"),
    ("bought a kayak", "buying a kayak"),
    ("taught", "teaches"),
    ("children", "child"),
    ("wives", "wife"),
])
def test_inflected_and_derived_forms_of_one_word_meet(a: str, b: str) -> None:
    assert tokens(a) == tokens(b) != ()


def test_ranking_and_restatement_read_the_same_word_forms() -> None:
    # Both rules take their words from this one tokeniser, so a form that meets in one meets in the other.
    assert match.restates("User volunteered at the animal shelter every Sunday",
                          "User is volunteering at the animal shelter every Sunday")
    assert match.restates("User loves photography of birds", "User loves photographs of birds")
    items = [MemoryItem(id=str(n), content=text, created_at=n, source_scope="global")
             for n, text in enumerate(["User volunteered at the animal shelter", "User likes tea"])]
    ranked = rank.RankingIndex(items)
    assert ranked.order("volunteering at a shelter")[0] == 0
    assert token_set("User volunteered at the shelter") == token_set("user volunteering at the shelters")


def test_irregular_forms_that_are_also_nouns_stay_themselves() -> None:
    assert tokens("rose") != tokens("rise")
    assert tokens("saw") != tokens("see")
    assert tokens("LED lamp") != tokens("lead lamp")


def test_each_script_gets_its_own_snowball_language() -> None:
    assert language_of("running") == "english"
    assert language_of("книги") == "russian"
    assert language_of("häuser") == "german"
    assert language_of("niño") == "spanish"
    assert language_of("3.11") is None and language_of("ꙮꙮ") is None
    assert tokens("книги") == tokens("книга")
    assert stem("running") == "run"


def test_generic_words_never_become_tokens_after_stemming() -> None:
    assert tokens("The user prefers to use") == ()
    assert tokens("用户偏好使用") == ()


def test_names_are_stemmed_like_tokens() -> None:
    assert names("Leo went Climbing") == {"leo", "climb"}
    assert names("用户用 Neovim") == {"neovim"}


@given(nasty)
def test_tokens_are_stable_under_nfkc_and_case(text: str) -> None:
    clean = text.encode("utf-8", "ignore").decode("utf-8")
    assert tokens(unicodedata.normalize("NFKC", clean)) == tokens(clean)
    assert tokens(clean.casefold()) == tokens(clean)
    ascii_only = clean.encode("ascii", "ignore").decode("ascii")
    assert tokens(ascii_only.swapcase()) == tokens(ascii_only)


@pytest.mark.parametrize(("a", "b"), [("painter", "painting"), ("runner", "running"), ("artist", "art"),
                                      ("friendship", "friend"), ("childhood", "children"), ("musician", "music")])
def test_words_of_one_family_share_a_derivational_root(a: str, b: str) -> None:
    assert derivational_root(stem(a)) == derivational_root(tokens(b)[0])


@given(st.text(max_size=30))
def test_a_derivational_root_is_never_empty_and_only_shortens_the_stem(word: str) -> None:
    folded = stem(word.casefold()) if word else word
    root = derivational_root(folded)
    assert folded.startswith(root) and (root or not folded)


def test_a_lone_letter_is_a_value_unless_an_english_word_or_an_apostrophe_follows_it() -> None:
    # issue 17: "A 型" and "AB 型" must not look like one being part of the other
    assert tokens("用户是 A 型血") == ("a", "型血") and tokens("用户是 AB 型血") == ("ab", "型血")
    assert tokens("A型血") == ("a", "型血") and tokens("I 型糖尿病")[0] == "i"
    assert tokens("plan B, then plan A.") == ("plan", "b", "plan", "a")
    assert tokens("a book") == ("book",) and tokens("I think so") == ("think",) and "i" not in tokens("I'm late")
    assert tokens("the user's car") == ("car",) and tokens("it is the user’s.") == ()
    assert names("用户是 A 型血") == {"a"}


def test_a_number_grouped_in_thousands_is_one_number() -> None:
    assert tokens("$1,450") == tokens("1,450") == tokens("1450") == ("1450",)
    assert tokens("312,000 yuan") == tokens("312000 yuan") and tokens("1,234.5") == ("1234.5",)
    assert tokens("1,2,3") == ("1", "2", "3") and tokens("12,34") == ("12", "34")
    assert tokens("共３，５００元") == tokens("共3500元")  # full-width digits and comma under NFKC
    assert names("paid $1,450") == {"1450"}


# Issue 17: which script the ranking by meaning takes a text to be in.

@pytest.mark.parametrize(("text", "cjk"), [
    ("用户每天早上跑步", True),
    ("The user hikes with 孟凡 on weekends", True),
    ("ユーザーは毎朝走る", True),
    ("사용자는 매일 달린다", True),
    ("The user runs every morning", False),
    ("Пользователь бегает", False),
    ("１２３ ＡＢＣ — 😀", False),
    ("", False),
])
def test_a_text_holds_cjk_when_any_chinese_japanese_or_korean_character_is_in_it(text: str, cjk: bool) -> None:
    assert holds_cjk(text) is cjk


@given(nasty, nasty)
def test_holding_cjk_is_holding_a_cjk_character_and_follows_concatenation(a: str, b: str) -> None:
    assert holds_cjk(a) == any(is_cjk(char) for char in a)
    assert holds_cjk(a + b) == (holds_cjk(a) or holds_cjk(b))
