"""Builds memories.jsonl and questions.jsonl from src/ (fixed seed; byte-identical on every run)."""

from __future__ import annotations

import datetime as dt
import json
import random
import sys
from pathlib import Path
from typing import Any, NoReturn

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
PAIRS = ("ines-tobias.txt", "beatrix-samir.txt", "maeve-hamza.txt")
KINDS = ("direct", "paraphrase", "temporal", "word_form", "name_heavy", "multi_hop")
SEED = 4171
TOTAL = 1000
GLOBAL_SHARE = 0.10
STEP_SECONDS = 41
MAX_CHARS = 300

FRAMES = (
    "{A} mentioned to {B} that {p} {phrase} on {date}.",
    "On {date}, {A} {phrase}, {p} told {B}.",
    "{A} told {B} that {p} {phrase} on {date}.",
    "In a chat with {B}, {A} said that {p} {phrase} on {date}.",
    "{A} let {B} know that {p} {phrase} on {date}.",
    "{A} said to {B} that on {date} {p} {phrase}.",
)


class SourceError(Exception):
    """A problem in the hand-written sources."""


def fail(message: str) -> NoReturn:
    raise SourceError(message)


def long_date(day: dt.date) -> str:
    return f"{day.day} {day.strftime('%B')} {day.year}"


def parse_pair(path: Path) -> dict[str, Any]:
    pair: dict[str, Any] = {"sessions": [], "questions": [], "labels": {}}
    session: dict[str, Any] | None = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.rstrip()
        where = f"{path.name}:{number}"
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("@pair "):
            parts = [part.strip() for part in line[len("@pair "):].split("|")]
            if len(parts) != 5:
                fail(f"{where}: @pair needs scope | A | pronoun | B | pronoun")
            pair.update(scope=parts[0], a=parts[1], a_pron=parts[2], b=parts[3], b_pron=parts[4])
        elif line.startswith("@session "):
            stamp = dt.datetime.strptime(line[len("@session "):].strip(), "%Y-%m-%d %H:%M")
            session = {"start": stamp.replace(tzinfo=dt.timezone.utc), "memories": [], "pair": path.name}
            pair["sessions"].append(session)
        elif line.startswith("? "):
            parts = [part.strip() for part in line[2:].split("|")]
            if len(parts) != 3:
                fail(f"{where}: a question is ? kind | question | label, label")
            kind, question, labels = parts
            if kind not in KINDS:
                fail(f"{where}: unknown kind {kind!r}")
            answers = [label.strip() for label in labels.split(",") if label.strip()]
            if kind == "multi_hop" and len(answers) != 2:
                fail(f"{where}: a multi_hop question needs two answers")
            if kind != "multi_hop" and len(answers) != 1:
                fail(f"{where}: only a multi_hop question has two answers")
            pair["questions"].append({"kind": kind, "question": question, "labels": answers, "where": where})
        else:
            if session is None or "|" not in line:
                fail(f"{where}: a memory is label | text, inside a @session")
            label, text = (part.strip() for part in line.split("|", 1))
            if len(text) > MAX_CHARS:
                fail(f"{where}: memory over {MAX_CHARS} characters")
            if label:
                if label in pair["labels"]:
                    fail(f"{where}: duplicate label {label!r}")
                pair["labels"][label] = text
            session["memories"].append({"label": label, "content": text})
    for question in pair["questions"]:
        for label in question["labels"]:
            if label not in pair["labels"]:
                fail(f"{question['where']}: unknown label {label!r}")
    return pair


def parse_fillers(path: Path) -> tuple[list[str], dict[str, list[str]]]:
    common: list[str] = []
    people: dict[str, list[str]] = {}
    target: list[str] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "@common":
            target = common
        elif line.startswith("@person "):
            target = people.setdefault(line[len("@person "):].strip(), [])
        elif target is None:
            fail(f"fillers.txt: phrase outside a block: {line!r}")
        else:
            target.append(line)
    return common, people


