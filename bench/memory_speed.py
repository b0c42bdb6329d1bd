"""Speed of the S9/S10 paths beside their pre-S9 baselines in the same run (medians; not a test).

- merge: 10 candidates into 1000 stored memories, in process, through the store and (for ours) the
  restatement checks and the history append, against the plain exact-content merge without history;
- history: one append to a history at its bound (500 changes, 4 MiB) beside one to an unbounded history
  of the same size, and beside the bound without slack (the rewrite on every append this replaced);
- context: `ai_memory_context` round trips over 1000 memories with a query, without one, and the first
  query after another process changed the file (the index rebuild).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from protocol import MemoryItem  # noqa: E402
from sidecar.config import Settings  # noqa: E402
from sidecar.rules.evict import evict, oldest_first  # noqa: E402
from sidecar.rules.merge import StoreTexts, candidate_contents, merge_contents  # noqa: E402
from sidecar.rules.text import normalise_whitespace  # noqa: E402
from sidecar.service import MemoryService  # noqa: E402
from sidecar.store import Snapshot  # noqa: E402

DATA = ROOT / "bench" / "data" / "relevance"


def corpus() -> list[MemoryItem]:
    with (DATA / "memories.jsonl").open(encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    return oldest_first(MemoryItem(id=r["id"], content=r["content"], created_at=r["createdAt"],
                                   source_scope=r.get("sourceScope", "global")) for r in rows)


def questions() -> list[str]:
    with (DATA / "questions.jsonl").open(encoding="utf-8") as handle:
        return [json.loads(line)["question"] for line in handle if line.strip()]


def exact_merge(stored: tuple[MemoryItem, ...], texts: list[str], now: int) -> list[MemoryItem]:
    """The pre-S9 rule: equal whitespace-folded content is the same memory, everything else is added."""
    known = {normalise_whitespace(item.content) for item in stored}
    added = [MemoryItem(id=f"b{now}-{i}", content=text, created_at=now, source_scope="bench")
             for i, text in enumerate(texts) if text not in known]
    return evict(oldest_first([*stored, *added]), 1000)


def fresh_facts() -> list[str]:
    """Realistic memory texts that are not in the store: every sentence of the labelled restatement pairs."""
    with (ROOT / "bench" / "data" / "restatement" / "pairs.jsonl").open(encoding="utf-8") as handle:
        pairs = [json.loads(line) for line in handle if line.strip()]
    return [text for pair in pairs for text in (pair["a"], pair["b"])]


def candidates(rng: random.Random, stored: list[MemoryItem], facts: list[str]) -> list[str]:
    """A model's answer: five stored memories said again (one word more) and five facts new to the store."""
    return [p.content + " 了" for p in rng.sample(stored, 5)] + rng.sample(facts, 5)


def rules_samples(rounds: int, seed: int, semantic: Optional[Any] = None) -> list[float]:
    """The merge rules alone, in memory: restatement checks, updates, eviction; no file, no history. The
    stored texts' index is held between merges, as the store's owner holds it. With `semantic` (a loaded
    `Semantic` that has the store embedded, as a sidecar that ranks by meaning has), each merge also asks it
    about what the rule keeps apart, embedding the new texts as the service does."""
    rng = random.Random(seed)
    stored = corpus()[:1000]
    facts = fresh_facts()
    held = StoreTexts()
    samples = []
    for round_ in range(rounds):
        texts = candidates(rng, stored, facts)
        started = time.perf_counter()
        contents, dropped = candidate_contents(texts)
        judge = semantic.restatement_judge(contents) if semantic is not None else None
        stored = merge_contents(stored, contents, "bench", (), 1000, 1_900_000_000_000 + round_, dropped,
                                store_texts=held, meaning=judge).memories
        if semantic is not None:
            semantic.embed_store([item.content for item in stored])  # as the ranking would, after the merge
        samples.append(time.perf_counter() - started)
    return samples


def loaded_semantic() -> Any:
    from sidecar.semantic import Semantic

    semantic = Semantic()
    assert semantic.model_ready(120), "the sentence model did not load"
    semantic.embed_store([item.content for item in corpus()[:1000]])
    return semantic


def merge_samples(rounds: int, seed: int, ours: bool) -> list[float]:
    rng = random.Random(seed)
    base = corpus()[:1000]
    facts = fresh_facts()
    samples = []
    with tempfile.TemporaryDirectory() as tmp:
        service = MemoryService(Settings(config_dir=Path(tmp)))
        store = service.store
        running = threading.Event()
        store.update(lambda current: (list(base), None))
        for round_ in range(rounds):
            texts = candidates(rng, base, facts)
            now = 1_900_000_000_000 + round_
            started = time.perf_counter()
            if ours:
                contents, dropped = candidate_contents(texts)
                service.merge_texts("merge", contents, dropped, "bench", (), 1000, running)
            else:
                def replace(current: Snapshot, texts: list[str] = texts,
                            now: int = now) -> tuple[Optional[list[MemoryItem]], None]:
                    return exact_merge(current.items, texts, now), None

                store.update(replace)
            samples.append(time.perf_counter() - started)
    return samples


