"""Match keys and the restatement test: every example of SPEC S9.1/S9.2, and properties over nasty text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.match import match_key, restates
from sidecar.rules.tokens import stem, tokens
from tests.strategies import contents

nasty = st.text(st.characters(blacklist_categories=()), max_size=120)


def test_keys_ignore_case_width_whitespace_and_punctuation() -> None:
    assert match_key("用户偏好 zsh。") == match_key("用户偏好ZSH") == match_key("用户偏好 ｚｓｈ")
    assert match_key("User prefers dark mode!") == match_key("user  prefers dark-mode")
    assert match_key("用户偏好 zsh") != match_key("用户偏好 bash")


@pytest.mark.parametrize(("a", "b"), [
    ("用户偏好 zsh", "用户喜欢用 zsh"),
    ("项目使用 pnpm", "项目用 pnpm 管理依赖"),
    ("User prefers dark mode", "The user likes dark mode"),
    ("用户的 Node 版本是 18", "用户的 Node 版本是 20"),
])
def test_the_spec_restatements_are_restatements(a: str, b: str) -> None:
    assert restates(a, b) and restates(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("用户的工作电脑是 Mac", "用户的家用电脑是 Windows"),
    ("项目 A 使用 pnpm", "项目 B 使用 yarn"),
    ("用户喜欢猫", "用户喜欢咖啡"),
])
def test_the_spec_look_alikes_are_not(a: str, b: str) -> None:
    assert not restates(a, b) and not restates(b, a)


def test_the_words_every_memory_shares_make_no_match() -> None:
    assert tokens("用户偏好使用") == ()
    assert tokens("The user prefers to use") == ()
    assert not restates("用户偏好使用 vim", "用户偏好使用 emacs")
    assert not restates("The user prefers tabs", "The user prefers coffee")


def test_a_changed_version_or_number_is_a_new_value_of_the_same_fact() -> None:
    assert restates("用户使用 Python 3.11", "用户使用 Python 3.12")
    assert restates("The user's editor is VS Code", "The user's editor is Neovim")
    assert not restates("用户用 VS Code 写 Python", "用户用 VS Code 写 Go")


def test_an_added_name_is_a_different_fact_not_a_detail() -> None:
    assert not restates("用户使用 VS Code", "用户使用 VS Code 的 Vim 插件")


def test_equal_keys_are_the_same_memory_not_a_restatement() -> None:
    assert not restates("用户偏好 zsh。", "用户偏好ZSH")


def test_light_stemming_meets_plural_and_verb_forms() -> None:
    assert stem("prefers") == stem("prefer") and stem("containers") == stem("container")
    assert stem("running") == "run" and stem("tests") == "test" and stem("uses") == stem("use")


@given(nasty, nasty)
def test_restates_is_symmetric_and_never_raises(a: str, b: str) -> None:
    assert restates(a, b) == restates(b, a)


@given(nasty)
def test_a_text_never_restates_itself_and_its_key_is_stable(text: str) -> None:
    assert not restates(text, text)
    assert match_key(match_key(text)) == match_key(text)


@given(contents)
def test_tokens_carry_no_whitespace_or_generic_words(text: str) -> None:
    for token in tokens(text):
        assert token and not any(c.isspace() for c in token)
        assert token not in {"用户", "偏好", "使用", "the", "user"}


@pytest.mark.parametrize(("a", "b"), [
    ("用户每天喝 2 杯咖啡", "用户每天喝 3 杯茶"),
    ("The api service listens on port 8080", "The web service listens on port 3000"),
    ("用户每天睡 7 小时", "用户每天工作 9 小时"),
    ("用户每天跑步 5 公里", "用户每天游泳 2 公里"),
    ("Project alpha uses port 3000", "Project beta uses port 4000"),
    ("repo foo uses Node 18", "repo bar uses Node 20"),
])
def test_a_changed_number_beside_a_changed_word_is_a_different_fact(a: str, b: str) -> None:
    assert not restates(a, b) and not restates(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("用户每天喝 2 杯咖啡", "用户每天喝 3 杯咖啡"),
    ("The api service listens on port 8080", "The api service listens on port 9090"),
])
def test_a_changed_number_alone_is_a_new_value(a: str, b: str) -> None:
    assert restates(a, b)
