"""Check the third bilingual ranking set (issue 17) and print its counts and the newest-first baseline."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
KINDS = ("cross_language", "alias", "everyday", "direct", "indirect", "word_form")
LANGS = ("zh", "en", "mixed")
BUDGETS = (2048, 8192)
HAN = re.compile(r"[\u3400-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
SCOPE = re.compile(r"global|project:[a-z0-9][a-z0-9-]*")
MEMORY_FIELDS = {"id", "content", "createdAt", "sourceScope"}
QUESTION_FIELDS = {"id", "question", "answers", "lang", "kind", "split"}


def load(name: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for line in (HERE / name).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if not isinstance(row, dict):
            raise ValueError(f"{name}: a line is not an object")
        rows.append(row)
    return rows


def lang_of(text: str) -> str:
    has_han = bool(HAN.search(text))
    has_latin = bool(LATIN.search(text))
    if has_han and has_latin:
        return "mixed"
    return "zh" if has_han else "en"


def check_memories(memories: list[dict[str, object]], problems: list[str]) -> None:
    last = -1
    for number, memory in enumerate(memories, 1):
        if set(memory) != MEMORY_FIELDS:
            problems.append(f"memory {number}: fields {sorted(memory)}")
            continue
        if memory["id"] != f"d{number:04d}":
            problems.append(f"memory {number}: id {memory['id']}")
        content = memory["content"]
        if not isinstance(content, str) or not content.strip() or len(content) > 300:
            problems.append(f"{memory['id']}: content empty or longer than 300 characters")
        stamp = memory["createdAt"]
        if not isinstance(stamp, int) or stamp <= last:
            problems.append(f"{memory['id']}: createdAt not strictly increasing epoch ms")
        else:
            last = stamp
        scope = memory["sourceScope"]
        if not isinstance(scope, str) or not SCOPE.fullmatch(scope):
            problems.append(f"{memory['id']}: scope {scope!r}")
    if len(memories) != 1000:
        problems.append(f"{len(memories)} memories, 1000 wanted")


def check_questions(questions: list[dict[str, object]], known: set[str], problems: list[str]) -> None:
    for number, question in enumerate(questions, 1):
        if set(question) != QUESTION_FIELDS:
            problems.append(f"question {number}: fields {sorted(question)}")
            continue
        if question["id"] != f"dq{number:03d}":
            problems.append(f"question {number}: id {question['id']}")
        text = question["question"]
        if not isinstance(text, str) or not text.strip() or len(text) > 300:
            problems.append(f"{question['id']}: message empty or longer than 300 characters")
        elif question["lang"] != lang_of(text):
            problems.append(f"{question['id']}: lang {question['lang']} but the text reads {lang_of(text)}")
        answers = question["answers"]
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problems.append(f"{question['id']}: answers {answers!r}")
        else:
            problems.extend(f"{question['id']}: unknown answer {answer}" for answer in answers if answer not in known)
        if question["kind"] not in KINDS:
            problems.append(f"{question['id']}: kind {question['kind']}")
        if question["lang"] not in LANGS:
            problems.append(f"{question['id']}: lang {question['lang']}")
        if question["split"] != "test":
            problems.append(f"{question['id']}: split {question['split']}")


def newest_first(memories: list[dict[str, object]], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for memory in sorted(memories, key=lambda row: int(str(row["createdAt"])), reverse=True):
        size = len(str(memory["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(str(memory["id"]))
    return chosen


def report(memories: list[dict[str, object]], questions: list[dict[str, object]]) -> None:
    chinese = sum(1 for memory in memories if HAN.search(str(memory["content"])))
    scopes = Counter(str(memory["sourceScope"]) for memory in memories)
    print(f"memories: {len(memories)}, Chinese {chinese}, English {len(memories) - chinese}")
    print("scopes: " + ", ".join(f"{scope} {count}" for scope, count in scopes.most_common()))
    langs = Counter(str(question["lang"]) for question in questions)
    print(f"messages: {len(questions)}, " + ", ".join(f"{lang} {langs[lang]}" for lang in LANGS))
    two = sum(1 for question in questions if isinstance(question["answers"], list) and len(question["answers"]) > 1)
    print(f"messages needing more than one memory: {two}")
    cells = Counter((str(question["kind"]), str(question["lang"])) for question in questions)
    print("kind            total   zh   en mixed")
    for kind in KINDS:
        row = [cells[(kind, lang)] for lang in LANGS]
        print(f"{kind:15} {sum(row):5} {row[0]:4} {row[1]:4} {row[2]:5}")
    for budget in BUDGETS:
        chosen = newest_first(memories, budget)
        hits = Counter(
            str(question["lang"])
            for question in questions
            if isinstance(question["answers"], list) and all(answer in chosen for answer in question["answers"])
        )
        total = sum(hits.values())
        by_lang = ", ".join(f"{lang} {hits[lang]}/{langs[lang]}" for lang in LANGS)
        print(
            f"newest-first at {budget // 1024} KB: {len(chosen)} memories fit, "
            f"hit {total}/{len(questions)} = {total / len(questions):.3f} ({by_lang})"
        )


def main() -> int:
    problems: list[str] = []
    memories = load("memories.jsonl")
    questions = load("questions.jsonl")
    check_memories(memories, problems)
    check_questions(questions, {str(memory["id"]) for memory in memories}, problems)
    for problem in problems:
        print("PROBLEM:", problem)
    if problems:
        return 1
    report(memories, questions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