def history_samples(rounds: int) -> dict[str, list[float]]:
    """Appends of an ~8 KB change (a merge that updated 20 memories) to histories that already hold 500."""
    from protocol import Change, Update
    from sidecar.history_file import MAX_CHANGES, HistoryFile

    def change(n: int) -> Change:
        items = [MemoryItem(id=f"m{n}-{k}", content="用户的项目使用 pnpm 管理依赖，部署在 region-7" * 3,
                            created_at=n, source_scope="bench") for k in range(20)]
        return Change(change_id=f"c{n}", at=n, kind="merge",
                      updated=[Update(before=item, after=item) for item in items])

    out: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, history in (("at the bound (25% slack)", HistoryFile(Path(tmp) / "slack.jsonl")),
                               ("at the bound, no slack", HistoryFile(Path(tmp) / "exact.jsonl", slack=0)),
                               ("unbounded", HistoryFile(Path(tmp) / "open.jsonl", max_changes=10**9,
                                                         max_bytes=10**12))):
            for n in range(MAX_CHANGES):
                history.append(change(n))
            samples = out.setdefault(label, [])
            for n in range(MAX_CHANGES, MAX_CHANGES + rounds):
                started = time.perf_counter()
                history.append(change(n))
                samples.append(time.perf_counter() - started)
    return out


class Peer:
    def __init__(self, config_dir: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "sidecar", "--config-dir", str(config_dir)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=ROOT, env={**os.environ,
                                                    "AI_MEMORY_SEMANTIC": os.environ.get("AI_MEMORY_SEMANTIC", "off")})
        self.next_id = 0

    def call(self, method: str, params: dict[str, Any]) -> float:
        self.next_id += 1
        assert self.proc.stdin is not None and self.proc.stdout is not None
        line = json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params},
                          ensure_ascii=False).encode() + b"\n"
        started = time.perf_counter()
        self.proc.stdin.write(line)
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        elapsed = time.perf_counter() - started
        assert b'"result"' in reply, reply[:200]
        return elapsed

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)


def context_samples(rounds: int) -> dict[str, list[float]]:
    items: list[dict[str, Any]] = [
        {"id": m.id, "content": m.content, "createdAt": m.created_at, "sourceScope": m.source_scope}
        for m in corpus()[:1000]]
    asked = questions()
    out: dict[str, list[float]] = {"no query": [], "query": [], "first query after a change": []}
    with tempfile.TemporaryDirectory() as tmp:
        peer = Peer(Path(tmp))
        writer = Peer(Path(tmp))
        peer.call("ai_save_memories", {"items": items, "limit": 1000})
        for i in range(rounds):
            out["no query"].append(peer.call("ai_memory_context", {}))
            out["query"].append(peer.call("ai_memory_context", {"query": asked[i % len(asked)]}))
        for i in range(max(10, rounds // 20)):
            items[i]["content"] += " 更新"
            writer.call("ai_save_memories", {"items": items, "limit": 1000})
            out["first query after a change"].append(
                peer.call("ai_memory_context", {"query": asked[i % len(asked)]}))
        peer.close()
        writer.close()
    return out


def ms(values: list[float]) -> float:
    return 1000 * statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--meaning", action="store_true",
                        help="also time the merge rules with restatement by meaning (the sentence model loaded)")
    args = parser.parse_args()
    ours = merge_samples(args.rounds, 7, ours=True)
    baseline = merge_samples(args.rounds, 7, ours=False)
    print(f"python {sys.version.split()[0]} on {sys.platform}; {args.rounds} rounds (medians)\n")
    print("| path | ours (ms) | baseline (ms) | ratio |", "|---|---:|---:|---:|", sep="\n")
    rules = rules_samples(args.rounds, 11)  # its own texts: no cache warmed by the rounds above
    print(f"| merge 10 into 1000: the rules alone, in memory (restatement checks, updates, eviction) | "
          f"{ms(rules):.3f} | | |")
    if args.meaning:
        semantic = loaded_semantic()
        with_meaning = rules_samples(args.rounds, 13, semantic)  # first: the rules' memos warm for the baseline
        words = rules_samples(args.rounds, 13)
        print(f"| merge 10 into 1000, the rules with restatement by meaning (baseline: the same merges by the "
              f"rules alone) | {ms(with_meaning):.3f} | {ms(words):.3f} | {ms(with_meaning) / ms(words):.2f}× |")
    print(f"| merge 10 into 1000 through the store: rules + fsync'd memory.json + fsync'd history append "
          f"(baseline: exact-content merge + the same memory.json write, no history) | {ms(ours):.3f} | "
          f"{ms(baseline):.3f} | {ms(ours) / ms(baseline):.2f}× |")
    history = history_samples(args.rounds)
    unbounded = ms(history["unbounded"])
    for label, values in history.items():
        print(f"| history append of an ~8 KB change, {label} (baseline: unbounded) | {ms(values):.3f} | "
              f"{unbounded:.3f} | {ms(values) / unbounded:.2f}× |")
    context = context_samples(args.rounds)
    plain = ms(context["no query"])
    for label, values in context.items():
        print(f"| ai_memory_context, 1000 memories, {label} (round trip) | {ms(values):.3f} | {plain:.3f} | "
              f"{ms(values) / plain:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
