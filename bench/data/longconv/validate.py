"""Checks the long-conversation ranking set and prints its counts and the newest-first baseline (issue 17)."""

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MAX_CHARS = 300
BUDGETS = (2048, 8192)
KINDS = {"direct", "word_form", "paraphrase", "temporal", "multi_hop", "name_heavy"}
LANGS = {"en", "zh", "mixed"}
PAIRS = (("Ben", "Anna"), ("Marcus", "Priya"), ("Elena", "Jamal"), ("林晓", "陈静"))


def load(name: str) -> list[dict[str, Any]]:
    with open(HERE / name, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def is_chinese(text: str) -> bool:
    han = sum(1 for char in text if "\u4e00" <= char <= "\u9fff")
    return han * 2 > len(text.replace(" ", ""))


def newest_first(memories: list[dict[str, Any]], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for memory in sorted(memories, key=lambda row: int(str(row["createdAt"])), reverse=True):
        size = len(str(memory["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(str(memory["id"]))
    return chosen


def main() -> int:
    memories = load("memories.jsonl")
    questions = load("questions.jsonl")
    errors: list[str] = []
    ids = [str(memory.get("id")) for memory in memories]
    if len(set(ids)) != len(ids):
        errors.append("duplicate memory ids")
    previous = -1
    for memory in memories:
        memory_id = str(memory.get("id"))
        if set(memory) != {"id", "content", "createdAt", "sourceScope"}:
            errors.append(f"{memory_id}: fields {sorted(memory)}")
        if not re.fullmatch(r"c\d{4}", memory_id):
            errors.append(f"{memory_id}: id format")
        content = memory.get("content")
        if not isinstance(content, str) or not content.strip() or len(content) > MAX_CHARS:
            errors.append(f"{memory_id}: content empty or over {MAX_CHARS} chars")
        created = memory.get("createdAt")
        if not isinstance(created, int) or created <= previous:
            errors.append(f"{memory_id}: createdAt not strictly increasing")
        else:
            previous = created
        scope = memory.get("sourceScope")
        if not isinstance(scope, str) or not (scope == "global" or re.fullmatch(r"conv:[a-z-]+", scope)):
            errors.append(f"{memory_id}: sourceScope {scope!r}")
    if len(set(str(memory["content"]) for memory in memories)) != len(memories):
        errors.append("duplicate memory contents")
    known = set(ids)
    question_ids = [str(question.get("id")) for question in questions]
    if len(set(question_ids)) != len(question_ids):
        errors.append("duplicate question ids")
    texts = [str(question.get("question")) for question in questions]
    if len(set(texts)) != len(texts):
        errors.append("duplicate question texts")
    for question in questions:
        question_id = str(question.get("id"))
        if set(question) != {"id", "question", "answers", "lang", "kind", "split"}:
            errors.append(f"{question_id}: fields {sorted(question)}")
        if not re.fullmatch(r"lq\d{3}", question_id):
            errors.append(f"{question_id}: id format")
        answers = question.get("answers")
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            errors.append(f"{question_id}: answers must be a non-empty list of distinct ids")
        elif any(answer not in known for answer in answers):
            errors.append(f"{question_id}: unknown answer in {answers}")
        if question.get("kind") not in KINDS:
            errors.append(f"{question_id}: kind {question.get('kind')!r}")
        if question.get("lang") not in LANGS:
            errors.append(f"{question_id}: lang {question.get('lang')!r}")
        if question.get("split") not in {"dev", "test"}:
            errors.append(f"{question_id}: split {question.get('split')!r}")
        if question.get("kind") == "multi_hop" and isinstance(answers, list) and len(answers) < 2:
            errors.append(f"{question_id}: multi_hop needs two answers")
    by_kind: dict[str, Counter[str]] = {}
    for question in questions:
        by_kind.setdefault(str(question["kind"]), Counter())[str(question["split"])] += 1
    for kind, splits in sorted(by_kind.items()):
        if abs(splits["dev"] - splits["test"]) > 1:
            errors.append(f"kind {kind}: dev {splits['dev']} vs test {splits['test']} not balanced")

    chinese = sum(1 for memory in memories if is_chinese(str(memory["content"])))
    print(f"memories: {len(memories)}  English {len(memories) - chinese} ({1 - chinese / len(memories):.1%})"
          f"  Chinese {chinese}")
    print("  by scope:", dict(sorted(Counter(str(memory["sourceScope"]) for memory in memories).items())))
    for first, second in PAIRS:
        either = [m for m in memories if first in str(m["content"]) or second in str(m["content"])]
        both = sum(1 for m in either if first in str(m["content"]) and second in str(m["content"]))
        print(f"  {first}/{second}: {len(either)} memories name either, {both / len(either):.1%} name both")
    sizes = sorted(len(str(memory["content"]).encode("utf-8")) for memory in memories)
    print(f"  UTF-8 bytes per memory: median {sizes[len(sizes) // 2]}, max {sizes[-1]}, total {sum(sizes)}")
    print(f"questions: {len(questions)}")
    print("  by kind:", {kind: dict(splits) for kind, splits in sorted(by_kind.items())})
    print("  by lang:", dict(sorted(Counter(str(question["lang"]) for question in questions).items())))
    print("  by split:", dict(sorted(Counter(str(question["split"]) for question in questions).items())))
    print("  answers per question:",
          dict(sorted(Counter(len(question["answers"]) for question in questions).items())))
    if errors:
        for error in errors[:50]:
            print("ERROR", error)
        print(f"{len(errors)} errors")
        return 1
    print("newest-first baseline (a hit: every answer inside the newest memories whose bytes+1 fit the budget):")
    for budget in BUDGETS:
        window = newest_first(memories, budget)
        line = [f"  {budget // 1024} KB ({len(window)} memories):"]
        for name, rows in (("all", questions), ("dev", [q for q in questions if q["split"] == "dev"]),
                           ("test", [q for q in questions if q["split"] == "test"])):
            hits = sum(1 for q in rows if set(q["answers"]) <= window)
            line.append(f"{name} {hits}/{len(rows)} = {hits / len(rows):.3f}")
        print("  ".join(line))
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
