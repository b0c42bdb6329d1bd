"""Checks the fourth bilingual user's ranking set and prints its counts and the newest-first baseline."""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
KINDS = {"cross_language", "alias", "everyday", "direct", "indirect", "word_form"}
LANGS = {"zh", "en", "mixed"}
SCOPES = {"global", "project:freight", "project:reef"}
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
MEMORY_ID = re.compile(r"^d\d{4}$")
QUESTION_ID = re.compile(r"^dq\d{3}$")
problems: list[str] = []


def problem(text: str) -> None:
    problems.append(text)


def read(name: str) -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate((HERE / name).read_text(encoding="utf-8").splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            problem(f"{name}:{number} is not JSON")
    return rows


def text_lang(text: str) -> str:
    has_cjk, has_latin = bool(CJK.search(text)), bool(LATIN.search(text))
    if has_cjk and has_latin:
        return "mixed"
    return "zh" if has_cjk else "en"


def newest_first(memories: list[dict[str, Any]], budget: int) -> set[str]:
    kept: set[str] = set()
    used = 0
    for row in sorted(memories, key=lambda row: -int(row["createdAt"])):
        size = len(str(row["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        kept.add(row["id"])
    return kept


def main() -> None:
    memories = read("memories.jsonl")
    questions = read("questions.jsonl")
    if len(memories) != 1000:
        problem(f"{len(memories)} memories, expected 1000")
    last = -1
    for number, row in enumerate(memories, 1):
        if set(row) != {"id", "content", "createdAt", "sourceScope"}:
            problem(f"memory {number} fields {sorted(row)}")
            continue
        if row["id"] != f"d{number:04d}" or not MEMORY_ID.match(str(row["id"])):
            problem(f"memory {number} id {row['id']}")
        content = row["content"]
        if not isinstance(content, str) or not content.strip() or len(content) > 300:
            problem(f"memory {row['id']} content empty or over 300 characters")
        stamp = row["createdAt"]
        if not isinstance(stamp, int) or stamp <= last:
            problem(f"memory {row['id']} createdAt not strictly increasing")
        else:
            last = stamp
        if row["sourceScope"] not in SCOPES:
            problem(f"memory {row['id']} scope {row['sourceScope']}")
    contents = [row.get("content") for row in memories]
    if len(set(contents)) != len(contents):
        problem("duplicate memory content")
    ids = {row.get("id") for row in memories}
    seen_q = set()
    for number, row in enumerate(questions, 1):
        if set(row) != {"id", "question", "answers", "lang", "kind", "split"}:
            problem(f"question {number} fields {sorted(row)}")
            continue
        if row["id"] != f"dq{number:03d}" or not QUESTION_ID.match(str(row["id"])):
            problem(f"question {number} id {row['id']}")
        text = str(row["question"])
        if not text.strip() or text in seen_q:
            problem(f"question {row['id']} empty or repeated")
        seen_q.add(text)
        answers = row["answers"]
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problem(f"question {row['id']} answers {answers}")
        elif any(answer not in ids for answer in answers):
            problem(f"question {row['id']} answer missing from the store")
        if row["kind"] not in KINDS:
            problem(f"question {row['id']} kind {row['kind']}")
        if row["lang"] not in LANGS or text_lang(text) != row["lang"]:
            problem(f"question {row['id']} lang {row['lang']} but the text reads {text_lang(text)}")
        if row["split"] != "test":
            problem(f"question {row['id']} split {row['split']}")
    if problems:
        for text in problems[:40]:
            print("problem: " + text)
        print(f"{len(problems)} problems")
        raise SystemExit(1)
    zh_mem = sum(1 for row in memories if text_lang(str(row["content"])) != "en")
    scopes = Counter(str(row["sourceScope"]) for row in memories)
    days = (int(memories[-1]["createdAt"]) - int(memories[0]["createdAt"])) / 86_400_000
    print(f"memories: {len(memories)}, Chinese {zh_mem} ({zh_mem / len(memories):.1%}), English {len(memories) - zh_mem}")
    print("scopes: " + ", ".join(f"{name} {count}" for name, count in sorted(scopes.items())))
    print(f"span: {days:.0f} days")
    langs = Counter(str(row["lang"]) for row in questions)
    print(f"messages: {len(questions)}: " + ", ".join(f"{lang} {langs[lang]} ({langs[lang] / len(questions):.1%})" for lang in ("zh", "en", "mixed")))
    sizes = Counter(len(row["answers"]) for row in questions)
    print("answers per message: " + ", ".join(f"{size}: {count}" for size, count in sorted(sizes.items())))
    print("| kind | total | zh | en | mixed |")
    print("|---|---|---|---|---|")
    for kind in sorted(KINDS, key=lambda kind: -sum(1 for row in questions if row["kind"] == kind)):
        rows = [row for row in questions if row["kind"] == kind]
        cells = [str(sum(1 for row in rows if row["lang"] == lang)) for lang in ("zh", "en", "mixed")]
        print(f"| {kind} | {len(rows)} | " + " | ".join(cells) + " |")
    print("newest-first baseline:")
    print("| budget | memories that fit | hit rate | zh | en | mixed |")
    print("|---|---|---|---|---|---|")
    for label, budget in (("2 KB", 2048), ("8 KB", 8192)):
        kept = newest_first(memories, budget)
        hits = [row for row in questions if set(row["answers"]) <= kept]
        cells = []
        for lang in ("zh", "en", "mixed"):
            total = sum(1 for row in questions if row["lang"] == lang)
            cells.append(f"{sum(1 for row in hits if row['lang'] == lang)}/{total}")
        print(f"| {label} | {len(kept)} | {len(hits)}/{len(questions)} = {len(hits) / len(questions):.3f} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
    sys.exit(0)
