"""Which rule path each restatement rests on, and how often each path is right, on the labelled sets (issue 16).

    python bench/restatement_paths.py [SET ...] [--show PATH]

A SET is a shapes-format file (`bench/data/restatement/<name>/pairs.jsonl`) or the older `pairs.jsonl`;
by default every development set. Each pair the rule calls one fact is traced: the line each decision step
(`restates_sharing`, `_same_fact`, `_one_fact`) returned True from and, below it, the line the path's own
function (`reworded`, `stated_change`, `single_valued_update`, …) returned True from, named by the comment
or code on that line. Per path: merges, right ones, precision, and the share of all right merges it makes.
A path whose precision is low or which buys little recall is the one to cut. Only sets that are development
data may be passed: `--show` prints pairs.
"""

from __future__ import annotations

import argparse
import json
import linecache
import sys
from collections import Counter, defaultdict
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sidecar.rules import match  # noqa: E402
from sidecar.rules.tokens import match_key  # noqa: E402

DATA = ROOT / "bench" / "data" / "restatement"
DEV_SETS = ["pairs.jsonl", *(f"{name}/pairs.jsonl" for name in ("shapes", "fresh", "final", "final2", "final3"))]
RULE_FILES = frozenset(str(path) for path in (ROOT / "sidecar" / "rules").glob("*.py"))
STEPS = ("restates_sharing", "_same_fact", "_one_fact")


def labelled(path: Path) -> list[tuple[str, str, bool]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if "label" in row and "a" in row:
            out.append((row["a"], row["b"], row["label"] != "distinct"))
        else:
            out.append((row["old"], row["new"], row["label"] == "same"))
    return out


class Tracer:
    """Records, for one call of `restates`, every rule function's line that returned True."""

    def __init__(self) -> None:
        self.returns: list[tuple[str, int, int]] = []

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename not in RULE_FILES:
            return None
        if event == "return" and arg is True:
            depth = 0
            parent = frame.f_back
            while parent is not None:
                depth += 1
                parent = parent.f_back
            self.returns.append((frame.f_code.co_name, frame.f_lineno, depth))
        return self


def label(name: str, line: int) -> str:
    text = linecache.getline(str(_file_of(name)), line).strip() if _file_of(name) else ""
    if "#" in text:
        text = text.split("#", 1)[1].strip()
    return f"{name}:{line} {text[:70]}"


_FILES: dict[str, Path] = {}


def _file_of(name: str) -> Path | None:
    if not _FILES:
        import ast

        for path in (ROOT / "sidecar" / "rules").glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef):
                    _FILES.setdefault(node.name, path)
    return _FILES.get(name)


def path_of(a: str, b: str) -> str | None:
    tracer = Tracer()
    sys.settrace(tracer)
    try:
        said = match.restates(a, b)
    finally:
        sys.settrace(None)
    if not said:
        return None
    steps = [(name, line, depth) for name, line, depth in tracer.returns if name in STEPS]
    if not steps:
        return "?"
    # The innermost decision step, and the helper that returned True just before it, one level deeper.
    name, line, depth = steps[0]
    before = [r for r in tracer.returns[:tracer.returns.index(steps[0])] if r[2] == depth + 1]
    helper = label(before[-1][0], before[-1][1]) if before else "-"
    return f"{label(name, line)} <- {helper}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=DEV_SETS)
    parser.add_argument("--show", help="print the pairs merged on paths containing this text")
    args = parser.parse_args()
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    shown = []
    right_total = 0
    for name in args.sets:
        for a, b, truth in labelled(DATA / name):
            if match_key(a) == match_key(b):
                continue
            path = path_of(a, b)
            if path is None:
                continue
            tally[path]["merges"] += 1
            tally[path]["right"] += truth
            right_total += truth
            if args.show and args.show in path:
                shown.append(f"{'ok ' if truth else 'BAD'} [{name}] {a} | {b}")
    print("| path | merges | right | precision | share of right merges |")
    print("|---|---:|---:|---:|---:|")
    for path, counts in sorted(tally.items(), key=lambda item: -item[1]["merges"]):
        merges, right = counts["merges"], counts["right"]
        print(f"| {path} | {merges} | {right} | {right / merges:.3f} | {right / max(right_total, 1):.3f} |")
    print("\n".join(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
