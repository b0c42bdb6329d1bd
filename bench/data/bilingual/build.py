"""Builds memories.jsonl and questions.jsonl from the hand-written src/*.txt and src/filler.txt (fixed seed)."""

import datetime
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 20261201
START_MS = 1748736000000  # 2025-06-01T00:00:00Z
SPAN_MS = 545 * 24 * 3600 * 1000  # about 18 months, to 2026-11-27
TARGET_MEMORIES = 1000


def parse_key(token: str) -> tuple[str, float | None, str]:
    """`key`, `key@0.8` (place in the span, 0…1) or `key@2026-07-15`, `key#project`, in either order."""
    key = re.split(r"[@#]", token, maxsplit=1)[0]
    at = re.search(r"@([0-9.-]+)", token)
    project = re.search(r"#([a-z0-9-]+)", token)
    when = None
    if at and "-" in at.group(1):
        day = datetime.datetime.strptime(at.group(1), "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
        when = (day.timestamp() * 1000 - START_MS) / SPAN_MS
    elif at:
        when = float(at.group(1))
    return key, when, "project:" + project.group(1) if project else "global"


def read_hand_written(rng: random.Random) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    memories: list[dict[str, object]] = []
    questions: list[dict[str, object]] = []
    keys: set[str] = set()
    for path in sorted((HERE / "src").glob("part*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("//"):
                continue
            where = f"{path.name}:{number}"
            if line.startswith("M "):
                head, content = line[2:].split("|", 1)
                key, when, scope = parse_key(head.strip())
                if key != "-":
                    if key in keys:
                        sys.exit(f"{where}: duplicate key {key}")
                    keys.add(key)
                memories.append({"key": key, "t": rng.random() if when is None else when,
                                 "scope": scope, "content": content.strip(), "where": where})
            elif line.startswith("Q "):
                head, question, answers = line[2:].split("|")
                lang, kind = head.split()
                questions.append({"lang": lang, "kind": kind, "question": question.strip(),
                                  "keys": answers.split(), "where": where})
            else:
                sys.exit(f"{where}: unknown line")
    return memories, questions


def read_filler(rng: random.Random, count: int) -> list[dict[str, object]]:
    """Each material line is used once; its template is drawn from its section's templates."""
    sections: list[tuple[list[str], str, list[list[str]]]] = []
    for raw in (HERE / "src" / "filler.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("[") and line.endswith("]"):
            words = line[1:-1].split()
            sections.append(([], words[1] if len(words) > 1 else "global", []))
        elif line.startswith("T "):
            sections[-1][0].append(line[2:].strip())
        else:
            sections[-1][2].append([part.strip() for part in line.split("|")])
    filler: list[dict[str, object]] = []
    for templates, scope, items in sections:
        for item in items:
            template = rng.choice(templates)
            filler.append({"key": "-", "t": rng.random(), "scope": scope,
                           "content": template.format(*item), "where": "filler"})
    if len(filler) != count:
        sys.exit(f"filler has {len(filler)} items, {count} needed")
    return filler


def main() -> None:
    rng = random.Random(SEED)
    memories, questions = read_hand_written(rng)
    memories += read_filler(rng, TARGET_MEMORIES - len(memories))
    memories.sort(key=lambda m: (m["t"], m["content"]))
    last = 0
    by_key: dict[str, str] = {}
    rows = []
    for index, memory in enumerate(memories, 1):
        created = max(START_MS + int(float(str(memory["t"])) * SPAN_MS) + rng.randrange(3600_000), last + 1)
        last = created
        ident = f"b{index:04d}"
        if memory["key"] != "-":
            by_key[str(memory["key"])] = ident
        rows.append({"id": ident, "content": memory["content"], "createdAt": created,
                     "sourceScope": memory["scope"]})
    groups: dict[tuple[str, str], list[int]] = {}
    for index, question in enumerate(questions):
        groups.setdefault((str(question["kind"]), str(question["lang"])), []).append(index)
    split: dict[int, str] = {}
    first = 0  # an odd group gives its extra question to dev and the next odd group's to test
    for group in sorted(groups):
        members = groups[group][:]
        random.Random(f"{SEED}:{group[0]}:{group[1]}").shuffle(members)
        for position, index in enumerate(members):
            split[index] = ("dev", "test")[(position + first) % 2]
        first = (first + len(members)) % 2
    out_questions = []
    for index, question in enumerate(questions, 1):
        missing = [k for k in question["keys"] if k not in by_key]  # type: ignore[attr-defined]
        if missing:
            sys.exit(f"{question['where']}: unknown keys {missing}")
        out_questions.append({"id": f"bq{index:03d}", "question": question["question"],
                              "answers": [by_key[k] for k in question["keys"]],  # type: ignore[attr-defined]
                              "lang": question["lang"], "kind": question["kind"],
                              "split": split[index - 1]})
    with open(HERE / "memories.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(HERE / "questions.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for row in out_questions:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} memories ({len(rows) - len([m for m in memories if m['where'] == 'filler'])} hand-written), "
          f"{len(out_questions)} questions")


if __name__ == "__main__":
    main()
