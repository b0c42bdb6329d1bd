"""Questions asking what someone does for a living (issue 17): they weakly prefer the memories naming an occupation,
the nouns WordNet puts below the classes of people by what they do (tools/lexicon/build.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import MemoryItem
from sidecar.rules import rank
from sidecar.rules.concepts import asks_occupation
from sidecar.rules.dictionary import dictionary, states_occupation
from sidecar.rules.rank import RankingIndex
from sidecar.rules.tokens import normalise


def mem(id_: str, content: str, created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


@pytest.mark.parametrize(("text", "asks"), [
    ("What is her job now?", True), ("What does Lena do for a living?", True), ("Does he still work as a chef?", True),
    ("What new role did he take?", True), ("What does Lena do on weekends?", False), ("When did Lena move?", False),
    ("她现在是做什么工作的？", False),  # English only: the memory side knows English nouns
    ("Run 10 jobs overnight", False), ("restart the cron-job service", False),
])
def test_an_english_question_asks_for_an_occupation(text: str, asks: bool) -> None:
    assert asks_occupation(text) is asks


@pytest.mark.parametrize(("text", "says"), [
    ("Lena is a pediatric nurse in Leeds", True), ("Both of her sisters are architects", True),
    ("Lena's husband teaches; he is a teacher", True), ("Lena designs her own garden", False),
    ("Lena has a general plan for the move", False), ("用户的妹妹在杭州", False),
])
def test_a_memory_names_an_occupation_by_a_worker_noun_as_written(text: str, says: bool) -> None:
    assert states_occupation(normalise(text)) is says


def test_the_occupation_table_holds_kinds_of_workers_and_no_kin_and_no_adjective() -> None:
    table = dictionary().occupations
    assert {"teacher", "nurse", "architect", "designer", "lawyer"} <= table.keys()
    assert not {"sister", "friend", "child", "general", "private", "design"} & table.keys()


def test_a_question_about_a_job_prefers_the_memory_naming_one_among_many_about_the_person() -> None:
    store = [mem(f"about{n}", f"Lena went to the market with her cousin on day {n}", n) for n in range(8)]
    store.append(mem("job", "Lena is a pediatric nurse at the city hospital", 1))
    index = RankingIndex(store)
    weights = index._query_weights("What is Lena's job?")
    assert weights[rank.OCCUPATION_TERM] == rank.OCCUPATION_WEIGHT
    assert index.items[index.order("What is Lena's job?")[0]].id == "job"
    assert rank.OCCUPATION_TERM not in index._query_weights("Where did Lena go?")
    assert rank.OCCUPATION_TERM not in rank.search_terms("Lena is a nurse")  # the archive's ranking never sees it


def test_naming_an_occupation_neither_lengthens_a_memory_nor_joins_the_query_s_feedback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Lena is a nurse at the hospital"
    named = rank._read(text)
    assert rank.OCCUPATION_TERM in dict(named.counts) and rank._marker(rank.OCCUPATION_TERM)
    assert rank.OCCUPATION_TERM not in dict(rank._read("Lena walks to the hospital").counts)
    monkeypatch.setattr(rank, "OCCUPATION_WEIGHT", 0.0)
    without = rank._read(text)
    assert rank.OCCUPATION_TERM not in dict(without.counts) and without.length == named.length


@given(st.text(st.characters(codec="utf-8"), max_size=200))
def test_asking_or_naming_an_occupation_never_raises_on_any_text(text: str) -> None:
    assert isinstance(asks_occupation(text), bool) and isinstance(states_occupation(normalise(text)), bool)
