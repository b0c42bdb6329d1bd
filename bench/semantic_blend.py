"""What ranking by meaning adds (not a test): hit rates at 8 KB / 2 KB of the words alone, the sentence embeddings
alone, and the two fused as the query context fuses them (`sidecar/semantic.py`, `rules/fusion.py`), on labelled
sets: `python bench/semantic_blend.py --dataset bench/data/bilingual3 [--dataset …]`. With `--k 10,20,60` it also
scores the fusion at each of those constants and, for each set, the one the other sets choose (leave one set out);
`--spacing 0,1,2,4` does the same for the cross-script spacing (`rules/fusion.py`; 0: no cross-script rule);
`--misses` lists each message the shipped fusion misses at 2 KB with where each order ranks what it lacks.
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

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ranking_quality import BUDGETS, folder, index_of, item  # noqa: E402

from sidecar.rules.context import render_preferred  # noqa: E402
from sidecar.rules.evict import oldest_first  # noqa: E402
from sidecar.rules.fusion import CROSS_SCRIPT_SPACING, RRF_K, fused_by_similarity  # noqa: E402
from sidecar.rules.tokens import holds_cjk  # noqa: E402
from sidecar.semantic import MAX_QUERY_CHARS, Semantic  # noqa: E402


def score_set(semantic: Semantic, memories: list[dict[str, Any]], questions: list[dict[str, Any]],
              ks: tuple[int, ...] = (), spacings: tuple[float, ...] = ()) -> dict[str, Any]:
    items = oldest_first([item(row) for row in memories])
    index = index_of(items)
    contents = [memory.content for memory in items]
    semantic.order(contents, "")
    semantic.settle()
    scripts = np.array([holds_cjk(text) for text in contents], dtype=bool)
    counts: dict[str, int] = defaultdict(int)
    hits: dict[str, int] = defaultdict(int)
    query_ms: list[float] = []
    misses: list[str] = []
    for question in questions:
        ranked = index.ranked(question["question"])
        lexical = [position for position, _ in ranked]
        started = time.perf_counter()
        similarity = semantic.similarity(contents, question["question"])
        if similarity is None:
            raise SystemExit("the model did not answer: no figures")
        matched = sum(1 for _, score in ranked if score > 0)
        other = scripts != holds_cjk(question["question"][-MAX_QUERY_CHARS:])
        blend = fused_by_similarity(lexical, similarity, matched, other_script=other)
        query_ms.append(1000 * (time.perf_counter() - started))
        by_meaning: list[int] = np.argsort(-similarity, kind="stable").tolist()
        needed = set(question["answers"])
        orders = [("ranking", lexical), ("embeddings", by_meaning), ("fused", blend),
                  *((f"k={k:g}", fused_by_similarity(lexical, similarity, matched, k, other)) for k in ks),
                  *((f"spacing={spacing:g}", spaced(lexical, similarity, matched, other, spacing))
                    for spacing in spacings)]
        misses += missed_at_2k(items, question, blend, lexical[:matched], by_meaning, other)
        for group in ("all", question.get("lang", "?"), "kind " + question.get("kind", "?")):
            counts[group] += 1
            for name, order in orders:
                for budget in BUDGETS:
                    if needed <= set(render_preferred(items, order, budget).ids):
                        hits[f"{name} {group} {budget}"] += 1
    return {"counts": dict(counts), "hits": dict(hits), "misses_2k": misses,
            "embedding_and_fusion_ms_p50": statistics.median(query_ms) if query_ms else 0.0}


def missed_at_2k(items: list[Any], question: dict[str, Any], fused: list[int], matched: list[int],
                 by_meaning: list[int], other: Any) -> list[str]:
    """A fused 2 KB miss as lines to read: each needed memory left out, where each order ranks it (1 first; "-": it
    holds no word of the message), its size, whether it is in the other script, and how many memories fit."""
    chosen = render_preferred(items, fused, 2048)
    if set(question["answers"]) <= set(chosen.ids or []):
        return []
    place = {position: rank for rank, position in enumerate(fused)}
    by_words = {position: rank for rank, position in enumerate(matched)}
    meaning = {position: rank for rank, position in enumerate(by_meaning)}
    out = [f"{question['id']} [{question.get('lang', '?')}/{question.get('kind', '?')}] {chosen.injected} fit: "
           f"{question['question']}"]
    for position, memory in enumerate(items):
        if memory.id in question["answers"] and memory.id not in (chosen.ids or []):
            words = by_words[position] + 1 if position in by_words else "-"
            out.append(f"    fused {place[position] + 1}, words {words}, meaning {meaning[position] + 1}, "
                       f"{len(memory.content.encode('utf-8'))} bytes{', other script' if other[position] else ''}: "
                       f"{memory.content[:120]}")
    return out


def spaced(lexical: list[int], similarity: Any, matched: int, other: Any, spacing: float) -> list[int]:
    """The shipped fusion with another cross-script spacing (0: none)."""
    if not spacing:
        return fused_by_similarity(lexical, similarity, matched)
    return fused_by_similarity(lexical, similarity, matched, other_script=other, spacing=spacing)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dataset", type=Path, action="append", required=True)
    parser.add_argument("--split", default="all", help="dev, test or all (default)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--k", default="", help="comma-separated fusion constants to score beside the shipped one")
    parser.add_argument("--spacing", default="", help="comma-separated cross-script spacings (0: none) to score")
    parser.add_argument("--misses", action="store_true", help="list the shipped fusion's 2 KB misses, with ranks")
    args = parser.parse_args(argv)
    ks = tuple(int(k) for k in args.k.split(",") if k.strip())
    spacings = tuple(float(s) for s in args.spacing.split(",") if s.strip())
    started = time.perf_counter()
    semantic = Semantic()
    semantic.order(["warm up"], "")
    semantic.settle()
    load_s = time.perf_counter() - started
    results = {path.name: score_set(semantic, *folder(path, args.split), ks, spacings) for path in args.dataset}
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
    if args.misses:
        for name, result in results.items():
            print(*(f"MISS {name} {line}" if not line.startswith(" ") else line for line in result["misses_2k"]),
                  sep="\n")
    if ks:
        print(*leave_one_out(results, "k", ks, RRF_K), sep="\n")
    if spacings:
        print(*leave_one_out(results, "spacing", spacings, CROSS_SCRIPT_SPACING), sep="\n")
    return 0


def leave_one_out(results: dict[str, Any], name: str, values: tuple[float, ...], shipped: float) -> list[str]:
    """Each set's hit rates at each value of one knob (`name`: k or spacing), and at the one the other sets choose
    (most hits at 8 KB + 2 KB, a tie to the value nearest the shipped one), with the held-out sums."""
    def hits(dataset: str, value: float, budget: int) -> int:
        return int(results[dataset]["hits"].get(f"{name}={value:g} all {budget}", 0))

    out = ["| set | " + " | ".join(f"{name} = {value:g}" for value in values) + " | chosen by the other sets |",
           "|---|" + "---:|" * (len(values) + 1)]
    held_out = [0, 0]
    for dataset, result in results.items():
        count = result["counts"]["all"]
        chosen = max(values, key=lambda value: (sum(hits(other, value, budget) for other in results
                                                    if other != dataset for budget in BUDGETS),
                                                -abs(value - shipped)))
        held_out = [total + hits(dataset, chosen, budget) for total, budget in zip(held_out, BUDGETS, strict=True)]
        cells = [" / ".join(f"{hits(dataset, value, budget) / count:.3f}" for budget in BUDGETS)
                 for value in (*values, chosen)]
        out.append(f"| {dataset} | {' | '.join(cells[:-1])} | {name} = {chosen:g}: {cells[-1]} |")
    totals = [" / ".join(str(sum(hits(dataset, value, budget) for dataset in results)) for budget in BUDGETS)
              for value in values]
    out.append(f"| all (hits) | {' | '.join(totals)} | held out: {held_out[0]} / {held_out[1]} |")
    return out


if __name__ == "__main__":
    raise SystemExit(main())
