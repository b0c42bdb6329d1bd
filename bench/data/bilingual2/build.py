"""Builds the second bilingual ranking set (issue 17) from the hand-written material in src/."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SEED = 20261201
CHINA = timezone(timedelta(hours=8))
START_MS = int(datetime(2025, 4, 15, 8, 0, tzinfo=CHINA).timestamp() * 1000)
END_MS = int(datetime(2026, 11, 26, 22, 0, tzinfo=CHINA).timestamp() * 1000)
DAY_MS = 86_400_000
KINDS = ("alias", "cross_language", "everyday", "word_form", "indirect", "direct")
LANGS = ("zh", "en", "mixed")
MEMORY_HEAD = re.compile(r"^M (?P<key>[A-Za-z0-9_]+|-)(?P<marks>(?:\s*[@#][A-Za-z0-9.-]+)*)\s*$")
MARK = re.compile(r"([@#])([A-Za-z0-9.-]+)")


@dataclass
class Memory:
    key: str
    content: str
    scope: str
    fraction: float | None
    date_ms: int | None


@dataclass
class Question:
    text: str
    lang: str
    kind: str
    answer_keys: list[str]


def parse_position(raw: str | None) -> tuple[float | None, int | None]:
    if raw is None:
        return None, None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
        day = datetime.strptime(raw, "%Y-%m-%d").replace(tzinfo=CHINA)
        return None, int(day.timestamp() * 1000)
    return float(raw), None


def read_parts() -> tuple[list[Memory], list[Question]]:
    memories: list[Memory] = []
    questions: list[Question] = []
    anonymous = 0
    for path in sorted(SRC.glob("part*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            head, _, rest = line.partition(" | ")
            if head.startswith("M "):
                match = MEMORY_HEAD.match(head)
                if match is None:
                    raise ValueError(f"bad memory line: {line}")
                key = match["key"]
                if key == "-":
                    anonymous += 1
                    key = f"-{anonymous}"
                marks = dict((sign, value) for sign, value in MARK.findall(match["marks"]))
                fraction, date_ms = parse_position(marks.get("@"))
                scope = f"project:{marks['#']}" if "#" in marks else "global"
                memories.append(Memory(key, rest.strip(), scope, fraction, date_ms))
            elif head.startswith("Q "):
                _, lang, kind = head.split()
                text, _, keys = rest.rpartition(" | ")
                questions.append(Question(text.strip(), lang, kind, keys.split()))
            else:
                raise ValueError(f"bad line: {line}")
    return memories, questions


@dataclass
class Section:
    name: str
    scope: str
    count: str
    templates: list[str]
    slots: dict[str, list[str]]


def read_filler() -> list[Section]:
    sections: list[Section] = []
    for line in (SRC / "filler.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or (line.startswith("#") and not line.startswith("## ")):
            continue
        if line.startswith("## "):
            name, scope, count = (part.strip() for part in line[3:].split("|"))
            sections.append(Section(name, scope, count, [], {}))
        elif line.startswith("T "):
            sections[-1].templates.append(line[2:].strip())
        else:
            slot, _, item = line.partition(": ")
            sections[-1].slots.setdefault(slot, []).append(item.strip())
    return sections


def fill(template: str, chosen: dict[str, str]) -> str:
    return template.format(**chosen)


def generate_filler(sections: list[Section], rng: random.Random) -> list[Memory]:
    made: list[Memory] = []
    for section in sections:
        texts: list[str] = []
        if section.count == "*":
            for item in section.slots["a"]:
                chosen = {slot: rng.choice(items) for slot, items in section.slots.items()}
                chosen["a"] = item
                texts.append(fill(rng.choice(section.templates), chosen))
        else:
            seen: set[str] = set()
            while len(texts) < int(section.count):
                chosen = {slot: rng.choice(items) for slot, items in section.slots.items()}
                text = fill(rng.choice(section.templates), chosen)
                if text not in seen:
                    seen.add(text)
                    texts.append(text)
        for number, text in enumerate(texts, start=1):
            made.append(Memory(f"{section.name}-{number}", text, section.scope, None, None))
    return made


def read_rules() -> tuple[list[tuple[int, list[str]]], list[tuple[str, str]]]:
    after: list[tuple[int, list[str]]] = []
    pairs: list[tuple[str, str]] = []
    for line in (SRC / "rules.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("A "):
            date, _, words = line[2:].partition(" | ")
            _, day_ms = parse_position(date.strip())
            assert day_ms is not None
            after.append((day_ms, words.split()))
        elif line.startswith("P "):
            _, old, new = line.split()
            pairs.append((old, new))
    return after, pairs


def place(memories: list[Memory], after: list[tuple[int, list[str]]], rng: random.Random) -> list[int]:
    times: list[int] = []
    for memory in memories:
        if memory.date_ms is not None:
            times.append(memory.date_ms + rng.randrange(9 * 3_600_000, 2 * DAY_MS))
            continue
        if memory.fraction is not None:
            fraction = min(1.0, max(0.0, memory.fraction + rng.uniform(-0.01, 0.01)))
        else:
            fraction = rng.random()
        moment = START_MS + int(fraction * (END_MS - START_MS))
        earliest = max((day for day, words in after if any(word in memory.content for word in words)), default=START_MS)
        if moment < earliest:
            moment = rng.randrange(earliest + DAY_MS, END_MS)
        times.append(moment)
    return times


def build() -> tuple[str, str]:
    rng = random.Random(SEED)
    written, questions = read_parts()
    memories = written + generate_filler(read_filler(), rng)
    keys = [memory.key for memory in memories]
    if len(set(keys)) != len(keys):
        raise ValueError("duplicate memory key")
    after, pairs = read_rules()
    times = place(memories, after, rng)
    order = sorted(range(len(memories)), key=lambda index: (times[index], index))
    ids: dict[str, str] = {}
    created: dict[str, int] = {}
    lines: list[str] = []
    previous = 0
    for number, index in enumerate(order, start=1):
        memory = memories[index]
        moment = max(times[index], previous + 1)
        previous = moment
        ids[memory.key] = f"c{number:04d}"
        created[memory.key] = moment
        row = {"id": ids[memory.key], "content": memory.content, "createdAt": moment, "sourceScope": memory.scope}
        lines.append(json.dumps(row, ensure_ascii=False))
    for old, new in pairs:
        if created[old] >= created[new]:
            raise ValueError(f"old value {old} is not older than {new}")
    shuffled = list(questions)
    rng.shuffle(shuffled)
    question_lines: list[str] = []
    for number, question in enumerate(shuffled, start=1):
        if question.kind not in KINDS or question.lang not in LANGS:
            raise ValueError(f"bad kind or lang: {question.text}")
        row = {
            "id": f"cq{number:03d}",
            "question": question.text,
            "answers": sorted(ids[key] for key in question.answer_keys),
            "lang": question.lang,
            "kind": question.kind,
            "split": "test",
        }
        question_lines.append(json.dumps(row, ensure_ascii=False))
    return "\n".join(lines) + "\n", "\n".join(question_lines) + "\n"


def main() -> None:
    memories, questions = build()
    (HERE / "memories.jsonl").write_text(memories, encoding="utf-8")
    (HERE / "questions.jsonl").write_text(questions, encoding="utf-8")


if __name__ == "__main__":
    main()
