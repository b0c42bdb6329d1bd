"""Builds the longconv2 ranking set (memories.jsonl, questions.jsonl) from src/ with a fixed seed (issue 17)."""

from __future__ import annotations

import json
import random
import re
import sys
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
CONVERSATIONS = ("maya-oscar.txt", "nadia-felix.txt", "hana-rafael.txt")
FILLERS = "fillers.txt"
TOTAL_MEMORIES = 1000
SEED = 1717
GLOBAL_SHARE = 0.10
STEP_MS = 47_000
MAX_CONTENT = 300
KINDS = ("direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop")
FRAMES = (
    "{a} mentioned to {b} that {p} {phrase} on {when}.",
    "{a} told {b} that {p} {phrase} on {when}.",
    "On {when}, {a} {phrase}, {p} told {b}.",
    "{a} told {b} {p} {phrase} over the weekend.",
    "{b} heard from {a} that {p} {phrase} on {when}.",
    "{a} said to {b} that {p} {phrase} the other day.",
)
SLOT = re.compile(r"\{(\w+)\}")
FROM_DAY = re.compile(r"^\[(\d{4}-\d{2}-\d{2})\] ")


@dataclass(frozen=True)
class Person:
    name: str
    pronoun: str
    possessive: str
    places: tuple[str, ...]
    companions: tuple[str, ...]
    phrases: tuple[str, ...]


@dataclass
class Session:
    scope: str
    speakers: tuple[str, str]
    start: datetime
    memories: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Question:
    kind: str
    text: str
    labels: tuple[str, ...]


@dataclass
class Material:
    sessions: list[Session] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    labels: set[str] = field(default_factory=set)


@dataclass
class FillerSource:
    common: list[str] = field(default_factory=list)
    slots: dict[str, list[str]] = field(default_factory=dict)
    people: dict[str, Person] = field(default_factory=dict)


def fail(message: str) -> None:
    raise SystemExit(f"build.py: {message}")


def material_lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def split_fields(line: str, count: int) -> list[str]:
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != count or not all(parts):
        fail(f"expected {count} fields: {line}")
    return parts


