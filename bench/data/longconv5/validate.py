"""Checks the longconv5 ranking set and prints its counts and the newest-first baseline (issue 17)."""
from __future__ import annotations

import json
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
MEMORY_FIELDS = ["id", "content", "createdAt", "sourceScope"]
QUESTION_FIELDS = ["id", "question", "answers", "lang", "kind", "split"]
KINDS = {"direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop"}
PAIRS = {"conv:priya-lars": ("Priya", "Lars"), "conv:dorothy-rafael": ("Dorothy", "Rafael"),
         "conv:odile-ben": ("Odile", "Ben")}
BUDGETS = (("2 KB", 2048), ("8 KB", 8192))
TOTAL = 1000


def load(name: str, problems: list[str]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for number, line in enumerate((HERE / name).read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{name}:{number}: not JSON ({error})")
            continue
        if not isinstance(row, dict):
            problems.append(f"{name}:{number}: not an object")
            continue
        rows.append(row)
    return rows


def check_memories(memories: list[dict[str, object]], problems: list[str]) -> None:
    if len(memories) != TOTAL:
        problems.append(f"{len(memories)} memories, not {TOTAL}")
    seen: set[object] = set()
    previous = -1
    for index, row in enumerate(memories, 1):
        if list(row) != MEMORY_FIELDS:
            problems.append(f"memory {index}: fields {list(row)}")
            continue
        if row["id"] != f"p{index:04d}":
            problems.append(f"memory {index}: id {row['id']}")
        content = row["content"]
        if not isinstance(content, str) or not content.strip() or len(content) > 300:
            problems.append(f"{row['id']}: content empty, not text or over 300 characters")
        if content in seen:
            problems.append(f"{row['id']}: duplicate content")
        seen.add(content)
        created = row["createdAt"]
        if not isinstance(created, int) or isinstance(created, bool) or created <= previous:
            problems.append(f"{row['id']}: createdAt not a strictly increasing integer")
        else:
            previous = created
        if row["sourceScope"] not in PAIRS and row["sourceScope"] != "global":
            problems.append(f"{row['id']}: scope {row['sourceScope']}")


def check_questions(questions: list[dict[str, object]], ids: set[object], problems: list[str]) -> None:
    seen: set[object] = set()
    for index, row in enumerate(questions, 1):
        if list(row) != QUESTION_FIELDS:
            problems.append(f"question {index}: fields {list(row)}")
            continue
        if row["id"] != f"pq{index:03d}":
            problems.append(f"question {index}: id {row['id']}")
        text = row["question"]
        if not isinstance(text, str) or not text.strip() or len(text) > 300:
            problems.append(f"{row['id']}: question empty, not text or over 300 characters")
        if text in seen:
            problems.append(f"{row['id']}: duplicate question")
        seen.add(text)
        answers = row["answers"]
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problems.append(f"{row['id']}: answers must be a non-empty list of distinct ids")
            continue
        for answer in answers:
            if answer not in ids:
                problems.append(f"{row['id']}: unknown answer {answer}")
        if row["kind"] not in KINDS:
            problems.append(f"{row['id']}: kind {row['kind']}")
        if (row["kind"] == "multi_hop") != (len(answers) == 2) or len(answers) > 2:
            problems.append(f"{row['id']}: {row['kind']} with {len(answers)} answers")
        if row["lang"] != "en":
            problems.append(f"{row['id']}: lang {row['lang']}")
        if row["split"] != "test":
            problems.append(f"{row['id']}: split {row['split']}")


def answers_of(row: dict[str, object]) -> list[object]:
    answers = row["answers"]
    return list(answers) if isinstance(answers, list) else []


def created_of(row: dict[str, object]) -> int:
    created = row["createdAt"]
    return created if isinstance(created, int) else 0


def newest_first(memories: list[dict[str, object]], budget: int) -> set[object]:
    kept: set[object] = set()
    used = 0
    for row in sorted(memories, key=created_of, reverse=True):
        size = len(str(row["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        kept.add(row["id"])
    return kept


def main() -> int:
    problems: list[str] = []
    memories = load("memories.jsonl", problems)
    questions = load("questions.jsonl", problems)
    check_memories(memories, problems)
    ids = {row.get("id") for row in memories}
    check_questions(questions, ids, problems)
    if problems:
        for problem in problems[:50]:
            print(problem)
        print(f"{len(problems)} problems")
        return 1
    scopes = Counter(str(row["sourceScope"]) for row in memories)
    print(f"memories: {len(memories)} (" + ", ".join(f"{k} {v}" for k, v in sorted(scopes.items())) + ")")
    kinds = Counter(str(row["kind"]) for row in questions)
    sizes = Counter(len(answers_of(row)) for row in questions)
    distinct = {answer for row in questions for answer in answers_of(row)}
    print(f"questions: {len(questions)}, all test, all en; one answer {sizes[1]}, two answers {sizes[2]};"
          f" {len(distinct)} distinct answer memories")
    print("kinds: " + ", ".join(f"{k} {kinds[k]}" for k in sorted(KINDS)))
    lengths = [len(str(row["content"]).encode("utf-8")) for row in memories]
    print(f"memory size: median {statistics.median(lengths)} UTF-8 bytes, max {max(lengths)}, total {sum(lengths)}")
    for a, b in PAIRS.values():
        pattern_a, pattern_b = re.compile(rf"\b{a}\b"), re.compile(rf"\b{b}\b")
        either = [str(r["content"]) for r in memories
                  if pattern_a.search(str(r["content"])) or pattern_b.search(str(r["content"]))]
        both = sum(1 for c in either if pattern_a.search(c) and pattern_b.search(c))
        print(f"name shares: both {a} and {b} in {both}/{len(either)} of the memories naming either")
    positions = {row["id"]: index for index, row in enumerate(memories)}
    oldest = sorted(positions[answer] for answer in distinct)
    print(f"answer positions (0 = oldest): median {statistics.median(oldest)}, "
          f"in the oldest half {sum(1 for p in oldest if p < len(memories) // 2)}/{len(oldest)}")
    for label, budget in BUDGETS:
        kept = newest_first(memories, budget)
        hits = sum(1 for row in questions if all(a in kept for a in answers_of(row)))
        print(f"newest-first at {label} ({budget} bytes): {len(kept)} memories, "
              f"{hits}/{len(questions)} = {hits / len(questions):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
