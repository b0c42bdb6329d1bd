"""Check the long-use set's files (shapes, labels, counts, byte-identical regeneration) and print its statistics."""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
HISTORIES = ("dev", "parent", "research", "hobby")
SESSIONS = 30
LIMIT = 100
FACT_KEYS = {"id", "history", "session", "sourceScope", "content", "lang", "event", "of", "slot"}
QUESTION_KEYS = {"id", "history", "question", "lang", "answers", "accept", "session", "learnt", "age", "source", "slot", "about"}
MAJORITY = {"parent": "zh", "hobby": "zh", "research": "en"}
THIRDS = ("early", "middle", "late")

Row = dict[str, Any]


def key(text: str) -> str:
    """Equal keys = the same memory text (NFKC, casefold, no whitespace, punctuation or symbols)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if not ch.isspace() and unicodedata.category(ch)[0] not in "PS")


def bigrams(text: str) -> set[str]:
    k = key(text)
    return {k[i:i + 2] for i in range(len(k) - 1)}


def third(session: int) -> str:
    return THIRDS[min(2, (session - 1) * 3 // SESSIONS)]


def load(name: str) -> list[Row]:
    with (HERE / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def check_facts(facts: list[Row]) -> list[str]:
    problems: list[str] = []
    seen: dict[str, Row] = {}
    by_key: dict[str, str] = {}
    slot_events: dict[tuple[str, str], list[Row]] = {}
    for n, fact in enumerate(facts):
        where = f"facts line {n + 1}"
        if set(fact) != FACT_KEYS:
            problems.append(f"{where}: keys {sorted(fact)}")
            continue
        if fact["id"] in seen:
            problems.append(f"{where}: repeated id {fact['id']}")
        if not re.fullmatch(rf"{fact['history']}-{fact['session']:02d}-\d\d", fact["id"]):
            problems.append(f"{where}: id {fact['id']} does not name its history and session")
        if fact["history"] not in HISTORIES or not 1 <= fact["session"] <= SESSIONS:
            problems.append(f"{where}: history/session {fact['history']}/{fact['session']}")
        if fact["sourceScope"] != f"{fact['history']}-s{fact['session']:02d}":
            problems.append(f"{where}: sourceScope {fact['sourceScope']}")
        content = fact["content"]
        if not isinstance(content, str) or not content or content != " ".join(content.split()) or len(content) > 200:
            problems.append(f"{where}: content must be 1..200 chars, whitespace folded")
        elif any(unicodedata.category(ch) == "Cc" for ch in content):
            problems.append(f"{where}: control character in content")
        elif re.search(r"'s the |\bthe the\b| {2}", content, re.IGNORECASE):
            problems.append(f"{where}: broken English ({content})")
        slot = (fact["history"], fact["slot"])
        earlier = slot_events.setdefault(slot, [])
        if fact["event"] == "new":
            if earlier or fact["of"] is not None:
                problems.append(f"{where}: a new fact must be the first of its slot, without `of`")
        elif fact["event"] in ("restate", "update"):
            if not earlier or fact["of"] != earlier[-1]["id"] or earlier[-1]["session"] >= fact["session"]:
                problems.append(f"{where}: {fact['event']} must follow the slot's previous fact from an earlier session")
            if fact["event"] == "update" and key(content) == key(earlier[-1]["content"] if earlier else ""):
                problems.append(f"{where}: an update must change the text")
        else:
            problems.append(f"{where}: event {fact['event']}")
        owner = by_key.setdefault(key(content), f"{fact['history']}|{fact['slot']}")
        if owner != f"{fact['history']}|{fact['slot']}":
            problems.append(f"{where}: same text as a fact of another slot ({owner})")
        earlier.append(fact)
        seen[fact["id"]] = fact
    if [f["id"] for f in facts] != [f["id"] for f in sorted(facts, key=lambda f: (HISTORIES.index(f["history"])
                                                                                  if f["history"] in HISTORIES else 9,
                                                                                  f["session"]))]:
        problems.append("facts must be in telling order: by history, then session")
    for history in HISTORIES:
        mine = [f for f in facts if f["history"] == history]
        sessions = Counter(f["session"] for f in mine)
        if sorted(sessions) != list(range(1, SESSIONS + 1)):
            problems.append(f"{history}: every one of the {SESSIONS} sessions must tell something")
        if not 240 <= len(mine) <= 420:
            problems.append(f"{history}: {len(mine)} facts, expected 240..420")
        fills = fill_session(mine)
        if fills is None or not 9 <= fills <= 15:
            problems.append(f"{history}: a store of {LIMIT} should fill after 9..15 sessions, fills at {fills}")
        langs = Counter("zh" if f["lang"] != "en" else "en" for f in mine)
        want = MAJORITY.get(history)
        if want and langs[want] * 2 <= len(mine):
            problems.append(f"{history}: facts should be mostly {want} ({dict(langs)})")
        if not want and min(langs["zh"], langs["en"]) * 10 < len(mine) * 3:
            problems.append(f"{history}: a bilingual history should be at least 30% of each language ({dict(langs)})")
        for kind in ("restate", "update"):
            if sum(1 for f in mine if f["event"] == kind) < 10:
                problems.append(f"{history}: fewer than 10 later {kind} facts")
    return problems


def fill_session(facts: list[Row]) -> int | None:
    """The session after which distinct facts told reach the limit (restatements not counted)."""
    told = 0
    for session in range(1, SESSIONS + 1):
        told += sum(1 for f in facts if f["session"] == session and f["event"] != "restate")
        if told >= LIMIT:
            return session
    return None


def check_questions(questions: list[Row], facts: list[Row]) -> list[str]:
    problems: list[str] = []
    by_id = {f["id"]: f for f in facts}
    ids: set[str] = set()
    for n, q in enumerate(questions):
        where = f"questions line {n + 1}"
        if set(q) != QUESTION_KEYS:
            problems.append(f"{where}: keys {sorted(q)}")
            continue
        if q["id"] in ids or not q["id"].startswith(f"{q['history']}-q"):
            problems.append(f"{where}: id {q['id']}")
        ids.add(q["id"])
        accept = [by_id.get(a) for a in q["accept"]]
        if not q["answers"] or not set(q["answers"]) <= set(q["accept"]) or None in accept:
            problems.append(f"{where}: answers must be known facts listed in accept")
            continue
        if any(f is None or f["history"] != q["history"] or f["slot"] != q["slot"] for f in accept):
            problems.append(f"{where}: accepted facts must be of the question's history and slot")
            continue
        chain = [f for f in facts if f["history"] == q["history"] and f["slot"] == q["slot"]]
        last_update = max(i for i, f in enumerate(chain) if f["event"] != "restate")
        if [f["id"] for f in chain[last_update:]] != q["accept"]:
            problems.append(f"{where}: accept must be the slot's current value and its restatements")
        if q["session"] != by_id[q["answers"][-1]]["session"] or q["learnt"] != chain[last_update]["session"]:
            problems.append(f"{where}: session/learnt do not match the answer")
        if q["age"] != third(q["session"]):
            problems.append(f"{where}: age {q['age']} for session {q['session']}")
        if q["about"] and q["about"] not in q["question"]:
            problems.append(f"{where}: `about` must be the entity as the question names it")
        for fact in accept:
            assert fact is not None
            if key(fact["content"]) in key(q["question"]):
                problems.append(f"{where}: the question copies its answer")
            told = bigrams(fact["content"].replace(q["about"], " ") if q["about"] else fact["content"])
            shared = told & bigrams(q["question"].replace(q["about"], " ") if q["about"] else q["question"])
            if len(shared) > 0.5 * max(1, len(told)):
                problems.append(f"{where}: the question repeats most of its answer's words")
    for history in HISTORIES:
        mine = [q for q in questions if q["history"] == history]
        if len(mine) < 60:
            problems.append(f"{history}: {len(mine)} questions, expected at least 60")
        for age in THIRDS:
            if sum(1 for q in mine if q["age"] == age) < 15:
                problems.append(f"{history}: fewer than 15 questions about {age} facts")
    return problems


def check_regenerates(facts_text: str, questions_text: str) -> list[str]:
    sys.path.insert(0, str(HERE.parent))
    from longuse import generate

    facts, asked = generate.build()
    problems = []
    if generate.dump(facts) != facts_text:
        problems.append("facts.jsonl is not what generate.py builds: rerun it")
    if generate.dump(asked) != questions_text:
        problems.append("questions.jsonl is not what generate.py builds: rerun it")
    return problems


def check_all() -> list[str]:
    facts_text = (HERE / "facts.jsonl").read_text(encoding="utf-8")
    questions_text = (HERE / "questions.jsonl").read_text(encoding="utf-8")
    facts, questions = load("facts.jsonl"), load("questions.jsonl")
    return check_facts(facts) + check_questions(questions, facts) + check_regenerates(facts_text, questions_text)


def statistics(facts: list[Row], questions: list[Row]) -> list[str]:
    out = ["| history | facts | new / restated / changed | zh / en / mixed | per session | store of 100 full after "
           "| questions (early / middle / late) | hand-written |",
           "|---|---:|---|---|---|---:|---|---:|"]
    for history in HISTORIES:
        mine = [f for f in facts if f["history"] == history]
        asked = [q for q in questions if q["history"] == history]
        events, langs = Counter(f["event"] for f in mine), Counter(f["lang"] for f in mine)
        sizes = Counter(f["session"] for f in mine).values()
        ages = Counter(q["age"] for q in asked)
        out.append(f"| {history} | {len(mine)} | {events['new']} / {events['restate']} / {events['update']} "
                   f"| {langs['zh']} / {langs['en']} / {langs['mixed']} | {min(sizes)}–{max(sizes)} "
                   f"| {fill_session(mine)} sessions | {len(asked)} ({ages['early']} / {ages['middle']} / {ages['late']}) "
                   f"| {sum(1 for q in asked if q['source'] == 'core')} |")
    return out


def main() -> int:
    problems = check_all()
    for problem in problems:
        print(problem)
    print(*statistics(load("facts.jsonl"), load("questions.jsonl")), sep="\n")
    print("ok" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
