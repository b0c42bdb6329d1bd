"""Checks memories.jsonl and questions.jsonl (standard library only); prints counts and the newest-first baseline."""

from __future__ import annotations

import json
import re
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MEMORY_FIELDS = ["id", "content", "createdAt", "sourceScope"]
QUESTION_FIELDS = ["id", "question", "answers", "lang", "kind", "split"]
KINDS = ("direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop")
PAIRS = {"conv:ines-tobias": ("Ines", "Tobias"), "conv:beatrix-samir": ("Beatrix", "Samir"),
         "conv:maeve-hamza": ("Maeve", "Hamza")}
SCOPES = set(PAIRS) | {"global"}
BUDGETS = (2048, 8192)
MAX_CHARS = 300


def read_jsonl(path: Path, problems: list[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{path.name}:{number}: not JSON ({error})")
            continue
        if not isinstance(row, dict):
            problems.append(f"{path.name}:{number}: not an object")
            continue
        rows.append(row)
    return rows


def check_memories(memories: list[dict[str, Any]], problems: list[str]) -> None:
    seen: set[str] = set()
    last = None
    for index, memory in enumerate(memories, 1):
        where = f"memories.jsonl:{index}"
        if list(memory) != MEMORY_FIELDS:
            problems.append(f"{where}: fields {list(memory)}")
            continue
        if memory["id"] != f"k{index:04d}":
            problems.append(f"{where}: id {memory['id']!r} out of order")
        content = memory["content"]
        if not isinstance(content, str) or not content.strip() or len(content) > MAX_CHARS:
            problems.append(f"{where}: content empty or over {MAX_CHARS} characters")
        elif content in seen:
            problems.append(f"{where}: duplicate content")
        else:
            seen.add(content)
        created = memory["createdAt"]
        if not isinstance(created, int) or isinstance(created, bool):
            problems.append(f"{where}: createdAt is not an integer")
        elif last is not None and created <= last:
            problems.append(f"{where}: createdAt not strictly increasing")
        else:
            last = created
        if memory["sourceScope"] not in SCOPES:
            problems.append(f"{where}: unknown scope {memory['sourceScope']!r}")
    if len(memories) != 1000:
        problems.append(f"memories.jsonl: {len(memories)} memories, expected 1000")


def check_questions(questions: list[dict[str, Any]], known: set[str], problems: list[str]) -> None:
    seen: set[str] = set()
    for index, question in enumerate(questions, 1):
        where = f"questions.jsonl:{index}"
        if list(question) != QUESTION_FIELDS:
            problems.append(f"{where}: fields {list(question)}")
            continue
        if question["id"] != f"kq{index:03d}":
            problems.append(f"{where}: id {question['id']!r} out of order")
        text = question["question"]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHARS:
            problems.append(f"{where}: question empty or over {MAX_CHARS} characters")
        elif text in seen:
            problems.append(f"{where}: duplicate question")
        else:
            seen.add(text)
        answers = question["answers"]
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problems.append(f"{where}: answers must be a non-empty list without repeats")
            continue
        for answer in answers:
            if answer not in known:
                problems.append(f"{where}: unknown answer {answer!r}")
        if question["kind"] not in KINDS:
            problems.append(f"{where}: unknown kind {question['kind']!r}")
        if (question["kind"] == "multi_hop") != (len(answers) == 2) or len(answers) > 2:
            problems.append(f"{where}: a multi_hop question has two answers, any other one")
        if question["lang"] != "en":
            problems.append(f"{where}: lang {question['lang']!r}")
        if question["split"] != "test":
            problems.append(f"{where}: split {question['split']!r}")


def newest_first(memories: list[dict[str, Any]], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for memory in sorted(memories, key=lambda m: m["createdAt"], reverse=True):
        size = len(memory["content"].encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(memory["id"])
    return chosen


def name_shares(memories: list[dict[str, Any]]) -> list[str]:
    lines = []
    for a, b in PAIRS.values():
        pattern_a, pattern_b = re.compile(rf"\b{a}\b"), re.compile(rf"\b{b}\b")
        either = [m for m in memories if pattern_a.search(m["content"]) or pattern_b.search(m["content"])]
        both = [m for m in either if pattern_a.search(m["content"]) and pattern_b.search(m["content"])]
        lines.append(f"  {a} / {b}: both names in {len(both)}/{len(either)} = {len(both) / len(either):.3f}")
    return lines


def main() -> int:
    problems: list[str] = []
    memories = read_jsonl(HERE / "memories.jsonl", problems)
    questions = read_jsonl(HERE / "questions.jsonl", problems)
    check_memories(memories, problems)
    known = {m["id"] for m in memories if isinstance(m.get("id"), str)}
    check_questions(questions, known, problems)
    if problems:
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)")
        return 1
    scopes = Counter(m["sourceScope"] for m in memories)
    kinds = Counter(q["kind"] for q in questions)
    sizes = [len(m["content"].encode("utf-8")) for m in memories]
    answer_ids = {a for q in questions for a in q["answers"]}
    print(f"memories: {len(memories)} " + ", ".join(f"{s} {n}" for s, n in sorted(scopes.items())))
    print(f"questions: {len(questions)}, all test, all en; "
          f"one answer {sum(len(q['answers']) == 1 for q in questions)}, "
          f"two answers {sum(len(q['answers']) == 2 for q in questions)}; "
          f"{len(answer_ids)} distinct answer memories")
    print("kinds: " + ", ".join(f"{k} {kinds[k]}" for k in KINDS))
    print(f"memory size: median {statistics.median(sizes):g} UTF-8 bytes, max {max(sizes)}, total {sum(sizes)}")
    print("name shares (memories naming either person of a pair that name both):")
    for line in name_shares(memories):
        print(line)
    print("newest-first baseline (all answers among the newest memories whose bytes + 1 fit the budget):")
    for budget in BUDGETS:
        chosen = newest_first(memories, budget)
        hits = sum(all(a in chosen for a in q["answers"]) for q in questions)
        print(f"  {budget} bytes: {len(chosen)} memories, {hits}/{len(questions)} = {hits / len(questions):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
