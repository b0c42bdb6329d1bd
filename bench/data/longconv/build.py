"""Builds memories.jsonl and questions.jsonl of the long-conversation ranking set from src/*.txt (issue 17)."""

import json
import random
import re
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SEED = 17
MAX_CHARS = 300
SESSION_RE = re.compile(r"^@session (\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$")


EN_FRAMES = (
    "{a} told {b} that {p} {x}.",
    "{a} mentioned to {b} that {p} {x} {when}.",
    "{a} said to {b} that {p} {x}.",
    "{When}, {a} {x}, {p2} told {b}.",
    "{a} told {b} that {p} {x} {when}.",
)
ZH_FRAMES = (
    "{a}告诉{b}，{p}{x}。",
    "{a}跟{b}说，{p}{when_zh}{x}。",
    "{when_zh}，{a}{x}，{p}告诉{b}。",
)
# A phrase already tied to a day gets no computed date, which could contradict it.
DAY_BOUND = re.compile(r"\b(weekend|Saturday|Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|after|before|"
                       r"Christmas|New Year|Boxing Day|Easter|Halloween|Thanksgiving|Pride|St\. Patrick)")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")


def compose(parts: list[str], session_ms: int, rng: random.Random) -> str:
    """One distilled memory from a speaker, a pronoun and a past-tense phrase, dated a few days before the session."""
    speaker, pronoun, phrase = parts
    names = PAIRS[CURRENT_PAIR[0]]
    listener = names[1] if speaker == names[0] else names[0]
    day = datetime.fromtimestamp(session_ms / 1000 - 86_400 * rng.randint(1, 6), tz=timezone.utc)
    when = f"on {day.day} {MONTHS[day.month - 1]} {day.year}"
    when_zh = f"{day.year}年{day.month}月{day.day}日"
    if any("\u4e00" <= char <= "\u9fff" for char in phrase):
        frame = ZH_FRAMES[rng.randrange(len(ZH_FRAMES))]
    else:
        frame = EN_FRAMES[rng.randrange(len(EN_FRAMES))]
        if DAY_BOUND.search(phrase):
            frame = EN_FRAMES[0]
    return frame.format(a=speaker, b=listener, p=pronoun, p2=pronoun, x=phrase, when=when,
                        When=when[0].upper() + when[1:], when_zh=when_zh)


PAIRS: dict[str, tuple[str, str]] = {}
CURRENT_PAIR = [""]


def parse(path: Path, rng: random.Random, offset_ms: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Memories and questions of one conversation; offset_ms keeps two pairs' same-minute sessions apart."""
    pair = ""
    memories: list[dict[str, Any]] = []
    questions: list[dict[str, Any]] = []
    session_ms = 0
    step = 0
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{path.name}:{number}"
        if line.startswith("@pair "):
            pair, first, second = line.split()[1:4]
            PAIRS[pair] = (first, second)
            CURRENT_PAIR[0] = pair
            continue
        match = SESSION_RE.match(line)
        if match:
            day = datetime.strptime(match.group(1), "%Y-%m-%d").replace(
                hour=int(match.group(2)), minute=int(match.group(3)), tzinfo=timezone.utc
            )
            session_ms = int(day.timestamp() * 1000) + offset_ms
            step = 0
            continue
        if line.startswith("?"):
            parts = [part.strip() for part in line[1:].split("|")]
            if len(parts) != 4:
                sys.exit(f"{where}: a question needs 'kind | lang | text | labels'")
            kind, lang, text, labels = parts
            questions.append({"kind": kind, "lang": lang, "question": text,
                              "labels": [label.strip() for label in labels.split(",")], "where": where})
            continue
        if line.startswith("+"):
            parts = [part.strip() for part in line[1:].split("|")]
            if len(parts) != 3 or not session_ms:
                sys.exit(f"{where}: a filler needs 'speaker | pronoun | phrase' inside a session")
            step += 1
            memories.append({"label": "", "content": compose(parts, session_ms, rng),
                             "createdAt": session_ms + step * 47_000, "pair": pair, "where": where,
                             "filler": True})
            continue
        if "|" not in line:
            sys.exit(f"{where}: a memory needs 'label | text' (label may be empty)")
        label, text = (part.strip() for part in line.split("|", 1))
        if not session_ms:
            sys.exit(f"{where}: memory before any @session")
        step += 1
        memories.append({"label": f"{pair}:{label}" if label else "", "content": text,
                         "createdAt": session_ms + step * 47_000, "pair": pair, "where": where})
    for question in questions:
        resolved = []
        for label in question["labels"]:
            if label.startswith("="):
                hits = [memory for memory in memories if label[1:] in str(memory["content"])]
                if len(hits) != 1 or hits[0].get("filler"):
                    sys.exit(f"{question['where']}: snippet {label!r} matches {len(hits)} memories")
                if not hits[0]["label"]:
                    hits[0]["label"] = f"{pair}:@{hits[0]['where']}"
                resolved.append(str(hits[0]["label"]))
            else:
                resolved.append(f"{pair}:{label}")
        question["labels"] = resolved
    return memories, questions


def main() -> None:
    memories: list[dict[str, Any]] = []
    questions: list[dict[str, Any]] = []
    rng = random.Random(SEED)
    for number, path in enumerate(sorted((HERE / "src").glob("*.txt"))):
        found, asked = parse(path, rng, number * 7_000)
        memories += found
        questions += asked
    memories.sort(key=lambda memory: (memory["createdAt"], memory["where"]))
    by_label: dict[str, str] = {}
    out_memories = []
    for index, memory in enumerate(memories, 1):
        memory_id = f"c{index:04d}"
        content = str(memory["content"])
        if len(content) > MAX_CHARS:
            sys.exit(f"{memory['where']}: {len(content)} chars > {MAX_CHARS}")
        label = str(memory["label"])
        if label:
            if label in by_label:
                sys.exit(f"{memory['where']}: duplicate label {label}")
            by_label[label] = memory_id
        scope = "global" if rng.random() < 0.12 else f"conv:{memory['pair']}"
        out_memories.append({"id": memory_id, "content": content, "createdAt": memory["createdAt"],
                             "sourceScope": scope})
    kinds: dict[str, list[int]] = {}
    out_questions = []
    for index, question in enumerate(questions, 1):
        answers = []
        for label in question["labels"]:
            if label not in by_label:
                sys.exit(f"{question['where']}: unknown label {label}")
            answers.append(by_label[label])
        out_questions.append({"id": f"lq{index:03d}", "question": question["question"], "answers": answers,
                              "lang": question["lang"], "kind": question["kind"], "split": ""})
        kinds.setdefault(str(question["kind"]), []).append(index - 1)
    for kind in sorted(kinds):
        members = kinds[kind]
        rng.shuffle(members)
        for position, member in enumerate(members):
            out_questions[member]["split"] = "dev" if position % 2 == 0 else "test"
    with open(HERE / "memories.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for row in out_memories:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(HERE / "questions.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for row in out_questions:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(out_memories)} memories, {len(out_questions)} questions")


if __name__ == "__main__":
    main()
