"""Build memories.jsonl and questions.jsonl of the third long-conversation set from src/ (issue 17)."""

from __future__ import annotations

import datetime as dt
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
PAIRS = ("tessa-gideon.txt", "kofi-ingrid.txt", "dana-viktor.txt")
KINDS = {"direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop"}
SEED = 3117
TOTAL = 1000
GLOBAL_SHARE = 0.1
STEP_MS = 47_000
MAX_CHARS = 300
MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)
FRAMES = (
    "{a} mentioned to {b} that {p} {x} on {d}.",
    "On {d}, {a} {x}, {p} told {b}.",
    "{a} told {b} that {p} {x} on {d}.",
    "{a} said to {b} that {p} {x} on {d}.",
    "In passing, {a} told {b} that on {d} {p} {x}.",
)


@dataclass
class Memory:
    content: str
    when: dt.datetime
    scope: str
    label: str | None = None
    filler: bool = False


@dataclass
class Question:
    kind: str
    text: str
    labels: list[str]


@dataclass
class Session:
    when: dt.datetime
    items: list[Memory] = field(default_factory=list)


@dataclass
class Pair:
    scope: str
    people: list[tuple[str, str]]
    sessions: list[Session] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)


def fail(message: str) -> None:
    sys.exit(f"build.py: {message}")


def parse_pair(path: Path) -> Pair:
    pair: Pair | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{path.name}:{number}"
        if line.startswith("@pair "):
            fields = [part.strip() for part in line[6:].split("|")]
            pair = Pair(fields[0], [(fields[1], fields[2]), (fields[3], fields[4])])
            continue
        if pair is None:
            fail(f"{where}: material before @pair")
            raise AssertionError
        if line.startswith("@session "):
            pair.sessions.append(Session(dt.datetime.strptime(line[9:].strip(), "%Y-%m-%d %H:%M")))
            continue
        if line.startswith("?"):
            parts = [part.strip() for part in line[1:].split("|")]
            if len(parts) != 3 or parts[0] not in KINDS:
                fail(f"{where}: bad question line")
            labels = [label.strip() for label in parts[2].split(",") if label.strip()]
            pair.questions.append(Question(parts[0], parts[1], labels))
            continue
        if not pair.sessions:
            fail(f"{where}: memory before @session")
        label_text, bar, text = line.partition("|")
        if not bar:
            fail(f"{where}: memory line without '|'")
        session = pair.sessions[-1]
        session.items.append(Memory(text.strip(), session.when, pair.scope, label_text.strip() or None))
    if pair is None:
        fail(f"{path.name}: no @pair")
        raise AssertionError
    return pair


def parse_fillers(path: Path) -> tuple[list[str], dict[str, list[str]]]:
    common: list[str] = []
    own: dict[str, list[str]] = {}
    current: list[str] = common
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "@common":
            current = common
        elif line.startswith("@person "):
            current = own.setdefault(line[8:].strip(), [])
        else:
            current.append(line)
    return common, own


def spoken_date(day: dt.date) -> str:
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def add_fillers(pairs: list[Pair], common: list[str], own: dict[str, list[str]], rng: random.Random) -> None:
    hand = sum(len(session.items) for pair in pairs for session in pair.sessions)
    wanted = TOTAL - hand
    if wanted < 0:
        fail(f"{hand} hand-written memories exceed {TOTAL}")
    slots = [(pair, session) for pair in pairs for session in pair.sessions]
    decks: dict[str, list[str]] = {}
    seen: set[str] = {memory.content for _, session in slots for memory in session.items}
    for index in range(wanted):
        pair, session = slots[index * len(slots) // wanted]
        (name, pronoun), (other, _) = pair.people if rng.random() < 0.5 else pair.people[::-1]
        for _attempt in range(50):
            deck = decks.setdefault(name, [])
            if not deck:
                deck.extend(own[name] + common)
                rng.shuffle(deck)
            phrase = deck.pop()
            day = (session.when - dt.timedelta(days=rng.randint(1, 6))).date()
            frame = rng.choice(FRAMES)
            text = frame.format(a=name, b=other, p=pronoun, x=phrase, d=spoken_date(day))
            text = text[0].upper() + text[1:]
            if text not in seen:
                break
        else:
            fail("could not draw a new filler")
        seen.add(text)
        position = rng.randint(0, len(session.items))
        session.items.insert(position, Memory(text, session.when, pair.scope, None, True))


def epoch_ms(moment: dt.datetime) -> int:
    return int(moment.replace(tzinfo=dt.timezone.utc).timestamp() * 1000)


def build() -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    rng = random.Random(SEED)
    pairs = [parse_pair(SRC / name) for name in PAIRS]
    common, own = parse_fillers(SRC / "fillers.txt")
    add_fillers(pairs, common, own, rng)
    timed: list[tuple[int, Memory]] = []
    for pair in pairs:
        for session in pair.sessions:
            for offset, memory in enumerate(session.items):
                timed.append((epoch_ms(session.when) + offset * STEP_MS, memory))
    timed.sort(key=lambda row: row[0])
    memories: list[dict[str, object]] = []
    ids: dict[tuple[str, str], str] = {}
    last = -1
    for index, (stamp, memory) in enumerate(timed, 1):
        if stamp <= last:
            fail(f"createdAt not increasing at {memory.content!r}")
        if len(memory.content) > MAX_CHARS:
            fail(f"memory over {MAX_CHARS} characters: {memory.content!r}")
        last = stamp
        memory_id = f"g{index:04d}"
        scope = "global" if rng.random() < GLOBAL_SHARE else memory.scope
        memories.append({"id": memory_id, "content": memory.content, "createdAt": stamp, "sourceScope": scope})
        if memory.label is not None:
            key = (memory.scope, memory.label)
            if key in ids:
                fail(f"duplicate label {memory.label} in {memory.scope}")
            ids[key] = memory_id
    questions: list[dict[str, object]] = []
    for pair in pairs:
        for question in pair.questions:
            answers: list[str] = []
            for label in question.labels:
                if (pair.scope, label) not in ids:
                    fail(f"unknown label {label} in {pair.scope}")
                answers.append(ids[(pair.scope, label)])
            if question.kind == "multi_hop" and len(answers) < 2:
                fail(f"one-answer multi_hop: {question.text}")
            questions.append({
                "id": f"gq{len(questions) + 1:03d}", "question": question.text,
                "answers": answers, "lang": "en", "kind": question.kind, "split": "test",
            })
    return memories, questions


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_text(text, encoding="utf-8")


def main() -> None:
    memories, questions = build()
    write_jsonl(HERE / "memories.jsonl", memories)
    write_jsonl(HERE / "questions.jsonl", questions)
    print(f"memories {len(memories)}, questions {len(questions)}")


if __name__ == "__main__":
    main()
