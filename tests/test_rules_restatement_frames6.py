"""Fifth pass of issue 16: an attribute lexicon (single-valued classes and the words stating a change of
them), values of one kind (shells, browsers, car brands …), one event re-told, negation read without dates
and "still" — each beside look-alikes that must stay two facts (our own sentences)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.events import told_event
from sidecar.rules.facts import frame
from sidecar.rules.kinds import kind_values, values_by_kind
from sidecar.rules.match import keys_of, restates
from sidecar.rules.wording import canonical
from tests.helpers import restates_both_ways, stores_under_hash_seeds
from tests.strategies import contents

ROOT = Path(__file__).resolve().parents[1]




UPDATES = [
    # the attribute lexicon: one class, a new value (issue 16.1, 16.3)
    ("用户在网易做测试工程师", "用户跳槽去了京东"),  # employer: 在…做 + a job noun / 跳槽
    ("用户是一名护士", "用户现在是一名医生"),  # job by its noun
    ("The user is a nurse", "The user is now a pharmacist"),
    ("用户在读高二", "用户已经升到高三了"),  # grade
    ("用户的儿子在读小学二年级", "用户的儿子升上了三年级"),
    ("用户的月薪是九千", "用户涨薪了，现在月薪一万一"),  # salary, numbers in words
    ("用户的房租是两千八", "用户的房租涨到了三千二"),  # rent
    ("用户的存款有八万", "用户的存款攒到了十二万"),  # savings
    ("The user commutes by bus", "The user now walks to work"),  # commute
    ("用户坐地铁上班", "用户骑车上班"),
    ("The user is single", "The user is married"),  # relationship
    ("The user is vegetarian", "The user is vegan now"),  # diet
    ("The user lives in Porto", "The user moved to Braga in the autumn"),  # a time tail after the value
    ("用户开一辆思域", "用户把车换成了一辆特斯拉"),  # vehicle, changed
    # values of one kind replaced by a stated change
    ("用户的 shell 是 zsh", "用户改用 fish 了"),
    ("用户用 Chrome 浏览器", "用户现在改用 Safari 了"),
    ("The user uses Jest for tests", "The user switched to Vitest"),
    ("The user banks with HSBC", "The user now banks with Monzo"),
    ("用户的笔记都在 Notion", "用户把笔记迁到了 Obsidian"),
    ("The user's project uses npm", "The user's project switched to pnpm"),
    # one event re-told with detail
    ("The user visited Rome in 2019", "The user spent two weeks in Rome in 2019"),
    ("用户上个月去了一趟西安", "用户上个月去西安玩了几天"),
    # negation read without dates, "still", a habit said as one
    ("用户不同意搬家", "用户同意搬家了"),
    ("The user stopped drinking alcohol in January", "The user drinks alcohol"),
    ("用户的儿子还不会骑自行车", "用户的儿子会骑自行车"),
    ("The user's son learnt to swim", "The user's son can't swim"),
    ("用户有午睡的习惯", "用户不再午睡了"),
    ("用户没有结婚", "用户今年五月结婚了"),
    ("用户不会开车", "用户上个月拿到驾照，会开车了"),  # one clause of the positive text
]

LOOK_ALIKES = [
    # another attribute of the thing a noun names
    ("The user's rent is 900 pounds a month", "The user's rent is due on the 1st"),
    ("用户的月薪是一万二", "用户的工资每月15号发"),
    ("用户的月薪是一万二", "用户的年终奖是三万"),
    ("用户的编辑器是 VS Code", "用户的编辑器主题是暗色"),
    ("用户的编辑器是 VS Code", "用户的编辑器字体是 Fira Code"),
    ("用户的存款有二十万", "用户的存款放在招商银行"),
    ("用户的房贷还剩十年", "用户的房贷利率是百分之四"),
    ("用户的房贷还剩十年", "用户的房贷每月还五千"),
    ("The user's mortgage has 10 years left", "The user's mortgage rate is 4 percent"),
    ("用户的房租是三千五", "用户的房租每月五号交"),
    ("用户的儿子上初二", "用户的儿子初二的班主任姓王"),
    ("用户在读大三", "用户大三的时候去了日本交换"),
    ("The user's shoe size is 42", "The user's shirt size is L"),
    ("用户穿42码的鞋", "用户穿L码的衣服"),
    # another subject, another plan, a narrower statement, how is not where from
    ("The user drives a Tesla", "The user's wife drives a BMW"),
    ("The user is vegetarian", "The user's daughter is vegan"),
    ("The user is vegetarian", "The user eats vegetarian on weekdays"),
    ("用户吃素", "用户的妈妈吃素"),
    ("The user commutes by train", "The user's commute takes 40 minutes"),
    ("The user commutes by train", "The user commutes from Reading"),
    ("用户坐地铁上班", "用户通勤要一个小时"),
    ("The user is married", "The user's brother is divorced"),
    ("用户是单身", "用户的妹妹结婚了"),
    ("用户在读大三", "用户的弟弟在读高一"),
    ("The user is a nurse", "The user wants to become a doctor"),
    ("用户是一名护士", "用户想当医生"),
    ("用户是一名护士", "用户的妈妈是一名医生"),
    ("用户在腾讯做产品经理", "用户在腾讯上班，工作很忙"),
    ("用户出差时住在酒店", "用户住在成都"),  # a stay on a trip is no residence
    # a car, a phone: one may have two unless a change is stated
    ("The user drives a Tesla", "The user drives a Honda"),
    ("用户开一辆特斯拉", "用户开着一辆二手的宝马"),
    # values of one kind: another use, another thing, another owner, another project
    ("The user uses Chrome for work", "The user switched to Firefox at home"),
    ("The user uses Vim for Python", "The user switched to VS Code for notebooks"),
    ("The user's wife uses an iPhone", "The user switched to a Pixel"),
    ("用户的项目用 pytest 测试", "用户的另一个项目改用了 unittest"),
    ("用户的后端用 MySQL", "用户的前端现在用 Vite 打包"),
    ("用户用 Spotify 听歌", "用户现在用 Apple Music 听播客"),
    ("The user drives a Toyota", "The user's son now drives a Honda"),
    ("The user's team uses Slack", "The user switched to Telegram for family chats"),
    ("用户用微信支付", "用户现在用支付宝还信用卡"),
    ("The user codes in Python", "The user codes in VS Code"),
    ("用户现在用飞书开会", "用户现在用钉钉打卡"),
    ("用户用的是移动宽带", "用户把手机套餐换成了电信"),
    # events: another place, another thing, another date, another person
    ("用户上个月去了成都", "用户上个月去了重庆"),
    ("The user joined a book club last month", "The user joined a chess club last month"),
    ("The user went to Lisbon last month", "The user went to Lisbon last year"),
    ("用户上周末去苏州玩了", "用户上周末在苏州丢了钱包"),
    ("The user bought a bike last week", "The user bought a helmet last week"),
    ("用户去年买了一台相机", "用户去年买了一台相机包"),
    ("The user went to Paris in May", "The user's sister went to Paris in May"),
    ("用户上周去看了牙医", "用户上周去看了一场电影"),
    # negation of another statement, another person
    ("用户的父母不同意用户养猫", "用户的父母同意用户养狗了"),
    ("The user stopped drinking coffee in January", "The user drinks tea"),
    ("用户的儿子还不会游泳", "用户的儿子会骑自行车"),
    ("The user's son learnt to swim", "The user's daughter can't swim"),
    ("用户有午睡的习惯", "用户不再喝咖啡了"),
    ("用户不会开车", "用户上个月拿到驾照，会游泳了"),
    ("用户没有结婚", "用户的妹妹今年五月结婚了"),
]


@pytest.mark.parametrize(("old", "new"), UPDATES)
def test_a_new_value_of_one_attribute_kind_or_event_updates_the_memory(old: str, new: str) -> None:
    assert restates_both_ways(old, new)


@pytest.mark.parametrize(("a", "b"), LOOK_ALIKES)
def test_the_look_alikes_beside_them_stay_two_facts(a: str, b: str) -> None:
    assert not restates_both_ways(a, b)


def test_updates_with_no_word_in_common_are_filed_under_one_key() -> None:
    """A merge only compares texts that share a key: an attribute class or a kind of value is one."""
    for old, new in [("用户的 shell 是 zsh", "用户改用 fish 了"), ("用户开一辆思域", "用户把车换成了一辆特斯拉"),
                     ("The user commutes by bus", "The user now walks to work")]:
        assert set(keys_of(old)) & set(keys_of(new)) - {k for k in keys_of(old) if not k.startswith("@")}


def test_a_noun_with_no_value_after_it_states_no_attribute() -> None:
    assert [a.concept for a in frame(canonical("用户的房贷还剩十年")).attributes] == ["mortgage"]
    assert not frame(canonical("用户的房贷利率是百分之四")).attributes
    assert not frame(canonical("Marcus's mortgage broker quoted a new rate")).attributes


def test_an_ambiguous_value_counts_only_beside_its_kind() -> None:
    assert "shell" in values_by_kind("用户的 shell 是 zsh", "用户改用 fish 了")
    assert "shell" not in values_by_kind("用户喜欢吃 fish", "用户用 zsh")
    assert {n.value for n in kind_values("用户用的是招商银行的信用卡")} == {"招商银行"}  # the longer value


def test_an_event_needs_its_dates() -> None:
    assert told_event("用户去年去了云南").anchors == frozenset({"去年"})
    assert not told_event("用户喜欢去云南").kinds


owners = st.sampled_from(["The user", "The user's wife", "The user's son", "Anna", "Ben", "The user's boss"])
tools = st.sampled_from([("uses Chrome", "switched to Firefox"), ("uses zsh as the shell", "switched to fish"),
                         ("uses Jest for tests", "switched to Vitest"),
                         ("drives a Toyota", "traded in the car for a BMW"),
                         ("banks with HSBC", "now banks with Monzo")])


@given(owners, owners, tools)
def test_a_replaced_value_never_crosses_owners(first: str, second: str, change: tuple[str, str]) -> None:
    if first != second:
        assert not restates(f"{first} {change[0]}", f"{second} {change[1]}")


places = st.sampled_from(["Rome", "Lisbon", "Kyoto", "Oslo"])
dates = st.sampled_from(["last month", "last summer", "in 2019", "in May"])


@given(places, places, dates, dates)
def test_an_event_never_joins_two_places_or_two_dates(p1: str, p2: str, d1: str, d2: str) -> None:
    if p1 != p2 or d1 != d2:
        assert not restates(f"The user visited {p1} {d1}", f"The user spent a week in {p2} {d2}")


@given(contents, contents)
def test_the_new_readings_never_raise_and_stay_symmetric(a: str, b: str) -> None:
    kind_values(a)
    told_event(a)
    assert values_by_kind(a, b).keys() == values_by_kind(b, a).keys()
    assert restates(a, b) == restates(b, a)


def test_a_merge_of_kinds_and_attributes_gives_one_store_whatever_the_hash_seed() -> None:
    memories = [f"{who} {verb}" for who in ("The user", "The user's wife", "Anna")
                for verb in ("uses zsh as the shell", "switched to fish", "lives in Porto", "moved to Braga",
                             "is vegetarian", "is vegan now", "drives a Toyota", "traded in the car for a BMW")]
    results = stores_under_hash_seeds(memories, ("1", "2", "3"))
    assert len(results) == 1
    stored = json.loads(results.pop())
    # each owner's shell, home, diet and car is one memory: an update, not a second fact
    assert len(stored) == 3 * 4
