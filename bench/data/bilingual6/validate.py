"""Checks the sixth bilingual ranking set (issue 17) and prints its counts and the newest-first baseline."""

from __future__ import annotations

import json
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
SCOPES = {"global", "project:shop", "project:school"}
KINDS = ("cross_language", "alias", "direct", "everyday", "indirect", "word_form")
LANGS = ("zh", "en", "mixed")
BUDGETS = (("2 KB", 2048), ("8 KB", 8192))
MEMORY_FIELDS = {"id", "content", "createdAt", "sourceScope"}
QUESTION_FIELDS = {"id", "question", "answers", "lang", "kind", "split"}

problems: list[str] = []


def lang_of(text: str) -> str:
    has_cjk = bool(CJK.search(text))
    has_latin = bool(LATIN.search(text))
    if has_cjk and has_latin:
        return "mixed"
    return "zh" if has_cjk else "en"


def read(name: str) -> list[dict[str, object]]:
    rows = []
    for number, line in enumerate((HERE / name).read_text(encoding="utf-8").splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as error:
            problems.append(f"{name}:{number}: {error}")
    return rows


def check_memories(memories: list[dict[str, object]]) -> None:
    seen: set[object] = set()
    previous = -1
    for number, row in enumerate(memories, 1):
        if set(row) != MEMORY_FIELDS:
            problems.append(f"memory {number}: fields {sorted(row)}")
            continue
        content, at = row["content"], row["createdAt"]
        if row["id"] != f"f{number:04d}":
            problems.append(f"memory {number}: id {row['id']}")
        if not isinstance(content, str) or not content.strip() or len(content) > 300:
            problems.append(f"{row['id']}: content empty or longer than 300 characters")
        if content in seen:
            problems.append(f"{row['id']}: content repeated")
        seen.add(content)
        if not isinstance(at, int) or at <= previous:
            problems.append(f"{row['id']}: createdAt not strictly increasing")
        else:
            previous = at
        if row["sourceScope"] not in SCOPES:
            problems.append(f"{row['id']}: scope {row['sourceScope']}")


def check_questions(questions: list[dict[str, object]], ids: set[str]) -> None:
    seen: set[object] = set()
    for number, row in enumerate(questions, 1):
        if set(row) != QUESTION_FIELDS:
            problems.append(f"question {number}: fields {sorted(row)}")
            continue
        text, answers = row["question"], row["answers"]
        if row["id"] != f"fq{number:03d}":
            problems.append(f"question {number}: id {row['id']}")
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{row['id']}: empty message")
            continue
        if text in seen:
            problems.append(f"{row['id']}: message repeated")
        seen.add(text)
        if not isinstance(answers, list) or not answers or len(set(answers)) != len(answers):
            problems.append(f"{row['id']}: answers must be a non-empty list of distinct ids")
        elif any(not isinstance(answer, str) or answer not in ids for answer in answers):
            problems.append(f"{row['id']}: an answer is not a memory id")
        if row["lang"] not in LANGS or lang_of(text) != row["lang"]:
            problems.append(f"{row['id']}: lang {row['lang']} but the text reads {lang_of(text)}")
        if row["kind"] not in KINDS:
            problems.append(f"{row['id']}: kind {row['kind']}")
        if row["split"] != "test":
            problems.append(f"{row['id']}: split {row['split']}")


def answers_of(row: dict[str, object]) -> list[str]:
    value = row["answers"]
    return [str(answer) for answer in value] if isinstance(value, list) else []


def newest_first(memories: list[dict[str, object]], budget: int) -> set[str]:
    kept: set[str] = set()
    used = 0
    for row in reversed(memories):
        size = len(str(row["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        kept.add(str(row["id"]))
    return kept


def report(memories: list[dict[str, object]], questions: list[dict[str, object]]) -> None:
    zh_memories = sum(1 for row in memories if CJK.search(str(row["content"])))
    print(f"memories {len(memories)}: Chinese {zh_memories} ({zh_memories / len(memories):.1%}), "
          f"English {len(memories) - zh_memories}")
    scopes = Counter(str(row["sourceScope"]) for row in memories)
    print("scopes: " + ", ".join(f"{scope} {count}" for scope, count in sorted(scopes.items())))
    first, last = int(str(memories[0]["createdAt"])), int(str(memories[-1]["createdAt"]))
    print(f"span: {(last - first) / 86_400_000:.0f} days")
    langs = Counter(str(row["lang"]) for row in questions)
    print(f"messages {len(questions)}: " + ", ".join(
        f"{lang} {langs[lang]} ({langs[lang] / len(questions):.1%})" for lang in LANGS))
    print(f"{'kind':<16}{'total':>6}" + "".join(f"{lang:>7}" for lang in LANGS))
    for kind in KINDS:
        rows = [row for row in questions if row["kind"] == kind]
        print(f"{kind:<16}{len(rows):>6}" + "".join(
            f"{sum(1 for row in rows if row['lang'] == lang):>7}" for lang in LANGS))
    sizes = Counter(len(answers_of(row)) for row in questions)
    print("answers per message: " + ", ".join(f"{n}: {count}" for n, count in sorted(sizes.items())))
    content = {str(row["id"]): str(row["content"]) for row in memories}
    position = {str(row["id"]): index for index, row in enumerate(memories)}
    answer_ids = {answer for row in questions for answer in answers_of(row)}
    print(f"distinct answer memories: {len(answer_ids)}")
    cross = [row for row in questions if row["kind"] == "cross_language"]
    to_zh = sum(1 for row in cross if all(CJK.search(content[a]) for a in answers_of(row)))
    print(f"cross_language: {to_zh} need a Chinese memory, {len(cross) - to_zh} need an English one")
    places = sorted(position[answer] / len(memories) for answer in answer_ids)
    quarters = Counter(min(int(place * 4), 3) for place in places)
    print("answers by quarter of the history: " + ", ".join(f"Q{q + 1} {quarters[q]}" for q in range(4)))
    answer_bytes = [len(content[a].encode("utf-8")) for a in answer_ids]
    other_bytes = [len(text.encode("utf-8")) for ident, text in content.items() if ident not in answer_ids]
    print(f"median UTF-8 bytes: answers {statistics.median(answer_bytes)}, others {statistics.median(other_bytes)}")
    print("newest-first baseline:")
    for label, budget in BUDGETS:
        kept = newest_first(memories, budget)
        hits = [row for row in questions if all(a in kept for a in answers_of(row))]
        per_lang = ", ".join(f"{lang} {sum(1 for row in hits if row['lang'] == lang)}/{langs[lang]}" for lang in LANGS)
        print(f"  {label}: {len(kept)} memories fit, hit {len(hits)}/{len(questions)} = "
              f"{len(hits) / len(questions):.3f} ({per_lang})")


def main() -> None:
    memories = read("memories.jsonl")
    questions = read("questions.jsonl")
    check_memories(memories)
    check_questions(questions, {str(row.get("id")) for row in memories})
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    report(memories, questions)


if __name__ == "__main__":
    main()
