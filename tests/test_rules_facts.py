"""Restatement by fact frame (issue 16, SPEC S9.2): whose fact, which attribute, numbers, changes, negation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.facts import chinese_name, frame
from sidecar.rules.match import may_replace, restates
from sidecar.rules.wording import canonical, chinese_value
from tests.strategies import contents


def both_ways(a: str, b: str) -> bool:
    forward, backward = restates(a, b), restates(b, a)
    assert forward == backward, "restates is symmetric"
    return forward


# The issue's missed updates: each must now replace the older memory.
@pytest.mark.parametrize(("old", "new"), [
    ("用户在联想工作", "用户跳槽去了蔚来"),
    ("用户住在厦门", "用户上个月搬到了青岛"),
    ("The user lives in Leeds", "The user moved to Bristol"),
    ("用户的女儿七岁", "用户的女儿八岁了"),
    ("用户有两把吉他", "用户有三把吉他"),
    ("项目用 Mocha 测试", "项目的测试框架换成了 Vitest"),
    ("用户喝可乐", "用户不喝可乐了"),
    ("The user eats gluten", "The user stopped eating gluten"),
    ("用户喜欢钓鱼", "用户喜欢钓鱼，尤其是海钓"),
    ("猫三岁", "猫四岁"),
    ("用户的猫三岁", "用户的猫四岁了"),
    ("The user's parrot is eleven years old", "The user's parrot is twelve years old"),
    ("The user works at Google", "The user now works at Stripe"),
    ("The user drinks coffee", "The user no longer drinks coffee"),
    ("The user is in 2nd grade", "The user is in third grade"),
])
def test_the_issues_updates_replace_the_older_memory(old: str, new: str) -> None:
    assert both_ways(old, new)


# The issue's wrong merges, and the look-alikes beside each positive above.
@pytest.mark.parametrize(("a", "b"), [
    ("The user's anniversary is May 2", "The user's sister's anniversary is May 2"),
    ("The user's parrot is called Kiwi", "The user's parrot is eleven years old"),
    ("The user joined a choir", "The user joined a chess club"),
    ("The user switched to oat milk", "The user switched to a split keyboard"),
    ("用户把相机借给了同事", "同事把相机借给了用户"),
    ("The user lent the camera to a colleague", "A colleague lent the camera to the user"),
    ("Anna adopted a kitten last spring", "Anna has been learning the cello for 2 years"),
    ("Ben thanks Carla for her help", "Carla thanks Ben for his help"),
    ("用户在联想工作", "用户的妻子跳槽去了蔚来"),
    ("用户住在厦门", "用户的父母搬到了厦门"),
    ("The user lives in Leeds", "The user's office moved to Bristol"),
    ("用户的女儿七岁", "用户的儿子八岁了"),
    ("用户的猫三岁", "用户的狗四岁了"),
    ("用户养了三只猫", "用户的猫三岁了"),
    ("用户工作了十年", "用户结婚十年了"),
    ("项目用 Mocha 测试", "项目的打包工具换成了 Vite"),
    ("用户的头像是一只柴犬", "用户把壁纸换成了一只柴犬"),
    ("用户喝可乐", "用户不喝咖啡"),
    ("The user drinks alcohol", "The user no longer drinks soda"),
    ("用户喜欢猫", "用户喜欢猫头鹰"),
    ("用户使用 VS Code", "用户使用 VS Code 的 Vim 插件"),
    ("The user adopted a cat", "The user adopted a dog"),
    ("用户对花生过敏", "用户对青霉素过敏"),
    ("张伟的生日是十月三日", "张丽的生日是十月三日"),
    ("张伟是刘洋的上司", "刘洋是张伟的上司"),
    ("The user's brother owes the user 300 dollars", "The user owes the user's brother 300 dollars"),
    ("用户住在十二楼", "用户住在朝阳区"),
    ("The user's office is on the 4th floor", "The user's apartment is on the 4th floor"),
    ("用户的身高是一米七五", "用户的体重是七十五公斤"),
])
def test_other_people_roles_attributes_or_values_are_different_facts(a: str, b: str) -> None:
    assert not both_ways(a, b)


def test_the_spec_examples_still_hold() -> None:
    assert both_ways("用户偏好 zsh", "用户喜欢用 zsh")
    assert both_ways("用户的 Node 版本是 18", "用户的 Node 版本是 20")
    assert not both_ways("用户的工作电脑是 Mac", "用户的家用电脑是 Windows")
    assert not both_ways("项目 A 使用 pnpm", "项目 B 使用 yarn")


def test_numbers_in_words_are_read_as_numbers() -> None:
    assert [chinese_value(n) for n in ("七", "十二", "二十", "两千零五", "三百五十", "二〇二四", "半", "三四")] == [
        7, 12, 20, 2005, 350, 2024, 0.5, None]
    assert canonical("用户的女儿七岁") == canonical("用户的女儿 7 岁")
    assert "11 years" in canonical("eleven years old") and "25" in canonical("twenty-five people")
    assert canonical("The 4th floor") == canonical("The fourth floor")
    assert both_ways("The user runs 5 km every morning", "The user runs five kilometres every morning")


def test_numerals_inside_words_stay_words() -> None:
    for word in ("百度", "三明治", "四川", "一直", "十分喜欢", "一只猫"):
        assert canonical(word) == word


def test_the_frame_names_the_subject_and_the_attribute() -> None:
    found = frame("用户家鹦鹉的名字是小蓝")
    assert found.attributes[0].concept == "name" and found.attributes[0].subject == frozenset("鹦鹉")
    assert frame("The user's sister's anniversary is May 2").people == {"sister"}
    assert frame("用户的妈妈很照顾用户的妻子").mentions == ("mother", "wife")
    assert chinese_name("刘洋喜欢打羽毛球") == "刘洋" and chinese_name("小王送了李雷一本书") == "小王"
    assert chinese_name("小时候住在海边") is None


def test_the_model_may_replace_only_a_memory_about_the_same_subject_and_attribute() -> None:
    assert may_replace("用户住在厦门", "用户在青岛安家了")
    assert not may_replace("用户住在厦门", "用户的父母住在青岛")
    assert not may_replace("The user's parrot is called Kiwi", "The user's parrot is eleven years old")
    assert not may_replace("用户的工作电脑是 Mac", "用户的家用电脑是 Windows")


people = st.sampled_from(["妻子", "儿子", "女儿", "老板", "同事", "妈妈", "邻居"])
english_people = st.sampled_from(["wife", "son", "daughter", "boss", "colleague", "mother", "neighbour"])
names = st.sampled_from(["Anna", "Ben", "Carla", "Ravi", "Tom", "Lily"])


@given(people, people, contents)
def test_a_restatement_never_crosses_possessors(first: str, second: str, fact: str) -> None:
    if first != second:
        assert not restates(f"用户的{first}{fact}", f"用户的{second}{fact}")
        assert not restates(f"用户{fact}", f"用户的{second}{fact}")


@given(english_people, english_people, contents)
def test_a_restatement_never_crosses_english_possessors(first: str, second: str, fact: str) -> None:
    if first != second:
        assert not restates(f"The user's {first} {fact}", f"The user's {second} {fact}")


@given(names, names, st.sampled_from(["adopted a kitten", "lives in Leeds", "is 7 years old", "likes jazz"]))
def test_a_restatement_never_crosses_named_people(first: str, second: str, fact: str) -> None:
    if first != second:
        assert not restates(f"{first} {fact}", f"{second} {fact}")
        assert not restates(f"{first}'s sister {fact}", f"{second}'s sister {fact}")


@given(st.text(max_size=80), st.text(max_size=80))
def test_frames_and_numbers_never_raise(a: str, b: str) -> None:
    frame(a)
    canonical(a)
    may_replace(a, b)
