"""Builds memories.jsonl and questions.jsonl of the fourth bilingual user from src/ (fixed seed)."""
from __future__ import annotations

import datetime as dt
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SEED = 20261201
CHINA = dt.timezone(dt.timedelta(hours=8))
START = dt.datetime(2025, 6, 8, 8, 0, tzinfo=CHINA)
END = dt.datetime(2026, 11, 28, 22, 0, tzinfo=CHINA)
TOTAL = 1000
SCOPES = {"freight", "reef"}
HEAD = re.compile(r"^(?P<key>[A-Za-z0-9_\-]+)(?:@(?P<at>[0-9.\-]+))?(?:#(?P<scope>[a-z]+))?$")


def fail(message: str) -> None:
    print("build: " + message, file=sys.stderr)
    raise SystemExit(1)


def ms(moment: dt.datetime) -> int:
    return int(moment.timestamp() * 1000)


def hand_rows() -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    memories: list[dict[str, object]] = []
    questions: list[dict[str, object]] = []
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
                    memories.append({"key": None, "at": None, "scope": None, "content": content.strip(), "where": where})
                    continue
                match = HEAD.match(head)
                if not match or not content:
                    fail(f"bad memory line {where}")
                memories.append({**match.groupdict(), "content": content.strip(), "where": where})
            elif line.startswith("Q "):
                parts = [part.strip() for part in line[2:].split(" | ")]
                if len(parts) != 3:
                    fail(f"bad question line {where}")
                lang, kind = parts[0].split()
                questions.append({"lang": lang, "kind": kind, "question": parts[1], "keys": parts[2].split(), "where": where})
            else:
                fail(f"unknown line {where}")
    return memories, questions


def filler_rows(rng: random.Random, count: int) -> list[dict[str, object]]:
    sections: list[dict[str, object]] = []
    current: dict[str, object] | None = None
    for raw in (SRC / "filler.txt").read_text(encoding="utf-8").splitlines():
        line = raw.rstrip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("[") and line.endswith("]"):
            name, _, scope = line[1:-1].partition("#")
            current = {"name": name, "scope": scope or None, "frames": [], "tails": [], "items": []}
            sections.append(current)
        elif current is None:
            fail("filler line before a section")
        elif line.startswith("F "):
            current["frames"].append(line[2:])  # type: ignore[union-attr]
        elif line.startswith("T "):
            current["tails"].append(line[2:])  # type: ignore[union-attr]
        elif line.startswith("- "):
            current["items"].append(line[2:])  # type: ignore[union-attr]
        else:
            fail(f"bad filler line {line!r}")
    rows: list[dict[str, object]] = []
    for section in sections:
        frames: list[str] = section["frames"] or ["{x}"]  # type: ignore[assignment]
        tails: list[str] = section["tails"]  # type: ignore[assignment]
        for item in section["items"]:  # type: ignore[union-attr]
            text = rng.choice(frames).replace("{x}", item)
            if tails and rng.random() < 0.45:
                tail = rng.choice(tails)
                text = text.rstrip("。.") + tail
            rows.append({"key": None, "at": None, "scope": section["scope"], "content": text, "where": section["name"]})
    if len(rows) < count:
        fail(f"only {len(rows)} filler items for {count} slots")
    rng.shuffle(rows)
    return rows[:count]


def place(rng: random.Random, row: dict[str, object]) -> float:
    span = (END - START).total_seconds()
    at = row["at"]
    if at is None:
        return rng.uniform(0.0, 1.0) * span
    text = str(at)
    if "-" in text:
        day = dt.datetime.strptime(text, "%Y-%m-%d").replace(hour=9, tzinfo=CHINA)
        offset = (day - START).total_seconds()
        if not 0 <= offset <= span:
            fail(f"date {text} outside the span ({row['where']})")
        return min(span, offset + rng.uniform(0.0, 2 * 86400))
    fraction = float(text)
    return min(span, max(0.0, fraction * span + rng.uniform(-3, 3) * 86400))


def main() -> None:
    rng = random.Random(SEED)
    memories, questions = hand_rows()
    keys = [row["key"] for row in memories if row["key"]]
    if len(keys) != len(set(keys)):
        fail("duplicate memory key " + str([k for k in keys if keys.count(k) > 1][:5]))
    rows = memories + filler_rows(rng, TOTAL - len(memories))
    contents = [str(row["content"]) for row in rows]
    if len(contents) != len(set(contents)):
        fail("duplicate content " + str([c for c in contents if contents.count(c) > 1][:3]))
    for row in rows:
        if row["scope"] and row["scope"] not in SCOPES:
            fail(f"unknown scope {row['scope']} ({row['where']})")
        if len(str(row["content"])) > 300:
            fail(f"content too long ({row['where']})")
        row["t"] = place(rng, row)
    by_key = {row["key"]: row for row in rows if row["key"]}
    for key, row in by_key.items():
        if str(key).endswith("old") and str(key)[:-3] in by_key:
            newer = by_key[str(key)[:-3]]
            if row["t"] >= newer["t"]:  # type: ignore[operator]
                row["t"] = float(newer["t"]) * rng.uniform(0.3, 0.8)  # type: ignore[arg-type]
    rows.sort(key=lambda row: float(row["t"]))  # type: ignore[arg-type]
    last = -1
    out_memories = []
    for index, row in enumerate(rows, 1):
        stamp = ms(START) + int(float(row["t"]) * 1000)  # type: ignore[arg-type]
        stamp = max(stamp, last + 1)
        last = stamp
        row["id"] = f"d{index:04d}"
        out_memories.append({
            "id": row["id"],
            "content": row["content"],
            "createdAt": stamp,
            "sourceScope": f"project:{row['scope']}" if row["scope"] else "global",
        })
    for key, row in by_key.items():
        if str(key).endswith("old") and str(key)[:-3] in by_key:
            if row["id"] >= by_key[str(key)[:-3]]["id"]:
                fail(f"old value {key} is not older")
    rng.shuffle(questions)
    out_questions = []
    for index, question in enumerate(questions, 1):
        answers = []
        for key in question["keys"]:  # type: ignore[union-attr]
            if key not in by_key:
                fail(f"unknown answer key {key} ({question['where']})")
            if str(key).startswith(("def_", "la_")):
                fail(f"a defining memory or a look-alike is an answer ({question['where']})")
            if str(key).endswith("old") and str(key)[:-3] in by_key:
                fail(f"an old value is an answer ({question['where']})")
            answers.append(by_key[key]["id"])
        out_questions.append({
            "id": f"dq{index:03d}",
            "question": question["question"],
            "answers": sorted(answers),
            "lang": question["lang"],
            "kind": question["kind"],
            "split": "test",
        })
    used = {key for question in questions for key in question["keys"]}  # type: ignore[union-attr]
    unused = [key for key in by_key if key not in used and not str(key).startswith(("def_", "la_")) and not str(key).endswith("old")]
    if unused:
        fail("keyed memories that no message needs: " + " ".join(map(str, unused[:20])))
    with open(HERE / "memories.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for row in out_memories:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(HERE / "questions.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for row in out_questions:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"build: {len(out_memories)} memories ({len(memories)} hand-written), {len(out_questions)} messages")


if __name__ == "__main__":
    main()
