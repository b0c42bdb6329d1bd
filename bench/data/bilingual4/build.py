"""Builds memories.jsonl and questions.jsonl of the fourth bilingual user from src/ (fixed seed)."""
from __future__ import annotations

import datetime as dt
import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SEED = 20261201
CHINA = dt.timezone(dt.timedelta(hours=8))
START = dt.datetime(2025, 6, 8, 8, 0, tzinfo=CHINA)
END = dt.datetime(2026, 11, 28, 22, 0, tzinfo=CHINA)
TOTAL = 1000
SCOPES = {"freight", "reef"}
NEVER_ANSWERS = ("def_", "la_")
HEAD = re.compile(r"^(?P<key>[A-Za-z0-9_\-]+)(?:@(?P<at>[0-9.\-]+))?(?:#(?P<scope>[a-z]+))?$")


@dataclass
class Memory:
    key: str | None
    at: str | None
    scope: str | None
    content: str
    where: str
    offset: float = 0.0
    id: str = ""


@dataclass
class Question:
    lang: str
    kind: str
    text: str
    keys: list[str]
    where: str


@dataclass
class Section:
    name: str
    scope: str | None
    frames: list[str] = field(default_factory=list)
    tails: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)


def fail(message: str) -> None:
    print("build: " + message, file=sys.stderr)
    raise SystemExit(1)


def hand_rows() -> tuple[list[Memory], list[Question]]:
    memories: list[Memory] = []
    questions: list[Question] = []
    for path in sorted(SRC.glob("part*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("//"):
                continue
            where = f"{path.name}:{number}"
            if line.startswith("M "):
                head, _, content = line[2:].partition(" | ")
                head = head.strip()
                if head == "-":
                    memories.append(Memory(None, None, None, content.strip(), where))
                    continue
                match = HEAD.match(head)
                if match is None or not content:
                    fail(f"bad memory line {where}")
                    continue
                memories.append(Memory(match["key"], match["at"], match["scope"], content.strip(), where))
            elif line.startswith("Q "):
                parts = [part.strip() for part in line[2:].split(" | ")]
                if len(parts) != 3:
                    fail(f"bad question line {where}")
                lang, kind = parts[0].split()
                questions.append(Question(lang, kind, parts[1], parts[2].split(), where))
            else:
                fail(f"unknown line {where}")
    return memories, questions


def read_sections() -> list[Section]:
    sections: list[Section] = []
    for raw in (SRC / "filler.txt").read_text(encoding="utf-8").splitlines():
        line = raw.rstrip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("[") and line.endswith("]"):
            name, _, scope = line[1:-1].partition("#")
            sections.append(Section(name, scope or None))
        elif not sections:
            fail("filler line before a section")
        elif line.startswith("F "):
            sections[-1].frames.append(line[2:])
        elif line.startswith("T "):
            sections[-1].tails.append(line[2:])
        elif line.startswith("- "):
            sections[-1].items.append(line[2:])
        else:
            fail(f"bad filler line {line!r}")
    return sections


def filler_rows(rng: random.Random, count: int) -> list[Memory]:
    rows: list[Memory] = []
    for section in read_sections():
        frames = section.frames or ["{x}"]
        for item in section.items:
            text = rng.choice(frames).replace("{x}", item)
            if section.tails and rng.random() < 0.45:
                text = text.rstrip("。.") + rng.choice(section.tails)
            rows.append(Memory(None, None, section.scope, text, section.name))
    if len(rows) < count:
        fail(f"only {len(rows)} filler items for {count} slots")
    rng.shuffle(rows)
    return rows[:count]


def place(rng: random.Random, row: Memory) -> float:
    span = (END - START).total_seconds()
    if row.at is None:
        return rng.uniform(0.0, 1.0) * span
    if "-" in row.at:
        day = dt.datetime.strptime(row.at, "%Y-%m-%d").replace(hour=9, tzinfo=CHINA)
        offset = (day - START).total_seconds()
        if not 0 <= offset <= span:
            fail(f"date {row.at} outside the span ({row.where})")
        return min(span, offset + rng.uniform(0.0, 2 * 86400))
    fraction = float(row.at)
    return min(span, max(0.0, fraction * span + rng.uniform(-3, 3) * 86400))


def old_pairs(by_key: dict[str, Memory]) -> list[tuple[Memory, Memory]]:
    return [(row, by_key[key[:-3]]) for key, row in by_key.items() if key.endswith("old") and key[:-3] in by_key]


def main() -> None:
    rng = random.Random(SEED)
    memories, questions = hand_rows()
    keys = [row.key for row in memories if row.key]
    if len(keys) != len(set(keys)):
        fail("duplicate memory key " + str([key for key in keys if keys.count(key) > 1][:5]))
    rows = memories + filler_rows(rng, TOTAL - len(memories))
    contents = [row.content for row in rows]
    if len(contents) != len(set(contents)):
        fail("duplicate content " + str([text for text in contents if contents.count(text) > 1][:3]))
    for row in rows:
        if row.scope and row.scope not in SCOPES:
            fail(f"unknown scope {row.scope} ({row.where})")
        if len(row.content) > 300:
            fail(f"content too long ({row.where})")
        row.offset = place(rng, row)
    by_key = {row.key: row for row in rows if row.key}
    for old, new in old_pairs(by_key):
        if old.offset >= new.offset:
            old.offset = new.offset * rng.uniform(0.3, 0.8)
    rows.sort(key=lambda row: row.offset)
    start_ms = int(START.timestamp() * 1000)
    last = -1
    out_memories = []
    for index, row in enumerate(rows, 1):
        stamp = max(start_ms + int(row.offset * 1000), last + 1)
        last = stamp
        row.id = f"d{index:04d}"
        out_memories.append({
            "id": row.id,
            "content": row.content,
            "createdAt": stamp,
            "sourceScope": f"project:{row.scope}" if row.scope else "global",
        })
    old_keys = {str(old.key) for old, _ in old_pairs(by_key)}
    for old, new in old_pairs(by_key):
        if old.id >= new.id:
            fail(f"old value {old.key} is not older")
    rng.shuffle(questions)
    out_questions = []
    for index, question in enumerate(questions, 1):
        answers = []
        for key in question.keys:
            if key not in by_key:
                fail(f"unknown answer key {key} ({question.where})")
            if key.startswith(NEVER_ANSWERS):
                fail(f"a defining memory or a look-alike is an answer ({question.where})")
            if key in old_keys:
                fail(f"an old value is an answer ({question.where})")
            answers.append(by_key[key].id)
        out_questions.append({
            "id": f"dq{index:03d}",
            "question": question.text,
            "answers": sorted(answers),
            "lang": question.lang,
            "kind": question.kind,
            "split": "test",
        })
    used = {key for question in questions for key in question.keys}
    unused = [key for key in by_key if key not in used and not key.startswith(NEVER_ANSWERS) and key not in old_keys]
    if unused:
        fail("keyed memories that no message needs: " + " ".join(unused[:20]))
    with open(HERE / "memories.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for memory in out_memories:
            handle.write(json.dumps(memory, ensure_ascii=False) + "\n")
    with open(HERE / "questions.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for row_out in out_questions:
            handle.write(json.dumps(row_out, ensure_ascii=False) + "\n")
    print(f"build: {len(out_memories)} memories ({len(memories)} hand-written), {len(out_questions)} messages")


if __name__ == "__main__":
    main()
