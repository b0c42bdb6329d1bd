"""When two memories hold the same fact: equal match keys, or a restatement (SPEC S9.1, S9.2).

Tuned for precision: merging two different facts loses one, missing a restatement only keeps a
near-duplicate (and every change can be undone), so each rule below needs positive evidence. Subject and
attribute decide first (issue 16): other people, swapped roles or another attribute are never one fact.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

from sidecar.rules.changes import may_name_old_value, replaced_value
from sidecar.rules.events import told_event
from sidecar.rules.facts import (
    GENERIC_HEADS,
    Frame,
    attributes_conflict,
    ends_in_owner,
    frame,
    heads_conflict,
    is_passive,
    is_person,
    many_valued,
    measure_verbs,
    people_conflict,
    plural_subject,
    predicate,
    same_subject,
    unstated_noun,
)
from sidecar.rules.kinds import kind_keys, spans_of, values_by_kind, without_kind
from sidecar.rules.lexicon import (
    CHANGE_CUES,
    STATED_CHANGE_PATTERN,
    TIME_PATTERN,
    frames,
    frames_conflict,
    has_change_cue,
)
from sidecar.rules.memo import memo
from sidecar.rules.numerals import may_end_in_number, with_shared_unit
from sidecar.rules.patterns import compile_fast
from sidecar.rules.reported import as_told, may_report
from sidecar.rules.roles import converse_roles, may_name_role, may_tell, told_both_ways
from sidecar.rules.tokens import is_cjk, is_strong, match_key, names, normalise, token_set, tokens
from sidecar.rules.wording import canonical

__all__ = ["MIN_NEAR_WEIGHT", "MIN_SHARED_WEIGHT", "keys_of", "match_key", "may_replace", "restates",
           "restates_sharing", "shared_weight", "upper_weight"]

# A value that follows one of these is the value of a single-valued attribute ("版本是 18",
# "editor is vim", "switched to fish"): replacing it states a new value, not a new fact.
_CJK_CUES = ("是", "为", "在", "到", "成", "改用", "换用", "用的是")
_WORD_CUES = frozenset("is are was were now".split())
_NUMERALS = frozenset("0123456789零一二两三四五六七八九十百千万")
_SLOT_MAX_CHARS = 24
# Less than this in common (one CJK word, or a word that is not a name) is never the same fact.
MIN_SHARED_WEIGHT = 0.7
# Less than this in common (one CJK word) is never worth looking closer: no rule holds with less.
MIN_NEAR_WEIGHT = 0.6
# Less than this in common past whose fact it is (one CJK word) says nothing shared about them.
MIN_PREDICATE_WEIGHT = 0.6
# Share of what two differently worded texts say that they must have in common.
REWORDED_SHARE = 0.45
_SPACES = re.compile(r"\s+")
# Past the attribute a single-valued frame says its value and little else.
_REST_MAX_CHARS = 16
# Change cues and negations say that something changed, never which fact: they are no shared evidence.
CUE_TOKENS = frozenset(t for word in CHANGE_CUES.split() for t in tokens(word)) | frozenset(
    tokens("stopped stop anymore no longer 不再 了 quit"))


def upper_weight(token: str) -> float:
    """The most a token can weigh: a Latin/digit word may turn out to be a name."""
    return 1.0 if is_strong(token) else _plain_weight(token)


def _plain_weight(token: str) -> float:
    """Evidence a shared token gives when no text writes it as a name: versions count most, CJK fragments
    least (a name counts 1.0)."""
    if _has_digit(token):
        return 1.0
    if is_strong(token):
        return 0.7
    return 0.6 if len(token) > 1 else 0.3


def _has_digit(token: str) -> bool:
    return any(c.isdigit() for c in token)


class _Pair:
    """The two texts' tokens, and which of them either text writes as a name."""

    __slots__ = ("a", "b", "named")

    def __init__(self, a: str, b: str) -> None:
        self.a, self.b = token_set(a), token_set(b)
        self.named = names(a) | names(b)

    def total(self, found: Iterable[str]) -> float:
        named = self.named
        return sum(1.0 if token in named else _plain_weight(token) for token in found)

    def names_in(self, found: Iterable[str]) -> list[str]:
        return [t for t in found if t in self.named or _has_digit(t)]


def restates(a: str, b: str) -> bool:
    """True when `b` says the same thing as `a` about the same subject, in other words or with a new value.

    Symmetric. Equal match keys are not a restatement (they are the same memory) and answer False.
    """
    return restates_sharing(a, b, shared_weight(a, b))


def restates_sharing(a: str, b: str, weight: float) -> bool:
    """`restates(a, b)` when the caller already has `shared_weight(a, b)` (the merge ranks by it)."""
    (written_a, hints_a, key_a, written_key_a), (written_b, hints_b, key_b, written_key_b) = _read(a), _read(b)
    if key_a == key_b or not key_a or not key_b:
        return False
    # Every rule below needs a word or an attribute of one subject in common: most pairs stop here.
    if weight < MIN_NEAR_WEIGHT:
        return False
    if (hints_a | hints_b) & _HINT_REPORT:
        told_a, told_b = as_told(a, b)
        if told_a is not a or told_b is not b:
            return restates(told_a, told_b)  # "Anna told Ben that X": what was told is compared
    a, b = written_a, written_b
    if hints_a & hints_b & _HINT_NUMBER:
        a, b = with_shared_unit(a, b, CUE_TOKENS)
        written_key_a, written_key_b = match_key(a), match_key(b)
    if written_key_a == written_key_b:
        return True  # the same words, a number written in words on one side
    both = hints_a & hints_b
    if (both & _HINT_COPULA and _inverted(a, b)) or (both & _HINT_ROLE and converse_roles(a, b)):
        return True  # "张伟是刘洋的上司" / "刘洋的上司是张伟", "A 是 B 的师父" / "B 是 A 的徒弟"
    # Read last, as only a merge needs it: "A 收购了 B" / "B 收购了 A", "follows a chef" / "a chef follows the user".
    return _same_fact(a, b, hints_a, hints_b) and not _swapped_around_verb(a, b)


# What a text may hold, read once: most texts hold none of these, and their checks are skipped.
_HINT_NUMBER, _HINT_COPULA, _HINT_ROLE, _HINT_TELLING, _HINT_OLD_VALUE, _HINT_REPORT = 1, 2, 4, 8, 16, 32


@memo(max_bytes=2 << 20)
def _read(text: str) -> tuple[str, int, str, str]:
    """The canonical text, what it may hold, and the match keys of the text and of its canonical form: one
    cache look-up for all four."""
    written = canonical(text)
    return (written, _hints(written) | (_HINT_REPORT if may_report(text) else 0), match_key(text),
            match_key(written))


def _hints(text: str) -> int:
    return ((_HINT_NUMBER if may_end_in_number(text) else 0) | (_HINT_COPULA if _has_copula(text) else 0)
            | (_HINT_ROLE if may_name_role(text) else 0) | (_HINT_TELLING if may_tell(text) else 0)
            | (_HINT_OLD_VALUE if may_name_old_value(text) else 0))


def _same_fact(a: str, b: str, hints_a: int, hints_b: int) -> bool:
    """`restates` past its first checks, on the canonical texts."""
    short, long = (a, b) if (len(a), a) <= (len(b), b) else (b, a)
    if _extends(short, long):
        return True  # the whole statement and then detail, whoever the detail mentions
    if _continues(short, long):
        return False  # "likes turkey" / "likes turkey sandwiches", "喜欢猫" / "喜欢猫头鹰": another thing
    frame_a, frame_b = frame(a), frame(b)
    told = _told_from_both_sides(a, b, frame_a, frame_b) if hints_a & hints_b & _HINT_TELLING else None
    if told is not None:
        return told
    # Read only when the rest says one fact, as most pairs are told apart before.
    return (_one_fact(a, b, frame_a, frame_b, hints_a, hints_b)
            # "the user's boss prefers …" / "the user's boss's assistant prefers …": whose differs
            and not (_owned_subject(a, b, frame_a, frame_b) or _owned_subject(b, a, frame_b, frame_a))
            # "用户搬到了大理" / "用户把工作室搬到了大理": what moved is another thing
            and not (_moves_another_thing(a, b, frame_a, frame_b) or _moves_another_thing(b, a, frame_b, frame_a))
            # "the project's API uses …" / "the project's database tables use …": one owner, two things
            and not _owns_other_things(a, b))


