"""Fourth pass of issue 16: a thing the subject owns, a thing moved with 把, detail saying whom a fact is for,
a word written as a name, what a tool is used for, whom a change is for, a cue inside a noun, shared counts
alone, a date read as what changed, a shared project name alone — each beside
the restatements that must stay one fact (our own sentences)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules.match import restates
from tests.strategies import contents

_OWNED = ["neighbour", "cousin", "landlord", "dog", "coach"]
_PREDICATES = ["is a night owl", "prefers tea over coffee", "lives in Lyon", "hates loud music"]


@pytest.mark.parametrize(("a", "b"), [
    # another subject: a thing or person the subject owns, saying the same (issue 16, possessor chains)
    ("The user is a light sleeper", "The user's puppy is a light sleeper"),
    ("The user's manager prefers calls over chat", "The user's manager's deputy prefers calls over chat"),
    ("The user's landlord lives in Lyon", "The user's landlord's landlord lives in Lyon"),
    ("用户把雨伞借给了同事", "用户的同事把雨伞借给了用户"),  # the one named later owns nothing: roles swapped
    ("用户的女儿推了同学", "用户女儿的同学推了用户的女儿"),
    # what a 把 moves is another thing than the subject
    ("用户搬到了苏州", "用户把工厂搬到了苏州"),
    # detail saying whom the fact is for, and a word written as a name
    ("The user knits scarves", "The user knits scarves for her neighbour's baby"),
    ("The user likes frozen", "The user likes Frozen, the film"),
    ("用户织毛衣", "用户织毛衣，给邻居的孩子"),
    # what one tool is used for
    ("用户现在用Dropbox备份文档", "用户现在用Dropbox分享相册"),
    # whom a change is for is not what changed
    ("用户给客厅换了一盏新台灯", "用户客厅里有一台投影仪，可以看电影"),
    # a change word inside a replaced noun frames no change
    ("用户在Trailnote里加了夜间模式切换按钮", "用户在Trailnote里加了骑行里程统计"),
    # shared counts alone, each side naming something else
    ("用户家里有一台群晖NAS，四块硬盘组的RAID5。", "用户现在每周骑车四次，周末一次长途40公里，目标是2027年骑完环岛。"),
    # a date or a determiner never says what a stated change changed
    ("用户2025年3月把摩托车卖了，换了一辆电动车", "用户把郊区的车库租出去了，月租800，2025年5月起租"),
    # the project's name both begin with is all they share
    ("orbit-cli uses Cobra to parse flags", "orbit-cli 用 zap 做日志切换"),
])
def test_different_facts_that_share_most_words_stay_two(a: str, b: str) -> None:
    assert not restates(a, b) and not restates(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("The user runs Debian on their laptop", "The user's laptop runs Debian"),  # their own thing
    ("用户是B型血", "用户的血型是B型"),  # an attribute the other states as a value
    ("The app's minimum iOS version is 15", "The app's minimum iOS version was bumped to 16"),
    ("用户喜欢钓鱼", "用户喜欢钓鱼，尤其是夜钓"),  # detail that is not whom it is for
    ("用户住在厦门", "用户搬到了青岛"),
    ("用户的 Node 版本是 18", "用户的 Node 已经升级到 22"),
    ("port 8080 is where the api listens", "port 3000 is where the api listens"),
])
def test_restatements_beside_those_look_alikes_stay_one(a: str, b: str) -> None:
    assert restates(a, b) and restates(b, a)


@given(st.sampled_from(_OWNED), st.sampled_from(_PREDICATES))
def test_a_thing_the_user_owns_is_never_the_user(owned: str, predicate: str) -> None:
    assert not restates(f"The user {predicate}", f"The user's {owned} {predicate}")
    assert not restates(f"The user's {owned} {predicate}", f"The user {predicate}")


@given(st.sampled_from(_OWNED), st.sampled_from(_OWNED), st.sampled_from(_PREDICATES))
def test_a_possessor_chain_one_link_longer_is_another_subject(first: str, second: str, predicate: str) -> None:
    assert not restates(f"The user's {first} {predicate}", f"The user's {first}'s {second} {predicate}")


@given(contents, contents)
def test_the_new_checks_are_symmetric_and_never_raise_on_nasty_text(a: str, b: str) -> None:
    assert restates(a, b) == restates(b, a)
    assert restates(a + "的" + b, b) == restates(b, a + "的" + b)
    assert restates(a + "'s " + b, b + " 把" + a + "搬到了" + b) in (True, False)
