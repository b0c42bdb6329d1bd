"""Build the third bilingual ranking set (issue 17) from the hand-written parts and the filler lists."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SEED = 20261201
TOTAL = 1000
CHINA = dt.timezone(dt.timedelta(hours=8))
START = dt.datetime(2025, 5, 1, 8, 0, tzinfo=CHINA)
END = dt.datetime(2026, 11, 28, 22, 0, tzinfo=CHINA)
DAY_MS = 86_400_000
SLOT = re.compile(r"\{(\w+)\}")

Memory = dict[str, object]


def to_ms(moment: dt.datetime) -> int:
    return int(moment.timestamp() * 1000)


def parse_place(spec: str, rng: random.Random) -> float:
    """Return a position in [0, 1] of the span for a key's @ part."""
    start, end = to_ms(START), to_ms(END)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", spec):
        day = dt.datetime.strptime(spec, "%Y-%m-%d").replace(hour=9, tzinfo=CHINA)
        moment = to_ms(day) + rng.randrange(0, 2 * DAY_MS)
        return (moment - start) / (end - start)
    return float(spec)


def read_parts(rng: random.Random) -> tuple[list[tuple[str, str, str, float]], list[list[str]]]:
    memories: list[tuple[str, str, str, float]] = []
    questions: list[list[str]] = []
    for part in sorted(SRC.glob("part*.txt")):
        for raw in part.read_text(encoding="utf-8").splitlines():
            line = raw.strip()
            if not line or line.startswith("//"):
                continue
            head, _, rest = line.partition(" | ")
            if head.startswith("M "):
                spec = head[2:].strip()
                scope = "global"
                if "#" in spec:
                    spec, project = spec.split("#", 1)
                    scope = f"project:{project}"
                place = rng.random()
                if "@" in spec:
                    spec, at = spec.split("@", 1)
                    place = parse_place(at, rng)
                memories.append((spec, rest.strip(), scope, place))
            elif head.startswith("Q "):
                message, _, keys = rest.partition(" | ")
                _, lang, kind = head.split()
                questions.append([lang, kind, message.strip(), keys.strip()])
            else:
                raise ValueError(f"{part.name}: cannot read {line!r}")
    return memories, questions


def read_filler() -> list[tuple[int, str, list[str], dict[str, list[str]]]]:
    """Sections: `## count scope`, then `T template` lines and `S slot | a | b | c` lines."""
    sections: list[tuple[int, str, list[str], dict[str, list[str]]]] = []
    for raw in (SRC / "filler.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("## "):
            count, scope = line[3:].split()
            sections.append((int(count), scope, [], {}))
        elif line.startswith("T "):
            sections[-1][2].append(line[2:].strip())
        elif line.startswith("S "):
            name, *values = [cell.strip() for cell in line[2:].split(" | ")]
            sections[-1][3][name] = values
        else:
            raise ValueError(f"filler.txt: cannot read {line!r}")
    return sections


def fill(template: str, slots: dict[str, list[str]], rng: random.Random) -> str:
    return SLOT.sub(lambda match: rng.choice(slots[match.group(1)]), template)


def generate(rng: random.Random, wanted: int) -> list[tuple[str, str]]:
    made: list[tuple[str, str]] = []
    seen: set[str] = set()
    for count, scope, templates, slots in read_filler():
        tries = 0
        produced = 0
        while produced < count:
            tries += 1
            if tries > 200 * count:
                raise ValueError(f"filler section {templates[0]!r} cannot make {count} distinct lines")
            template = rng.choice(templates)
            text = fill(template, slots, rng)
            if text in seen:
                continue
            seen.add(text)
            made.append((text, scope if scope == "global" else f"project:{scope}"))
            produced += 1
    if len(made) < wanted:
        raise ValueError(f"filler makes {len(made)} lines, {wanted} wanted")
    rng.shuffle(made)
    return made[:wanted]


def build() -> tuple[list[Memory], list[dict[str, object]]]:
    rng = random.Random(SEED)
    written, raw_questions = read_parts(rng)
    filler = generate(rng, TOTAL - len(written))
    placed: list[tuple[float, str, str, str]] = [(place, key, text, scope) for key, text, scope, place in written]
    placed += [(rng.random(), "-", text, scope) for text, scope in filler]
    placed.sort(key=lambda row: row[0])
    start, end = to_ms(START), to_ms(END)
    memories: list[Memory] = []
    ids: dict[str, str] = {}
    last = 0
    for number, (place, key, text, scope) in enumerate(placed, 1):
        stamp = max(start + int(place * (end - start)), last + 1 + rng.randrange(0, 60_000))
        last = stamp
        memory_id = f"d{number:04d}"
        if key != "-":
            if key in ids:
                raise ValueError(f"key {key} used twice")
            ids[key] = memory_id
        memories.append({"id": memory_id, "content": text, "createdAt": stamp, "sourceScope": scope})
    stamps = {key: int(str(memories[int(memory_id[1:]) - 1]["createdAt"])) for key, memory_id in ids.items()}
    for key, created in stamps.items():
        if key.endswith("old") and key[:-3] in stamps and not created < stamps[key[:-3]]:
            raise ValueError(f"the old value {key} is not created before the new one")
    rng.shuffle(raw_questions)
    questions: list[dict[str, object]] = []
    for number, (lang, kind, message, keys) in enumerate(raw_questions, 1):
        answers = [ids[key] for key in keys.split()]
        questions.append(
            {"id": f"dq{number:03d}", "question": message, "answers": answers,
             "lang": lang, "kind": kind, "split": "test"}
        )
    return memories, questions


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_text(text, encoding="utf-8")


def main() -> None:
    memories, questions = build()
    write_jsonl(HERE / "memories.jsonl", memories)
    write_jsonl(HERE / "questions.jsonl", questions)
    print(f"wrote {len(memories)} memories and {len(questions)} questions")


if __name__ == "__main__":
    main()
