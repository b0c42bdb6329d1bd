"""Wrong merges in long use (issue 16): a labelled store learnt session by session, each replacement listed.

    python bench/merge_stream.py [--set bench/data/longconv] [--baseline REF] [--show] [--meaning]

A set in the relevance format (memories.jsonl with createdAt and sourceScope, questions.jsonl with answers)
is replayed as the extraction would learn it: memories of one scope on one day are one session, merged by
the merge rules (S9.3, no basis, limit 1000) into the store built so far. Every replacement (a stored memory
updated in place by a later one) is counted. Such sets hold few real updates, so most replacements are
wrong merges; the sure ones are *answers lost*: a memory some question needs, replaced by a later one.
Scored for this tree's rules and the rules at REF (default `main`), exported with `git archive`, in one run.
`--show` prints every replacement of this tree's rules, for judging by hand; `--meaning` replays this
tree's merges with restatement by meaning (the sentence model loaded).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORKER = """
import json, sys
from sidecar.rules.merge import candidate_contents, merge_contents
sessions = json.load(sys.stdin)
store, replaced = [], []
for session in sessions:
    contents, _ = candidate_contents(session["contents"])
    merged = merge_contents(store, contents, session["scope"], [], 1000, session["at"])
    store = merged.memories
    replaced += [[update.before.content, update.after.content] for update in merged.updated]
json.dump(replaced, sys.stdout, ensure_ascii=False)
"""
# With --meaning: the merge also asks the sentence model (issue 16), loaded once as the sidecar loads it.
MEANING_WORKER = WORKER.replace("sessions = json.load(sys.stdin)", """sessions = json.load(sys.stdin)
from sidecar.semantic import Semantic
semantic = Semantic()
assert semantic.model_ready(120), "the sentence model did not load"
""").replace('session["at"])', 'session["at"], meaning=semantic.restatement_judge())')
DAY_MS = 86_400_000


def rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def sessions(memories: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive memories of one scope and one day, in createdAt order."""
    out: list[dict[str, Any]] = []
    for memory in sorted(memories, key=lambda m: m["createdAt"]):
        scope, day = memory.get("sourceScope", "global"), memory["createdAt"] // DAY_MS
        if out and out[-1]["scope"] == scope and out[-1]["day"] == day:
            out[-1]["contents"].append(memory["content"])
        else:
            out.append({"scope": scope, "day": day, "at": memory["createdAt"], "contents": [memory["content"]]})
    return out


def replacements(source: Path, stream: list[dict[str, Any]], worker: str = WORKER) -> tuple[list[list[str]], float]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", worker], input=json.dumps(stream, ensure_ascii=False),
                          capture_output=True, text=True, cwd=source, check=True)
    found: list[list[str]] = json.loads(done.stdout)
    return found, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=ROOT / "bench" / "data" / "longconv")
    parser.add_argument("--baseline", default="main", help="git ref whose rules are replayed beside this tree's")
    parser.add_argument("--show", action="store_true", help="print every replacement this tree's rules make")
    parser.add_argument("--meaning", action="store_true", help="this tree's merges also ask the sentence model")
    args = parser.parse_args()
    memories = list(rows(args.set / "memories.jsonl"))
    needed = {answer for question in rows(args.set / "questions.jsonl") for answer in question["answers"]}
    needed_texts = {memory["content"].strip() for memory in memories if memory["id"] in needed}
    stream = sessions(memories)
    print(f"{args.set.name}: {len(memories)} memories in {len(stream)} sessions; "
          f"{len(needed_texts)} of them answer a question\n")
    print("| rules | replacements | answers lost | seconds |\n|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as temp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.baseline, "sidecar", "protocol"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", temp], input=archive, check=True)
        mine: list[list[str]] = []
        this = ("this tree, with meaning", MEANING_WORKER) if args.meaning else ("this tree", WORKER)
        for name, source, worker in ((f"baseline ({args.baseline})", Path(temp), WORKER), (this[0], ROOT, this[1])):
            found, seconds = replacements(source, stream, worker)
            lost = sum(1 for before, _ in found if before.strip() in needed_texts)
            print(f"| {name} | {len(found)} | {lost} | {seconds:.1f} |")
            mine = found
    if args.show:
        print()
        for before, after in mine:
            mark = "ANSWER LOST " if before.strip() in needed_texts else ""
            print(f"- {mark}{before}\n  -> {after}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
