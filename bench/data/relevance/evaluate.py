"""Score a running sidecar on the relevance set: share of questions whose answer memories ai_memory_context injects."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]


class Sidecar:
    """One sidecar process on a private config dir, called one request at a time."""

    def __init__(self, argv: list[str]) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
        self.next_id = 0

    def call(self, method: str, params: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.proc.stdin.write(json.dumps(request, ensure_ascii=False).encode() + b"\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise SystemExit(f"{method}: {reply['error']}")
        return reply["result"]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)


def injected_ids(result: dict[str, Any], by_content: dict[str, str]) -> set[str]:
    """The reply's ids (S10.2); a sidecar without them is read back from its rendered lines (S6.2)."""
    if isinstance(result.get("ids"), list):
        return set(result["ids"])
    content = result.get("content") or ""
    return {by_content[line[2:]] for line in content.split("\n") if line.startswith("- ") and line[2:] in by_content}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--python", default=sys.executable, help="interpreter that has the sidecar's dependencies")
    parser.add_argument("--command", nargs="+", help="sidecar command instead of `<python> -m sidecar`")
    parser.add_argument("--budgets", type=int, nargs="+", default=[2048, 8192])
    parser.add_argument("--split", choices=["dev", "test", "all"], default="all")
    parser.add_argument("--misses", action="store_true", help="list the missed questions at the largest budget")
    args = parser.parse_args()
    memories = [json.loads(x) for x in (HERE / "memories.jsonl").read_text(encoding="utf-8").splitlines()]
    questions = [json.loads(x) for x in (HERE / "questions.jsonl").read_text(encoding="utf-8").splitlines()]
    questions = [q for q in questions if args.split in ("all", q["split"])]
    by_content = {m["content"]: m["id"] for m in memories}
    with tempfile.TemporaryDirectory() as config_dir:
        argv = (args.command or [args.python, "-m", "sidecar"]) + ["--config-dir", config_dir]
        sidecar = Sidecar(argv)
        try:
            sidecar.call("ai_save_memories", {"items": memories, "limit": 1000})
            for budget in args.budgets:
                recent = injected_ids(sidecar.call("ai_memory_context", {"budgetBytes": budget}), by_content)
                base = sum(set(q["answers"]) <= recent for q in questions)
                missed = []
                for q in questions:
                    result = sidecar.call("ai_memory_context", {"budgetBytes": budget, "query": q["question"]})
                    if not set(q["answers"]) <= injected_ids(result, by_content):
                        missed.append(q)
                hits = len(questions) - len(missed)
                print(f"[{args.split}] {budget} B: with query {hits}/{len(questions)} = {100 * hits / len(questions):.1f}%"
                      f"; newest first {base}/{len(questions)} = {100 * base / len(questions):.1f}%"
                      f" ({len(recent)} injected without a query)")
                if args.misses and budget == max(args.budgets):
                    for q in missed:
                        print("  MISS", q["id"], q["kind"], q["question"])
        finally:
            sidecar.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
