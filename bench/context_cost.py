"""What the query context costs with ranking by meaning on (not a test): `Recall.context` in process over a labelled
set's 1 000 memories, each message asked in turn, and the parts it is made of; `--ids FILE` also writes which
memories each message gets at 8 KB and 2 KB, so two checkouts' answers can be compared byte for byte.

`python bench/context_cost.py --dataset bench/data/bilingual3 [--root CHECKOUT] [--ids out.json]`: `--root` runs
another checkout's sidecar (e.g. a `git archive` of main) through this same script, so both are timed in one
session and the same way; run the two in turn, twice, and read the medians. `--wire` times the round trip of
`ai_memory_context` to a real `python -m sidecar` of that checkout instead (after its background load).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
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


class Timed:
    """A model whose embedding calls add up their wall time."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.spent = 0.0

    def encode(self, texts: list[str]) -> Any:
        started = time.perf_counter()
        try:
            return self.model.encode(texts)
        finally:
            self.spent += time.perf_counter() - started


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
    cpu: list[float] = []
    outside: list[float] = []
    timed = Timed(model)
    semantic._model = timed  # the same model, its calls timed: what the context spends besides it
    for _ in range(rounds):
        for question in questions:
            for budget in BUDGETS:
                started, used, embedding = time.perf_counter(), time.thread_time(), timed.spent
                recall.context(both, question, budget)
                elapsed = time.perf_counter() - started
                parts[f"context, {budget // 1024} KB"].append(elapsed)
                cpu.append(time.thread_time() - used)
                outside.append(elapsed - (timed.spent - embedding))
    semantic._model = model
    for _ in range(rounds):
        for question in questions:
            started = time.perf_counter()
            index.ranked(question)
            parts["words alone (index.ranked)"].append(time.perf_counter() - started)
            started = time.perf_counter()
            model.encode([question[-1000:].strip()])
            parts["one embedding of the message (model.encode)"].append(time.perf_counter() - started)
    # CPU time of the asking thread (the embedding runs on it too): what other processes on the machine do not move.
    parts["context, CPU time of the thread"] = cpu
    parts["context less its embedding of the message"] = outside
    return {"memories": len(items), "questions": len(questions), "p50_ms": {k: ms(v) for k, v in parts.items()},
            "ids": ids}


def over_the_wire(root: Path, dataset: Path, rounds: int) -> dict[str, float]:
    """Round trips to a real sidecar process of `root`, once it ranks by meaning."""
    memories = [{"id": row["id"], "content": row["content"], "createdAt": row["createdAt"],
                 "sourceScope": row.get("sourceScope", "global")} for row in rows(dataset / "memories.jsonl")]
    questions = [row["question"] for row in rows(dataset / "questions.jsonl")]
    with tempfile.TemporaryDirectory() as config_dir:
        proc = subprocess.Popen([sys.executable, "-m", "sidecar", "--config-dir", config_dir, "--semantic", "on"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=root,
                                env={**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"})
        assert proc.stdin is not None and proc.stdout is not None
        stdin, stdout = proc.stdin, proc.stdout
        sent = 0

        def call(method: str, params: dict[str, Any]) -> tuple[float, dict[str, Any]]:
            nonlocal sent
            sent += 1
            line = json.dumps({"jsonrpc": "2.0", "id": sent, "method": method, "params": params}, ensure_ascii=False)
            started = time.perf_counter()
            stdin.write(line.encode() + b"\n")
            stdin.flush()
            reply = json.loads(stdout.readline())
            return time.perf_counter() - started, reply["result"]

        call("ai_save_memories", {"items": memories, "limit": 1000})
        deadline = time.monotonic() + 120
        while call("sidecar_info", {})[1].get("semantic") != "ready":
            call("ai_memory_context", {"query": "warm up", "budgetBytes": 2048})
            if time.monotonic() > deadline:
                raise SystemExit("the sidecar never got ready to rank by meaning")
            time.sleep(0.2)
        samples = [call("ai_memory_context", {"query": question, "budgetBytes": 2048})[0]
                   for _ in range(rounds) for question in questions]
        stdin.close()
        proc.wait(10)
    ordered = sorted(samples)
    return {"round trip p50": ms(samples), "round trip p90": round(1000 * ordered[int(0.9 * (len(ordered) - 1))], 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dataset", type=Path, action="append", required=True)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ids", type=Path, help="write each message's injected ids per set and budget here")
    parser.add_argument("--wire", action="store_true", help="time round trips to a real sidecar process instead")
    args = parser.parse_args(argv)
    if args.wire:
        for path in args.dataset:
            timed = over_the_wire(args.root.resolve(), path.resolve(), args.rounds)
            print(f"{path.name}, {args.root}: " + "; ".join(f"{k} {v:.3f} ms" for k, v in timed.items()))
        return 0
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
