"""Build the seventh bilingual ranking set (issue 17) from src/, byte for byte, with a fixed seed."""

import datetime
import itertools
import json
import random
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SEED = 20261201
TOTAL = 1000
CHINA = datetime.timezone(datetime.timedelta(hours=8))
START = datetime.datetime(2025, 6, 2, 8, 0, tzinfo=CHINA)
END = datetime.datetime(2026, 11, 28, 22, 0, tzinfo=CHINA)
SCOPES = {"": "global", "bridge": "project:bridge", "house": "project:house"}
HEAD = re.compile(
    r"^(?P<key>[A-Za-z0-9_\-]+)(?:@(?P<frac>0\.\d+))?(?:@(?P<date>\d{4}-\d\d-\d\d))?(?:#(?P<scope>\w+))?$"
)
CJK = re.compile(r"[\u3400-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")


def fail(message: str) -> NoReturn:
    sys.exit("build.py: " + message)


def lang_of(text: str) -> str:
    has_cjk, has_latin = bool(CJK.search(text)), bool(LATIN.search(text))
    return "mixed" if has_cjk and has_latin else ("zh" if has_cjk else "en")


def ms(moment: datetime.datetime) -> int:
    return int(moment.timestamp() * 1000)


def read_hand() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    memories: list[dict[str, Any]] = []
    questions: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in sorted(SRC.glob("part*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"{path.name}:{number}"
            if line.startswith("M "):
                head, _, content = line[2:].partition(" | ")
                head, content = head.strip(), content.strip()
                if head == "-" or head.startswith("- #"):
                    scope = head[3:] if head.startswith("- #") else ""
                    if scope not in SCOPES:
                        fail(f"{where}: unknown scope {scope}")
                    memories.append(
                        {"key": None, "frac": None, "date": None, "scope": SCOPES[scope], "content": content}
                    )
                    continue
                match = HEAD.match(head)
                if not match or not content:
                    fail(f"{where}: bad memory line")
                key = match["key"]
                if key in seen:
                    fail(f"{where}: key {key} repeated")
                seen.add(key)
                scope = match["scope"] or ""
                if scope not in SCOPES:
                    fail(f"{where}: unknown scope {scope}")
                memories.append(
                    {
                        "key": key,
                        "frac": match["frac"],
                        "date": match["date"],
                        "scope": SCOPES[scope],
                        "content": content,
                    }
                )
            elif line.startswith("Q "):
                parts = [part.strip() for part in line[2:].split(" | ")]
                if len(parts) != 3:
                    fail(f"{where}: bad question line")
                lang, kind = parts[0].split()
                if lang_of(parts[1]) != lang:
                    fail(f"{where}: lang {lang} does not fit {parts[1]!r}")
                questions.append({"lang": lang, "kind": kind, "question": parts[1], "keys": parts[2].split()})
            else:
                fail(f"{where}: unknown line")
    return memories, questions


def expand(template: str) -> list[str]:
    slots = re.findall(r"\{([^{}]*)\}", template)
    if not slots:
        return [template]
    pieces = re.split(r"\{[^{}]*\}", template)
    out = []
    for choice in itertools.product(*[slot.split("|") for slot in slots]):
        text = pieces[0]
        for value, piece in zip(choice, pieces[1:], strict=True):
            text += value + piece
        out.append(text)
    return out


def read_filler(rng: random.Random) -> list[tuple[str, str]]:
    pool: list[tuple[str, str]] = []
    scope = "global"
    for raw in (SRC / "filler.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            scope = SCOPES[line[1:-1]] if line[1:-1] in SCOPES else "global"
            continue
        variants = expand(line)
        rng.shuffle(variants)
        pool.extend((text, scope) for text in variants[:5])
    rng.shuffle(pool)
    return pool


MONTHS = {
    name: number
    for number, name in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}
ZH_DATE = re.compile(r"(20\d\d)年(\d{1,2})月(?:(\d{1,2})日)?")
EN_DATE = re.compile(r"(?:(\d{1,2}) )?(" + "|".join(m.capitalize() for m in MONTHS) + r") (20\d\d)")


def stated_dates(content: str) -> list[int]:
    """Dates a memory states (a month alone counts as its last day), as epoch ms."""
    out: list[tuple[int, int, int | None]] = []
    for year, month, day in ZH_DATE.findall(content):
        out.append((int(year), int(month), int(day) if day else None))
    for en_day, en_month, en_year in EN_DATE.findall(content):
        out.append((int(en_year), MONTHS[en_month.lower()], int(en_day) if en_day else None))
    moments = []
    for number_year, number_month, number_day in out:
        if number_day is None:
            following = datetime.date(number_year + (number_month == 12), number_month % 12 + 1, 1)
            day_date = following - datetime.timedelta(days=1)
        else:
            day_date = datetime.date(number_year, number_month, number_day)
        moments.append(ms(datetime.datetime(day_date.year, day_date.month, day_date.day, 20, tzinfo=CHINA)))
    return moments


def place(memories: list[dict[str, Any]], rng: random.Random) -> None:
    span = ms(END) - ms(START)
    for memory in memories:
        past = [moment for moment in stated_dates(memory["content"]) if ms(START) < moment < ms(END)]
        low = max(past) if past else ms(START)
        if memory["date"]:
            day = datetime.datetime.fromisoformat(memory["date"]).replace(hour=9, tzinfo=CHINA)
            memory["at"] = ms(day) + rng.randrange(0, 2 * 86_400_000)
        elif memory["frac"]:
            spread = rng.uniform(-0.01, 0.01)
            memory["at"] = ms(START) + int(span * min(max(float(memory["frac"]) + spread, 0.0), 1.0))
        else:
            memory["at"] = (
                low + rng.randrange(0, min(ms(END) - low, 45 * 86_400_000))
                if past
                else ms(START) + rng.randrange(0, span)
            )
        memory["at"] = min(max(memory["at"], low, ms(START)), ms(END))
        memory["low"] = low
    by_key = {memory["key"]: memory for memory in memories if memory["key"]}
    for key, memory in by_key.items():
        if key.endswith("_old"):
            new = by_key.get(key[:-4])
            if new is None:
                fail(f"old value {key} has no new value")
            if memory["at"] >= new["at"]:
                if new["date"] or new["frac"] or memory["date"] or memory["frac"]:
                    fail(f"old value {key} is not before its new value")
                if memory["low"] <= new["at"] and new["low"] <= memory["at"]:
                    memory["at"], new["at"] = new["at"], memory["at"]
                else:
                    new["at"] = memory["at"] + rng.randrange(1, ms(END) - memory["at"])


def main() -> None:
    rng = random.Random(SEED)
    hand, questions = read_hand()
    keys = {memory["key"] for memory in hand if memory["key"]}
    for question in questions:
        for key in question["keys"]:
            if key not in keys or key.startswith("def_") or key.startswith("la_") or key.endswith("_old"):
                fail(f"question {question['question']!r} has a bad answer key {key}")
    contents = {memory["content"] for memory in hand}
    if len(contents) != len(hand):
        fail("a hand-written memory is repeated")
    fillers: list[dict[str, Any]] = []
    for text, scope in read_filler(rng):
        if len(hand) + len(fillers) >= TOTAL:
            break
        if text in contents:
            continue
        contents.add(text)
        fillers.append({"key": None, "frac": None, "date": None, "scope": scope, "content": text})
    memories = hand + fillers
    if len(memories) != TOTAL:
        fail(f"only {len(memories)} memories")
    place(memories, rng)
    memories.sort(key=lambda memory: memory["at"])
    last = 0
    for memory in memories:
        memory["at"] = max(memory["at"], last + 1)
        last = memory["at"]
        if len(memory["content"]) > 300:
            fail(f"memory too long: {memory['content'][:40]}")
    ids: dict[str, str] = {}
    rows = []
    for number, memory in enumerate(memories, 1):
        memory_id = f"g{number:04d}"
        if memory["key"]:
            ids[memory["key"]] = memory_id
        rows.append(
            {"id": memory_id, "content": memory["content"], "createdAt": memory["at"], "sourceScope": memory["scope"]}
        )
    rng.shuffle(questions)
    question_rows = []
    for number, question in enumerate(questions, 1):
        answers = sorted(ids[key] for key in question["keys"])
        question_rows.append(
            {
                "id": f"gq{number:03d}",
                "question": question["question"],
                "answers": answers,
                "lang": question["lang"],
                "kind": question["kind"],
                "split": "test",
            }
        )
    with open(HERE / "memories.jsonl", "w", encoding="utf-8", newline="\n") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(HERE / "questions.jsonl", "w", encoding="utf-8", newline="\n") as out:
        for row in question_rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} memories ({len(hand)} hand-written, {len(fillers)} generated), {len(question_rows)} messages")


if __name__ == "__main__":
    main()
