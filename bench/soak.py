"""Soak (not a test): distinct long queries through the real process's wire; peak RSS beside the start (issue 20.1).

Half are 4 000-character Chinese messages to `ai_memory_context`, half 500-character mixed ones to
`ai_search_memories`, over a store of the relevance set's 1 000 memories. Every query is new, so nothing a
cache kept could be reused: the process must keep no query's text or tokens past its request.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MEMORIES = ROOT / "bench" / "data" / "relevance" / "memories.jsonl"
LATIN = "abcdefghijklmnopqrstuvwxyz"


class Process:
    """`python -m sidecar` of the checkout at `root`, on a private config dir, one request at a time."""

    def __init__(self, root: Path, config_dir: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "sidecar", "--config-dir", config_dir],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
        self.next_id = 0

    def call(self, method: str, params: dict[str, Any]) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.proc.stdin.write(json.dumps(request, ensure_ascii=False).encode() + b"\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        if b'"result"' not in reply[:80]:
            raise SystemExit(f"{method}: {reply[:300]!r}")

    def kib(self, field: str) -> int:
        for row in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if row.startswith(field + ":"):
                return int(row.split()[1])
        raise SystemExit(f"no {field} in /proc/{self.proc.pid}/status (this soak reads Linux's /proc)")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


def chinese(rng: random.Random, pool: str, size: int) -> str:
    # Characters the store uses (so queries match and rank) mixed with any CJK character (so each is new).
    return "".join(rng.choice(pool) if rng.random() < 0.7 else chr(0x4E00 + rng.randrange(0x5000))
                   for _ in range(size))


def mixed(rng: random.Random, pool: str, size: int) -> str:
    out: list[str] = []
    while sum(map(len, out)) < size:
        if rng.random() < 0.5:
            out.append("".join(rng.choice(LATIN) for _ in range(rng.randint(3, 12))) + " ")
        else:
            out.append(chinese(rng, pool, rng.randint(2, 8)))
    return "".join(out)[:size]


def soak(root: Path, queries: int, seed: int) -> dict[str, float]:
    memories = [json.loads(row) for row in MEMORIES.read_text(encoding="utf-8").splitlines() if row.strip()]
    pool = "".join(sorted({c for m in memories for c in m["content"] if "\u4e00" <= c <= "\u9fff"}))
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as config_dir:
        process = Process(root, config_dir)
        try:
            process.call("ai_save_memories", {"items": memories, "limit": 1000})
            process.call("ai_memory_context", {"query": "用户的服务器", "budgetBytes": 8192})
            process.call("ai_search_memories", {"query": "server"})
            start = process.kib("VmRSS")
            started = time.perf_counter()
            for n in range(queries):
                if n % 2 == 0:
                    process.call("ai_memory_context", {"query": chinese(rng, pool, 4000), "budgetBytes": 8192})
                else:
                    process.call("ai_search_memories", {"query": mixed(rng, pool, 500), "limit": 20})
            elapsed = time.perf_counter() - started
            end, peak = process.kib("VmRSS"), process.kib("VmHWM")
        finally:
            process.close()
    return {"start": start / 1024, "end": end / 1024, "peak": peak / 1024, "seconds": elapsed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="checkout whose sidecar to soak (e.g. an older commit unpacked elsewhere)")
    args = parser.parse_args()
    result = soak(args.root.resolve(), args.queries, args.seed)
    print(f"| soak: {args.queries} distinct long queries (4 000-char Chinese context / 500-char mixed search), "
          f"1000 memories | start RSS {result['start']:.1f} MiB | peak RSS {result['peak']:.1f} MiB | "
          f"end RSS {result['end']:.1f} MiB | {result['seconds']:.0f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
