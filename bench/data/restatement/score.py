"""Precision and recall of the restatement rule per shape, language and half, beside another commit's rule.

    python3 bench/data/restatement/score.py [--baseline REF] [--shapes FILE] [--only-dev] [--errors [dev|all]]
                                            [--meaning]

Scores both labelled sets: `pairs.jsonl` (positive = restatement or update) and the shapes set
(`shapes/pairs.jsonl`, positive = same). A pair is predicted positive when the match keys are equal or
`restates(old, new)`. The baseline is the rule at REF (default `main`), exported with `git archive` into
a temporary directory and run in its own process, so both rules score the same pairs in one run.
`--errors` lists the wrong answers on the dev halves (`--errors all`: both halves, for sets that are
development data already). `--only-dev` reads only the dev rows of the shapes file (a fresh held-out set:
its test half is never read, printed or scored). `--meaning` scores this commit's rule together with
restatement by meaning (the sentence model loaded, as in a merge), beside the baseline's word rule.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
WORKER = """
import json, sys
from sidecar.rules.match import match_key, restates
pairs = json.load(sys.stdin)
json.dump([match_key(a) == match_key(b) or restates(a, b) for a, b in pairs], sys.stdout)
"""
# With --meaning: the word rule, then what a merge asks the sentence model (issue 16) when the rule says no.
MEANING_WORKER = """
import json, sys
from sidecar.rules.match import match_key, may_join_by_meaning, restates
from sidecar.semantic import Semantic
semantic = Semantic()
assert semantic.model_ready(120), "the sentence model did not load"
judge = semantic.restatement_judge()
pairs = json.load(sys.stdin)
json.dump([match_key(a) == match_key(b) or restates(a, b) or (may_join_by_meaning(a, b) and judge(a, b))
           for a, b in pairs], sys.stdout)
"""


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def pairs_of(name: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One shape for both files: old, new, truth, group (shape or kind), lang, split."""
    if name == "pairs":
        return [{"old": r["a"], "new": r["b"], "truth": r["label"] != "distinct", "group": r["kind"],
                 "lang": r["lang"], "split": r["split"]} for r in rows]
    return [{"old": r["old"], "new": r["new"], "truth": r["label"] == "same", "group": r["shape"],
             "lang": r["lang"], "split": r["split"]} for r in rows]


def predict(source: Path, pairs: list[dict[str, Any]], worker: str = WORKER) -> list[bool]:
    done = subprocess.run([sys.executable, "-c", worker], input=json.dumps([[p["old"], p["new"]] for p in pairs]),
                          capture_output=True, text=True, cwd=source, check=True)
    answers: list[bool] = json.loads(done.stdout)
    return answers


def cell(counts: list[int]) -> str:
    tp, fp, fn, _ = counts
    precision = f"{tp / (tp + fp):.3f}" if tp + fp else "–"
    recall = f"{tp / (tp + fn):.3f}" if tp + fn else "–"
    return f"{precision} / {recall}"


def table(pairs: list[dict[str, Any]], said: dict[str, list[bool]], by: str) -> list[str]:
    counts: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for index, pair in enumerate(pairs):
        for rule, answers in said.items():
            slot = (0 if answers[index] else 2) if pair["truth"] else (1 if answers[index] else 3)
            for group in ("all", pair[by]):
                counts[(rule, group, pair["split"])][slot] += 1
    groups = ["all", *sorted({p[by] for p in pairs})]
    rules = list(said)
    head = "| " + by + " | pairs dev/test | " + " | ".join(f"{r} dev P/R | {r} test P/R" for r in rules) + " |"
    out = [head, "|" + "---|" * (2 + 2 * len(rules))]
    for group in groups:
        sizes = [sum(counts[(rules[0], group, split)]) for split in ("dev", "test")]
        cells = [cell(counts[(r, group, split)]) for r in rules for split in ("dev", "test")]
        out.append(f"| {group} | {sizes[0]}/{sizes[1]} | " + " | ".join(cells) + " |")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="main", help="git ref whose rule is scored beside this one")
    parser.add_argument("--shapes", type=Path, default=HERE / "shapes" / "pairs.jsonl")
    parser.add_argument("--errors", nargs="?", const="dev", choices=("dev", "all"),
                        help="list wrong answers on the dev halves (or on both)")
    parser.add_argument("--only-dev", action="store_true", help="read only the dev rows of the shapes file")
    parser.add_argument("--no-pairs", action="store_true", help="score the shapes file alone")
    parser.add_argument("--meaning", action="store_true",
                        help="this commit's rule with restatement by meaning, as a merge with the model loaded")
    args = parser.parse_args()
    sets = {} if args.no_pairs else {"pairs": pairs_of("pairs", load(HERE / "pairs.jsonl"))}
    if args.shapes.exists():
        rows = load(args.shapes)
        sets["shapes"] = pairs_of("shapes", [r for r in rows if r["split"] == "dev"] if args.only_dev else rows)
    with tempfile.TemporaryDirectory() as temp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.baseline, "sidecar", "protocol"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", temp], input=archive, check=True)
        for name, pairs in sets.items():
            said = {f"baseline ({args.baseline})": predict(Path(temp), pairs),
                    "this rule": predict(ROOT, pairs, MEANING_WORKER if args.meaning else WORKER)}
            print(f"\n## {name}: precision / recall\n")
            print("\n".join(table(pairs, said, "group")))
            print()
            print("\n".join(table(pairs, said, "lang")))
            if args.errors:
                for index, pair in enumerate(pairs):
                    mine = said["this rule"][index]
                    if (args.errors == "all" or pair["split"] == "dev") and mine != pair["truth"]:
                        kind = "false merge" if mine else "missed"
                        print(f"  {kind} [{pair['group']}/{pair['split']}] {pair['old']} | {pair['new']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
