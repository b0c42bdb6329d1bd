"""What ranking by meaning adds (not a test): hit rates at 8 KB / 2 KB of the words alone, the sentence embeddings
alone, and the two fused as the query context fuses them (`sidecar/semantic.py`, `rules/fusion.py`), on labelled
sets: `python bench/semantic_blend.py --dataset bench/data/bilingual3 [--dataset …]`. With `--k 10,20,60` it also
scores the fusion at each of those constants and, for each set, the one the other sets choose (leave one set out).
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
from sidecar.rules.fusion import RRF_K, fused_order  # noqa: E402
from sidecar.semantic import Semantic  # noqa: E402


def score_set(semantic: Semantic, memories: list[dict[str, Any]], questions: list[dict[str, Any]],
              ks: tuple[int, ...] = ()) -> dict[str, Any]:
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
        matched = sum(1 for _, score in ranked if score > 0)
        blend = fused_order(lexical, by_meaning, matched)
        query_ms.append(1000 * (time.perf_counter() - started))
        needed = set(question["answers"])
        orders = [("ranking", lexical), ("embeddings", by_meaning), ("fused", blend),
                  *((f"k={k}", fused_order(lexical, by_meaning, matched, k)) for k in ks)]
        for group in ("all", question.get("lang", "?"), "kind " + question.get("kind", "?")):
            counts[group] += 1
            for name, order in orders:
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
    parser.add_argument("--k", default="", help="comma-separated fusion constants to score beside the shipped one")
    args = parser.parse_args(argv)
    ks = tuple(int(k) for k in args.k.split(",") if k.strip())
    started = time.perf_counter()
    semantic = Semantic()
    semantic.order(["warm up"], "")
    semantic.settle()
    load_s = time.perf_counter() - started
    results = {path.name: score_set(semantic, *folder(path, args.split), ks) for path in args.dataset}
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
    if ks:
        print(*leave_one_out(results, ks), sep="\n")
    return 0


def leave_one_out(results: dict[str, Any], ks: tuple[int, ...]) -> list[str]:
    """Each set's hit rates at each constant, and at the one the other sets choose (most hits at 8 KB + 2 KB,
    a tie to the constant nearest the shipped one)."""
    def hits(name: str, k: int, budget: int) -> int:
        return int(results[name]["hits"].get(f"k={k} all {budget}", 0))

    out = ["| set | " + " | ".join(f"k = {k}" for k in ks) + " | chosen by the other sets |",
           "|---|" + "---:|" * (len(ks) + 1)]
    for name, result in results.items():
        count = result["counts"]["all"]
        chosen = max(ks, key=lambda k: (sum(hits(other, k, budget) for other in results if other != name
                                            for budget in BUDGETS), -abs(k - RRF_K)))
        cells = [" / ".join(f"{hits(name, k, budget) / count:.3f}" for budget in BUDGETS) for k in (*ks, chosen)]
        out.append(f"| {name} | {' | '.join(cells[:-1])} | k = {chosen}: {cells[-1]} |")
    return out


if __name__ == "__main__":
    raise SystemExit(main())
