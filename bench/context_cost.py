"""What the query context costs with ranking by meaning on (not a test): `Recall.context` in process over a labelled
set's 1 000 memories, each message asked in turn, and the parts it is made of; `--ids FILE` also writes which
memories each message gets at 8 KB and 2 KB, so two checkouts' answers can be compared byte for byte.

`python bench/context_cost.py --dataset bench/data/bilingual3 [--root CHECKOUT] [--ids out.json]`: `--root` runs
another checkout's sidecar (e.g. a `git archive` of main) through this same script, so both are timed in one
session and the same way; run the two in turn, twice, and read the medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BUDGETS = (8192, 2048)


def load(root: Path) -> None:
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(root / "bench"))


def rows(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def ms(values: list[float]) -> float:
    return round(1000 * statistics.median(values), 3) if values else 0.0


def measure(dataset: Path, rounds: int) -> dict[str, Any]:
    from protocol import MemoryItem
    from sidecar.archive_file import Both
    from sidecar.ranking import Ranking
    from sidecar.recall import Recall
    from sidecar.rules.evict import oldest_first
    from sidecar.semantic import Semantic
    from sidecar.store import FileSnapshot

    items = tuple(oldest_first([MemoryItem(id=row["id"], content=row["content"], created_at=row["createdAt"],
                                           source_scope=row.get("sourceScope", "global"))
                                for row in rows(dataset / "memories.jsonl")]))
    questions = [row["question"] for row in rows(dataset / "questions.jsonl")]
    both = Both(FileSnapshot(items, b""), FileSnapshot((), b"[]"))
    semantic = Semantic()
    recall = Recall(Ranking(), semantic)
    recall.context(both, "warm up", 2048)
    semantic.settle()
    recall.context(both, "warm up", 2048)
    semantic.settle()
    if semantic.state != "ready":
        raise SystemExit(f"the ranking by meaning is {semantic.state}")
    index = recall.ranking.index(both.store)
    model: Any = semantic._model  # the bare embedding: what the model itself costs
    ids: dict[str, dict[str, list[str]]] = {}
    for question in questions:
        ids[question] = {str(budget): recall.context(both, question, budget).ids or [] for budget in BUDGETS}
    parts: dict[str, list[float]] = {"context, 2 KB": [], "context, 8 KB": [], "words alone (index.ranked)": [],
                                     "one embedding of the message (model.encode)": []}
    for _ in range(rounds):
        for question in questions:
            for budget in BUDGETS:
                started = time.perf_counter()
                recall.context(both, question, budget)
                parts[f"context, {budget // 1024} KB"].append(time.perf_counter() - started)
            started = time.perf_counter()
            index.ranked(question)
            parts["words alone (index.ranked)"].append(time.perf_counter() - started)
            started = time.perf_counter()
            model.encode([question[-1000:].strip()])
            parts["one embedding of the message (model.encode)"].append(time.perf_counter() - started)
    return {"memories": len(items), "questions": len(questions), "p50_ms": {k: ms(v) for k, v in parts.items()},
            "ids": ids}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dataset", type=Path, action="append", required=True)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ids", type=Path, help="write each message's injected ids per set and budget here")
    args = parser.parse_args(argv)
    load(args.root.resolve())
    results = {path.name: measure(path.resolve(), args.rounds) for path in args.dataset}
    for name, result in results.items():
        print(f"{name} ({result['memories']} memories, {result['questions']} messages × {args.rounds}), "
              f"{args.root}: " + "; ".join(f"{part} {value:.3f} ms" for part, value in result["p50_ms"].items()))
    if args.ids is not None:
        args.ids.write_text(json.dumps({name: result["ids"] for name, result in results.items()},
                                       ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
