"""Check the seventh bilingual ranking set (issue 17) and print its counts and the newest-first baseline."""

import datetime
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
MEMORY_FIELDS = {"id", "content", "createdAt", "sourceScope"}
QUESTION_FIELDS = {"id", "question", "answers", "lang", "kind", "split"}
SCOPES = {"global", "project:bridge", "project:house"}
KINDS = {"cross_language", "alias", "direct", "everyday", "indirect", "word_form"}
BUDGETS = (8192, 2048)
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
CHINA = datetime.timezone(datetime.timedelta(hours=8))


def lang_of(text: str) -> str:
    has_cjk, has_latin = bool(CJK.search(text)), bool(LATIN.search(text))
    return "mixed" if has_cjk and has_latin else ("zh" if has_cjk else "en")


def load(name: str) -> list[dict[str, Any]]:
    with open(HERE / name, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def newest_ids(memories: list[dict[str, Any]], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for memory in reversed(memories):
        size = len(memory["content"].encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(memory["id"])
    return chosen


def main() -> int:
    problems: list[str] = []
    memories, questions = load("memories.jsonl"), load("questions.jsonl")
    ids = [memory.get("id") for memory in memories]
    if len(memories) != 1000:
        problems.append(f"{len(memories)} memories, want 1000")
    if len(set(ids)) != len(ids):
        problems.append("memory ids repeated")
    last: int | None = None
    contents: Counter[str] = Counter()
    for number, memory in enumerate(memories, 1):
        if set(memory) != MEMORY_FIELDS:
            problems.append(f"memory {memory.get('id')}: fields {sorted(memory)}")
            continue
        if memory["id"] != f"g{number:04d}":
            problems.append(f"memory {memory['id']}: want id g{number:04d}")
        content = memory["content"]
        if not isinstance(content, str) or not content.strip() or len(content) > 300 or content != content.strip():
            problems.append(f"memory {memory['id']}: bad content")
        contents[content] += 1
        if memory["sourceScope"] not in SCOPES:
            problems.append(f"memory {memory['id']}: scope {memory['sourceScope']}")
        created = memory["createdAt"]
        if not isinstance(created, int) or (last is not None and created <= last):
            problems.append(f"memory {memory['id']}: createdAt not strictly increasing")
        last = created
    problems += [f"content repeated: {text[:40]}" for text, count in contents.items() if count > 1]
    known = set(ids)
    messages: Counter[str] = Counter()
    for number, question in enumerate(questions, 1):
        if set(question) != QUESTION_FIELDS:
            problems.append(f"question {question.get('id')}: fields {sorted(question)}")
            continue
        if question["id"] != f"gq{number:03d}":
            problems.append(f"question {question['id']}: want id gq{number:03d}")
        messages[question["question"]] += 1
        answers = question["answers"]
        if not isinstance(answers, list) or not 1 <= len(answers) <= 4 or len(set(answers)) != len(answers):
            problems.append(f"question {question['id']}: answers {answers}")
        problems += [f"question {question['id']}: unknown answer {a}" for a in answers if a not in known]
        if question["lang"] != lang_of(question["question"]):
            problems.append(f"question {question['id']}: lang {question['lang']} does not fit the text")
        if question["kind"] not in KINDS:
            problems.append(f"question {question['id']}: kind {question['kind']}")
        if question["split"] != "test":
            problems.append(f"question {question['id']}: split {question['split']}")
    problems += [f"message repeated: {text[:40]}" for text, count in messages.items() if count > 1]
    if problems:
        for problem in problems[:50]:
            print("PROBLEM", problem)
        print(f"{len(problems)} problems")
        return 1

    chinese = sum(1 for memory in memories if CJK.search(memory["content"]))
    scopes = Counter(memory["sourceScope"] for memory in memories)
    first = datetime.datetime.fromtimestamp(memories[0]["createdAt"] / 1000, CHINA)
    final = datetime.datetime.fromtimestamp(memories[-1]["createdAt"] / 1000, CHINA)
    print(f"memories: {len(memories)}; Chinese {chinese} ({chinese / 10:.1f}%), English {len(memories) - chinese}")
    print("scopes: " + ", ".join(f"{scope} {count}" for scope, count in sorted(scopes.items())))
    print(f"span: {first:%Y-%m-%d} to {final:%Y-%m-%d} ({(final - first).days} days)")
    langs = Counter(question["lang"] for question in questions)
    print(
        f"messages: {len(questions)}; "
        + ", ".join(
            f"{lang} {langs[lang]} ({100 * langs[lang] / len(questions):.1f}%)" for lang in ("zh", "en", "mixed")
        )
    )
    sizes = Counter(len(question["answers"]) for question in questions)
    print("answers per message: " + ", ".join(f"{size}: {count}" for size, count in sorted(sizes.items())))
    print("kind            total  zh  en  mixed")
    for kind in sorted(KINDS, key=lambda k: -sum(1 for q in questions if q["kind"] == k)):
        rows = [question for question in questions if question["kind"] == kind]
        by_lang = Counter(question["lang"] for question in rows)
        print(f"{kind:<15} {len(rows):>5} {by_lang['zh']:>3} {by_lang['en']:>3} {by_lang['mixed']:>6}")
    position = {memory_id: index for index, memory_id in enumerate(ids)}
    distinct = {answer for question in questions for answer in question["answers"]}
    quarters = Counter(position[answer] * 4 // len(ids) for answer in distinct)
    print(
        f"distinct answer memories: {len(distinct)}; by quarter of the store: "
        + ", ".join(str(quarters[q]) for q in range(4))
    )
    lengths = sorted(len(memory["content"].encode("utf-8")) for memory in memories if memory["id"] in distinct)
    others = sorted(len(memory["content"].encode("utf-8")) for memory in memories if memory["id"] not in distinct)
    print(f"median UTF-8 bytes: answers {lengths[len(lengths) // 2]}, other memories {others[len(others) // 2]}")
    print("newest-first baseline:")
    for budget in BUDGETS:
        newest = newest_ids(memories, budget)
        hits = [question for question in questions if set(question["answers"]) <= newest]
        by_lang = Counter(question["lang"] for question in hits)
        print(
            f"  {budget // 1024} KB: {len(newest)} memories fit; hit {len(hits)}/{len(questions)} = "
            f"{len(hits) / len(questions):.3f} (zh {by_lang['zh']}/{langs['zh']}, en {by_lang['en']}/{langs['en']}, "
            f"mixed {by_lang['mixed']}/{langs['mixed']})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
