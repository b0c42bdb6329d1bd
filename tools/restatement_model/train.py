"""Fits the restatement-by-meaning weights (issue 16) on the labelled restatement sets; checks or reports them.

    python3 tools/restatement_model/train.py             # writes sidecar/rules/data/restatement_meaning.json
    python3 tools/restatement_model/train.py --check     # refits; exit 1 when the committed file differs
    python3 tools/restatement_model/train.py --held-out  # each set left out in turn: P / R beside the rule

The word rule decides first; these weights judge only the pairs it leaves apart, so they are fitted on those
pairs only. A pair's features are the two texts' sentence embeddings (|u - v| and u * v, the usual pair
features), their cosine, whether `may_replace` lets the new one replace the old, and a bias. Logistic
regression, fitted by full-batch gradient descent from zero for a fixed number of steps: the same sets give
the same weights on any machine, to the rounding the file keeps.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sidecar.rules.match import match_key, may_replace, restates  # noqa: E402
from sidecar.rules.meaning import MIN_COSINE, THRESHOLD, pair_features  # noqa: E402
from sidecar.semantic import load_model  # noqa: E402

DATA = ROOT / "bench" / "data" / "restatement"
OUT = ROOT / "sidecar" / "rules" / "data" / "restatement_meaning.json"
# Development data only: a set joins once the lead has scored it blind (docs/benchmarks.md).
TRAINING_SETS = ("pairs", "shapes", "fresh", "final", "final2", "final3", "final4", "final5", "final6",
                 "final7", "final8")
STEPS = 3000
LEARNING_RATE = 0.5
L2 = 1e-4
DIGITS = 6  # rounding of the stored weights; --check compares to this
TOLERANCE = 2e-5


def labelled(name: str) -> list[tuple[str, str, bool]]:
    path = DATA / "pairs.jsonl" if name == "pairs" else DATA / name / "pairs.jsonl"
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    if name == "pairs":
        return [(r["a"], r["b"], r["label"] != "distinct") for r in rows]
    return [(r["old"], r["new"], r["label"] == "same") for r in rows]


def rule_says(old: str, new: str) -> bool:
    return match_key(old) == match_key(new) or restates(old, new)


def embedded(texts: set[str]) -> dict[str, Any]:
    import numpy as np

    from sidecar.semantic import _encodable, _normalised

    model = load_model()
    ordered = sorted(texts)
    vectors: dict[str, Any] = {}
    for start in range(0, len(ordered), 64):
        chunk = ordered[start:start + 64]
        vectors.update(zip(chunk, _normalised(np.asarray(model.encode([_encodable(t) for t in chunk]))),
                           strict=True))
    return vectors


def fit(features: Any, truth: Any) -> Any:
    import numpy as np

    weights = np.zeros(features.shape[1])
    for _ in range(STEPS):
        predicted = 1.0 / (1.0 + np.exp(-(features @ weights)))
        weights -= LEARNING_RATE * (features.T @ (predicted - truth) / len(truth) + L2 * weights)
    return weights


def main() -> int:
    import numpy as np

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--held-out", action="store_true")
    parser.add_argument("--threshold", type=float, default=THRESHOLD, help="with --held-out: another threshold")
    parser.add_argument("--floor", type=float, default=MIN_COSINE, help="with --held-out: another cosine floor")
    args = parser.parse_args()

    sets = {name: labelled(name) for name in TRAINING_SETS}
    vectors = embedded({text for pairs in sets.values() for old, new, _ in pairs for text in (old, new)})
    judged: dict[str, list[tuple[Any, bool, bool, bool]]] = {}  # per set: (features, truth, rule, may) per pair
    for name, pairs in sets.items():
        rows = []
        for old, new, truth in pairs:
            may = may_replace(old, new)
            close = float(vectors[old] @ vectors[new]) >= args.floor
            rows.append((pair_features(vectors[old], vectors[new], may), truth, rule_says(old, new), may and close))
        judged[name] = rows

    def training(names: list[str]) -> tuple[Any, Any]:
        rows = [(x, t) for name in names for x, t, rule, asked in judged[name] if asked and not rule]
        return np.array([x for x, _ in rows]), np.array([float(t) for _, t in rows])

    if args.held_out:
        print(f"{'held out':10} {'rule P / R':>16} {'with meaning P / R':>20}")
        for held in TRAINING_SETS:
            weights = fit(*training([n for n in TRAINING_SETS if n != held]))
            counts = {"rule": [0, 0, 0], "meaning": [0, 0, 0]}
            for x, truth, rule, asked in judged[held]:
                meaning = rule or (asked and float(1 / (1 + np.exp(-(x @ weights)))) >= args.threshold)
                for label, said in (("rule", rule), ("meaning", meaning)):
                    counts[label][0] += said and truth
                    counts[label][1] += said and not truth
                    counts[label][2] += truth and not said
            cells = [f"{tp / max(tp + fp, 1):.3f} / {tp / max(tp + fn, 1):.3f}" for tp, fp, fn in counts.values()]
            print(f"{held:10} {cells[0]:>16} {cells[1]:>20}")
        return 0

    weights = [round(float(w), DIGITS) for w in fit(*training(list(TRAINING_SETS)))]
    fitted = {"sets": list(TRAINING_SETS), "steps": STEPS, "weights": weights}
    if args.check:
        committed = json.loads(OUT.read_text(encoding="utf-8"))
        worst = max((abs(a - b) for a, b in zip(committed["weights"], weights, strict=True)), default=0.0)
        if committed["sets"] != fitted["sets"] or committed["steps"] != STEPS or worst > TOLERANCE:
            print(f"train: {OUT.relative_to(ROOT)} is stale (largest weight difference {worst:.2e}); "
                  "rerun tools/restatement_model/train.py", file=sys.stderr)
            return 1
        print(f"train: {OUT.relative_to(ROOT)} matches its sets (largest difference {worst:.1e})", file=sys.stderr)
        return 0
    OUT.write_text(json.dumps(fitted, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"train: wrote {OUT.relative_to(ROOT)} ({len(weights)} weights)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
