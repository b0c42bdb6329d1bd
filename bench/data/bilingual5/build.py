"""Builds memories.jsonl and questions.jsonl of the fifth bilingual ranking set from src/ (issue 17)."""

from __future__ import annotations

import itertools
import json
import random
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, NoReturn

Row = dict[str, Any]

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SEED = 20261201
TOTAL_MEMORIES = 1000
CHINA = timezone(timedelta(hours=8))
SPAN_START = datetime(2025, 5, 20, 7, 0, tzinfo=CHINA)
SPAN_END = datetime(2026, 11, 27, 23, 0, tzinfo=CHINA)
HAND_PARTS = [
    "part1_alias.txt",
    "part2_cross.txt",
    "part3_everyday.txt",
    "part4_direct.txt",
    "part5_indirect.txt",
    "part6_wordform.txt",
    "part7_lookalikes.txt",
]
KINDS = {"cross_language", "alias", "everyday", "direct", "indirect", "word_form"}
LANGS = {"zh", "en", "mixed"}
KEY_SPEC = re.compile(r"^(?P<key>[A-Za-z0-9_\-]+)(?:@(?P<place>[0-9.]+|\d{4}-\d{2}-\d{2}))?(?:#(?P<scope>[a-z]+))?$")
SLOT = re.compile(r"\{(\w+)\}")
DAY_MS = 86_400_000


def fail(message: str) -> NoReturn:
    print(f"build: {message}", file=sys.stderr)
    sys.exit(1)


def ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def read_hand() -> tuple[list[Row], list[Row]]:
    memories: list[Row] = []
    questions: list[Row] = []
    keys: set[str] = set()
    for name in HAND_PARTS:
        for number, raw in enumerate((SRC / name).read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"{name}:{number}"
            if line.startswith("M "):
                spec, sep, content = line[2:].partition(" | ")
                if not sep:
                    fail(f"{where}: memory line without ' | '")
                spec = spec.strip()
                if spec == "-":
                    memories.append(
                        {"key": None, "place": None, "scope": "global", "content": content.strip(), "where": where}
                    )
                    continue
                match = KEY_SPEC.match(spec)
                if match is None:
                    fail(f"{where}: bad key spec {spec!r}")
                key = match["key"]
                if key in keys:
                    fail(f"{where}: key {key} repeated")
                keys.add(key)
                scope = f"project:{match['scope']}" if match["scope"] else "global"
                memories.append(
                    {"key": key, "place": match["place"], "scope": scope, "content": content.strip(), "where": where}
                )
            elif line.startswith("Q "):
                parts = [part.strip() for part in line[2:].split(" | ")]
                if len(parts) != 3:
                    fail(f"{where}: question line needs 'lang kind | message | keys'")
                head, message, answer_keys = parts
                lang, kind = head.split()
                if lang not in LANGS or kind not in KINDS:
                    fail(f"{where}: bad lang or kind {head!r}")
                questions.append(
                    {"lang": lang, "kind": kind, "question": message, "keys": answer_keys.split(), "where": where}
                )
            else:
                fail(f"{where}: line is neither M nor Q")
    return memories, questions


def read_fillers(rng: random.Random) -> list[Row]:
    sections: list[Row] = []
    for raw in (SRC / "filler.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("# "):
            continue
        if line.startswith("## "):
            name, scope, count, *earliest = line[3:].split()
            sections.append(
                {
                    "name": name,
                    "scope": scope,
                    "count": int(count),
                    "earliest": float(earliest[0]) if earliest else 0.0,
                    "templates": [],
                    "slots": {},
                }
            )
        elif line.startswith("T "):
            sections[-1]["templates"].append(line[2:].strip())
        elif line.startswith("= "):
            slot, _, values = line[2:].partition(":")
            sections[-1]["slots"][slot.strip()] = [value.strip() for value in values.split("|")]
        else:
            fail(f"filler.txt: bad line {line!r}")
    fillers: list[Row] = []
    for section in sections:
        pools: list[list[str]] = []
        for template in section["templates"]:
            names = SLOT.findall(template)
            expansions: list[str] = []
            for choice in itertools.product(*(section["slots"][slot] for slot in names)):
                expanded = template
                for slot, value in zip(names, choice, strict=True):
                    expanded = expanded.replace("{" + slot + "}", value, 1)
                expansions.append(expanded)
            rng.shuffle(expansions)
            pools.append(expansions)
        chosen: list[str] = []
        seen: set[str] = set()
        while len(chosen) < section["count"]:
            progressed = False
            for pool in pools:
                while pool:
                    text = pool.pop()
                    if text not in seen:
                        seen.add(text)
                        chosen.append(text)
                        progressed = True
                        break
                if len(chosen) == section["count"]:
                    break
            if not progressed:
                fail(f"filler section {section['name']} has too few distinct lines")
        fillers.extend(
            {
                "key": None,
                "place": None,
                "earliest": section["earliest"],
                "scope": section["scope"],
                "content": text,
                "where": section["name"],
            }
            for text in chosen
        )
    return fillers


def place_in_time(memory: Row, rng: random.Random) -> int:
    start, end = ms(SPAN_START), ms(SPAN_END)
    place = memory["place"]
    if place is None:
        return rng.randrange(start + int(memory.get("earliest", 0.0) * (end - start)), end)
    if "-" in place:
        day = datetime.strptime(place, "%Y-%m-%d").replace(hour=8, tzinfo=CHINA)
        return min(ms(day) + rng.randrange(0, 2 * DAY_MS), end - 1)
    fraction = float(place)
    moment = start + int(fraction * (end - start)) + rng.randrange(-2 * DAY_MS, 2 * DAY_MS)
    return max(start, min(end - 1, moment))


def main() -> None:
    rng = random.Random(SEED)
    hand, questions = read_hand()
    fillers = read_fillers(rng)
    memories = hand + fillers
    if len(memories) != TOTAL_MEMORIES:
        fail(f"{len(memories)} memories (hand {len(hand)}, filler {len(fillers)}), want {TOTAL_MEMORIES}")
    contents = [memory["content"] for memory in memories]
    repeated = {text for text in contents if contents.count(text) > 1}
    if repeated:
        fail(f"repeated contents: {sorted(repeated)[:3]}")
    for memory in memories:
        if len(memory["content"]) > 300:
            fail(f"{memory['where']}: content over 300 characters")
        memory["createdAt"] = place_in_time(memory, rng)
    memories.sort(key=lambda memory: memory["createdAt"])
    for before, after in itertools.pairwise(memories):
        if after["createdAt"] <= before["createdAt"]:
            after["createdAt"] = before["createdAt"] + 1
    by_key: dict[str, Row] = {}
    for index, memory in enumerate(memories, 1):
        memory["id"] = f"d{index:04d}"
        if memory["key"]:
            by_key[memory["key"]] = memory
    for key, memory in by_key.items():
        if key.endswith("old") and key[:-3] in by_key and memory["createdAt"] >= by_key[key[:-3]]["createdAt"]:
            fail(f"old value {key} is not older than {key[:-3]}")
    for question in questions:
        for key in question["keys"]:
            if key not in by_key:
                fail(f"{question['where']}: answer {key} does not exist")
            if key.startswith(("def_", "la_")) or (key.endswith("old") and key[:-3] in by_key):
                fail(f"{question['where']}: {key} may not be an answer")
    messages = [question["question"] for question in questions]
    if len(set(messages)) != len(messages):
        fail("a message is repeated")
    rng.shuffle(questions)
    with (HERE / "memories.jsonl").open("w", encoding="utf-8", newline="\n") as out:
        for memory in memories:
            row = {
                "id": memory["id"],
                "content": memory["content"],
                "createdAt": memory["createdAt"],
                "sourceScope": memory["scope"],
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    with (HERE / "questions.jsonl").open("w", encoding="utf-8", newline="\n") as out:
        for index, question in enumerate(questions, 1):
            row = {
                "id": f"dq{index:03d}",
                "question": question["question"],
                "answers": [by_key[key]["id"] for key in question["keys"]],
                "lang": question["lang"],
                "kind": question["kind"],
                "split": "test",
            }
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(
        f"build: {len(memories)} memories ({len(hand)} hand-written, {len(fillers)} generated), {len(questions)} messages"
    )


if __name__ == "__main__":
    main()