def _one_fact(a: str, b: str, frame_a: Frame, frame_b: Frame, hints_a: int, hints_b: int) -> bool:
    """`_same_fact` past extension, continuation and converse verbs."""
    if frame_a.negated == frame_b.negated and (
            (hints_b & _HINT_OLD_VALUE and _names_old_value(a, b, frame_a, frame_b))
            or (hints_a & _HINT_OLD_VALUE and _names_old_value(b, a, frame_b, frame_a))):
        return True  # "uses Spotify for music" / "switched from Spotify to Apple Music"
    if people_conflict(frame_a, frame_b):
        return False
    if frame_a.negated != frame_b.negated:
        return _same_statement(frame_a, frame_b) or _negates_in_a_clause(a, b, frame_a, frame_b)
    if (attributes_conflict(frame_a, frame_b) or heads_conflict(frame_a, frame_b)
            or frames_conflict(frames(a), frames(b))):
        return False
    if frame_a.past != frame_b.past:
        return False  # "worked at Google before" holds beside "works at Google"
    if unstated_noun(frame_a, b, frame_b) or unstated_noun(frame_b, a, frame_a):
        return False  # "birthday is 3 August" / "birthday party is on 3 August": the noun heads another thing
    if _bare_age_update(a, frame_a, frame_b) or _bare_age_update(b, frame_b, frame_a):
        return True  # "Sofia is 34" / "Sofia turned 35 on Friday", "孙浩今年三十了" / "孙浩今年二十九岁"
    single = _single_valued_update(frame_a, frame_b)
    if single is not None:
        return single
    if _same_event(a, b):
        return True  # "去年去云南旅游了" / "去年去了一趟云南，在大理待了一周": one event, told with detail
    if (frame_a.changed or frame_b.changed) and _kind_replaced(a, b, frame_a, frame_b):
        return True  # "用户的 shell 是 bash" / "用户改用 fish 了": one value of a kind replaced by another
    if bool(frame_a.attributes) != bool(frame_b.attributes) and (
            _shares_little_but_numbers(a, b) or _only_the_attribute_differs(a, b, frame_a, frame_b)):
        # "is 7" / "is in grade 7": a number one side names the attribute of is another fact; "is called
        # Biscuit" / "loves biscuits": one side names an attribute the other does not state
        return False
    if (frame_a.changed or frame_b.changed) and _stated_change(a, b, frame_a, frame_b):
        return True
    # A value may change only where both texts name the attribute, or neither does.
    new_value = bool(frame_a.attributes) == bool(frame_b.attributes)
    if _reworded(a, b, new_value=new_value):
        return True
    # A reason or a time added after the new value ("now has three cats after adopting another"): the
    # statement before it is compared.
    cut_a, cut_b = _without_reason(a), _without_reason(b)
    if (cut_a, cut_b) == (a, b) or not cut_a or not cut_b:
        return False
    # Only one value replaced in what is left: "has used GitHub Actions" is not all of "thinks GitHub Actions
    # is powerful".
    in_a, in_b = token_set(cut_a) - CUE_TOKENS, token_set(cut_b) - CUE_TOKENS
    if len(in_a - in_b) > _REASON_SLOT or len(in_b - in_a) > _REASON_SLOT or not in_a - in_b or not in_b - in_a:
        return False
    return _reworded(cut_a, cut_b, new_value=new_value)


_REASON_SLOT = 2  # tokens of the replaced value on each side
_WHEN_OR_CUE = compile_fast(TIME_PATTERN + "|" + STATED_CHANGE_PATTERN)


_REASON = re.compile(r"(?:[,，]\s*)?(?:\s+(?:after|because|since|when|as)\b|(?:因为|由于|之后|以后))"
                     r"[^,，。.;；]*[。.!！]?$")


def _without_reason(text: str) -> str:
    """`text` without a trailing clause that gives a reason or a time ("… after adopting another")."""
    return _REASON.sub("", text).strip()


_COPULA = compile_fast(r"是|\s(?:is|are)\s")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")


def _inverted(a: str, b: str) -> bool:
    """"X is Y" and "Y is X", one copula each: an identity says the same read from either end."""
    halves_a = _halves(a)
    if halves_a is None:
        return False
    halves_b = _halves(b)
    return halves_b is not None and halves_a == halves_b[::-1]


def _has_copula(text: str) -> bool:
    return "是" in text or " is " in text or " are " in text


@memo(max_bytes=1 << 20)
def _halves(text: str) -> tuple[str, str] | None:
    """The keys of what stands before and after a text's one copula, or None."""
    halves = _COPULA.split(normalise(text))
    if len(halves) != 2:
        return None
    left, right = (_NOT_WORD.sub("", _ARTICLE.sub("", half.strip())) for half in halves)
    return (left, right) if left and right else None


_NOT_WORD = re.compile(r"[\W_]+")


_USER_WORDS = re.compile(r"用户|\b(?:the\s+)?users?\b", re.IGNORECASE)
# Share of what stands before a verb in one text that must stand after it in the other.
_SWAPPED_SHARE = 0.6


@memo(max_bytes=1 << 20)
def _ordered_tokens(text: str) -> tuple[str, ...]:
    """Content tokens in order, the user among them."""
    return tokens(_USER_WORDS.sub(" usermark ", text))


def _swapped_around_verb(a: str, b: str) -> bool:
    """The same words with what stands before a shared word and what stands after it swapped: who did it
    and to whom (or which of two things owns which) differ."""
    if tokens(a) == tokens(b):
        return False  # the same words in the same order (the user aside)
    seq_a, seq_b = _ordered_tokens(a), _ordered_tokens(b)
    if len(seq_a) < 3 or len(seq_b) < 3 or seq_a == seq_b:
        return False
    if is_passive(a) or is_passive(b) or told_both_ways(a, b) is not None:
        return False  # "Dana was hired by Chris", "rents a room from …": the order is read elsewhere
    for pivot in set(seq_a[1:-1]) & set(seq_b[1:-1]):
        if seq_a.count(pivot) != 1 or seq_b.count(pivot) != 1:
            continue
        at_a, at_b = seq_a.index(pivot), seq_b.index(pivot)
        # By word and CJK character: a bigram across the verb ("主关") belongs to neither side.
        verb = _chars(frozenset((pivot,)))
        before_a, after_a = _chars(frozenset(seq_a[:at_a])) - verb, _chars(frozenset(seq_a[at_a + 1:])) - verb
        before_b, after_b = _chars(frozenset(seq_b[:at_b])) - verb, _chars(frozenset(seq_b[at_b + 1:])) - verb
        if (before_a and before_b and len(before_a & after_b) >= _SWAPPED_SHARE * len(before_a)
                and len(before_b & after_a) >= _SWAPPED_SHARE * len(before_b)
                and not before_a & before_b):
            return True
    return False


