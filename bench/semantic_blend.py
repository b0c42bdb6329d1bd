"""What ranking by meaning adds (not a test): hit rates at 8 KB / 2 KB of the words alone, the sentence embeddings
alone, and the two fused as the query context fuses them (`sidecar/semantic.py`, `rules/fusion.py`), on labelled
sets: `python bench/semantic_blend.py --dataset bench/data/bilingual3 [--dataset …]`.
"""

from __future__ import annotations

import argparse
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
from sidecar.rules.fusion import fused_order  # noqa: E402
from sidecar.semantic import Semantic  # noqa: E402


def score_set(semantic: Semantic, memories: list[dict[str, Any]], questions: list[dict[str, Any]]) -> dict[str, Any]:
    items = oldest_first([item(row) for row in memories])
    index = index_of(items)
    contents = [memory.content for memory in items]
    semantic.order(contents, "")
    semantic.settle()
    counts: dict[str, int] = defaultdict(int)
    hits: dict[str, int] = defaultdict(int)
    query_ms: list[float] = []
    for question in questions:
        ranked = index.ranked(question["question"])
        lexical = [position for position, _ in ranked]
        started = time.perf_counter()
        by_meaning = semantic.order(contents, question["question"]) or lexical
        blend = fused_order(lexical, by_meaning, sum(1 for _, score in ranked if score > 0))
        query_ms.append(1000 * (time.perf_counter() - started))
        needed = set(question["answers"])
        for group in ("all", question.get("lang", "?"), "kind " + question.get("kind", "?")):
            counts[group] += 1
            for name, order in (("ranking", lexical), ("embeddings", by_meaning), ("fused", blend)):
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
    started = time.perf_counter()
    semantic = Semantic()
    semantic.order(["warm up"], "")
    semantic.settle()
    load_s = time.perf_counter() - started
    results = {path.name: score_set(semantic, *folder(path, args.split)) for path in args.dataset}
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
