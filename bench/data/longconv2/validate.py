"""Checks the longconv2 ranking set and prints its counts and the newest-first baseline (issue 17)."""

from __future__ import annotations

import json
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
MEMORY_FIELDS = ("id", "content", "createdAt", "sourceScope")
QUESTION_FIELDS = ("id", "question", "answers", "lang", "kind", "split")
KINDS = ("direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop")
SCOPES = ("conv:maya-oscar", "conv:nadia-felix", "conv:hana-rafael", "global")
PAIRS = (("Maya", "Oscar"), ("Nadia", "Felix"), ("Hana", "Rafael"))
MAX_CHARS = 300
BUDGETS = (("2 KB", 2048), ("8 KB", 8192))
MEMORY_ID = re.compile(r"^e\d{4}$")
QUESTION_ID = re.compile(r"^eq\d{3}$")

Row = dict[str, object]


def read_rows(path: Path, errors: list[str]) -> list[Row]:
    rows: list[Row] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            errors.append(f"{path.name}:{number}: not JSON ({error})")
            continue
        if not isinstance(row, dict):
            errors.append(f"{path.name}:{number}: not an object")
            continue
        rows.append(row)
    return rows


def check_memories(memories: list[Row], errors: list[str]) -> None:
    seen_ids: set[str] = set()
    seen_contents: set[str] = set()
    previous = -1
    for index, memory in enumerate(memories, start=1):
        where = f"memory {memory.get('id')}"
        if tuple(memory) != MEMORY_FIELDS:
            errors.append(f"{where}: fields {tuple(memory)} are not {MEMORY_FIELDS}")
            continue
        memory_id, content, created_at, scope = (memory[key] for key in MEMORY_FIELDS)
        if memory_id != f"e{index:04d}" or not isinstance(memory_id, str) or not MEMORY_ID.match(memory_id):
            errors.append(f"{where}: id out of sequence (expected e{index:04d})")
        if memory_id in seen_ids:
            errors.append(f"{where}: duplicate id")
        seen_ids.add(str(memory_id))
        if not isinstance(content, str) or not content.strip():
            errors.append(f"{where}: empty content")
        elif len(content) > MAX_CHARS:
            errors.append(f"{where}: {len(content)} characters > {MAX_CHARS}")
        elif content in seen_contents:
            errors.append(f"{where}: duplicate content")
        else:
            seen_contents.add(content)
        if not isinstance(created_at, int) or isinstance(created_at, bool) or created_at <= previous:
            errors.append(f"{where}: createdAt {created_at!r} is not an integer above {previous}")
        else:
            previous = created_at
        if scope not in SCOPES:
            errors.append(f"{where}: sourceScope {scope!r}")


def check_questions(questions: list[Row], memory_ids: set[str], errors: list[str]) -> None:
    seen_texts: set[str] = set()
    for index, question in enumerate(questions, start=1):
        where = f"question {question.get('id')}"
        if tuple(question) != QUESTION_FIELDS:
            errors.append(f"{where}: fields {tuple(question)} are not {QUESTION_FIELDS}")
            continue
        if question["id"] != f"eq{index:03d}" or not QUESTION_ID.match(str(question["id"])):
            errors.append(f"{where}: id out of sequence (expected eq{index:03d})")
        text = question["question"]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHARS:
            errors.append(f"{where}: question text empty or longer than {MAX_CHARS}")
        elif text in seen_texts:
            errors.append(f"{where}: duplicate question")
        else:
            seen_texts.add(text)
        answers = question["answers"]
        if not isinstance(answers, list) or not answers or len(set(map(str, answers))) != len(answers):
            errors.append(f"{where}: answers must be a non-empty list of distinct ids")
        else:
            for answer in answers:
                if answer not in memory_ids:
                    errors.append(f"{where}: answer {answer!r} is not a memory")
        if question["lang"] != "en":
            errors.append(f"{where}: lang {question['lang']!r}")
        if question["kind"] not in KINDS:
            errors.append(f"{where}: kind {question['kind']!r}")
        elif question["kind"] == "multi_hop" and isinstance(answers, list) and len(answers) < 2:
            errors.append(f"{where}: multi_hop needs two answers")
        if question["split"] != "test":
            errors.append(f"{where}: split {question['split']!r} (this set is test-only)")


def newest_first(memories: list[Row], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for memory in sorted(memories, key=lambda row: int(str(row["createdAt"])), reverse=True):
        size = len(str(memory["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(str(memory["id"]))
    return chosen


def print_counts(memories: list[Row], questions: list[Row]) -> None:
    contents = [str(memory["content"]) for memory in memories]
    sizes = [len(content.encode("utf-8")) for content in contents]
    scopes = Counter(str(memory["sourceScope"]) for memory in memories)
    print(f"memories: {len(memories)}; " + ", ".join(f"{scope} {scopes[scope]}" for scope in SCOPES))
    print(f"memory size: median {statistics.median(sizes)} UTF-8 bytes, max {max(sizes)}, total {sum(sizes)}")
    for first, second in PAIRS:
        mentions = [content for content in contents if first in content or second in content]
        both = sum(1 for content in mentions if first in content and second in content)
        print(f"{first}/{second}: {len(mentions)} memories, both names in {both} = {both / len(mentions):.1%}")
    kinds = Counter(str(question["kind"]) for question in questions)
    answer_counts = Counter(len(question["answers"]) for question in questions if isinstance(question["answers"], list))
    print(f"questions: {len(questions)}; " + ", ".join(f"{kind} {kinds[kind]}" for kind in KINDS))
    print("answers per question: " + ", ".join(f"{n}: {answer_counts[n]}" for n in sorted(answer_counts)))
    answer_ids = {str(answer) for question in questions if isinstance(question["answers"], list)
                  for answer in question["answers"]}
    print(f"distinct answer memories: {len(answer_ids)}")


def print_baseline(memories: list[Row], questions: list[Row]) -> None:
    print("newest-first baseline (a hit: all answers among the newest memories whose UTF-8 bytes + 1 fit):")
    for name, budget in BUDGETS:
        chosen = newest_first(memories, budget)
        hits = sum(
            1 for question in questions
            if isinstance(question["answers"], list) and all(str(answer) in chosen for answer in question["answers"])
        )
        print(f"  {name}: {len(chosen)} memories, {hits}/{len(questions)} = {hits / len(questions):.3f}")


def main() -> int:
    errors: list[str] = []
    memories = read_rows(HERE / "memories.jsonl", errors)
    questions = read_rows(HERE / "questions.jsonl", errors)
    check_memories(memories, errors)
    check_questions(questions, {str(memory.get("id")) for memory in memories}, errors)
    if errors:
        for error in errors[:50]:
            print(error, file=sys.stderr)
        print(f"{len(errors)} errors", file=sys.stderr)
        return 1
    print_counts(memories, questions)
    print_baseline(memories, questions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
