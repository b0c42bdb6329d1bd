"""Checks memories.jsonl and questions.jsonl and prints counts and the newest-first baseline."""

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

Row = dict[str, Any]
HERE = Path(__file__).resolve().parent
STORE_SIZE = 1000
MAX_CONTENT_CHARS = 300
MEMORY_FIELDS = {"id", "content", "createdAt", "sourceScope"}
QUESTION_FIELDS = {"id", "question", "answers", "lang", "kind", "split"}
KINDS = ("direct", "word_form", "cross_language", "indirect", "project_scope", "alias", "temporal")
LANGS = ("zh", "en", "mixed")
SCOPE = re.compile(r"^(global|project:[a-z0-9][a-z0-9-]*)$")
BUDGETS = (8192, 2048)


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2A6DF or 0xF900 <= code <= 0xFAFF
    )


def lang_of(text: str) -> str:
    cjk = sum(1 for ch in text if is_cjk(ch))
    latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    if cjk == 0:
        return "en"
    return "zh" if cjk * 2 >= latin else "mixed"


def load(name: str, problems: list[str]) -> list[Row]:
    rows = []
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


def check_memories(memories: list[Row], problems: list[str]) -> None:
    if len(memories) != STORE_SIZE:
        problems.append(f"memories: {len(memories)} rows, want {STORE_SIZE}")
    contents: set[str] = set()
    previous = None
    for index, memory in enumerate(memories, 1):
        where = f"memories.jsonl:{index}"
        if set(memory) != MEMORY_FIELDS:
            problems.append(f"{where}: fields {sorted(memory)}")
            continue
        if memory["id"] != f"r{index:04d}":
            problems.append(f"{where}: id {memory['id']!r}, want r{index:04d}")
        content = memory["content"]
        if not isinstance(content, str) or not content or content != content.strip():
            problems.append(f"{where}: content empty or padded")
            continue
        if len(content) > MAX_CONTENT_CHARS:
            problems.append(f"{where}: content has {len(content)} characters")
        if "\n" in content:
            problems.append(f"{where}: content has a newline")
        if content in contents:
            problems.append(f"{where}: duplicate content")
        contents.add(content)
        created = memory["createdAt"]
        if not isinstance(created, int) or isinstance(created, bool):
            problems.append(f"{where}: createdAt not an integer")
            continue
        if previous is not None and created <= previous:
            problems.append(f"{where}: createdAt not strictly increasing")
        previous = created
        if not isinstance(memory["sourceScope"], str) or not SCOPE.match(memory["sourceScope"]):
            problems.append(f"{where}: sourceScope {memory['sourceScope']!r}")


def check_questions(questions: list[Row], memory_ids: set[str], problems: list[str]) -> None:
    texts: set[str] = set()
    for index, question in enumerate(questions, 1):
        where = f"questions.jsonl:{index}"
        if set(question) != QUESTION_FIELDS:
            problems.append(f"{where}: fields {sorted(question)}")
            continue
        if question["id"] != f"rq{index:03d}":
            problems.append(f"{where}: id {question['id']!r}, want rq{index:03d}")
        text = question["question"]
        if not isinstance(text, str) or not text or text != text.strip() or len(text) > MAX_CONTENT_CHARS:
            problems.append(f"{where}: question empty, padded or too long")
            continue
        if text in texts:
            problems.append(f"{where}: duplicate question")
        texts.add(text)
        answers = question["answers"]
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problems.append(f"{where}: answers must be a non-empty list without repeats")
        else:
            for answer in answers:
                if answer not in memory_ids:
                    problems.append(f"{where}: answer {answer!r} is not a stored memory")
        if question["lang"] not in LANGS or question["lang"] != lang_of(text):
            problems.append(f"{where}: lang {question['lang']!r}, the text reads {lang_of(text)!r}")
        if question["kind"] not in KINDS:
            problems.append(f"{where}: kind {question['kind']!r}")
        if question["split"] != "test":
            problems.append(f"{where}: split {question['split']!r}, every row is test")


def newest_that_fit(memories: list[Row], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for memory in reversed(memories):
        size = len(memory["content"].encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(memory["id"])
    return chosen


def share(hits: int, total: int) -> str:
    return f"{100 * hits / total:.1f} % ({hits}/{total})" if total else "n/a"


def report(memories: list[Row], questions: list[Row]) -> None:
    print(f"memories: {len(memories)}")
    print("  lang:", dict(Counter(lang_of(m["content"]) for m in memories).most_common()))
    scopes = Counter(m["sourceScope"] for m in memories)
    print("  sourceScope:", dict(sorted(scopes.items())))
    sizes = sorted(len(m["content"].encode("utf-8")) for m in memories)
    print(f"  UTF-8 bytes: median {sizes[len(sizes) // 2]}, mean {sum(sizes) / len(sizes):.0f}, max {sizes[-1]}")
    answer_ids = {a for q in questions for a in q["answers"]}
    print(f"  memories that answer a question: {len(answer_ids)}")
    print(f"questions: {len(questions)}")
    print("  kind:", {kind: sum(q["kind"] == kind for q in questions) for kind in KINDS})
    print("  lang:", {lang: sum(q["lang"] == lang for q in questions) for lang in LANGS})
    print("  answers per question:", dict(sorted(Counter(len(q["answers"]) for q in questions).items())))
    age = {m["id"]: rank for rank, m in enumerate(reversed(memories))}
    ages = sorted(age[a] for q in questions for a in q["answers"])
    quarter = len(ages) // 4
    print(
        f"  answer age ranks (0 = newest): p25 {ages[quarter]}, median {ages[len(ages) // 2]}, p75 {ages[3 * quarter]}"
    )
    print("baseline, newest first (hit = every answer among the newest memories whose bytes + 1 fit):")
    for budget in BUDGETS:
        fit = newest_that_fit(memories, budget)
        hits = sum(all(a in fit for a in q["answers"]) for q in questions)
        print(f"  {budget // 1024} KB: {len(fit)} memories fit, hit {share(hits, len(questions))}")
        for kind in KINDS:
            of_kind = [q for q in questions if q["kind"] == kind]
            kind_hits = sum(all(a in fit for a in q["answers"]) for q in of_kind)
            print(f"    {kind}: {share(kind_hits, len(of_kind))}")


def main() -> int:
    problems: list[str] = []
    memories = load("memories.jsonl", problems)
    questions = load("questions.jsonl", problems)
    check_memories(memories, problems)
    memory_ids = {m["id"] for m in memories if isinstance(m.get("id"), str)}
    check_questions(questions, memory_ids, problems)
    if problems:
        for problem in problems[:50]:
            print(problem, file=sys.stderr)
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    report(memories, questions)
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
