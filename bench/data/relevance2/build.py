"""Builds memories.jsonl and questions.jsonl from src/*.txt (fixed seed, byte-identical output)."""

import itertools
import json
import random
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

Row = dict[str, Any]
HERE = Path(__file__).resolve().parent
SEED = 20261201
STORE_SIZE = 1000
SHANGHAI = timezone(timedelta(hours=8))
START = datetime(2025, 5, 20, tzinfo=SHANGHAI)
END = datetime(2026, 11, 28, tzinfo=SHANGHAI)
KINDS = {"direct", "word_form", "cross_language", "indirect", "project_scope", "alias", "temporal"}
SCOPE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
GLOBAL_SHARE_OF_PROJECT_FACTS = 0.12


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2A6DF or 0xF900 <= code <= 0xFAFF
    )


def lang_of(text: str) -> str:
    cjk = sum(1 for ch in text if is_cjk(ch))
    latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    if cjk == 0:
        return "en"
    return "zh" if cjk * 2 >= latin else "mixed"


def fail(message: str) -> None:
    sys.exit(f"build.py: {message}")


def read_sources() -> tuple[list[Row], list[Row]]:
    memories: list[Row] = []
    questions: list[Row] = []
    for path in sorted((HERE / "src").glob("*.txt")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path.name}:{number}"
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("|", 4 if line.startswith("M|") else 3)
            if parts[0] == "M" and len(parts) == 5:
                _, key, scope, when, content = parts
                if when not in {"any", "old", "new"}:
                    fail(f"{where}: bad when {when!r}")
                if scope != "g" and not SCOPE_NAME.match(scope):
                    fail(f"{where}: bad scope {scope!r}")
                memories.append({"key": key, "scope": scope, "when": when, "content": content.strip(), "where": where})
            elif parts[0] == "Q" and len(parts) == 4:
                _, keys, kind, question = parts
                if kind not in KINDS:
                    fail(f"{where}: bad kind {kind!r}")
                questions.append({"keys": keys.split(","), "kind": kind, "question": question.strip(), "where": where})
            else:
                fail(f"{where}: cannot parse {line!r}")
    return memories, questions


def check_sources(memories: list[Row], questions: list[Row]) -> None:
    keys: dict[str, Row] = {}
    contents: set[str] = set()
    for memory in memories:
        if memory["content"] in contents:
            fail(f"{memory['where']}: duplicate content")
        contents.add(memory["content"])
        if len(memory["content"]) > 300:
            fail(f"{memory['where']}: content over 300 characters")
        key = memory["key"]
        if key == "-":
            continue
        if key in keys:
            fail(f"{memory['where']}: duplicate key {key}")
        keys[key] = memory
        if key.endswith(".old") and memory["when"] != "old":
            fail(f"{memory['where']}: an .old key must be when=old")
    for key, memory in keys.items():
        if key.endswith(".old") and key[: -len(".old")] not in keys:
            fail(f"{memory['where']}: {key} has no newer value")
        if key + ".old" in keys and memory["when"] != "new":
            fail(f"{memory['where']}: {key} replaces {key}.old and must be when=new")
    seen_questions: set[str] = set()
    for question in questions:
        if question["question"] in seen_questions:
            fail(f"{question['where']}: duplicate question")
        seen_questions.add(question["question"])
        for key in question["keys"]:
            if key not in keys:
                fail(f"{question['where']}: unknown key {key}")
            if key.endswith(".old"):
                fail(f"{question['where']}: an answer is never the old value")
        if question["kind"] == "temporal" and not any(k + ".old" in keys for k in question["keys"]):
            fail(f"{question['where']}: temporal question without an old value")
    if len(memories) != STORE_SIZE:
        fail(f"{len(memories)} memories in src/, want {STORE_SIZE}")


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


