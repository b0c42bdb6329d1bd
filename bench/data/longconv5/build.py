"""Builds memories.jsonl and questions.jsonl of the longconv5 ranking set from src/ (issue 17)."""
from __future__ import annotations

import datetime as dt
import json
import random
import sys
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
CONVERSATIONS = ("priya-lars.txt", "dorothy-rafael.txt", "odile-ben.txt")
KINDS = ("direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop")
TOTAL = 1000
GLOBAL_SHARE = 0.10
STEP_MS = 41_000
SEED = 5173
FRAMES = (
    "{a} mentioned to {b} that {p} {phrase} on {date}.",
    "On {date}, {a} {phrase}, {p} told {b}.",
    "In a chat with {b}, {a} said that {p} {phrase}.",
    "{a} told {b} that {p} {phrase} on {date}.",
    "{a} {phrase} on {date}, {p} said to {b}.",
    "{a} said to {b} that {p} {phrase} ({date}).",
)


def fail(message: str) -> None:
    sys.exit(f"build.py: {message}")


def long_date(day: dt.date) -> str:
    return f"{day.day} {day.strftime('%B')} {day.year}"


@dataclass
class Session:
    at: dt.datetime
    memories: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Conversation:
    pair: list[str]
    sessions: list[Session]
    questions: list[tuple[str, str, list[str]]]


def parse_conversation(path: Path) -> Conversation:
    pair: list[str] = []
    sessions: list[Session] = []
    questions: list[tuple[str, str, list[str]]] = []
    prefix = path.stem + ":"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@pair "):
            pair = [part.strip() for part in line[6:].split("|")]
        elif line.startswith("@session "):
            sessions.append(Session(dt.datetime.strptime(line[9:].strip(), "%Y-%m-%d %H:%M")))
        elif line.startswith("?"):
            kind, question, labels = (part.strip() for part in line[1:].split("|"))
            if kind not in KINDS:
                fail(f"{path.name}:{number}: unknown kind {kind}")
            questions.append((kind, question, [prefix + label.strip() for label in labels.split(",")]))
        else:
            label, _, text = line.partition("|")
            if not sessions or not text.strip():
                fail(f"{path.name}:{number}: memory outside a session or without text")
            label = label.strip()
            sessions[-1].memories.append((prefix + label if label else "", text.strip()))
    if len(pair) != 5:
        fail(f"{path.name}: missing @pair")
    return Conversation(pair, sessions, questions)


def parse_fillers() -> tuple[list[str], dict[str, list[str]]]:
    common: list[str] = []
    people: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in (SRC / "fillers.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "@common":
            current = common
        elif line.startswith("@person "):
            current = people.setdefault(line[8:].strip(), [])
        elif current is None:
            fail("filler line before a block")
        else:
            current.append(line)
    return common, people


def main() -> None:
    rng = random.Random(SEED)
    conversations = [parse_conversation(SRC / name) for name in CONVERSATIONS]
    common, people = parse_fillers()
    hand = sum(len(s.memories) for c in conversations for s in c.sessions)
    filler_total = TOTAL - hand
    if filler_total < 0:
        fail(f"{hand} hand-written memories exceed {TOTAL}")
    all_sessions = [(c, s) for c in conversations for s in c.sessions]
    all_sessions.sort(key=lambda cs: cs[1].at)
    for (_, first), (_, second) in pairwise(all_sessions):
        if first.at + dt.timedelta(milliseconds=STEP_MS * 80) > second.at:
            fail(f"sessions overlap at {second.at}")
    share, extra = divmod(filler_total, len(all_sessions))
    decks: dict[str, list[str]] = {}

    def draw(speaker: str) -> str:
        if not decks.get(speaker):
            deck = list(people[speaker]) + rng.sample(common, max(1, len(common) // 6))
            rng.shuffle(deck)
            decks[speaker] = deck
        return decks[speaker].pop()

    rows: list[dict[str, object]] = []
    labels: dict[str, str] = {}
    seen: set[str] = set()
    for index, (conv, session) in enumerate(all_sessions):
        scope, a, pa, b, pb = conv.pair
        items: list[tuple[str, str]] = list(session.memories)
        count = share + (1 if index < extra else 0)
        for _ in range(count):
            for _attempt in range(50):
                speaker, pronoun, other = (a, pa, b) if rng.random() < 0.5 else (b, pb, a)
                phrase = draw(speaker).replace("{pos}", "her" if pronoun == "she" else "his")
                day = session.at.date() - dt.timedelta(days=rng.randint(1, 6))
                frame = rng.choice(FRAMES)
                text = frame.format(a=speaker, b=other, p=pronoun, phrase=phrase, date=long_date(day))
                if text not in seen and all(text != t for _, t in items):
                    break
            else:
                fail("could not draw a new filler")
            items.insert(rng.randint(0, len(items)), ("", text))
        start = int(session.at.replace(tzinfo=dt.timezone.utc).timestamp() * 1000)
        for position, (label, text) in enumerate(items):
            if len(text) > 300:
                fail(f"memory over 300 characters: {text[:60]}")
            if text in seen:
                fail(f"duplicate memory: {text[:60]}")
            seen.add(text)
            memory_id = f"p{len(rows) + 1:04d}"
            if label:
                if label in labels:
                    fail(f"duplicate label {label}")
                labels[label] = memory_id
            memory_scope = "global" if rng.random() < GLOBAL_SHARE else scope
            rows.append({"id": memory_id, "content": text, "createdAt": start + position * STEP_MS,
                         "sourceScope": memory_scope})
    if len(rows) != TOTAL:
        fail(f"{len(rows)} memories, not {TOTAL}")
    questions: list[dict[str, object]] = []
    for conv in conversations:
        for kind, question, answer_labels in conv.questions:
            for label in answer_labels:
                if label not in labels:
                    fail(f"unknown label {label} in {question}")
            if (kind == "multi_hop") != (len(answer_labels) == 2) or len(answer_labels) > 2:
                fail(f"wrong number of answers: {question}")
            questions.append({"id": f"pq{len(questions) + 1:03d}", "question": question,
                              "answers": [labels[label] for label in answer_labels], "lang": "en",
                              "kind": kind, "split": "test"})
    with (HERE / "memories.jsonl").open("w", encoding="utf-8", newline="\n") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    with (HERE / "questions.jsonl").open("w", encoding="utf-8", newline="\n") as out:
        for row in questions:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} memories ({hand} hand-written, {filler_total} fillers), {len(questions)} questions")


if __name__ == "__main__":
    main()
