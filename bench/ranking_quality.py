"""Ranking quality (not a test): hit rate of the query context at 8 KB and 2 KB, per language, on labelled sets.

A question is a hit at a budget when every memory it needs is injected by `ai_memory_context`'s rule
(S10.2). Sets: bench/data/relevance (the `test` split is the held-out half) and, where it exists,
bench/data/longuse (issue 15); `--dataset PATH` scores any folder of the same format instead (memories.jsonl,
questions.jsonl with `answers` and `split`), e.g. a new held-out set: `--dataset DIR --split dev` reads only
the rows of that split. Run the same script from another checkout (e.g. `git archive` of main into a
temporary folder) to score the ranking there beside this one: `python bench/ranking_quality.py --json`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from protocol import MemoryItem  # noqa: E402
from sidecar.rules.context import render_preferred  # noqa: E402
from sidecar.rules.evict import oldest_first  # noqa: E402

BUDGETS = (8192, 2048)


def rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def index_of(items: list[MemoryItem]) -> Any:
    """This checkout's ranking index (named `RankingIndex` since issue 17, `Index` before)."""
    from sidecar.rules import rank

    build = getattr(rank, "RankingIndex", None) or getattr(rank, "Index")  # noqa: B009
    return build(items)


def item(row: dict[str, Any]) -> MemoryItem:
    return MemoryItem(id=row["id"], content=row["content"], created_at=row["createdAt"],
                      source_scope=row.get("sourceScope", "global"))


def score_set(memories: list[dict[str, Any]], questions: list[dict[str, Any]]) -> dict[str, Any]:
    items = oldest_first([item(m) for m in memories])
    index = index_of(items)
    items_by_id = {memory.id: position for position, memory in enumerate(items)}
    hits: dict[tuple[str, int], int] = defaultdict(int)
    counts: dict[str, int] = defaultdict(int)
    misses: list[str] = []
    elapsed: list[float] = []
    for question in questions:
        needed = set(question["answers"])
        started = time.perf_counter()
        order = index.order(question["question"])
        elapsed.append(time.perf_counter() - started)
        for group in ("all", question.get("lang", "?"), "kind " + question.get("kind", "?")):
            counts[group] += 1
            for budget in BUDGETS:
                if needed <= set(render_preferred(items, order, budget).ids):
                    hits[group, budget] += 1
                elif group == "all" and budget == 2048:
                    missing = needed - set(render_preferred(items, order, budget).ids)
                    place = order.index(items_by_id[min(missing)])
                    misses.append(f"{question['id']} (ranked {place + 1}) {question['question'][:80]}")
    elapsed.sort()
    return {"memories": len(items), "counts": dict(counts),
            "hits": {f"{group} {budget}": n for (group, budget), n in hits.items()},
            "order_ms_p50": 1000 * elapsed[len(elapsed) // 2] if elapsed else 0.0, "misses_2k": misses}


def folder(path: Path, split: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A set's memories and the questions of one split; the other split's rows are never kept."""
    questions = [q for q in rows(path / "questions.jsonl") if split == "all" or q.get("split") == split]
    return list(rows(path / "memories.jsonl")), questions


def sets(split: str, datasets: list[Path]) -> Iterator[tuple[str, list[dict[str, Any]], list[dict[str, Any]]]]:
    if datasets:
        for path in datasets:
            yield (path.name, *folder(path, split))
        return
    relevance = ROOT / "bench" / "data" / "relevance"
    questions = [q for q in rows(relevance / "questions.jsonl") if split == "all" or q["split"] == split]
    yield "relevance", list(rows(relevance / "memories.jsonl")), questions
    longuse = ROOT / "bench" / "data" / "longuse"
    for memories_file in sorted(longuse.glob("**/memories.jsonl")):
        questions_file = memories_file.with_name("questions.jsonl")
        if questions_file.exists():
            asked = [q for q in rows(questions_file) if split == "all" or q.get("split", split) == split]
            yield f"longuse/{memories_file.parent.relative_to(longuse)}", list(rows(memories_file)), asked


def table(results: dict[str, dict[str, Any]]) -> list[str]:
    out = ["| set | questions | group | 8 KB | 2 KB |", "|---|---:|---|---:|---:|"]
    for name, result in results.items():
        groups = sorted(result["counts"].items(), key=lambda kv: (kv[0] != "all", kv[0].startswith("kind"), kv[0]))
        for group, count in groups:
            rates = [result["hits"].get(f"{group} {budget}", 0) / count for budget in BUDGETS]
            out.append(f"| {name} | {count} | {group} | {rates[0]:.3f} | {rates[1]:.3f} |")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", choices=["dev", "test", "all"], default="test")
    parser.add_argument("--json", action="store_true", help="print the raw results as one JSON object")
    parser.add_argument("--misses", action="store_true", help="list the questions missed at 2 KB")
    parser.add_argument("--dataset", action="append", type=Path, default=[], metavar="PATH",
                        help="score this folder (memories.jsonl, questions.jsonl) instead of the built-in sets; "
                        "repeatable")
    parser.add_argument("--set", nargs="*", action="extend", default=[], metavar="NAME=VALUE",
                        help="override a ranking constant for one run (e.g. FEEDBACK_WEIGHT=0 to score without "
                        "the query's expansion, QUESTION_WORDS= to keep every word of a question; another rules "
                        "module's as MODULE.NAME, e.g. dictionary.REVERSE_GLOSSES=4)")
    args = parser.parse_args()
    import importlib

    for setting in args.set:
        name, value = setting.split("=", 1)
        module_name, _, name = name.rpartition(".")
        module = importlib.import_module("sidecar.rules." + (module_name or "rank"))
        if not hasattr(module, name):
            parser.error(f"{module.__name__} has no constant {name}")
        current = getattr(module, name)
        setattr(module, name, value if isinstance(current, str) else type(current)(float(value)))
    results = {name: score_set(memories, questions) for name, memories, questions in sets(args.split, args.dataset)}
    if args.json:
        print(json.dumps(results, ensure_ascii=False))
        return 0
    print(*table(results), sep="\n")
    for name, result in results.items():
        print(f"{name}: order() p50 {result['order_ms_p50']:.2f} ms over {result['memories']} memories")
        if args.misses:
            print(*(f"  MISS {line}" for line in result["misses_2k"]), sep="\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