def _told_from_both_sides(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool | None:
    """One event told from each side with converse verbs ("lent his drill to Tom" / "Tom borrowed the user's
    drill", "用户教女儿弹钢琴" / "女儿跟着用户学钢琴"): one fact when the one who acts is the same and what
    happened is the same, two when the roles are swapped. None when the texts are not told so."""
    both = told_both_ways(a, b)
    if both is None:
        return None
    told_a, told_b = both
    people = set(frame_a.mentions)
    if people != set(frame_b.mentions) or len(people) < 2:
        return None
    if frame_a.mentions[0] == frame_b.mentions[0]:
        return False  # "lent his drill to Tom" / "borrowed Tom's drill": the roles are swapped
    # What happened, by word and CJK character (bigrams across a removed verb say nothing), counts aside.
    roles = (frame_a.mentions[0], frame_b.mentions[0])
    said_a, said_b = (_chars(token_set(predicate(_without_names(told.rest, roles)))) - _COUNT_CHARS
                      for told in (told_a, told_b))
    shared = said_a & said_b
    if not shared:
        return None  # the people and the verb agree, but not what was lent or taught
    small, large = sorted((said_a, said_b), key=len)
    return True if small <= large or len(shared) >= REWORDED_SHARE * len(said_a | said_b) else None


# Numerals and classifiers ("一条围巾" / "围巾"): how many, not what.
_COUNT_CHARS = frozenset("零一二两三四五六七八九十百千万个只条本张台把件辆部套双位名支首篇份颗的了")


def _without_names(folded: str, people: tuple[str, ...]) -> str:
    for person in people:
        if person.startswith("name:"):
            folded = folded.replace(person[5:], " ")
    return folded


def _without_people(found: Frame, values: frozenset[str]) -> Frame:
    return found._replace(people=found.people - values, mentions=tuple(m for m in found.mentions if m not in values))


_DETERMINERS = frozenset("all both entire whole every 都 全 全部 所有".split())
# Past the replaced value the old text may say this much that the change does not repeat ("for music").
_OLD_REST_WEIGHT = 1.4


def _names_old_value(old: str, new: str, frame_old: Frame, frame_new: Frame) -> bool:
    """`new` states a change from a value `old` holds to one it does not ("lives in Berlin" / "moved from
    Berlin to Munich", "服务器在腾讯云" / "把服务器从腾讯云迁到了华为云"), and `old` says little else: a change
    bound to the value it replaces. A many-valued relation (a trip, a pet) is no value to replace."""
    replaced = replaced_value(new)
    if replaced is None or frame_old.negated or replaced_value(old) is not None:
        return False
    if frame_old.attributes and many_valued(frame_old.attributes[0].concept):
        return False
    was, now = token_set(replaced.old) - CUE_TOKENS, token_set(replaced.new) - CUE_TOKENS
    in_old, in_new = token_set(old), token_set(new)
    if not was or not was <= in_old or not now or now <= in_old:
        return False
    # The values are places, firms or tools, not people ("banks with Barclays" / "from Barclays to Monzo").
    values = frozenset("name:" + w for w in normalise(replaced.old + " " + replaced.new).split())
    if people_conflict(_without_people(frame_old, values), _without_people(frame_new, values)):
        return False
    if bool(frame_old.subject_nouns) != bool(frame_new.subject_nouns):
        return False  # "lives in Oslo" / "the user's company moved from Oslo to Bergen"
    if frames_conflict(frames(old), frames(new)):
        return False
    pair = _Pair(old, new)
    if pair.total(was) < MIN_NEAR_WEIGHT:
        return False  # one CJK character is no value
    moved = token_set(replaced.what) - CUE_TOKENS - _DETERMINERS
    named_qualifiers = frames(replaced.what)
    if not _chars(moved) <= _chars(in_old) and not (moved and named_qualifiers and named_qualifiers <= frames(old)):
        return False  # "lives in Porto" / "moved the office from Porto to …": something else moved
    rest = token_set(normalise(predicate(old)).replace(replaced.old, " ")) - in_new - CUE_TOKENS
    latin = {t for t in rest if not is_cjk(t[0])}
    # CJK weighed by the characters left (bigrams would count "做测试" twice over).
    left = len(_chars(frozenset(rest - latin)) - _chars(in_new))
    return pair.total(latin) + 0.3 * left <= _OLD_REST_WEIGHT


# What else the two texts may each say besides the values of a kind (one word: "for coding", "做代码检查").
_KIND_REST_WEIGHT = 0.8


def _kind_replaced(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """A stated change to one value of a kind (a shell, a browser, a car brand) from the one value of that
    kind the other text names, and little else said on either side."""
    if frame_a.negated or frame_b.negated:
        return False
    for kind, (mine, theirs) in values_by_kind(a, b).items():
        if len(mine) != 1 or len(theirs) != 1 or mine == theirs:
            continue
        changed = [(found, text) for found, text in ((frame_a, a), (frame_b, b)) if found.changed and found.new_value]
        if not any(_value_after_cue(text, kind) for _, text in changed):
            continue
        rest_a, rest_b = _kind_rest(a, kind), _kind_rest(b, kind)
        if rest_a - rest_b and rest_b - rest_a:
            continue  # "用飞书开会" / "用钉钉打卡": each says what else it is used for
        if bool(_ANOTHER.search(a)) != bool(_ANOTHER.search(b)):
            continue  # "另一个项目", "another laptop": not the thing the other text is about
        if _moves_unnamed(a, b, kind) or _moves_unnamed(b, a, kind):
            continue  # "把车险换到了…" / "把信用卡换成了…": what changed differs
        pair = _Pair(a, b)
        if (_rest_weight(pair, rest_a - rest_b) <= _KIND_REST_WEIGHT
                and _rest_weight(pair, rest_b - rest_a) <= _KIND_REST_WEIGHT):
            return True
    return False


_ANOTHER = re.compile(r"另一|另外|其他|其它|\b(?:another|other|second|new)\b", re.IGNORECASE)


def _same_event(a: str, b: str) -> bool:
    """The same kind of event on the same dates, and all that the shorter telling says of what and where is
    in the longer one: the event re-told with detail. An event verb alone is no shared fact ("joined a book
    club" / "joined a chess club" last month are two)."""
    told_a, told_b = told_event(a), told_event(b)
    if not told_a.kinds & told_b.kinds or not told_a.anchors or told_a.anchors != told_b.anchors:
        return False
    # Whose event it is is no part of what happened: "Mia ran a half marathon" / "Mia ran a 10k".
    whose = frozenset(person[5:] for person in frame(a).mentions[:1] + frame(b).mentions[:1]
                      if person.startswith("name:"))
    said_a, said_b = _event_content(told_a.plain) - whose, _event_content(told_b.plain) - whose
    small, large = sorted((said_a, said_b), key=len)
    pair = _Pair(a, b)
    return bool(small) and small <= large and _rest_weight(pair, small) >= _EVENT_SHARED_WEIGHT


# What the shorter telling must say of its own: a name, a Latin word and a CJK character, or two CJK words.
_EVENT_SHARED_WEIGHT = 1.0


def _event_content(plain: str) -> frozenset[str]:
    said = token_set(_USER_WORDS.sub(" ", plain)) - CUE_TOKENS
    return frozenset(t for t in _chars(said) - _EVENT_FUNCTION_CHARS if not _has_digit(t))


# Particles, classifiers and small verbs around an event: no content of their own.
_EVENT_FUNCTION_CHARS = frozenset("了的在和跟去到一个只台趟次天把已经也还就")


def _moves_unnamed(a: str, b: str, kind: str) -> bool:
    """`a` changes a thing it names with 把 / 将 (its kind's nouns aside) that `b` does not name."""
    hit = _MOVED_OBJECT.search(normalise(a))
    if hit is None:
        return False
    moved = {c for c in without_kind(hit.group(1), kind) if is_cjk(c)} - _MOVED_FUNCTION_CHARS
    return bool(moved - set(normalise(b)))


def _kind_rest(text: str, kind: str) -> frozenset[str]:
    """What a text says besides the values and nouns of `kind`, times and change cues: Latin words and CJK
    characters."""
    said = token_set(_TIME_WORDS_ANYWHERE.sub(" ", without_kind(text, kind))) - CUE_TOKENS
    return _chars(said) - GENERIC_HEADS - _CUE_CHARS


# Characters of change cues and particles: no content of their own.
_CUE_CHARS = frozenset("换成了改用到为把将从已经现在的是在用也都还就")


def _rest_weight(pair: _Pair, found: frozenset[str]) -> float:
    return sum(0.5 if is_cjk(token[0]) else (1.0 if token in pair.named else _plain_weight(token)) for token in found)


def _value_after_cue(text: str, kind: str) -> bool:
    """The text names its value of `kind` after its change cue: the new value, not the old."""
    cues = [hit.start() for hit in _CHANGE.finditer(normalise(text))]
    return bool(cues) and any(start >= cues[0] for start, _ in spans_of(text, kind))


def _only_the_attribute_differs(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """All that one text says beyond the other is the word giving a name ("called"), and the other says
    nothing of its own: it states something else about the same words ("loves biscuits")."""
    named, other, found = (a, b, frame_a) if frame_a.attributes else (b, a, frame_b)
    attribute = found.attributes[0]
    mine, theirs = token_set(named), token_set(other)
    cue = mine - attribute.before - token_set(attribute.rest)
    if attribute.concept in _PLACE_CONCEPTS:
        # "在一家律所上班" / "投资了一家律所": the same place, another verb of the other's own
        return bool(mine - theirs) and bool(theirs - mine - CUE_TOKENS) and mine - theirs <= cue
    if attribute.concept != "name":
        return False  # "attended" / "went to": the other may say it with words too common to count
    return bool(mine - theirs) and not theirs - mine - CUE_TOKENS and mine - theirs <= cue


_PLACE_CONCEPTS = frozenset({"employer", "residence", "school"})


def _stated_change(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """A stated change of the attribute the other text holds (issue 16.3): what changed is named on both
    sides ("测试 … 测试框架换成了"), or both values end in the same kind of thing ("安卓手机" / "苹果手机").
    A change that says no new value ("把支付宝头像换了") replaces nothing."""
    stating = [(changed, text, other, other_text)
               for changed, text, other, other_text in ((frame_a, a, frame_b, b), (frame_b, b, frame_a, a))
               if changed.changed and changed.new_value]
    if not stating:
        return False
    for changed, text, other, other_text in stating:
        part = _owned_part(text)
        if part and not _names_part(part, other_text):
            continue  # "把电动车的电瓶换成了…": the battery changed, not the bike the other text rides
        if changed.head and _names_head(changed.head, _first_clause(other_text)):
            # what changed is named in the other text: "测试" … "测试框架换成了" — in what it states, not in
            # a later clause ("跑 Home Assistant，控制家里的灯" is not about the lights)
            return True
        if not changed.head and other.head and other.head <= _chars(token_set(text)) and _ends_noun(other.head, text):
            return True  # the attribute the other names is in the new value: "输入法是搜狗" / "改用了微信输入法"
    if _one_name_replaced(a, b):
        return True
    last_a, last_b = _last_word(a), _last_word(b)
    if last_a is None or last_a != last_b or last_a in _Pair(a, b).named:
        return False  # a name at the end is one value, not a kind of thing ("moved to Zurich" / "is at ETH Zurich")
    if _after_number(a) or _after_number(b):
        # "跑 5 公里" / "游泳 2 公里": a unit after a number is one only when nothing else changed.
        unshared = (token_set(a) ^ token_set(b)) - CUE_TOKENS
        return all(map(_is_number, unshared))
    return True


def _first_clause(text: str) -> str:
    return _CLAUSE_SPLIT.split(text, maxsplit=1)[0]


_CLAUSE_SPLIT = re.compile(r"[，,;；。]")


def _names_part(part: str, other_text: str) -> bool:
    """The part is written in the other text: each Latin word of it, its CJK characters as one run."""
    folded = normalise(other_text)
    cjk = "".join(c for c in part if is_cjk(c))
    latin = frozenset(t for t in token_set(part) if not is_cjk(t[0]))
    return (not cjk or cjk in folded) and latin <= token_set(folded)


def _owned_part(text: str) -> str:
    """What a stated change changes when it names it as a part of another thing ("把电动车的电瓶换成了…",
    "changed the bike's chain to …"): the words after the last possessive; empty when it names no part."""
    folded = normalise(text)
    hit = _CHANGE.search(folded)
    if hit is None:
        return ""
    moved = _MOVED_OBJECT.search(folded)
    span = moved.group(1) if moved is not None else folded[:hit.start()]
    owner, mark, part = max(span.rpartition("的"), span.rpartition("'s "), key=lambda cut: len(cut[0]))
    owner_words = owner.split()
    if not mark or not owner_words or is_person(owner_words[-1]) or ends_in_owner(owner):
        return ""  # "用户的手机换成了…", "用户哥哥的车…": whose, not a part
    return "".join(c for c in part if c not in _MOVED_FUNCTION_CHARS).strip()


# What may follow a noun in a Chinese sentence without making it part of a longer noun ("手机" / "手机壳").
_AFTER_NOUN = frozenset("的了是在和与也都，,。.!！;；、 ")


def _ends_noun(head: frozenset[str], text: str) -> bool:
    """The CJK part of `head` is written in `text` as a whole noun, not the start of a longer one: "换了新手机"
    names the phone, "换了一个新手机壳" a case."""
    cjk = {t for t in head if is_cjk(t[0])}
    if not cjk:
        return True
    folded = normalise(text)
    cues = [hit.end() for hit in _CHANGE.finditer(folded)]
    value_from = cues[-1] if cues else 0
    if cjk <= set(folded[:value_from]):
        return True  # named before the change: what changes
    last = max(folded.rfind(char) for char in cjk)
    after = folded[last + 1:last + 2]
    return not after or after in _AFTER_NOUN or not is_cjk(after)


_CHANGE = compile_fast(STATED_CHANGE_PATTERN)


# Function words a head picks up before what changed ("把博客从…", "将 Python 升级到…").
_HEAD_FUNCTION_WORDS = frozenset("把 将 从 已 的 了 都 也 还 and her his their its".split()) | frozenset(
    "所有里上中下前后年月日号时")  # determiners, places in or on, parts of a date: never what changed
# What the user thinks or may do says nothing about what changed ("觉得周会可以改成…", "打算把 kite 升级到…").
_HEAD_MODAL_CHARS = frozenset("觉得认为可以想要打算应该会能")


# Before a change verb these name whom it is done for ("用户给家里换了…"), not what it changes.
_BENEFICIARY_CHARS = frozenset("给替")


def _names_head(head: frozenset[str], other_text: str) -> bool:
    """What a stated change is about is named in the other text: every Latin word of it, half of its CJK
    characters ("包管理器换成了" / "用 yarn 管理依赖"); "finished her PhD and is now" is not "finished 'X'"."""
    if head & _BENEFICIARY_CHARS:
        return False  # "给女儿换了…": whom the change is for, not what changed
    words = head - GENERIC_HEADS - _HEAD_FUNCTION_WORDS
    there = _chars(token_set(other_text))
    latin = {w for w in words if not is_cjk(w[0])}
    cjk = words - latin
    if cjk and not cjk - _HEAD_MODAL_CHARS:
        return False  # only a name and what the user means to do with it
    cjk -= _HEAD_MODAL_CHARS
    return bool(words) and latin <= there and 2 * len(cjk & there) >= len(cjk)


def _one_name_replaced(a: str, b: str) -> bool:
    """"is on macOS Ventura" / "upgraded to macOS Sonoma": a name kept, one other name replaced by one, and
    nothing else said."""
    pair = _Pair(a, b)
    shared = pair.a & pair.b
    only_a, only_b = (pair.a - shared) - CUE_TOKENS, (pair.b - shared) - CUE_TOKENS
    return (len(only_a) == 1 and len(only_b) == 1 and bool(pair.names_in(shared))
            and bool(pair.names_in(only_a)) and bool(pair.names_in(only_b))
            and not _OWNER_NAME.search(a) and not _OWNER_NAME.search(b))


# "the Pro plan of Notion" / "… of Figma": the name replaced is whose plan it is, not the plan.
_OWNER_NAME = re.compile(r"\b(?:of|for)\s+[A-Z][\w.-]*\s*[.!]?\s*$")


def _after_number(text: str) -> bool:
    found = tokens(text)
    return len(found) > 1 and _has_digit(found[-2])


def _chars(found: frozenset[str]) -> frozenset[str]:
    return frozenset(piece for t in found for piece in (t if is_cjk(t[0]) else [t]))


def _last_word(text: str) -> str | None:
    """The last content word when it names a kind of thing (not a number, not a unit after one)."""
    found = tokens(text)
    if not found or _has_digit(found[-1]) or found[-1] in CUE_TOKENS:
        return None
    last = found[-1]
    return last if len(last) > 1 and (not is_cjk(last[0]) or len(last) == 2) else None


# Sized for a full store (1000 memories ≈ 1.4 MB counted) and some churn.
@memo(max_bytes=4 << 20)
def keys_of(text: str) -> Mapping[str, float]:
    """What a text is filed under for finding the memories it may restate, each with the most sharing it
    can weigh: its tokens (numbers in words as digits) and, for the attribute it states, "@attribute
    subject" ("用户住在厦门" and "用户上个月搬到了青岛" share no word but one such key; it counts as a name)."""
    written = canonical(text)
    found = {token: upper_weight(token) for token in token_set(written)}
    written_frame = frame(written)
    for attribute in written_frame.attributes:
        found["@" + attribute.concept + " " + " ".join(sorted(attribute.subject))] = 1.0
    if not written_frame.attributes and _bare_number(written):
        found["@age " + " ".join(sorted(written_frame.people))] = 1.0  # "The user is 39" may be an age
    if kind_keys(written):
        found_frame = frame(written)
        # Not names: a capitalised value ("Jest") reads as one, and people are told apart by the rule.
        whose = " ".join(sorted({p for p in found_frame.people if not p.startswith("name:")}
                                | found_frame.subject_nouns))
        for kind in kind_keys(written):
            found["@kind:" + kind + " " + whose] = 1.0  # "shell 是 bash" / "改用 fish 了": one kind of value
    return found  # memoised and shared: read it, never change it


def shared_weight(a: str, b: str) -> float:
    """The most the keys `a` and `b` share can weigh."""
    mine, theirs = keys_of(a), keys_of(b)
    if len(theirs) < len(mine):
        mine, theirs = theirs, mine
    return sum(weight for key, weight in mine.items() if key in theirs)


def may_replace(old: str, new: str) -> bool:
    """False when `new` is about someone or something else than `old`: other people or roles, another
    attribute or head, another qualifier (home / work), or the same attribute of another subject. The
    model's own merge decision (issue 16.6) is honoured only when this holds."""
    old, new = canonical(old), canonical(new)
    frame_old, frame_new = frame(old), frame(new)
    if (people_conflict(frame_old, frame_new) or attributes_conflict(frame_old, frame_new)
            or heads_conflict(frame_old, frame_new)):
        return False
    qualifiers_old = frozenset(f for f in frames(old) if f[0] not in ("negation", "change"))
    qualifiers_new = frozenset(f for f in frames(new) if f[0] not in ("negation", "change"))
    if frames_conflict(qualifiers_old, qualifiers_new):
        return False
    if frame_old.attributes and frame_new.attributes:
        return same_subject(frame_old.attributes[0], frame_new.attributes[0])
    return True


def _single_valued_update(a: Frame, b: Frame) -> bool | None:
    """Same subject, same single-valued attribute, little else said: one fact (a new value is an update).
    Same attribute of another subject: never. None when the frames do not decide."""
    if not a.attributes or not b.attributes:
        return None
    mine, theirs = a.attributes[0], b.attributes[0]
    if many_valued(mine.concept) or mine.concept != theirs.concept:
        return None  # two of one family ("works at" / "is a … at"): the words decide
    if not same_subject(mine, theirs):
        # "主编辑器" / "主力编辑器": a modifier one side adds before the attribute is for the words to judge
        return None if _modifier_added(mine.subject, theirs.subject) else False
    if measure_verbs(mine) != measure_verbs(theirs):
        return False  # "weighs 70 kg" / "lifts 70 kg": one number, two things measured
    if (mine.concept in _MODIFIER_CONCEPTS and token_set(mine.rest) != token_set(theirs.rest)
            and not (a.changed or b.changed)):
        return False  # "likes green tea" / "likes green curry": a colour before two things, and no change
    if plural_subject(a, b) or a.past != b.past:
        return None
    if mine.concept in _OWNED_MANY and not (a.changed or b.changed):
        return None  # "drives a Tesla" / "drives a Honda": one may have two, unless a change is stated
    if mine.concept == "name" and (_OWNED_AFTER.match(mine.rest) or _OWNED_AFTER.match(theirs.rest)):
        return None  # "养了一只叫豆包的柯基": the name is the dog's
    if _away(mine.before) or _away(theirs.before):
        return None  # "出差时住在…", "on business trips stays at …": where one stays away, not where one lives
    if bool(_TIME_WORDS.search(mine.rest)) != bool(_TIME_WORDS.search(theirs.rest)):
        return None  # "is vegetarian" / "eats vegetarian on weekdays": a narrower statement
    rest_a, rest_b = _value_part(mine.rest), _value_part(theirs.rest)
    if _preposition(rest_a) != _preposition(rest_b) and _preposition(rest_a) and _preposition(rest_b):
        return None  # "commutes by train" / "commutes from Reading": how is not where from
    if _OWNED_REST.match(rest_a) or _OWNED_REST.match(rest_b) or _AS_TIME.match(rest_a) or _AS_TIME.match(rest_b):
        return None  # "编辑器的主题是…", "大三的时候…": a thing the attribute's holder has, or a time
    if _says_more(rest_a) or _says_more(rest_b):
        return None
    if (_another_clause(mine.rest) and theirs.rest.strip()) or (_another_clause(theirs.rest) and mine.rest.strip()):
        return None  # "在腾讯做产品经理" / "在腾讯上班，工作很忙": each says something else past the attribute
    if mine.concept in _NAMED_VALUE_CONCEPTS and _has_digit(rest_a) != _has_digit(rest_b):
        return None  # "通勤要 1 小时" / "坐地铁通勤": how long is not how
    value_a, value_b = _value_key(rest_a), _value_key(rest_b)
    if value_a and value_b and (value_a.startswith(value_b) or value_b.startswith(value_a)):
        return True  # "上海" / "上海市浦东新区": the value said in more detail
    in_a, in_b = token_set(mine.rest), token_set(theirs.rest)
    if in_a and in_b and (in_a < in_b or in_b < in_a):
        return None  # "York" / "New York": a value inside another one names another thing
    return True


# A subject and a bare number ("Sofia is 34", "孙浩今年三十了"): an age only beside a text stating one.
_BARE_NUMBER = re.compile(r"^(?P<who>.+?)\s*(?:\bis\b|今年|现在|已经|都)*\s*"
                          r"(?P<number>\d+|[一二两三四五六七八九十]{1,3})\s*了?[。.!！]?$")
_AGE_TAIL = re.compile(r"^\s*\d+\s*(?:岁|周岁|years? old)?\s*(?:了|啦)?(?:\s+(?:on|in|last|this)\s+\w+)?[。.!！]?$")


def _bare_number(text: str) -> re.Match[str] | None:
    if len(text) > _BARE_MAX_CHARS or not _ENDS_IN_NUMBER.search(text):
        return None  # most texts: no number at the end, or far more than a subject and a number
    return _BARE_NUMBER.match(normalise(text).strip())


_BARE_MAX_CHARS = 40
_ENDS_IN_NUMBER = re.compile(r"[\d一二两三四五六七八九十０-９]\s*了?\s*[。.!！]?\s*$")


def _bare_age_update(bare: str, frame_bare: Frame, frame_age: Frame) -> bool:
    """`bare` gives its subject a number and nothing else, the other states the age of that same subject
    with little after it: the number is an age, the texts one fact."""
    if frame_bare.attributes or not frame_age.attributes or frame_age.attributes[0].concept != "age":
        return False
    age = frame_age.attributes[0]
    hit = _bare_number(bare)
    told = (age.cue + " " + age.rest) if age.measured else age.rest
    if hit is None or not _AGE_TAIL.match(told) or frame_bare.people != frame_age.people:
        return False
    who = token_set(_WHEN_OR_CUE.sub(" ", hit.group("who"))) - _USER_TOKENS
    return who <= token_set(" ".join(age.before) + " " + " ".join(n[5:] for n in frame_age.people))


_USER_TOKENS = frozenset(tokens("the user 用户"))


def _another_clause(rest: str) -> bool:
    return rest.lstrip().startswith(("，", ",", ";", "；"))


def _says_more(rest: str) -> bool:
    """More after the attribute than a value: a long CJK phrase, or more than three Latin words."""
    return len(match_key(rest)) > _REST_MAX_CHARS and not (rest.isascii() and len(rest.split()) <= _VALUE_WORDS)


_VALUE_WORDS = 3


def _away(before: frozenset[str]) -> bool:
    """The words before an attribute say it holds on a trip ("出差时住在…", "on trips stays …")."""
    return ({"出", "差"} <= before or {"度", "假"} <= before or "旅" in before
            or any(word.startswith(_AWAY_WORDS) for word in before))


_AWAY_WORDS = ("trip", "travel", "holiday", "vacation", "vacat", "visit")
_AS_TIME = re.compile(r"\s*(?:的时候|时候|时|那年|期间|when\b)")
_LEADING_PREPOSITION = re.compile(r"(?:by|from|to|in|at|on|with|for|via)\b")


def _preposition(rest: str) -> str:
    found = _LEADING_PREPOSITION.match(rest)
    return found.group() if found else ""


def _modifier_added(a: frozenset[str], b: frozenset[str]) -> bool:
    small, large = sorted((a, b), key=len)
    return bool(small) and small < large and all(is_cjk(t[0]) and len(t) == 1 for t in large)


# Things one may have two of at once: a new one replaces the old only when a change is stated.
_OWNED_MANY = frozenset({"vehicle", "phone", "computer", "editor"})
# Attributes whose value is a way, a thing or a state, never a number: a number on one side only says
# another attribute of it ("通勤要 1 小时" / "坐地铁通勤").
_NAMED_VALUE_CONCEPTS = frozenset("commute diet relationship vehicle phone computer editor".split())
# What follows the value and says when or why, not what: cut before values are compared.
_VALUE_TAIL = re.compile(r"(?:[,，;；]?\s*(?:\b(?:after|because|since|when|as)\b|因为|由于|之后|以后)).*$|[。.!！]+$"
                         r"|\s+(?:in|on|at|since|from|last|this|next)\s+(?:the\s+)?(?:spring|summer|autumn|fall|winter|"
                         r"january|february|march|april|may|june|july|august|september|october|november|december|"
                         r"weekend|week|month|year|\d{4})\b.*$")
_OWNED_REST = re.compile(r"\s*(?:的|['’]s\s)[^是为,，。]{1,8}?(?:是|为|姓|叫|\s(?:is|are|was|named|called)\b)")


def _value_part(rest: str) -> str:
    """What an attribute's text says of its value: up to a clause that says when, why or what else."""
    return _VALUE_TAIL.sub("", _TIME_WORDS_ANYWHERE.sub(" ", rest)).strip()


_TIME_WORDS_ANYWHERE = compile_fast(TIME_PATTERN)
# Attributes whose word may stand before a noun it describes ("green tea", "红色的外套").
_MODIFIER_CONCEPTS = frozenset({"color"})
_OWNED_AFTER = re.compile(r"\s*[^\s的,，。]{1,8}的[\u4e00-\u9fff]")
_VALUE_PARTICLES = re.compile(r"^(?:在|了|是|为|到|去|于|(?:to|in|at|on|is|the|a|an)\b)+")


def _value_key(rest: str) -> str:
    return _VALUE_PARTICLES.sub("", match_key(rest))


def _same_statement(a: Frame, b: Frame) -> bool:
    """A statement and its negation ("用户喝可乐" / "用户不喝可乐了"): the newer state replaces the older."""
    plain_a, plain_b = token_set(a.plain) - _STATE_TOKENS, token_set(b.plain) - _STATE_TOKENS
    if plain_a and plain_a == plain_b:
        return True
    core_a, core_b = _core(match_key(a.plain)).rstrip("了"), _core(match_key(b.plain)).rstrip("了")
    if len(core_a) >= 3 and core_a == core_b:
        return True
    # A habit stopped as a whole ("晚上会喝酒" / "已经不喝酒了", "每天吃早饭" / "不吃早饭了"): how often or when the
    # positive statement held does not make another statement; a narrower negation ("晚上不喝咖啡") does.
    positive, negative = (core_b, core_a) if a.negated else (core_a, core_b)
    if len(negative) < 3:
        return False
    for pattern in (_HOW_OFTEN, _HABIT):
        stripped = _core(pattern.sub("", positive)).rstrip("了")
        # "不用安抚奶嘴" is "not using" as often as "no need to": the negation may have taken the "用".
        if stripped == negative or stripped.replace("用", "") == negative.replace("用", ""):
            return True
    return False


# Words that say a state was reached, beside a negation ("has decided not to", "has become"): no content.
_STATE_TOKENS = CUE_TOKENS | frozenset(tokens("become became decided decide"))
# How often a habit held: dropped before the time of day it held at ("每天早上喝咖啡" / "早上不再喝咖啡了").
_HOW_OFTEN = re.compile(r"每天|每周|每晚|每月|每年|天天|平时|平常|经常|偶尔|一直|总是|常常|还|也|会(?=[\u4e00-\u9fff])|"
                        r"\b(?:every day|daily|regularly|often|sometimes|usually|always|still)\b")


_CLAUSE = re.compile(r"[,，;；。]|\s+(?:and|but)\s+")


def _negates_in_a_clause(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """One clause of the negated text negates the other text whole ("用户在学西班牙语" / "用户不学西班牙语了，
    改学法语"): the newer state replaces the older, whatever else the text goes on to say."""
    negated, positive = (a, frame_b) if frame_a.negated else (b, frame_a)
    said = token_set(positive.plain) - _STATE_TOKENS
    # Unless most of what the positive text says is in the negated one, no clause of it can negate it.
    mostly_in = 2 * len(said & token_set(negated)) >= len(said)
    clauses = [c for c in _CLAUSE.split(negated) if c.strip()] if mostly_in else []
    if len(clauses) >= 2 and any(_same_statement(frame(clause), positive) for clause in clauses
                                 if frame(clause).negated):
        return True
    # The other way round: one clause of the positive text states what the negated one denies ("不会开车" /
    # "拿到驾照，会开车了").
    negated_frame, positive_text = (frame_a, b) if frame_a.negated else (frame_b, a)
    denied = token_set(negated_frame.plain) - _STATE_TOKENS
    if not denied or 2 * len(denied & token_set(positive_text)) < len(denied):
        return False
    clauses = [c for c in _CLAUSE.split(positive_text) if c.strip()]
    return len(clauses) >= 2 and any(_same_statement(negated_frame, frame(clause)) for clause in clauses
                                     if not frame(clause).negated)


_HABIT = re.compile(r"正在|在(?=学|练|读|做|用|看|玩|写)|每天|每周|每晚|每月|每年|天天|晚上|早上|中午|下午|平时|平常|"
                    r"经常|偶尔|一直|总是|常常|还|也|会(?=[\u4e00-\u9fff])|"
                    r"\b(?:every (?:day|morning|evening|night|week)|daily|at night|in the (?:morning|evening)"
                    r"|on weekends"
                    r"|regularly|often|sometimes|usually|always|still)\b")


_CONNECTORS = re.compile(
    r"[,，;；:：、(（—]|\s*(?:尤其|特别|主要|并且|而且|并|也|还|但|因为|所以|比如|例如|包括|和|"
    r"(?:called|named|especially|particularly|mainly|mostly|and|but|because|since|which|who|that|with|including"
    r"|every|each|on|at|in|for|when|while|during|after|before)\b)")
_TRAILING = "。.!！ "


def _extends(short: str, long: str) -> bool:
    """`long` holds `short` whole and then adds detail after a comma or a connecting word (issue 16.5),
    unless the detail says whom the fact is for or `long` writes as a name a word `short` writes plainly
    ("likes cats" / "likes Cats, the musical")."""
    if short[:1].casefold() != long[:1].casefold():
        return False
    head, whole = _extension_key(short)[0], _extension_key(long)[1]
    if len(match_key(head)) < 3 or not whole.startswith(head) or len(whole) == len(head):
        return False
    if _CONNECTORS.match(whole, len(head)) is None or _FOR_SOMEONE.match(whole, len(head)):
        return False
    return not (names(long) - names(short)) & token_set(short)


@memo(max_bytes=1 << 20)
def _extension_key(text: str) -> tuple[str, str]:
    """The text's core as the shorter of two (its end trimmed) and as the longer."""
    folded = normalise(text).strip()
    return _core(folded.rstrip(_TRAILING)), _core(folded)


# Detail that says whom a fact is for ("collects stamps for a friend's kid", "…，给女儿织的"): another fact.
_FOR_SOMEONE = re.compile(r"[,，]?\s*(?:for\s+(?:(?:a|an|the|my|our)\s+)?(?:\w+(?:'s|’s)|his|her|their)\b"
                          r"|[给替](?!自己))")


def _continues(short: str, long: str) -> bool:
    """`long` is `short` and more words run on, with no comma or connecting word between."""
    head, whole = _soft_key(short), _soft_key(long)
    if whole.startswith(head) and bool(tokens(whole[len(head):])):
        return True
    # The same with the words stemmed ("likes apples" / "likes apple pie"), when no connecting word follows.
    if not short.isascii():
        return False
    said, more = tokens(short), tokens(long)
    if (not said or len(more) <= len(said) or more[:len(said)] != said or not said[-1].isalpha()
            or is_cjk(more[len(said)][0])):
        return False
    seen, end = 0, -1
    for word in _LATIN_WORDS.finditer(whole):
        if tokens(word.group()):
            seen += 1
            if seen == len(said):
                end = word.end()
                break
    return end >= 0 and _CONNECTORS.match(whole, end) is None and _CONNECTORS.match(whole, end + 1) is None


_LATIN_WORDS = re.compile(r"[^\W_]+")


# A possessive marker after a word: what follows is a thing that word's owner has.
_POSSESSIVE = re.compile(r"(?<=\w)'s(?=\s)|(?<=[\u4e00-\u9fff])的(?=[\u4e00-\u9fff])")
_OWNED_MAX_CHARS = 12


@memo(max_bytes=1 << 20)
def _possessives(text: str) -> tuple[str, frozenset[int]]:
    """The folded text without possessive markers, and where each marker stood in it."""
    folded = _SPACES.sub(" ", normalise(text).strip().rstrip(_TRAILING)).replace("’", "'")
    out: list[str] = []
    at: set[int] = set()
    last = 0
    for hit in _POSSESSIVE.finditer(folded):
        out.append(folded[last:hit.start()])
        at.add(sum(map(len, out)))
        last = hit.end()
    out.append(folded[last:])
    return "".join(out), frozenset(at)


def _owns_other_things(a: str, b: str) -> bool:
    """Both texts begin with one owner and a possessive, and each names right after it a thing the other
    never names ("the project's API …" / "the project's database tables …"). English only: a Chinese noun
    after 的 has no word bounds to read it by."""
    if not (_may_own(a) and _may_own(b)):
        return False
    plain_a, marks_a = _possessives(a)
    plain_b, marks_b = _possessives(b)
    if not marks_a or not marks_b:
        return False
    at_a, at_b = min(marks_a), min(marks_b)
    if at_a != at_b or plain_a[:at_a] != plain_b[:at_b]:
        return False
    word_a, word_b = _next_word(plain_a, at_a).strip(), _next_word(plain_b, at_b).strip()
    if not (word_a.isascii() and word_b.isascii()) or is_person(word_a) or is_person(word_b):
        return False  # a CJK noun has no word bounds; people are compared by who they are
    owned_a, owned_b = token_set(word_a), token_set(word_b)
    return bool(owned_a and owned_b) and not owned_a & token_set(plain_b) and not owned_b & token_set(plain_a)


def _may_own(text: str) -> bool:
    return "'s " in text or "’s " in text


def _owned_subject(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """`b` says of a thing owned by `a`'s subject what `a` says of the subject itself: past the words both
    begin with, `b` goes on with a possessive and a noun, and then with all that `a` goes on with ("the
    user is an early riser" / "the user's toddler is an early riser"), or the noun is one `a` names
    later ("用户把充电宝借给了同桌" / "用户的同桌把充电宝借给了用户": the roles are swapped). A noun naming an
    attribute `a` does not ("用户是 A 型血" / "用户的血型是 A 型") is the subject's own."""
    if "'" not in b and "’" not in b and "的" not in b:
        return False
    plain_a, _ = _possessives(a)
    plain_b, marks_b = _possessives(b)
    start = 0
    limit = min(len(plain_a), len(plain_b))
    while start < limit and plain_a[start] == plain_b[start]:
        start += 1
    while start > 0 and _wordish(plain_a[start - 1]) and (_wordish_at(plain_a, start) or _wordish_at(plain_b, start)):
        start -= 1  # never inside a Latin word ("landlord lives" / "landlord landlord")
    while start > 0 and plain_a[start - 1] == " ":
        start -= 1
    if start == 0 or start not in marks_b:
        return False
    following = _next_word(plain_a, start)
    if len(following.strip()) < 2:
        return False
    for length in range(1, _OWNED_MAX_CHARS + 1):
        if not plain_b.startswith(following, start + length):
            continue
        owned = token_set(plain_b[start:start + length])
        if not owned:
            return False
        if plain_b[start + length:] == plain_a[start:]:
            return not (frame_b.attributes and not frame_a.attributes)
        later = plain_a[start + len(following):]
        return owned <= token_set(later) and not owned <= token_set(" ".join(
            hit.group(1) or hit.group(2) for hit in _OWN_NOUN.finditer(later)))
    return False


# A noun after "their", "自己的" … is the subject's own thing ("runs Ubuntu on their workstation").
_OWN_NOUN = re.compile(r"\b(?:their|his|her|its|my|our)\s+(\w+)|(?:自己|他|她|它)的([\u4e00-\u9fff]{1,4})")


def _next_word(text: str, start: int) -> str:
    """The word (a Latin word with the space before it, or two CJK characters) that begins at `start`."""
    if start < len(text) and is_cjk(text[start]):
        return text[start:start + 2]
    hit = _NEXT_WORD.match(text, start)
    return hit.group() if hit else ""


_NEXT_WORD = re.compile(r"\s*\S+")
# What a "把" or "将" puts before a change verb is the thing that changed.
_MOVED_OBJECT = re.compile(r"[把将]([^把将,，。]{1,8}?)(?=" + STATED_CHANGE_PATTERN + ")")


def _moves_another_thing(a: str, b: str, frame_a: Frame, frame_b: Frame) -> bool:
    """`b` changes a thing it names with 把 / 将 that `a`, stating the same attribute, does not name."""
    if ("把" not in b and "将" not in b) or not frame_a.attributes or not frame_b.attributes:
        return False
    if frame_a.attributes[0].concept != frame_b.attributes[0].concept:
        return False
    hit = _MOVED_OBJECT.search(normalise(b))
    if hit is None:
        return False
    moved = {c for c in hit.group(1) if is_cjk(c)} - _MOVED_FUNCTION_CHARS - set(frame_b.attributes[0].cue)
    return bool(moved) and not moved & set(normalise(a))


_MOVED_FUNCTION_CHARS = frozenset("的了这那个些一我他她它们自己")


# Particles and copulas that a retelling adds or swaps ("母语是粤语" / "母语为粤语").
_CORE_DROPPED = re.compile(r"(?<=[\u4e00-\u9fff])[的是为了]|[的是为了](?=[\u4e00-\u9fff])|"
                           r"(?:特别|非常|十分|超级|真的)(?=[\u4e00-\u9fff])")


def _core(text: str) -> str:
    return _CORE_DROPPED.sub("", text)


def _shares_little_but_numbers(a: str, b: str) -> bool:
    shared = token_set(a) & token_set(b)
    return any(map(_is_number, shared)) and _Pair(a, b).total(t for t in shared if not _is_number(t)) < 1.2


def _reworded(a: str, b: str, new_value: bool) -> bool:
    """The lexical rule: the same words around one changed slot, or enough weighty words in common."""
    set_a, set_b = token_set(a), token_set(b)
    shared = (set_a & set_b) - CUE_TOKENS
    # Bounds before the exact weights: a Latin word weighs 1.0 at most (a name) and 0.7 at least.
    most = sum(map(upper_weight, shared))
    if most < MIN_SHARED_WEIGHT:
        return False
    soft_a, soft_b = _soft_key(a), _soft_key(b)
    start, end = _common_ends(soft_a, soft_b)
    slot_a, slot_b = soft_a[start:len(soft_a) - end].strip(), soft_b[start:len(soft_b) - end].strip()
    one_slot = (max(len(slot_a), len(slot_b)) <= _SLOT_MAX_CHARS
                and start + end >= 0.5 * max(len(soft_a), len(soft_b)))
    if not one_slot and most < 1.5 and most < 0.4 * sum(_plain_weight(token) for token in set_a | set_b):
        return False  # every rule below but the one-slot one needs this much in common
    pair = _Pair(a, b)
    if pair.total(shared) < MIN_SHARED_WEIGHT:
        return False
    frames_a, frames_b = frames(a), frames(b)
    if frames_conflict(frames_a, frames_b):
        return False
    cue = has_change_cue(frames_a | frames_b)
    if one_slot:
        # One place differs and the frame around it is shared: a detail added, or a value replaced.
        if not tokens(slot_a) and not tokens(slot_b):
            return True
        in_a, in_b = frozenset(tokens(slot_a)), frozenset(tokens(slot_b))
        if in_a <= in_b or in_b <= in_a:
            # Words inserted around the same frame: a detail, unless the insertion names something.
            inserted = (in_a | in_b) - (in_a & in_b)
            kept = pair.total(shared)
            return not pair.names_in(inserted) and kept >= 0.4 * (kept + pair.total(inserted))
        if slot_a.startswith(_OWNED) != slot_b.startswith(_OWNED):
            return False  # "改用了 Chrome 浏览器" / "改用了 Chrome 的翻译插件": a thing the value owns
        if frame(a).negated and frame(b).negated:
            return False  # "no longer eats meat" / "no longer eats sugar": two things given up, two facts
        if _qualifier_slot(pair, soft_a[:start], soft_a[len(soft_a) - end:], slot_a, slot_b):
            return False  # "在黄山最喜欢老城区散步" / "在香港最喜欢…": another place, time or thing, another fact
        # What frames the slot must name what changed: a date and the change cue name nothing ("用户最近换了
        # 机械键盘" / "用户最近换了电动牙刷" share only "recently changed").
        attribute = shared & frozenset(tokens(_WHEN_OR_CUE.sub(" ", soft_a[:start] + " " + soft_a[len(soft_a) - end:])))
        if cue:
            # A cue inside a replaced noun ("多语言切换按钮") changes nothing: it must frame the slot.
            cue = (has_change_cue(frames(soft_a[:start]) | frames(soft_a[len(soft_a) - end:]))
                   or has_change_cue(frames(_slot_start(slot_a)) | frames(_slot_start(slot_b))))
        return (new_value and pair.total(attribute) >= 0.7
                and _changed_value(pair, soft_a[:start], slot_a, slot_b, cue))
    if not _same_attribute(a, b) and pair.total(
            (token_set(predicate(a)) & token_set(predicate(b))) - CUE_TOKENS
            - (_person_qualifiers(a) & _person_qualifiers(b))) < MIN_PREDICATE_WEIGHT:
        # Only whose fact it is in common: "Anna lives in Leeds" / "Anna prefers calls", "the user's
        # photography friend Tang has a birthday on …" / "… is allergic to seafood".
        return False
    only_a, only_b = pair.a - shared, pair.b - shared
    named_a, named_b = pair.names_in(only_a), pair.names_in(only_b)
    # A shared number alone ("工作了十年" / "结婚十年了", "1 杯" / "1 次") is no shared fact.
    if pair.total(t for t in shared if not _is_number(t)) < MIN_SHARED_WEIGHT:
        return False
    if named_a and named_b:
        # Each side names something the other does not: only a number or a stated change makes one fact.
        # Only numbers differ when every word the two do not share is one ("port 8080" / "port 3000"
        # but not "api … 8080" / "web … 3000").
        numbers_only = all(map(_is_number, only_a | only_b))
        # What is shared must say more than the name both begin with ("mini-cc 的 … 20" / "mini-cc 用 …").
        said = shared - _leading_name(a, b, pair)
        return (new_value and (cue or numbers_only) and pair.total(shared) >= 1.5
                and pair.total(said) >= MIN_SHARED_WEIGHT
                and len(named_a) <= 2 and len(named_b) <= 2)
    # A shared number alone ("工作了十年" / "结婚十年了") is no shared fact.
    if pair.total(t for t in shared if not _is_number(t)) < MIN_SHARED_WEIGHT:
        return False
    kept, extra = pair.total(shared), pair.total(only_a | only_b)
    if not only_a or not only_b:
        # One side says more: fine when the extra names nothing new.
        return not (named_a or named_b) and kept >= 0.4 * (kept + extra)
    return kept >= 1.2 and kept >= REWORDED_SHARE * (kept + extra)


def _person_qualifiers(text: str) -> frozenset[str]:
    """The words that say which person a text is about ("photography" in "photography friend", 大学 in
    大学同学): they belong to the subject, not to what is said of it."""
    return frozenset(person.partition(":")[2] for person in frame(text).people
                     if ":" in person and not person.startswith("name:"))


def _leading_name(a: str, b: str, pair: _Pair) -> frozenset[str]:
    """The name both texts begin with (a project, a person): whose fact it is, not what it says."""
    leading: list[str] = []
    for word_a, word_b in zip(tokens(a), tokens(b), strict=False):
        if word_a != word_b or word_a not in pair.named:
            break
        leading.append(word_a)  # "mini-cc", "harbor-console": one name in several tokens
    return frozenset(leading)


def _slot_start(slot: str) -> str:
    """Where a cue that frames a replaced value stands: its first three words, or four CJK characters."""
    slot = slot.lstrip()
    return slot[:4] if slot[:1] and is_cjk(slot[0]) else " ".join(slot.split()[:3])


def _same_attribute(a: str, b: str) -> bool:
    """Both texts name one attribute ("住在南京" / "住在武汉"): that is what they say in common."""
    found_a, found_b = frame(a).attributes, frame(b).attributes
    return bool(found_a and found_b and found_a[0].concept == found_b[0].concept)


@memo(max_bytes=2 << 20)
def _soft_key(text: str) -> str:
    """Like the match key, but a space is kept between Latin words so cue words stay visible."""
    text = normalise(text)
    if _FAST_SEPARATED.fullmatch(text):
        # ASCII, CJK and their punctuation only: a separator is any non-word character (no marks here)
        folded = _SPACES.sub(" ", _FAST_SEPARATOR.sub(" ", text)).strip()
        return _SPACE_BY_CJK.sub("", folded)
    folded = "".join(" " if _is_separator(c) and not _decimal_point(text, i) else c for i, c in enumerate(text))
    folded = _SPACES.sub(" ", folded).strip()
    out: list[str] = []
    for index, char in enumerate(folded):
        if char == " " and (is_cjk(folded[index - 1]) or is_cjk(folded[index + 1])):
            continue
        out.append(char)
    return "".join(out)


_FAST_SEPARATED = re.compile(r"[\x00-\x7f\u2000-\u206f\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]*")
_FAST_SEPARATOR = re.compile(r"[^\w.]|_|(?<!\d)\.|\.(?!\d)")
_SPACE_BY_CJK = re.compile(r"(?<=[\u3400-\u4dbf\u4e00-\u9fff]) | (?=[\u3400-\u4dbf\u4e00-\u9fff])")


def _decimal_point(text: str, index: int) -> bool:
    return (text[index] == "." and 0 < index < len(text) - 1
            and text[index - 1].isdigit() and text[index + 1].isdigit())


def _is_separator(char: str) -> bool:
    return char.isspace() or unicodedata.category(char)[0] in "PSZC"


def _changed_value(pair: _Pair, prefix: str, slot_a: str, slot_b: str, cue: bool) -> bool:
    """A replaced value is an update when it is a number, or follows a copula or a stated change; what a
    named tool is used for ("用 iCloud 存照片" / "用 iCloud 同步通讯录") is no value of it."""
    if _INSTRUMENT_END.search(prefix):
        return False
    if _numeric(pair, slot_a) and _numeric(pair, slot_b) and _non_numbers(slot_a) == _non_numbers(slot_b):
        return True
    changed = (frozenset(tokens(slot_a)) ^ frozenset(tokens(slot_b))) - CUE_TOKENS
    if cue and changed and all(map(_is_number, changed)):
        return True  # "版本是 iOS 14" / "版本提高到了 iOS 16": only the number changed
    return _value_like(slot_a) and _value_like(slot_b) and (cue or _after_cue(prefix))


_OWNED = ("的", "'s ", "’s ")
# A prefix ending in a tool the text uses: the slot after it is what the tool does.
_INSTRUMENT_END = re.compile(r"(?:用|使用|借助|通过)\s*[a-z0-9][\w.+-]*\s*$|\b(?:uses?|using)\s+[\w.+-]+\s+to\s*$")


def _qualifier_slot(pair: _Pair, prefix: str, suffix: str, slot_a: str, slot_b: str) -> bool:
    """The replaced words are not the value the text ends on but a qualifier the statement goes on past
    (a place, a time, a thing), one side's slot is a time and the other's is not, or the slot says whose
    thing it is ("… of X")."""
    if _numeric(pair, slot_a) and _numeric(pair, slot_b):
        return False  # "跑 5 公里" / "跑 10 公里": a count before its unit is the value
    if bool(_TIME_WORDS.search(slot_a)) != bool(_TIME_WORDS.search(slot_b)):
        return True
    if prefix.rstrip().endswith((" of", " for")):
        return True  # "the Pro plan of Notion" / "… of Figma", "captain of the chess club": whose, not what
    if prefix.rstrip().endswith(("是", "为")) and _CJK_NOUN_END.fullmatch(suffix.strip()):
        return False  # "是虎皮鹦鹉" / "是玄凤鹦鹉": the kind of thing the value is, not a qualifier
    return pair.total(frozenset(tokens(suffix)) - CUE_TOKENS) >= _QUALIFIED_WEIGHT


_CJK_NOUN_END = re.compile("[\u4e00-\u9fff]{1,3}[。.!！]?")
# What the statement still says after a replaced qualifier: one CJK word or one Latin word.
_QUALIFIED_WEIGHT = 0.6
_TIME_WORDS = compile_fast(r"周[一二三四五六日末]|星期|早上|上午|中午|下午|晚上|凌晨|每天|每周|\d+\s*点|工作日|"
                         r"\b(?:weekdays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|"
                         r"mornings?|evenings?|afternoons?|nights?|weekends?|\d+(?::\d+)?\s*(?:am|pm))\b")


def _common_ends(a: str, b: str) -> tuple[int, int]:
    """Lengths of the common prefix and suffix, never cutting a Latin/digit word in two."""
    limit = min(len(a), len(b))
    start = 0
    while start < limit and a[start] == b[start]:
        start += 1
    end = 0
    while end < limit - start and a[-1 - end] == b[-1 - end]:
        end += 1
    while start > 0 and _wordish(a[start - 1]) and (_wordish_at(a, start) or _wordish_at(b, start)):
        start -= 1
    while end > 0 and _wordish(a[-end]) and (_wordish_at(a, len(a) - end - 1) or _wordish_at(b, len(b) - end - 1)):
        end -= 1
    return start, end


def _wordish_at(text: str, index: int) -> bool:
    return 0 <= index < len(text) and _wordish(text[index])


def _wordish(char: str) -> bool:
    return char.isalnum() and not is_cjk(char)


def _numeric(pair: _Pair, slot: str) -> bool:
    """The slot's value is a number (a version, a count, a time), whatever cue words surround it."""
    named = pair.names_in(tokens(slot))
    if named:
        return all(map(_is_number, named))
    return len(slot) <= 3 and any(c in _NUMERALS for c in slot)


def _non_numbers(slot: str) -> frozenset[str]:
    """What a slot says besides its numbers: "2 杯咖啡" and "3 杯茶" differ in more than the count."""
    return frozenset(token for token in tokens(slot) if not _is_number(token))


def _is_number(token: str) -> bool:
    return token.replace(".", "").isdigit()


def _value_like(slot: str) -> bool:
    """A short name or value: up to three Latin/digit words that are no verb phrase ("built with hugo"),
    or a CJK phrase without further structure."""
    words = slot.split()
    if not words:
        return False
    if len(words) == 1:
        return True
    return (all(_wordish(c) or c == " " for c in slot) and len(words) <= 3
            and not any(w in _PREPOSITIONS or w.endswith(("ed", "ing")) for w in words))


_PREPOSITIONS = frozenset("with on in at for by from to of via".split())


def _after_cue(prefix: str) -> bool:
    stripped = prefix.rstrip()
    if stripped.endswith(_CJK_CUES):
        return True
    words = stripped.split(" ")
    return bool(words) and words[-1] in _WORD_CUES
