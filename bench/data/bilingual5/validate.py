"""Checks the fifth bilingual ranking set and prints its counts and the newest-first baseline (issue 17)."""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

Row = dict[str, Any]

HERE = Path(__file__).resolve().parent
MEMORY_FIELDS = ["id", "content", "createdAt", "sourceScope"]
QUESTION_FIELDS = ["id", "question", "answers", "lang", "kind", "split"]
KINDS = ["cross_language", "alias", "direct", "everyday", "indirect", "word_form"]
LANGS = ["zh", "en", "mixed"]
SCOPE = re.compile(r"^(global|project:[a-z]+)$")
MEMORY_ID = re.compile(r"^d\d{4}$")
QUESTION_ID = re.compile(r"^dq\d{3}$")
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z\uff21-\uff3a\uff41-\uff5a]")
BUDGETS = [("2 KB", 2048), ("8 KB", 8192)]
DAY_MS = 86_400_000


def load(name: str) -> list[Row]:
    rows = []
    for number, line in enumerate((HERE / name).read_text(encoding="utf-8").splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as error:
            rows.append({"__error__": f"{name}:{number}: {error}"})
    return rows


def text_lang(text: str) -> str:
    has_cjk, has_latin = bool(CJK.search(text)), bool(LATIN.search(text))
    if has_cjk and has_latin:
        return "mixed"
    return "zh" if has_cjk else "en"


def check(memories: list[Row], questions: list[Row]) -> list[str]:
    problems: list[str] = []
    for row in memories:
        if "__error__" in row:
            problems.append(row["__error__"])
        elif list(row) != MEMORY_FIELDS:
            problems.append(f"memory fields {list(row)}")
        elif not MEMORY_ID.match(str(row["id"])):
            problems.append(f"memory id {row['id']!r}")
        elif not isinstance(row["content"], str) or not row["content"].strip() or len(row["content"]) > 300:
            problems.append(f"{row['id']}: content empty or over 300 characters")
        elif not isinstance(row["createdAt"], int) or isinstance(row["createdAt"], bool):
            problems.append(f"{row['id']}: createdAt is not an integer")
        elif not isinstance(row["sourceScope"], str) or not SCOPE.match(row["sourceScope"]):
            problems.append(f"{row['id']}: scope {row['sourceScope']!r}")
    if problems:
        return problems
    if len(memories) != 1000:
        problems.append(f"{len(memories)} memories, want 1000")
    ids = [row["id"] for row in memories]
    if ids != [f"d{index:04d}" for index in range(1, len(memories) + 1)]:
        problems.append("memory ids are not d0001… in order")
    for before, after in itertools.pairwise(memories):
        if after["createdAt"] <= before["createdAt"]:
            problems.append(f"{after['id']}: createdAt not strictly after {before['id']}")
    contents = Counter(row["content"] for row in memories)
    problems.extend(f"content repeated: {text[:40]}" for text, count in contents.items() if count > 1)
    known = set(ids)
    for row in questions:
        if "__error__" in row:
            problems.append(row["__error__"])
            continue
        if list(row) != QUESTION_FIELDS:
            problems.append(f"question fields {list(row)}")
            continue
        name = row["id"]
        if not QUESTION_ID.match(str(name)):
            problems.append(f"question id {name!r}")
        if not isinstance(row["question"], str) or not row["question"].strip():
            problems.append(f"{name}: empty message")
        elif row["lang"] != text_lang(row["question"]):
            problems.append(f"{name}: lang {row['lang']} but the text is {text_lang(row['question'])}")
        answers = row["answers"]
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problems.append(f"{name}: answers must be a non-empty list without repeats")
        else:
            problems.extend(f"{name}: answer {answer} does not exist" for answer in answers if answer not in known)
        if row["lang"] not in LANGS:
            problems.append(f"{name}: lang {row['lang']!r}")
        if row["kind"] not in KINDS:
            problems.append(f"{name}: kind {row['kind']!r}")
        if row["split"] != "test":
            problems.append(f"{name}: split {row['split']!r}")
    question_ids = [row.get("id") for row in questions]
    if question_ids != [f"dq{index:03d}" for index in range(1, len(questions) + 1)]:
        problems.append("question ids are not dq001… in order")
    messages = Counter(row.get("question") for row in questions)
    problems.extend(f"message repeated: {text}" for text, count in messages.items() if count > 1)
    if not 250 <= len(questions) <= 290:
        problems.append(f"{len(questions)} messages, want about 270")
    return problems


def newest_first(memories: list[Row], budget: int) -> set[str]:
    kept: set[str] = set()
    used = 0
    for row in sorted(memories, key=lambda row: row["createdAt"], reverse=True):
        size = len(row["content"].encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        kept.add(row["id"])
    return kept


def report(memories: list[Row], questions: list[Row]) -> None:
    zh = sum(1 for row in memories if CJK.search(row["content"]))
    span = (memories[-1]["createdAt"] - memories[0]["createdAt"]) / DAY_MS
    print(
        f"memories: {len(memories)}, Chinese {zh} ({zh / len(memories):.1%}), English {len(memories) - zh}; span {span:.0f} days"
    )
    scopes = Counter(row["sourceScope"] for row in memories)
    print("scopes: " + ", ".join(f"{scope} {count}" for scope, count in scopes.most_common()))
    langs = Counter(row["lang"] for row in questions)
    print(
        f"messages: {len(questions)}: "
        + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / len(questions):.1%})" for lang in LANGS)
    )
    sizes = Counter(len(row["answers"]) for row in questions)
    print("answers per message: " + ", ".join(f"{size}: {count}" for size, count in sorted(sizes.items())))
    print("| kind | total | zh | en | mixed |")
    for kind in KINDS:
        rows = [row for row in questions if row["kind"] == kind]
        cells = " | ".join(str(sum(1 for row in rows if row["lang"] == lang)) for lang in LANGS)
        print(f"| {kind} | {len(rows)} | {cells} |")
    by_id = {row["id"]: row for row in memories}
    cross = [row for row in questions if row["kind"] == "cross_language"]
    to_zh = sum(1 for row in cross if all(CJK.search(by_id[answer]["content"]) for answer in row["answers"]))
    print(f"cross_language: {to_zh} need a Chinese memory, {len(cross) - to_zh} need an English one")
    print("newest-first baseline:")
    print("| budget | memories that fit | hit rate | zh | en | mixed |")
    for label, budget in BUDGETS:
        kept = newest_first(memories, budget)
        hits = [row for row in questions if all(answer in kept for answer in row["answers"])]
        cells = " | ".join(
            f"{sum(1 for row in hits if row['lang'] == lang)}/{sum(1 for row in questions if row['lang'] == lang)}"
            for lang in LANGS
        )
        print(f"| {label} | {len(kept)} | {len(hits)}/{len(questions)} = {len(hits) / len(questions):.3f} | {cells} |")


def main() -> int:
    memories = load("memories.jsonl")
    questions = load("questions.jsonl")
    problems = check(memories, questions)
    if problems:
        for problem in problems[:50]:
            print(f"problem: {problem}")
        print(f"{len(problems)} problem(s)")
        return 1
    report(memories, questions)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
