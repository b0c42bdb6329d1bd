"""A third-person check of the ranking (issue 17): the long-use set's English histories told about named people.

Not a held-out set: a rewrite of bench/data/longuse, so the shape "names every memory shares" can be measured
before the real long-conversation set exists. Each English history's current facts (the last version of each
slot; restatements left out) become memories about a person ("The user's lab …" → "Maya's lab …"), half of
them also naming the friend the person talks to ("…, Maya told Leo"), and each English question is asked
about that person ("my thesis" → "Maya's thesis"). A hit is a question whose slot's memory is injected.
Run: `python bench/third_person.py` (`--misses` lists the 2 KB misses).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from protocol import MemoryItem  # noqa: E402
from sidecar.rules.context import render_preferred  # noqa: E402

DATA = ROOT / "bench" / "data" / "longuse"
PEOPLE = {"research": ("Maya", "Leo"), "dev": ("Evan", "Nora")}
BUDGETS = (8192, 2048)
_FIRST_PERSON = ((r"\b[Mm]y\b", "{0}'s"), (r"\bmine\b", "{0}'s"), (r"\bI'm\b", "{0} is"), (r"\bI've\b", "{0} has"),
                 (r"\bI\b", "{0}"), (r"\b[Mm]e\b", "{0}"), (r"\b[Mm]yself\b", "{0}"))


def rows(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def about(text: str, person: str) -> str:
    text = re.sub(r"\b[Tt]he user's\b", f"{person}'s", text)
    text = re.sub(r"\b[Tt]he user\b", person, text)
    return text.replace("用户的", f"{person} 的").replace("用户", f"{person} ")


def asked_about(question: str, person: str) -> str:
    for pattern, replacement in _FIRST_PERSON:
        question = re.sub(pattern, replacement.format(person), question)
    return question


def build() -> tuple[list[MemoryItem], list[tuple[str, str, str]]]:
    """The memories (oldest first) and (question, slot, history) of the English questions."""
    chance = random.Random(17)
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    order: list[tuple[str, str]] = []
    for fact in rows("facts.jsonl"):
        if fact["history"] in PEOPLE and fact["event"] != "restate":
            slot = (fact["history"], fact["slot"])
            if slot not in latest:
                order.append(slot)
            latest[slot] = fact
    items = []
    for n, slot in enumerate(order):
        fact = latest[slot]
        person, friend = PEOPLE[fact["history"]]
        text = about(fact["content"], person)
        if chance.random() < 0.5:
            text = f"{text}, {person} told {friend}"
        items.append(MemoryItem(id="|".join(slot), content=text, created_at=n, source_scope="global"))
    questions = [(asked_about(q["question"], PEOPLE[q["history"]][0]), "|".join((q["history"], q["slot"])),
                  q["history"]) for q in rows("questions.jsonl") if q["history"] in PEOPLE and q["lang"] == "en"]
    return items, questions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE", help="override a ranking constant")
    args = parser.parse_args()
    from sidecar.rules import rank

    for setting in args.set:
        name, value = setting.split("=", 1)
        setattr(rank, name, type(getattr(rank, name))(float(value)))
    items, questions = build()
    index = rank.RankingIndex(items)
    hits: dict[tuple[str, int], int] = defaultdict(int)
    counts: dict[str, int] = defaultdict(int)
    for question, slot, history in questions:
        order = index.order(question)
        for group in ("all", history):
            counts[group] += 1
            for budget in BUDGETS:
                if slot in render_preferred(items, order, budget).ids:
                    hits[group, budget] += 1
                elif args.misses and group == "all" and budget == 2048:
                    rank_of = [items[p].id for p in order].index(slot)
                    print(f"  MISS (ranked {rank_of + 1}) {question}")
    print(f"{len(items)} memories, {len(questions)} questions")
    for group, count in counts.items():
        print(f"{group}: {count} questions, 8 KB {hits[group, 8192] / count:.3f}, 2 KB {hits[group, 2048] / count:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
