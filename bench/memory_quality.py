"""Quality benchmark (not a test): restatement precision/recall and prompt relevance, on labelled sets.

Restatement: bench/data/restatement/pairs.jsonl; a pair is predicted positive when `restates(a, b)`
or the keys are equal. Positives are the labels "restatement" and "update".
Relevance: bench/data/relevance/{memories,questions}.jsonl; a question is a hit at a budget when every
memory it needs is injected by `ai_memory_context`'s rule, newest-first (recency) against ranked.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from protocol import MemoryItem  # noqa: E402
from sidecar.rules.context import render_context, render_preferred  # noqa: E402
from sidecar.rules.evict import oldest_first  # noqa: E402
from sidecar.rules.match import match_key, restates  # noqa: E402
from sidecar.rules.rank import RankingIndex  # noqa: E402

DATA = ROOT / "bench" / "data"
BUDGETS = (2048, 8192)


def rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def restatement(split: str | None) -> list[str]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # tp fp fn tn
    misses: list[str] = []
    for pair in rows(DATA / "restatement" / "pairs.jsonl"):
        if split and pair["split"] != split:
            continue
        truth = pair["label"] in ("restatement", "update")
        said = match_key(pair["a"]) == match_key(pair["b"]) or restates(pair["a"], pair["b"])
        cell = (0 if said else 2) if truth else (1 if said else 3)
        for group in ("all", pair["lang"], pair["label"]):
            counts[group][cell] += 1
        if said and not truth:
            misses.append(f"  false merge ({pair['kind']}): {pair['a']} | {pair['b']}")
    out = ["| group | pairs | precision | recall |", "|---|---:|---:|---:|"]
    for group, (tp, fp, fn, tn) in sorted(counts.items(), key=lambda kv: (kv[0] != "all", kv[0])):
        precision = tp / (tp + fp) if tp + fp else float("nan")
        recall = tp / (tp + fn) if tp + fn else float("nan")
        out.append(f"| {group} | {tp + fp + fn + tn} | {precision:.3f} | {recall:.3f} |")
    return out + misses


def relevance(split: str | None, size: int | None) -> list[str]:
    memories = [MemoryItem(id=m["id"], content=m["content"], created_at=m["createdAt"],
                           source_scope=m.get("sourceScope", "global"))
                for m in rows(DATA / "relevance" / "memories.jsonl")]
    questions = [q for q in rows(DATA / "relevance" / "questions.jsonl") if not split or q["split"] == split]
    if size is not None:
        needed = {a for q in questions for a in q["answers"]}
        rest = [m for m in memories if m.id not in needed]
        memories = [m for m in memories if m.id in needed] + rest[:max(0, size - len(needed))]
    items = oldest_first(memories)
    index = RankingIndex(items)
    hits = {(kind, budget): 0 for kind in ("recency", "ranked") for budget in BUDGETS}
    for question in questions:
        needed = set(question["answers"])
        order = [p for p, _ in index.ranked(question["question"])]
        for budget in BUDGETS:
            if needed <= set(render_context(items, budget).ids):
                hits["recency", budget] += 1
            if needed <= set(render_preferred(items, order, budget).ids):
                hits["ranked", budget] += 1
    total = len(questions)
    out = [f"{len(items)} memories, {total} questions", "",
           "| injection | 2 KB | 8 KB |", "|---|---:|---:|"]
    for kind in ("recency", "ranked"):
        out.append(f"| {kind} | {hits[kind, 2048] / total:.3f} | {hits[kind, 8192] / total:.3f} |")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", choices=["dev", "test"], help="only this split (default: both)")
    parser.add_argument("--size", type=int, help="store size for relevance (answers kept, others cut)")
    parser.add_argument("--only", choices=["restatement", "relevance"])
    args = parser.parse_args()
    if args.only != "relevance":
        print("## Restatement", *restatement(args.split), "", sep="\n")
    if args.only != "restatement":
        print("## Relevance", *relevance(args.split, args.size), sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