SEASON_MONTH = {"春节": 2, "春天": 3, "夏天": 6, "暑假": 7, "秋天": 9, "国庆": 10, "双十一": 11, "底": 12, "冬天": 12}
DATED = re.compile(r"(20\d\d) ?年 ?(?:(\d{1,2}) ?月|(春节|春天|夏天|暑假|秋天|国庆|双十一|底|冬天))?")
DATED_EN = re.compile(
    r"\b(?:(January|February|March|April|May|June|July|August|September|October|November|December) )?(20\d\d)\b"
)
MONTHS_EN = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def stated_date(content: str) -> int | None:
    """The latest past moment a memory names: it cannot have been written before that."""
    latest = None
    for match in DATED.finditer(content):
        year = int(match.group(1))
        month = int(match.group(2)) if match.group(2) else SEASON_MONTH.get(match.group(3) or "", 1)
        latest = max(latest or 0, epoch_ms(datetime(year, month, 1, tzinfo=SHANGHAI)))
    for match in DATED_EN.finditer(content):
        month = MONTHS_EN.index(match.group(1)) + 1 if match.group(1) else 1
        latest = max(latest or 0, epoch_ms(datetime(int(match.group(2)), month, 1, tzinfo=SHANGHAI)))
    if latest is None or latest >= epoch_ms(END):
        return None
    return latest


CHAT_HOURS = [*range(7, 24), 0]
CHAT_HOUR_WEIGHTS = [1, 2, 3, 5, 5, 5, 3, 3, 4, 4, 4, 3, 3, 4, 5, 5, 3, 1]


def chat_time_of_day(moment: int, rng: random.Random) -> int:
    """Moves a moment to a time of that day when the user chats (mornings, work hours, evenings)."""
    local = datetime.fromtimestamp(moment / 1000, SHANGHAI)
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    hour = rng.choices(CHAT_HOURS, CHAT_HOUR_WEIGHTS)[0]
    offset = timedelta(hours=hour if hour else 24, minutes=rng.randrange(60), seconds=rng.randrange(60))
    return epoch_ms(midnight + offset) + rng.randrange(1000)


def draw_times(memories: list[Row], rng: random.Random) -> None:
    start, end = epoch_ms(START), epoch_ms(END)
    span = end - start
    windows = {"any": (0.0, 1.0), "old": (0.0, 0.45), "new": (0.55, 1.0)}
    for memory in memories:
        low, high = windows[memory["when"]]
        earliest = stated_date(memory["content"])
        if earliest is not None:
            low = max(low, (earliest - start) / span + 0.01)
        if low >= high:
            fail(f"{memory['where']}: its date does not fit its {memory['when']} window")
        moment = start + int(span * rng.uniform(low, high))
        memory["createdAt"] = chat_time_of_day(moment, rng)
    memories.sort(key=lambda memory: memory["createdAt"])
    for before, after in itertools.pairwise(memories):
        if after["createdAt"] <= before["createdAt"]:
            after["createdAt"] = before["createdAt"] + 1


def scope_of(memory: Row, rng: random.Random) -> str:
    if memory["scope"] == "g":
        return "global"
    if rng.random() < GLOBAL_SHARE_OF_PROJECT_FACTS:
        return "global"
    return f"project:{memory['scope']}"


def dump(rows: list[Row]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> None:
    rng = random.Random(SEED)
    memories, questions = read_sources()
    check_sources(memories, questions)
    draw_times(memories, rng)
    id_of: dict[str, str] = {}
    memory_rows = []
    for index, memory in enumerate(memories, 1):
        memory_id = f"r{index:04d}"
        if memory["key"] != "-":
            id_of[memory["key"]] = memory_id
        memory_rows.append(
            {
                "id": memory_id,
                "content": memory["content"],
                "createdAt": memory["createdAt"],
                "sourceScope": scope_of(memory, rng),
            }
        )
    for memory in memories:
        if memory["key"].endswith(".old"):
            newer = memory["key"][: -len(".old")]
            if id_of[newer] <= id_of[memory["key"]]:
                fail(f"{newer} is not newer than its old value")
    rng.shuffle(questions)
    question_rows = []
    for index, question in enumerate(questions, 1):
        question_rows.append(
            {
                "id": f"rq{index:03d}",
                "question": question["question"],
                "answers": [id_of[key] for key in question["keys"]],
                "lang": lang_of(question["question"]),
                "kind": question["kind"],
                "split": "test",
            }
        )
    (HERE / "memories.jsonl").write_text(dump(memory_rows), encoding="utf-8")
    (HERE / "questions.jsonl").write_text(dump(question_rows), encoding="utf-8")
    print(f"wrote {len(memory_rows)} memories, {len(question_rows)} questions")


if __name__ == "__main__":
    main()