def possessive(pronoun: str) -> str:
    return {"she": "her", "he": "his"}[pronoun]


def build() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    rng = random.Random(SEED)
    pairs = [parse_pair(SRC / name) for name in PAIRS]
    common, people = parse_fillers(SRC / "fillers.txt")
    sessions = sorted((s for pair in pairs for s in pair["sessions"]), key=lambda s: s["start"])
    by_pair = {pair["sessions"][0]["pair"]: pair for pair in pairs}
    written = sum(len(s["memories"]) for s in sessions)
    filler_total = TOTAL - written
    if filler_total < 0:
        fail("more hand-written memories than the total")
    shares = [filler_total // len(sessions)] * len(sessions)
    for index in rng.sample(range(len(sessions)), filler_total % len(sessions)):
        shares[index] += 1
    speakers_all = sorted(people)
    shared = list(common)
    rng.shuffle(shared)
    own_common = {name: shared[index::len(speakers_all)] for index, name in enumerate(speakers_all)}
    decks: dict[str, list[str]] = {}
    seen: set[str] = {m["content"] for s in sessions for m in s["memories"]}
    for session, share in zip(sessions, shares, strict=True):
        pair = by_pair[session["pair"]]
        speakers = [(pair["a"], pair["a_pron"], pair["b"]), (pair["b"], pair["b_pron"], pair["a"])]
        fillers: list[dict[str, Any]] = []
        while len(fillers) < share:
            speaker, pronoun, listener = rng.choice(speakers)
            deck = decks.setdefault(speaker, [])
            if not deck:
                deck.extend(people[speaker] + own_common[speaker])
                rng.shuffle(deck)
            phrase = deck.pop().replace("{pos}", possessive(pronoun))
            day = session["start"].date() - dt.timedelta(days=rng.randint(1, 6))
            frame = rng.choice(FRAMES)
            text = frame.format(A=speaker, B=listener, p=pronoun, phrase=phrase, date=long_date(day))
            if text in seen:
                continue
            seen.add(text)
            fillers.append({"label": "", "content": text, "filler": True})
        memories = list(session["memories"])
        for filler in fillers:
            memories.insert(rng.randint(0, len(memories)), filler)
        session["all"] = memories
    rows: list[dict[str, Any]] = []
    ids: dict[tuple[str, str], str] = {}
    last_end = None
    for session in sessions:
        start_ms = int(session["start"].timestamp() * 1000)
        if last_end is not None and start_ms <= last_end:
            fail(f"session {session['start']} ({session['pair']}) overlaps the one before it")
        scope = by_pair[session["pair"]]["scope"]
        for offset, memory in enumerate(session["all"]):
            memory_id = f"k{len(rows) + 1:04d}"
            created = start_ms + offset * STEP_SECONDS * 1000
            rows.append({"id": memory_id, "content": memory["content"], "createdAt": created, "sourceScope": scope})
            if memory["label"]:
                ids[(session["pair"], memory["label"])] = memory_id
            last_end = created
    for index in rng.sample(range(len(rows)), round(len(rows) * GLOBAL_SHARE)):
        rows[index]["sourceScope"] = "global"
    if len(rows) != TOTAL:
        fail(f"{len(rows)} memories, expected {TOTAL}")
    questions: list[dict[str, Any]] = []
    for name in PAIRS:
        for question in by_pair[name]["questions"]:
            questions.append({
                "id": f"kq{len(questions) + 1:03d}",
                "question": question["question"],
                "answers": [ids[(name, label)] for label in question["labels"]],
                "lang": "en",
                "kind": question["kind"],
                "split": "test",
            })
    return rows, questions


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_text(text, encoding="utf-8")


def main() -> int:
    try:
        memories, questions = build()
    except SourceError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    write_jsonl(HERE / "memories.jsonl", memories)
    write_jsonl(HERE / "questions.jsonl", questions)
    print(f"wrote {len(memories)} memories and {len(questions)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
