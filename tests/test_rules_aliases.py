"""Names the store defines become one ranking term with their relation (issue 17)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.rules.aliases import Statement, alias_statements, aliases, named_in, resolved, stated_aliases
from sidecar.rules.rank import RankingIndex
from tests.strategies import contents


def mem(id_: str, content: str, created_at: int) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


@pytest.mark.parametrize(("text", "name", "relation"), [
    ("用户的妻子叫林小雨，是一名中学老师", "林小雨", "妻子"),
    ("林小雨是用户的妻子", "林小雨", "妻子"),
    ("用户养了一只叫团子的猫", "团子", "猫"),
    ("用户老婆是 Anna", "Anna", "老婆"),
    ("My manager is Dana Scott", "Dana Scott", "manager"),
    ("The user's wife, Anna, loves tulips", "Anna", "wife"),
    ("Dana is the user's manager", "Dana", "manager"),
    # a store about several people names their relations too
    ("Melanie's husband Tom took the kids camping", "Tom", "husband"),
    ("Caroline’s mom, Linda, visited in June", "Linda", "mom"),
    ("林川的妻子叫苏晴", "苏晴", "妻子"),
    ("苏晴是林川的妻子", "苏晴", "妻子"),
])
def test_a_relation_and_its_name_are_read_in_either_order_and_language(text: str, name: str, relation: str) -> None:
    assert (name, relation) in stated_aliases(text)


@pytest.mark.parametrize("text", [
    "用户的妻子喜欢百合花",  # no name given
    "The user's manager likes long meetings",
    "用户的猫是橘色的",  # 是 + a description, not a name
    "Jon's boss Monday meeting ran late",  # a known word after the relation is no name
    "苏晴是一位妻子",
])
def test_a_relation_without_a_name_defines_nothing(text: str) -> None:
    assert aliases(stated_aliases(text)) == {}


def test_a_name_stands_for_its_relation_and_the_broader_ones() -> None:
    known = aliases([("林小雨", "妻子"), ("Dana Scott", "manager")])
    assert set(known["林小雨"]) >= {"@wife", "@spouse"}
    assert known["dana"] == known["dana scott"] and "@manager" in known["dana"]


def test_a_latin_name_is_found_only_as_a_whole_word() -> None:
    known = {"ann": ("@wife",)}
    assert named_in("dinner with ann tonight", known) == ["@wife"]
    assert named_in("an annual review", known) == []


STORE = [
    mem("who", "用户的妻子叫苏晴，在银行工作", 1),
    mem("flowers", "苏晴最喜欢的花是洋桔梗", 2),
    mem("cat", "用户养了一只叫团子的猫", 3),
    mem("food", "团子只吃鸡肉味的罐头", 4),
    mem("noise", "用户喜欢洋甘菊茶", 5),
    mem("boss", "My manager is Dana Scott", 6),
    mem("review", "Dana wants the quarterly report by Friday", 7),
    mem("gift", "用户打算给老婆买生日礼物", 8),
]


def first(query: str) -> str:
    index = RankingIndex(STORE)
    return index.items[index.order(query)[0]].id


def test_a_message_about_the_relation_finds_memories_that_use_the_name() -> None:
    index = RankingIndex(STORE)
    order = [index.items[p].id for p in index.order("老婆喜欢什么花？")]
    assert order.index("flowers") < order.index("who") < order.index("noise")
    assert first("my wife's favourite flower?") == "flowers"
    assert first("猫咪能吃什么罐头") == "food"
    assert first("what does my boss want by Friday?") == "review"


def test_a_message_using_the_name_finds_memories_about_the_relation() -> None:
    index = RankingIndex(STORE)
    order = [index.items[p].id for p in index.order("苏晴的生日礼物")]
    assert order.index("gift") < order.index("noise")


def test_without_the_defining_memory_the_name_is_just_a_name() -> None:
    index = RankingIndex([item for item in STORE if item.id != "who"])
    ranked = dict((index.items[p].id, score) for p, score in index.ranked("老婆喜欢什么花？"))
    assert ranked["flowers"] < ranked["gift"]


@given(st.lists(contents, max_size=20), contents)
def test_aliases_of_any_text_never_raise_and_name_known_relations(texts: list[str], query: str) -> None:
    known = aliases(statement for text in texts for statement in stated_aliases(text))
    for name, terms in known.items():
        assert name and any(term.startswith("@") for term in terms)
    assert set(named_in(query, known)) <= {term for terms in known.values() for term in terms}


@given(st.lists(st.one_of(contents, st.builds("用户的妻子叫{}".format, contents),
                          st.builds("My manager is {}".format, contents)), max_size=15), contents)
def test_a_store_defining_any_names_ranks_any_query_as_a_permutation(texts: list[str], query: str) -> None:
    stored = [mem(f"m{n}", text, n) for n, text in enumerate(texts)]
    ranked = RankingIndex(stored).ranked(query)
    assert sorted(p for p, _ in ranked) == list(range(len(stored)))
    assert all(score >= 0 for _, score in ranked)


def test_a_store_naming_thousands_keeps_only_the_newest_names() -> None:
    from sidecar.rules.aliases import MAX_NAMES

    statements = [(f"Name{n:04d}", "manager") for n in range(1000)]
    known = aliases(statements)
    assert len(known) <= MAX_NAMES and "name0999" in known and "name0000" not in known


def test_a_second_name_stands_for_the_same_relation() -> None:
    found = alias_statements("用户的儿子叫许嘉木，小名木木，2019年出生")
    assert {(statement.names[0], statement.relation) for statement in found} == {("许嘉木", "儿子"), ("木木", "儿子")}
    friend = alias_statements("用户最好的朋友是贺晨阳，大家叫他老贺")
    assert ("老贺", "朋友") in {(statement.names[0], statement.relation) for statement in friend}
    assert [(s.names[0], s.relation) for s in alias_statements("用户家养了一只柯基犬，叫土豆")] == [("土豆", "柯基")]


def test_a_name_written_right_after_its_relation_is_the_spelling_other_memories_use() -> None:
    stored = [mem("mother", "用户的母亲王秀兰退休前是中学化学老师", 1), mem("dance", "王秀兰每天晚上跳广场舞", 2),
              mem("noise", "用户晚上喜欢散步", 3), *(mem(f"f{n}", f"用户第{n}次去超市买菜", 4 + n) for n in range(10))]
    index = RankingIndex(stored)
    assert index.items[index.order("妈妈晚上一般干什么？")[0]].id == "dance"
    # Not a name: the words after the relation are what other memories say, but no name starts so.
    plain = RankingIndex([mem("a", "用户的妻子每天跑步", 1), mem("b", "用户每天跑步五公里", 2)])
    assert plain._aliases == {}


def test_a_named_memory_meets_the_relation_word_as_a_memory_saying_it_does() -> None:
    stored = [mem("who", "My wife is Anna", 1), mem("tea", "Anna drinks only green tea", 2),
              mem("said", "The user's wife was at a tea party once", 3),
              *(mem(f"f{n}", f"The user bought tea number {n}", 4 + n) for n in range(10))]
    index = RankingIndex(stored)
    scores = {index.items[p].id: s for p, s in index.ranked("what tea does my wife drink")}
    assert scores["tea"] > scores["said"] > 0


def test_a_name_given_to_any_role_says_that_role_s_words() -> None:
    stored = [mem("who", "用户组里的测试工程师叫杨帆，做事细致", 1), mem("leave", "杨帆下个月离职", 2),
              mem("noise", "用户周末去爬山", 3), *(mem(f"f{n}", f"用户第{n}次开周会", 4 + n) for n in range(10))]
    index = RankingIndex(stored)
    order = [index.items[p].id for p in index.order("测试那边的同事是不是要走了？")]
    assert order.index("leave") < order.index("noise")
    assert any(s.relation == "dentist" for s in alias_statements("The user's dentist is Dr Chen"))


@given(st.one_of(contents, st.text(st.characters(codec="utf-8"), max_size=200),
                 st.builds("用户的{}叫{}，小名{}".format, contents, contents, contents),
                 st.builds("{}'s husband {} said".format, contents, contents)))
def test_statements_of_any_text_never_raise_and_name_someone(text: str) -> None:
    statements = alias_statements(text)
    for statement in statements:
        assert statement.names and all(statement.names) and statement.relation
    for name, relation in resolved(statements, lambda folded: 3, 10):
        assert name and relation


@pytest.mark.parametrize(("text", "name", "role"), [
    ("刘阿姨是用户家的钟点工，做了三年多了", "刘阿姨", "钟点工"),
    ("王医生是用户的牙医。", "王医生", "牙医"),
    ("Priya Nair is the user's counterpart at the partner studio; she leads design", "Priya Nair", "counterpart"),
    ("Dr Chen is my dentist.", "Dr Chen", "dentist"),
])
def test_a_role_stated_after_its_name_names_someone_too(text: str, name: str, role: str) -> None:
    # Issue 17: "X is the user's <role>" as "the user's <role> is X", in either language.
    assert Statement((name, ), role, True) in alias_statements(text)


@pytest.mark.parametrize("text", [
    "Monday is the user's day off.",  # a known word, not a name
    "这是用户的电脑。",  # no name before 是
    "用户是公司的设计师",  # the user, not someone named
])
def test_a_role_after_a_word_that_names_no_one_is_no_alias(text: str) -> None:
    assert all(statement.relation not in ("day off", "电脑", "设计师") for statement in alias_statements(text))


def test_a_pet_named_with_quming_or_by_its_breed_and_quan_is_its_owner_s_pet() -> None:
    found = alias_statements("用户2025年9月从救助站领养了一只比格犬，取名可乐。")
    assert [(s.names[0], s.relation) for s in found] == [("可乐", "犬")]
    stored = [mem("dog", "用户领养了一只比格犬，取名可乐", 1), mem("sick", "可乐晕车很厉害，坐车就吐", 2),
              mem("car", "用户开车时喜欢听老歌", 3), mem("other", "用户周末去爬山", 4)]
    index = RankingIndex(stored)
    assert index.items[index.order("带狗狗坐车要注意什么")[0]].id == "sick"
