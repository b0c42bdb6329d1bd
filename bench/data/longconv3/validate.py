"""Check the third long-conversation set and print its counts and newest-first baseline (issue 17)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
MEMORY_FIELDS = ["id", "content", "createdAt", "sourceScope"]
QUESTION_FIELDS = ["id", "question", "answers", "lang", "kind", "split"]
KINDS = {"direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop"}
SCOPES = {"conv:tessa-gideon", "conv:kofi-ingrid", "conv:dana-viktor", "global"}
PAIRS = {"conv:tessa-gideon": ("Tessa", "Gideon"), "conv:kofi-ingrid": ("Kofi", "Ingrid"),
         "conv:dana-viktor": ("Dana", "Viktor")}
MAX_CHARS = 300
BUDGETS = (("2 KB", 2048), ("8 KB", 8192))


def read_jsonl(path: Path, problems: list[str]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
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


def check_memories(memories: list[dict[str, object]], problems: list[str]) -> None:
    last = -1
    contents: set[str] = set()
    for index, row in enumerate(memories, 1):
        where = f"memory {row.get('id')}"
        if list(row) != MEMORY_FIELDS:
            problems.append(f"{where}: fields {list(row)}")
            continue
        if row["id"] != f"g{index:04d}":
            problems.append(f"{where}: expected id g{index:04d}")
        content = row["content"]
        if not isinstance(content, str) or not content.strip() or len(content) > MAX_CHARS:
            problems.append(f"{where}: content empty, not text or over {MAX_CHARS} characters")
        elif content in contents:
            problems.append(f"{where}: duplicate content")
        else:
            contents.add(content)
        stamp = row["createdAt"]
        if not isinstance(stamp, int) or isinstance(stamp, bool) or stamp <= last:
            problems.append(f"{where}: createdAt not a strictly increasing integer")
        else:
            last = stamp
        if row["sourceScope"] not in SCOPES:
            problems.append(f"{where}: unknown sourceScope {row['sourceScope']!r}")


def check_questions(questions: list[dict[str, object]], known: set[str], problems: list[str]) -> None:
    texts: set[str] = set()
    for index, row in enumerate(questions, 1):
        where = f"question {row.get('id')}"
        if list(row) != QUESTION_FIELDS:
            problems.append(f"{where}: fields {list(row)}")
            continue
        if row["id"] != f"gq{index:03d}":
            problems.append(f"{where}: expected id gq{index:03d}")
        text = row["question"]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_CHARS or text in texts:
            problems.append(f"{where}: question empty, too long or duplicate")
        else:
            texts.add(text)
        answers = row["answers"]
        if not isinstance(answers, list) or not answers or len(set(map(str, answers))) != len(answers):
            problems.append(f"{where}: answers must be a non-empty list without repeats")
        else:
            for answer in answers:
                if answer not in known:
                    problems.append(f"{where}: answer {answer!r} is not a memory")
            if row["kind"] == "multi_hop" and len(answers) < 2:
                problems.append(f"{where}: multi_hop needs two answers")
        if row["lang"] != "en":
            problems.append(f"{where}: lang {row['lang']!r}")
        if row["kind"] not in KINDS:
            problems.append(f"{where}: kind {row['kind']!r}")
        if row["split"] != "test":
            problems.append(f"{where}: split {row['split']!r}")


def newest_ids(memories: list[dict[str, object]], budget: int) -> list[str]:
    chosen: list[str] = []
    used = 0
    for row in sorted(memories, key=lambda item: int(str(item["createdAt"])), reverse=True):
        size = len(str(row["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.append(str(row["id"]))
    return chosen


def report(memories: list[dict[str, object]], questions: list[dict[str, object]]) -> None:
    scopes = Counter(str(row["sourceScope"]) for row in memories)
    print(f"memories {len(memories)}: " + ", ".join(f"{scope} {count}" for scope, count in sorted(scopes.items())))
    kinds = Counter(str(row["kind"]) for row in questions)
    sizes = Counter(len(row["answers"]) for row in questions if isinstance(row["answers"], list))
    distinct = {answer for row in questions if isinstance(row["answers"], list) for answer in row["answers"]}
    print(f"questions {len(questions)}: " + ", ".join(f"{kind} {kinds[kind]}" for kind in sorted(KINDS)))
    print("answers per question: " + ", ".join(f"{size}: {count}" for size, count in sorted(sizes.items())))
    print(f"distinct answer memories {len(distinct)}")
    lengths = sorted(len(str(row["content"]).encode("utf-8")) for row in memories)
    print(f"memory bytes: median {lengths[len(lengths) // 2]}, max {lengths[-1]}, total {sum(lengths)}")
    for first, second in PAIRS.values():
        mentioning = [str(row["content"]) for row in memories
                      if first in str(row["content"]) or second in str(row["content"])]
        both = sum(1 for content in mentioning if first in content and second in content)
        print(f"{first}/{second}: both names in {both}/{len(mentioning)} memories naming either")
    for label, budget in BUDGETS:
        inside = set(newest_ids(memories, budget))
        hits = sum(1 for row in questions if isinstance(row["answers"], list)
                   and all(answer in inside for answer in row["answers"]))
        print(f"newest-first {label}: {len(inside)} memories, hit {hits}/{len(questions)} = "
              f"{hits / len(questions):.3f}")


def main() -> int:
    problems: list[str] = []
    memories = read_jsonl(HERE / "memories.jsonl", problems)
    questions = read_jsonl(HERE / "questions.jsonl", problems)
    check_memories(memories, problems)
    check_questions(questions, {str(row.get("id")) for row in memories}, problems)
    if len(memories) != 1000:
        problems.append(f"expected 1000 memories, found {len(memories)}")
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1
    report(memories, questions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
