"""BM25 ranking over the shared tokens (SPEC S10.1): unit examples and properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.rules import rank
from sidecar.rules.concepts import WHEN_TERM
from sidecar.rules.constraints import states_constraint
from sidecar.rules.evict import shape_for_save
from sidecar.rules.rank import MAX_QUERY_CHARS, RankingIndex, _bounded
from sidecar.rules.tokens import tokens
from tests.strategies import contents, memory_lists


def mem(id_: str, content: str, created_at: int) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


STORE = [
    mem("shell", "用户偏好 zsh + oh-my-zsh", 1),
    mem("server", "用户的个人服务器是 Hetzner 上的 Ubuntu 22.04", 2),
    mem("pm", "项目 mini-cc 使用 pnpm 管理依赖", 3),
    mem("theme", "User prefers dark mode in every editor", 4),
    mem("cat", "用户养了一只叫团子的猫", 5),
]


def order(query: str) -> list[str]:
    index = RankingIndex(STORE)
    return [index.items[p].id for p, _ in index.ranked(query)]


def test_the_memory_a_question_needs_comes_first() -> None:
    assert order("帮我写个部署脚本，发到我那台 Hetzner 服务器上")[0] == "server"
    assert order("mini-cc 装依赖报错了")[0] == "pm"
    assert order("which color theme should the editor use?")[0] == "theme"


def test_without_any_match_the_newest_come_first() -> None:
    assert order("完全无关的问题") == ["cat", "theme", "pm", "server", "shell"]


def test_equal_scores_put_the_newer_first() -> None:
    index = RankingIndex([mem("old", "用户偏好 zsh", 1), mem("new", "用户偏好 zsh", 2)])
    assert [index.items[p].id for p, _ in index.ranked("zsh")] == ["new", "old"]


@given(memory_lists(max_size=30), contents)
def test_scores_are_non_negative_and_the_order_deterministic(items: list[MemoryItem], query: str) -> None:
    stored = shape_for_save(items, 1000)
    first = RankingIndex(stored).ranked(query)
    assert all(score >= 0 for _, score in first)
    assert RankingIndex(stored).ranked(query) == first
    assert sorted(p for p, _ in first) == list(range(len(stored)))


@given(memory_lists(max_size=30), st.lists(st.sampled_from(["zsh", "pnpm", "服务器", "Ubuntu", "猫", "dark"]),
                                           min_size=1, max_size=4))
def test_a_memory_holding_every_query_token_ranks_above_one_holding_none(
        items: list[MemoryItem], words: list[str]) -> None:
    query = " ".join(words)
    every = mem("every", "用户记得 " + query, 0)
    none = mem("none", "完全不同的内容 qqq", 10**6)
    stored = shape_for_save([*items, every, none], 1000)
    index = RankingIndex(stored)
    positions = [index.items[p].id for p, _ in index.ranked(query)]
    if set(tokens(query)) - set(tokens(none.content)):
        assert positions.index("every") < positions.index("none")


@given(st.text(st.characters(blacklist_categories=()), max_size=200))
def test_any_query_text_is_ranked_without_error(query: str) -> None:
    assert len(RankingIndex(STORE).ranked(query)) == len(STORE)


@given(st.lists(memory_lists(max_size=15), min_size=1, max_size=4), contents)
def test_an_index_built_from_the_previous_one_ranks_as_a_fresh_one_and_leaves_it_whole(
        snapshots: list[list[MemoryItem]], query: str) -> None:
    previous: RankingIndex | None = None
    for items in snapshots:
        stored = shape_for_save(items, 1000)
        before = previous.ranked(query) if previous is not None else None
        index = RankingIndex(stored, previous)
        assert index.ranked(query) == RankingIndex(stored).ranked(query)
        if previous is not None:
            assert previous.ranked(query) == before, "the older index is never changed (issue 14)"
        previous = index


def test_a_huge_query_ranks_by_its_start_and_end() -> None:
    index = RankingIndex(STORE)
    middle = "无关的内容 " * 200_000
    huge = "Hetzner 服务器" + middle + "mini-cc 依赖"
    assert len(_bounded(huge)) <= MAX_QUERY_CHARS + 1
    assert index.order(huge) == index.order(_bounded(huge))
    assert set(index.order(huge)[:2]) == {1, 2}, "both ends of the query still count"


def test_a_name_in_nearly_every_memory_weighs_nearly_nothing() -> None:
    # Issue 17: boosts follow the store. Both names are in every memory but one; the answer shares one
    # rare word with the question, the others share the names and one common word.
    stored = [mem(f"m{n}", f"Alice and Bob talked about the weekend plan number {n}", n) for n in range(40)]
    stored.append(mem("answer", "Bob volunteered at the animal shelter", 40))
    stored += [mem(f"w{n}", f"Alice and Bob walked along the river, weekend {n}", 41 + n) for n in range(10)]
    index = RankingIndex(stored)
    assert index.items[index.order("Did Alice and Bob volunteer on a weekend?")[0]].id == "answer"
    scores = dict(index.ranked("Alice"))
    rare = dict(index.ranked("shelter"))
    assert max(scores.values()) < 0.1 * max(rare.values())


def test_a_rare_capitalised_name_counts_more_than_a_rare_ordinary_word() -> None:
    stored = [mem("name", "User met Kestrel at the conference", 1), mem("word", "User met a kestrel bird", 2),
              *(mem(f"f{n}", f"filler memory {n} about tea", 3 + n) for n in range(20))]
    index = RankingIndex(stored)
    named = dict((index.items[p].id, s) for p, s in index.ranked("Where did I meet Kestrel?"))
    plain = dict((index.items[p].id, s) for p, s in index.ranked("where did i meet kestrel?"))
    assert named["name"] > plain["name"] > 0


def test_a_word_of_the_same_family_finds_the_memory_more_weakly_than_the_word_itself() -> None:
    # Issue 17: "painter" and "painting" share no Snowball stem, but one root.
    stored = [mem("paint", "Nadia spent the weekend painting a lake at sunset", 1),
              mem("painter", "Nadia's cousin is a painter in Lisbon", 2),
              *(mem(f"f{n}", f"Nadia talked about her week {n}", 3 + n) for n in range(20))]
    index = RankingIndex(stored)
    scores = {index.items[p].id: s for p, s in index.ranked("Who is the painter?")}
    assert scores["painter"] > scores["paint"] > 0
    scores = {index.items[p].id: s for p, s in index.ranked("When did Nadia go painting?")}
    assert scores["paint"] > scores["painter"] > max(scores[f"f{n}"] for n in range(20))


def test_the_words_a_question_is_built_of_find_nothing_by_themselves() -> None:
    # "kind" frames the question; the memory that uses it as a word answers nothing about camping.
    stored = [mem("kind", "Tomas says his neighbour is very kind", 1), mem("camp", "Tomas went camping by a lake", 2)]
    index = RankingIndex(stored)
    assert index.items[index.order("What kind of trip did Tomas take?")[0]].id == "camp"
    assert dict(index.ranked("what kind"))[0] == 0


def test_a_question_asking_when_prefers_the_memory_that_says_when() -> None:
    # Both memories share the question's words; only one says when it happened.
    stored = [mem("when", "Nadia adopted a puppy from the shelter on 3 June 2023", 1),
              mem("what", "Nadia adopted a puppy from the shelter and named it Biscuit", 2),
              *(mem(f"f{n}", f"Nadia cooked dinner for friends, evening {n}", 3 + n) for n in range(20))]
    index = RankingIndex(stored)
    assert index.items[index.order("When did Nadia adopt the puppy?")[0]].id == "when"
    # A question not asking when gives the memory saying when nothing for it (which of two equal matches
    # comes first is then the feedback's to say, issue 17).
    assert WHEN_TERM not in index._query_weights("What did Nadia adopt from the shelter?")
    assert {index.items[p].id for p in index.order("What did Nadia adopt from the shelter?")[:2]} == {"when", "what"}
    assert index.items[index.order("娜迪亚什么时候领养的小狗？")[0]].id == "when"


def test_a_compound_meets_its_parts_when_the_store_says_both() -> None:
    stored = [mem("compound", "Ben bought a used surfboard for 90 euros", 1), mem("surf", "Ben took surf lessons", 2),
              mem("other", "Ben painted the old shed", 3), mem("board", "Ben joined the board of a charity", 4)]
    scores = {RankingIndex(stored).items[p].id: s for p, s in RankingIndex(stored).ranked("How much was his board?")}
    assert scores["compound"] > 0 == scores["other"]
    alone = [mem("compound", "Ben bought a used surfboard", 1), mem("other", "Ben painted the shed", 2)]
    assert dict(RankingIndex(alone).ranked("his board"))[0] == 0, "no split the store's words do not make"


def test_a_request_for_advice_prefers_the_memory_stating_a_lasting_constraint() -> None:
    # Issue 17: the allergy shares no word with the request, yet advice on a dinner must respect it.
    stored = [mem("allergy", "Omar is allergic to shellfish", 1),
              mem("likes", "Omar likes a quiet table by the window", 2),
              *(mem(f"f{n}", f"Omar read a novel about sailing, chapter {n}", 3 + n) for n in range(20))]
    index = RankingIndex(stored)
    scores = {index.items[p].id: s for p, s in index.ranked("Can you recommend a dinner place for Omar?")}
    assert scores["allergy"] > scores["f0"]
    facts = {index.items[p].id: s for p, s in index.ranked("Which novel did he read?")}
    assert facts["allergy"] == facts["likes"] == 0, "a question of fact is no request for advice"


def test_stating_a_constraint_neither_lengthens_a_memory_nor_expands_a_query() -> None:
    index = RankingIndex([mem("a", "Omar is allergic to shellfish", 1)])
    text = index._texts["Omar is allergic to shellfish"]
    assert ("%constraint", 1) in text.counts
    # Neither do the classes its nouns belong to ("^…") nor its words' Chinese glosses ("=…", issue 17).
    assert text.length == sum(count for term, count in text.counts if term != "%constraint" and term[0] not in "^=")
    assert "%constraint" not in index._query_weights("Omar is allergic to shellfish")


@given(memory_lists(max_size=20), contents)
def test_a_request_only_ever_adds_to_the_direct_scores_of_constraint_memories(
        items: list[MemoryItem], query: str) -> None:
    stored = shape_for_save(items, 1000)
    with_it = RankingIndex(stored)._scores(query)[0]
    saved, rank.CONSTRAINT_WEIGHT = rank.CONSTRAINT_WEIGHT, 0.0
    try:
        without = RankingIndex(stored)._scores(query)[0]
    finally:
        rank.CONSTRAINT_WEIGHT = saved
    for position, item in enumerate(stored):
        if states_constraint(item.content):
            assert with_it[position] >= without[position]
        else:
            assert with_it[position] == without[position]


FAMILY = [
    mem("care", "Felix brought Gustav the dog to the care home and his father laughed", 1),
    mem("visit", "Felix visits the care home in Lachine every Sunday", 2),
    mem("move", "Felix's father moved into a care home in Lachine", 3),
    mem("age", "Gustav is twelve years old and sleeps all day", 4),
    *[mem(f"filler{n}", text, 10 + n) for n, text in enumerate([
        "Nadia plays the cello at home", "Nadia bakes bread at home on Saturdays", "Oscar runs home along the river",
        "Oscar teaches science at a school near home", "Maya watches birds from home", "Maya drives home in a van",
        "Rafael develops film at home", "Rafael takes salsa classes near home", "Hana builds models at home",
        "Hana's father reads at home", "Oscar's father gardens at home", "Maya's father cooks at home"])],
]


def test_graded_feedback_leads_with_the_best_match_s_rare_words_and_damps_what_runners_up_share() -> None:
    # Issue 17: a question's second step ("how old is it?") is about a name only the best match holds.
    index = RankingIndex(FAMILY)
    query = "what made Felix's father laugh at the care home?"
    weights = index._query_weights(query)
    expanded = index._feedback(index._score(weights), weights)
    # The best match's rarest words lead; a word only the runners-up share ("Lachine") weighs less.
    assert expanded[tokens("brought")[0]] == max(expanded.values()) == 1.0
    assert 0 < expanded[tokens("Lachine")[0]] < expanded[tokens("Gustav")[0]] < 1.0
    assert all(0 < weight <= 1.0 for weight in expanded.values())
    scores = {index.items[p].id: score for p, score in index.ranked(query)}
    assert scores["age"] > 0 == index._score(weights)[3]  # found through the name alone


@given(memory_lists(max_size=20), contents)
def test_graded_feedback_weights_stay_between_zero_and_one(items: list[MemoryItem], query: str) -> None:
    index = RankingIndex(items)
    weights = index._query_weights(query)
    expanded = index._feedback(index._score(weights), weights) if weights else {}
    assert len(expanded) <= rank.FEEDBACK_TERMS and all(0 < weight <= 1.0 for weight in expanded.values())


@given(memory_lists(max_size=30), contents)
def test_the_scored_order_is_the_documented_sort_and_order_s_own(items: list[MemoryItem], query: str) -> None:
    """Issue 17 (cost): sorted by key in one pass, the order is still memories holding a query word by score, then
    those found by the expansion alone, then the rest; every tie newest first."""
    index = RankingIndex(items)
    positions, scores = index.scored_order(query)
    direct, total = index._scores(query)
    assert scores == total and positions == index.order(query)
    newest_first = list(range(len(items) - 1, -1, -1))
    expected = (sorted([p for p in newest_first if direct[p] > 0], key=lambda p: (-total[p], -p))
                + sorted([p for p in newest_first if direct[p] <= 0 < total[p]], key=lambda p: (-total[p], -p))
                + [p for p in newest_first if total[p] <= 0])
    assert positions == expected


@given(st.lists(memory_lists(max_size=15), min_size=1, max_size=3), contents)
def test_the_scores_are_bm25_as_written_from_each_term_s_postings_however_the_index_was_built(
        stores: list[list[MemoryItem]], query: str) -> None:
    """Issue 17 (cost): each term's postings and length norms are derived once per index; a score is still the
    sum, in postings order, of idf · weight · (k1 + 1) · count / (count + norm), bit for bit."""
    index: RankingIndex | None = None
    for items in stores:
        index = RankingIndex(items, index)
        weights = index._query_weights(query + " " + " ".join(item.content for item in items[:2]))
        expected = [0.0] * len(items)
        for term, weight in weights.items():
            idf = index._idf(term) * weight * (rank.K1 + 1)
            for text, count in index._hits(term).items():
                for position in index._positions[text]:
                    expected[position] += idf * count / (count + index._norms[position])
        assert index._score(weights) == expected
        assert index._score(weights) == expected, "the second query reads what the first derived"
