"""Checks the bilingual ranking set and prints its counts and the newest-first baseline (stdlib only)."""

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import cast

HERE = Path(__file__).resolve().parent
ID_MEMORY = re.compile(r"^b\d{4}$")
ID_QUESTION = re.compile(r"^bq\d{3}$")
SCOPE = re.compile(r"^(global|project:[a-z0-9-]+)$")
HAN = re.compile(r"[\u4e00-\u9fff]")
KINDS = {"direct", "alias", "cross_language", "everyday", "indirect", "word_form"}
LANGS = {"zh", "en", "mixed"}
BUDGETS = (2048, 8192)


def load(name: str) -> list[dict[str, object]]:
    with open(HERE / name, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def newest_first_ids(memories: list[dict[str, object]], budget: int) -> set[str]:
    chosen: set[str] = set()
    used = 0
    for memory in sorted(memories, key=lambda m: int(str(m["createdAt"])), reverse=True):
        size = len(str(memory["content"]).encode("utf-8")) + 1
        if used + size > budget:
            break
        used += size
        chosen.add(str(memory["id"]))
    return chosen


def check(memories: list[dict[str, object]], questions: list[dict[str, object]]) -> list[str]:
    errors: list[str] = []
    ids = [str(m["id"]) for m in memories]
    if len(set(ids)) != len(ids):
        errors.append("duplicate memory ids")
    if len({str(m["content"]) for m in memories}) != len(memories):
        errors.append("duplicate memory contents")
    previous = -1
    for memory in memories:
        if set(memory) != {"id", "content", "createdAt", "sourceScope"}:
            errors.append(f"{memory.get('id')}: fields {sorted(memory)}")
        if not ID_MEMORY.match(str(memory["id"])):
            errors.append(f"{memory['id']}: bad id")
        content = str(memory["content"])
        if not content.strip() or len(content) > 300:
            errors.append(f"{memory['id']}: content length {len(content)}")
        created = memory["createdAt"]
        if not isinstance(created, int) or created <= previous:
            errors.append(f"{memory['id']}: createdAt not increasing")
        previous = int(str(created))
        if not SCOPE.match(str(memory["sourceScope"])):
            errors.append(f"{memory['id']}: bad sourceScope")
    known = set(ids)
    question_ids = [str(q["id"]) for q in questions]
    if len(set(question_ids)) != len(question_ids):
        errors.append("duplicate question ids")
    if len({str(q["question"]) for q in questions}) != len(questions):
        errors.append("duplicate question texts")
    for question in questions:
        if set(question) != {"id", "question", "answers", "lang", "kind", "split"}:
            errors.append(f"{question.get('id')}: fields {sorted(question)}")
        if not ID_QUESTION.match(str(question["id"])):
            errors.append(f"{question['id']}: bad id")
        answers = question["answers"]
        if not isinstance(answers, list) or not 1 <= len(answers) <= 3 or len(set(answers)) != len(answers):
            errors.append(f"{question['id']}: answers {answers}")
        elif not set(answers) <= known:
            errors.append(f"{question['id']}: unknown answers {sorted(set(answers) - known)}")
        if question["lang"] not in LANGS or question["kind"] not in KINDS:
            errors.append(f"{question['id']}: lang/kind {question['lang']}/{question['kind']}")
        if question["split"] not in {"dev", "test"}:
            errors.append(f"{question['id']}: split {question['split']}")
        has_han = bool(HAN.search(str(question["question"])))
        has_latin_word = bool(re.search(r"[A-Za-z]{2,}", str(question["question"])))
        if (question["lang"] == "en") == has_han or (question["lang"] == "mixed" and not has_latin_word):
            errors.append(f"{question['id']}: lang {question['lang']} does not fit its text")
    groups: Counter[tuple[str, str, str]] = Counter(
        (str(q["kind"]), str(q["lang"]), str(q["split"])) for q in questions)
    for kind in KINDS:
        for lang in LANGS:
            if abs(groups[(kind, lang, "dev")] - groups[(kind, lang, "test")]) > 1:
                errors.append(f"{kind}/{lang}: dev and test differ by more than one")
    return errors


def main() -> int:
    memories = load("memories.jsonl")
    questions = load("questions.jsonl")
    errors = check(memories, questions)
    for error in errors:
        print("ERROR", error)
    chinese = sum(1 for m in memories if HAN.search(str(m["content"])))
    days = (int(str(memories[-1]["createdAt"])) - int(str(memories[0]["createdAt"]))) / 86_400_000
    print(f"memories {len(memories)}: Chinese {chinese} ({chinese / len(memories):.1%}), "
          f"English {len(memories) - chinese}; span {days:.0f} days; "
          f"scopes {dict(Counter(str(m['sourceScope']) for m in memories))}")
    answer_counts = Counter(len(q["answers"]) for q in questions)  # type: ignore[arg-type]
    print(f"questions {len(questions)}: langs {dict(Counter(str(q['lang']) for q in questions))}, "
          f"answers per question {dict(sorted(answer_counts.items()))}")
    print(f"{'kind':<16}{'lang':<7}{'dev':>5}{'test':>6}")
    for kind in sorted(KINDS):
        for lang in ("zh", "en", "mixed"):
            dev = sum(1 for q in questions if (q["kind"], q["lang"], q["split"]) == (kind, lang, "dev"))
            test = sum(1 for q in questions if (q["kind"], q["lang"], q["split"]) == (kind, lang, "test"))
            if dev or test:
                print(f"{kind:<16}{lang:<7}{dev:>5}{test:>6}")
    for budget in BUDGETS:
        chosen = newest_first_ids(memories, budget)
        hits = [q for q in questions if set(cast("list[str]", q["answers"])) <= chosen]
        by_split = {split: (sum(1 for q in hits if q["split"] == split),
                            sum(1 for q in questions if q["split"] == split)) for split in ("dev", "test")}
        print(f"newest-first baseline at {budget // 1024} KB ({len(chosen)} memories): "
              f"hit {len(hits)}/{len(questions)} = {len(hits) / len(questions):.3f}; "
              + ", ".join(f"{s} {h}/{n}" for s, (h, n) in by_split.items()))
    print("OK" if not errors else f"{len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
