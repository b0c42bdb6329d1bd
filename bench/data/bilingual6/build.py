"""Builds the sixth bilingual ranking set (issue 17) from src/ with a fixed seed."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
SEED = 20261201
CHINA = dt.timezone(dt.timedelta(hours=8))
START = dt.datetime(2025, 6, 3, 7, 0, tzinfo=CHINA)
END = dt.datetime(2026, 11, 27, 22, 0, tzinfo=CHINA)
TOTAL = 1000
SCOPES = {"": "global", "shop": "project:shop", "school": "project:school"}
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
KINDS = {"cross_language", "alias", "everyday", "direct", "indirect", "word_form"}
SLOT = re.compile(r"\{([^{}]*)\}")


def ms(moment: dt.datetime) -> int:
    return int(moment.timestamp() * 1000)


def lang_of(text: str) -> str:
    has_cjk = bool(CJK.search(text))
    has_latin = bool(LATIN.search(text))
    if has_cjk and has_latin:
        return "mixed"
    return "zh" if has_cjk else "en"


class Memory:
    def __init__(self, key: str, content: str, scope: str, place: str) -> None:
        self.key = key
        self.content = content
        self.scope = scope
        self.place = place
        self.at = 0


def parse_head(head: str) -> tuple[str, str, str]:
    scope = ""
    if "#" in head:
        head, scope = head.split("#", 1)
    place = ""
    if "@" in head:
        head, place = head.split("@", 1)
    if scope not in SCOPES:
        sys.exit(f"unknown scope {scope!r}")
    return head, place, scope


def read_hand() -> tuple[list[Memory], list[tuple[str, str, str, list[str]]]]:
    memories: list[Memory] = []
    questions: list[tuple[str, str, str, list[str]]] = []
    for path in sorted(SRC.glob("part*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("//"):
                continue
            where = f"{path.name}:{number}"
            if line.startswith("M "):
                head, content = (part.strip() for part in line[2:].split("|", 1))
                key, place, scope = parse_head(head)
                memories.append(Memory("" if key == "-" else key, content, scope, place))
            elif line.startswith("Q "):
                parts = [part.strip() for part in line[2:].split("|")]
                if len(parts) != 3:
                    sys.exit(f"{where}: a Q line has three parts")
                lang, kind = parts[0].split()
                questions.append((lang, kind, parts[1], parts[2].split()))
            else:
                sys.exit(f"{where}: unknown line")
    return memories, questions


def expand(line: str) -> list[str]:
    slots = SLOT.findall(line)
    if not slots:
        return [line]
    pieces = SLOT.split(line)
    out: list[str] = []
    for choice in itertools.product(*(slot.split("|") for slot in slots)):
        text = pieces[0]
        for index, option in enumerate(choice):
            text += option + pieces[2 * index + 2]
        out.append(text)
    return out


def read_fillers(rng: random.Random) -> list[tuple[str, str]]:
    sections: list[tuple[str, list[list[str]]]] = []
    for raw in (SRC / "filler.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("## "):
            last = line[3:].split()[-1]
            sections.append((last[1:] if last.startswith("#") else "", []))
            continue
        options = expand(line)
        rng.shuffle(options)
        sections[-1][1].append(options)
    pools: list[tuple[str, str]] = []
    for scope, groups in sections:
        for group in groups:
            pools.extend((scope, text) for text in group[:5])
    rng.shuffle(pools)
    return pools


def place(memory: Memory, rng: random.Random) -> None:
    span = ms(END) - ms(START)
    if not memory.place:
        memory.at = ms(START) + rng.randrange(span)
    elif re.fullmatch(r"\d{4}-\d\d-\d\d", memory.place):
        day = dt.datetime.fromisoformat(memory.place).replace(hour=8, tzinfo=CHINA)
        memory.at = ms(day) + rng.randrange(2 * 86_400_000)
    else:
        fraction = float(memory.place)
        jitter = rng.uniform(-0.01, 0.01)
        memory.at = ms(START) + int(span * min(max(fraction + jitter, 0.0), 1.0))
    memory.at = min(max(memory.at, ms(START)), ms(END))


def main() -> None:
    rng = random.Random(SEED)
    hand, questions = read_hand()
    keys = [memory.key for memory in hand if memory.key]
    if len(keys) != len(set(keys)):
        sys.exit("a key is used twice: " + ", ".join(sorted({k for k in keys if keys.count(k) > 1})))
    seen = {memory.content for memory in hand}
    fillers: list[Memory] = []
    for scope, text in read_fillers(rng):
        if text not in seen and len(fillers) < TOTAL - len(hand):
            seen.add(text)
            fillers.append(Memory("", text, scope, ""))
    if len(hand) + len(fillers) != TOTAL:
        sys.exit(f"{len(hand)} hand-written and only {len(fillers)} fillers")
    memories = hand + fillers
    for memory in memories:
        place(memory, rng)
    memories.sort(key=lambda memory: memory.at)
    for before, after in itertools.pairwise(memories):
        if after.at <= before.at:
            after.at = before.at + 1
    by_key = {memory.key: memory for memory in memories if memory.key}
    for key, memory in by_key.items():
        if key.endswith("old") and key[:-3] in by_key and memory.at >= by_key[key[:-3]].at:
            sys.exit(f"{key} must come before {key[:-3]}")
    ids = {}
    lines = []
    for number, memory in enumerate(memories, 1):
        ident = f"f{number:04d}"
        if memory.key:
            ids[memory.key] = ident
        if len(memory.content) > 300:
            sys.exit(f"too long: {memory.content[:40]}")
        row = {"id": ident, "content": memory.content, "createdAt": memory.at,
               "sourceScope": SCOPES[memory.scope]}
        lines.append(json.dumps(row, ensure_ascii=False))
    (HERE / "memories.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rng.shuffle(questions)
    out = []
    for number, (lang, kind, text, answer_keys) in enumerate(questions, 1):
        if kind not in KINDS:
            sys.exit(f"unknown kind {kind}: {text}")
        if lang_of(text) != lang:
            sys.exit(f"lang {lang} but the text reads {lang_of(text)}: {text}")
        for key in answer_keys:
            if key not in ids or key.startswith(("def_", "la_")) or (key.endswith("old") and key[:-3] in ids):
                sys.exit(f"bad answer {key}: {text}")
        row = {"id": f"fq{number:03d}", "question": text, "answers": [ids[k] for k in answer_keys],
               "lang": lang, "kind": kind, "split": "test"}
        out.append(json.dumps(row, ensure_ascii=False))
    (HERE / "questions.jsonl").write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{len(hand)} hand-written, {len(fillers)} fillers, {len(questions)} messages")


if __name__ == "__main__":
    main()