def read_conversation(path: Path, material: Material) -> None:
    scope = ""
    speakers = ("", "")
    session: Session | None = None
    for line in material_lines(path):
        if line.startswith("@pair "):
            scope, first, _, second, _ = split_fields(line[len("@pair ") :], 5)
            speakers = (first, second)
        elif line.startswith("@session "):
            start = datetime.strptime(line[len("@session ") :], "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
            session = Session(scope, speakers, start)
            material.sessions.append(session)
        elif line.startswith("?"):
            kind, text, labels = split_fields(line[1:], 3)
            material.questions.append(Question(kind, text, tuple(label.strip() for label in labels.split(","))))
        elif session is None or not scope:
            fail(f"memory before @pair/@session in {path.name}: {line}")
        else:
            label, text = split_fields(line, 2)
            if label in material.labels:
                fail(f"duplicate label {label}")
            material.labels.add(label)
            session.memories.append((label, text))


def read_fillers(path: Path) -> FillerSource:
    source = FillerSource()
    block = ""
    person: dict[str, str | list[str]] = {}
    phrases: list[str] = []

    def close_person() -> None:
        if person:
            places = person["places"]
            companions = person["companions"]
            assert isinstance(places, list) and isinstance(companions, list)
            name, pronoun, possessive = (str(person[key]) for key in ("name", "pronoun", "possessive"))
            source.people[name] = Person(name, pronoun, possessive, tuple(places), tuple(companions), tuple(phrases))

    for line in material_lines(path):
        if line.startswith("@slot "):
            block = line[len("@slot ") :]
            source.slots[block] = []
        elif line == "@common":
            block = "@common"
        elif line.startswith("@person "):
            close_person()
            name, pronoun, possessive = split_fields(line[len("@person ") :], 3)
            person = {"name": name, "pronoun": pronoun, "possessive": possessive, "places": [], "companions": []}
            phrases = []
            block = "@person"
        elif line.startswith("@places ") or line.startswith("@companions "):
            key, _, values = line[1:].partition(" ")
            person[key] = [value.strip() for value in values.split(",")]
        elif block == "@common":
            source.common.append(line)
        elif block == "@person":
            phrases.append(line)
        elif block in source.slots:
            source.slots[block].append(line)
        else:
            fail(f"filler line outside a block: {line}")
    close_person()
    return source


def spoken_date(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def render_phrase(phrase: str, person: Person, source: FillerSource, rng: random.Random) -> str:
    def fill(match: re.Match[str]) -> str:
        slot = match.group(1)
        if slot == "pos":
            return person.possessive
        if slot == "comp":
            return rng.choice(person.companions)
        if slot == "place":
            return rng.choice(person.places)
        if slot in source.slots:
            return rng.choice(source.slots[slot])
        fail(f"unknown slot {slot} in {phrase}")
        return ""

    return SLOT.sub(fill, phrase)


class FillerWriter:
    """Draws small-talk memories without repeating a phrase until every phrase of a speaker has been used."""

    def __init__(self, source: FillerSource, rng: random.Random) -> None:
        self.source = source
        self.rng = rng
        self.decks: dict[str, list[str]] = {}
        self.seen: set[str] = set()

    def draw_phrase(self, name: str, day: date) -> str:
        deck = self.decks.setdefault(name, [])
        for _ in range(2):
            for index in range(len(deck) - 1, -1, -1):
                from_day = FROM_DAY.match(deck[index])
                if from_day is None or date.fromisoformat(from_day.group(1)) <= day:
                    return FROM_DAY.sub("", deck.pop(index))
            deck.extend(self.source.common)
            deck.extend(self.source.people[name].phrases)
            self.rng.shuffle(deck)
        fail(f"no filler phrase for {name} on {day}")
        return ""

    def write(self, session: Session) -> str:
        for _ in range(200):
            speaker, listener = self.rng.sample(session.speakers, 2)
            person = self.source.people[speaker]
            phrase = render_phrase(self.draw_phrase(speaker, session.start.date()), person, self.source, self.rng)
            when = spoken_date(session.start.date() - timedelta(days=self.rng.randint(1, 6)))
            frame = self.rng.choice(FRAMES)
            content = frame.format(a=speaker, b=listener, p=person.pronoun, phrase=phrase, when=when)
            if content not in self.seen:
                self.seen.add(content)
                return content
        fail(f"could not draw a fresh filler for {session.scope}")
        return ""


def filler_counts(sessions: list[Session], hand_written: int, rng: random.Random) -> list[int]:
    fillers = TOTAL_MEMORIES - hand_written
    if fillers < 0:
        fail(f"{hand_written} hand-written memories exceed {TOTAL_MEMORIES}")
    base, extra = divmod(fillers, len(sessions))
    lucky = set(rng.sample(range(len(sessions)), extra))
    return [base + (1 if index in lucky else 0) for index in range(len(sessions))]


def build() -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    material = Material()
    for name in CONVERSATIONS:
        read_conversation(SRC / name, material)
    source = read_fillers(SRC / FILLERS)
    rng = random.Random(SEED)
    sessions = sorted(material.sessions, key=lambda session: session.start)
    hand_written = sum(len(session.memories) for session in sessions)
    counts = filler_counts(sessions, hand_written, rng)
    writer = FillerWriter(source, rng)
    timed: list[tuple[int, str | None, str, str]] = []
    for session, count in zip(sessions, counts, strict=True):
        items: list[tuple[str | None, str]] = list(session.memories)
        for _ in range(count):
            items.insert(rng.randint(0, len(items)), (None, writer.write(session)))
        start_ms = int(session.start.timestamp() * 1000)
        for index, (label, content) in enumerate(items):
            timed.append((start_ms + index * STEP_MS, label, content, session.scope))
    timed.sort(key=lambda item: item[0])
    memories: list[dict[str, object]] = []
    ids: dict[str, str] = {}
    for number, (created_at, label, content, scope) in enumerate(timed, start=1):
        if memories and created_at <= int(str(memories[-1]["createdAt"])):
            fail(f"createdAt not strictly increasing at {content}")
        if len(content) > MAX_CONTENT:
            fail(f"memory longer than {MAX_CONTENT} characters: {content}")
        memory_id = f"e{number:04d}"
        if label is not None:
            ids[label] = memory_id
        shown_scope = "global" if rng.random() < GLOBAL_SHARE else scope
        memories.append({"id": memory_id, "content": content, "createdAt": created_at, "sourceScope": shown_scope})
    questions: list[dict[str, object]] = []
    for number, question in enumerate(material.questions, start=1):
        if question.kind not in KINDS:
            fail(f"unknown kind {question.kind}")
        missing = [label for label in question.labels if label not in ids]
        if missing:
            fail(f"unknown labels {missing} in {question.text}")
        if question.kind == "multi_hop" and len(question.labels) < 2:
            fail(f"multi_hop with one answer: {question.text}")
        questions.append(
            {
                "id": f"eq{number:03d}",
                "question": question.text,
                "answers": [ids[label] for label in question.labels],
                "lang": "en",
                "kind": question.kind,
                "split": "test",
            }
        )
    return memories, questions


def write_jsonl(path: Path, rows: list[dict[str, object]]) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_text(text, encoding="utf-8")


def main() -> int:
    memories, questions = build()
    write_jsonl(HERE / "memories.jsonl", memories)
    write_jsonl(HERE / "questions.jsonl", questions)
    print(f"wrote {len(memories)} memories and {len(questions)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
