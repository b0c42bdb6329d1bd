"""Word-list regexes led by the characters a match may start with find exactly what the plain ones find
(issue 16: the merge's speed budget)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from sidecar.rules import changes, events, facts, kinds, lexicon, reported, reworded, roles, sides, wording
from sidecar.rules.patterns import _class_end, compile_fast, first_chars
from tests.strategies import contents


def _unled(pattern: str) -> str:
    assert pattern.startswith("(?=[")
    end = _class_end(pattern, 3)
    assert pattern.startswith(")(?:", end) and pattern.endswith(")")
    return pattern[end + 4:-1]


WORD_LISTS = [lexicon.NEGATION_PATTERN, lexicon.STATED_CHANGE_PATTERN, lexicon.TIME_PATTERN, lexicon.PAST_PATTERN,
              lexicon.SUBJECT_NOUNS, events.TIME_ANCHOR, kinds._ANY_VALUE.pattern,
              *(pattern for _, pattern, _ in lexicon.ATTRIBUTES), *events.EVENT_VERBS.values(),
              # compiled led already: the plain pattern inside the lead
              *(_unled(found.pattern) for found in (facts._PEOPLE, facts._ROLE_NAME, facts._PASSIVE, facts._HEAD_END,
                                            facts._SWITCHED_OBJECT, facts._CHANGED_OBJECT, lexicon._CJK_WORDS,
                                            sides._COPULA, reworded.TIME_WORDS, wording._CJK_VARIANT, reported._HINT,
                                            roles._TRIGGER, roles._ROLE_WORD, changes._TRIGGER))]
# Pieces of the lists' own words, so drawn texts hold matches, beside text of every kind.
PIECES = ["不", "没有", "换成了", "moved to", " now ", "上个月", "last month", "以前", "used to", "项目", "repo",
          "住在", "lives in", "7 岁", "is 7", "12 楼", "vegan", "is a nurse", "在华为做工程师", "bash", "zsh",
          "chrome", "去年", "visited", "买了", " ", "的", "x", "1", "\u3000", "。", "老婆", "boss", "told", "Anna",
          " to ", "Ben", "借给", "was hired by", "被", "switched the font to", "周三", "9 点"]
drawn = st.one_of(contents, st.lists(st.sampled_from(PIECES), max_size=12).map("".join))


@given(st.sampled_from(WORD_LISTS), drawn)
def test_a_led_pattern_finds_the_same_matches_as_the_plain_one(pattern: str, text: str) -> None:
    plain, led = re.compile(pattern), compile_fast(pattern)
    assert [hit.span() for hit in led.finditer(text)] == [hit.span() for hit in plain.finditer(text)]
    assert led.sub(" ", text) == plain.sub(" ", text)


def test_the_first_characters_are_read_only_when_every_match_must_start_with_one() -> None:
    assert first_chars(r"住在|\blives? in\b|(?<![要就])不") == "住l不"
    assert first_chars(r"[红蓝]色|\d+\s*岁") == r"红蓝\d"
    assert first_chars(r"(?:a|b)c|d") == "abd"
    assert first_chars(r"x?y") is None  # the first item may be absent
    assert first_chars(r"(?:a|b)?c") is None
    assert first_chars(r".x|[^a]y") is None
    assert compile_fast(r"x?y").pattern == r"x?y"
