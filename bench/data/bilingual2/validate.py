"""Checks the second bilingual ranking set (issue 17) and prints its counts and the newest-first baseline."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MEMORY_FIELDS = {"id", "content", "createdAt", "sourceScope"}
QUESTION_FIELDS = {"id", "question", "answers", "lang", "kind", "split"}
KINDS = ("cross_language", "alias", "everyday", "direct", "indirect", "word_form")
LANGS = ("zh", "en", "mixed")
MAX_CHARS = 300
BUDGETS = (2048, 8192)
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
SCOPE = re.compile(r"global|project:[a-z0-9][a-z0-9-]*")


def read_rows(name: str) -> list[dict[str, Any]]:
    with (HERE / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


def language_of(text: str) -> str:
    has_cjk = CJK.search(text) is not None
    if not has_cjk:
        return "en"
    return "mixed" if LATIN_WORD.search(text) else "zh"


def check_memories(memories: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    previous = -1
    for number, row in enumerate(memories, start=1):
        if set(row) != MEMORY_FIELDS:
            problems.append(f"memory {number}: fields {sorted(row)}")
            continue
        if row["id"] != f"c{number:04d}":
            problems.append(f"memory {number}: id {row['id']}")
        content = row["content"]
        if not isinstance(content, str) or not content.strip() or len(content) > MAX_CHARS:
            problems.append(f"{row['id']}: content empty or longer than {MAX_CHARS}")
        created = row["createdAt"]
        if not isinstance(created, int) or isinstance(created, bool) or created <= previous:
            problems.append(f"{row['id']}: createdAt not strictly increasing")
        else:
            previous = created
        if not isinstance(row["sourceScope"], str) or SCOPE.fullmatch(row["sourceScope"]) is None:
            problems.append(f"{row['id']}: scope {row['sourceScope']!r}")
    return problems


def check_questions(questions: list[dict[str, Any]], memory_ids: set[str]) -> list[str]:
    problems: list[str] = []
    for number, row in enumerate(questions, start=1):
        if set(row) != QUESTION_FIELDS:
            problems.append(f"question {number}: fields {sorted(row)}")
            continue
        if row["id"] != f"cq{number:03d}":
            problems.append(f"question {number}: id {row['id']}")
        text = row["question"]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHARS:
            problems.append(f"{row['id']}: question empty or longer than {MAX_CHARS}")
            continue
        answers = row["answers"]
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problems.append(f"{row['id']}: answers must be a non-empty list without repeats")
        elif any(answer not in memory_ids for answer in answers):
            problems.append(f"{row['id']}: an answer is not a memory id")
        if row["lang"] not in LANGS or language_of(text) != row["lang"]:
            problems.append(f"{row['id']}: lang {row['lang']!r} but the text reads {language_of(text)!r}")
        if row["kind"] not in KINDS:
            problems.append(f"{row['id']}: kind {row['kind']!r}")
        if row["split"] != "test":
            problems.append(f"{row['id']}: split {row['split']!r}")
    return problems


def newest_ids(memories: list[dict[str, Any]], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for row in reversed(memories):
        size = len(row["content"].encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(row["id"])
    return chosen


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.3f}" if whole else "0/0"


def report(memories: list[dict[str, Any]], questions: list[dict[str, Any]]) -> None:
    languages = Counter("en" if language_of(row["content"]) == "en" else "zh" for row in memories)
    scopes = Counter(row["sourceScope"] for row in memories)
    span_days = (memories[-1]["createdAt"] - memories[0]["createdAt"]) / 86_400_000
    print(f"memories: {len(memories)}; Chinese {languages['zh']}, English {languages['en']}; span {span_days:.0f} days")
    print("scopes: " + ", ".join(f"{scope} {count}" for scope, count in sorted(scopes.items())))
    langs = Counter(row["lang"] for row in questions)
    answer_sizes = Counter(len(row["answers"]) for row in questions)
    print(f"messages: {len(questions)}; " + ", ".join(f"{lang} {langs[lang]}" for lang in LANGS))
    print("answers per message: " + ", ".join(f"{size}: {count}" for size, count in sorted(answer_sizes.items())))
    cells = Counter((row["kind"], row["lang"]) for row in questions)
    print(f"{'kind':<16}{'total':>6}" + "".join(f"{lang:>7}" for lang in LANGS))
    for kind in KINDS:
        total = sum(cells[(kind, lang)] for lang in LANGS)
        print(f"{kind:<16}{total:>6}" + "".join(f"{cells[(kind, lang)]:>7}" for lang in LANGS))
    print("newest-first baseline (hit: every answer among the newest memories that fit the budget):")
    for budget in BUDGETS:
        fitting = newest_ids(memories, budget)
        hits = [row for row in questions if set(row["answers"]) <= fitting]
        by_lang = ", ".join(f"{lang} {share(sum(row['lang'] == lang for row in hits), langs[lang])}" for lang in LANGS)
        print(f"  {budget // 1024} KB: {len(fitting)} memories fit; hit {share(len(hits), len(questions))} ({by_lang})")


def main() -> int:
    memories = read_rows("memories.jsonl")
    questions = read_rows("questions.jsonl")
    problems = check_memories(memories)
    problems += check_questions(questions, {row["id"] for row in memories if "id" in row})
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problems", file=sys.stderr)
        return 1
    report(memories, questions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
