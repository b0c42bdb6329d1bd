"""Fits the restatement-by-meaning weights (issue 16) on the labelled restatement sets; checks or reports them.

    python3 tools/restatement_model/train.py             # writes sidecar/rules/data/restatement_meaning.json
    python3 tools/restatement_model/train.py --check     # refits; exit 1 when the committed file answers otherwise
    python3 tools/restatement_model/train.py --held-out  # each set left out in turn: P / R beside the rule
    python3 tools/restatement_model/train.py --held-out --threshold 0.7  # the same with another threshold

The word rule decides first; these weights judge only the pairs a merge would ask them about (the rule says
no, `may_join_by_meaning` allows, cosine ≥ MIN_COSINE), so they are fitted on those pairs only. A pair's
features are the two texts' sentence embeddings (|u - v| and u * v, the usual pair features), their cosine
and a bias. Beside the labelled pairs, the fit sees *store negatives*: in the ranking sets' stores (1 000
distinct facts each, written by hand), every pair a merge of one memory into the ones before it would ask
about; they weigh half as much as the labelled negatives together, and teach what the pairs cannot (in a
store most memories near a new one are other facts about the same people and things). Logistic
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

from sidecar.rules.match import match_key, may_join_by_meaning, restates  # noqa: E402
from sidecar.rules.meaning import MIN_COSINE, THRESHOLD, pair_features  # noqa: E402
from sidecar.rules.merge import TextIndex  # noqa: E402
from sidecar.semantic import encodable, load_model, normalised  # noqa: E402

DATA = ROOT / "bench" / "data"
OUT = ROOT / "sidecar" / "rules" / "data" / "restatement_meaning.json"
# Development data only: a set joins once the lead has scored it blind (docs/benchmarks.md).
TRAINING_SETS = ("pairs", "shapes", "fresh", "final", "final2", "final3", "final4", "final5", "final6",
                 "final7", "final8", "final9", "final10", "final11", "final12", "final13", "final14")
STORES = ("longconv", "longconv2", "longconv3", "longconv4", "bilingual", "bilingual2", "bilingual3",
          "bilingual4", "bilingual5", "bilingual6", "longconv5", "relevance", "relevance2")
STORE_SHARE = 0.5  # the store negatives' total weight, against the labelled negatives'
STEPS = 3000
LEARNING_RATE = 0.5
L2 = 1e-4
DIGITS = 6  # rounding of the stored weights
TOLERANCE = 2e-5  # --check: weights this close are the same fit; otherwise the answers must be


def labelled(name: str) -> list[tuple[str, str, bool]]:
    path = DATA / "restatement" / "pairs.jsonl" if name == "pairs" else DATA / "restatement" / name / "pairs.jsonl"
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    if name == "pairs":
        return [(r["a"], r["b"], r["label"] != "distinct") for r in rows]
    return [(r["old"], r["new"], r["label"] == "same") for r in rows]


def rule_says(old: str, new: str) -> bool:
    return match_key(old) == match_key(new) or restates(old, new)


def store_pairs(name: str) -> list[tuple[str, str]]:
    """The pairs a merge asks the judge about when a store's memories arrive one by one (none of them one fact)."""
    path = DATA / name / "memories.jsonl"
    rows = sorted((json.loads(line) for line in path.open(encoding="utf-8") if line.strip()),
                  key=lambda row: (row["createdAt"], row["id"]))
    texts = [row["content"] for row in rows]
    index: TextIndex[int] = TextIndex()
    pairs = []
    for position, text in enumerate(texts):
        pairs += [(texts[near], text) for near in index.near(text)
                  if not rule_says(texts[near], text) and may_join_by_meaning(texts[near], text)]
        index.add(position, text)
    return pairs


def embedded(texts: set[str]) -> dict[str, Any]:
    import numpy as np

    model = load_model()
    ordered = sorted(texts)
    vectors: dict[str, Any] = {}
    for start in range(0, len(ordered), 64):
        chunk = ordered[start:start + 64]
        vectors.update(zip(chunk, normalised(np.asarray(model.encode([encodable(t) for t in chunk]))), strict=True))
    return vectors


def fit(features: Any, truth: Any, weight: Any) -> Any:
    import numpy as np

    weights = np.zeros(features.shape[1])
    scale = weight / weight.sum() * len(truth)
    for _ in range(STEPS):
        predicted = 1.0 / (1.0 + np.exp(-(features @ weights)))
        weights -= LEARNING_RATE * (features.T @ ((predicted - truth) * scale) / len(truth) + L2 * weights)
    return weights


def main() -> int:
    import numpy as np

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--held-out", action="store_true")
    parser.add_argument("--threshold", type=float, action="append",
                        help="--held-out: score these probability thresholds (default the shipped one)")
    args = parser.parse_args()
    thresholds = args.threshold or [THRESHOLD]

    sets = {name: labelled(name) for name in TRAINING_SETS}
    stores = {name: store_pairs(name) for name in STORES}
    texts = {t for pairs in sets.values() for old, new, _ in pairs for t in (old, new)}
    vectors = embedded(texts | {t for pairs in stores.values() for pair in pairs for t in pair})

    def asked(old: str, new: str) -> bool:
        return float(vectors[old] @ vectors[new]) >= MIN_COSINE

    # Per labelled set: (features, truth, the rule's answer, whether a merge would ask the judge) of each pair.
    judged = {name: [(pair_features(vectors[old], vectors[new]), truth, rule_says(old, new),
                      asked(old, new) and may_join_by_meaning(old, new)) for old, new, truth in pairs]
              for name, pairs in sets.items()}
    negatives = {name: [pair_features(vectors[old], vectors[new]) for old, new in pairs if asked(old, new)]
                 for name, pairs in stores.items()}

    def fitted(names: list[str]) -> Any:
        rows = [(x, float(t)) for name in names for x, t, rule, ask in judged[name] if ask and not rule]
        from_stores = [x for name in STORES for x in negatives[name]]
        labelled_negatives = sum(1 for _, t in rows if not t)
        weight = np.concatenate([np.ones(len(rows)), np.full(len(from_stores), STORE_SHARE * labelled_negatives
                                                             / max(len(from_stores), 1))])
        truth = np.array([t for _, t in rows] + [0.0] * len(from_stores))
        return fit(np.array([x for x, _ in rows] + from_stores), truth, weight)

    def answers(weights: Any, name: str, threshold: float = THRESHOLD) -> list[bool]:
        return [rule or (ask and float(1 / (1 + np.exp(-(x @ weights)))) >= threshold)
                for x, _, rule, ask in judged[name]]

    if args.held_out:
        print(f"{'held out':10} {'rule P / R':>16}" + "".join(f" {f'p ≥ {t:g}: P / R':>20}" for t in thresholds))
        totals = [[0, 0, 0] for _ in range(len(thresholds) + 1)]
        for held in TRAINING_SETS:
            weights = fitted([n for n in TRAINING_SETS if n != held])
            truth = [t for _, t, _, _ in judged[held]]
            cells = []
            for column, answer in enumerate([[rule for _, _, rule, _ in judged[held]]]
                                            + [answers(weights, held, t) for t in thresholds]):
                tp = sum(a and t for a, t in zip(answer, truth, strict=True))
                fp = sum(a and not t for a, t in zip(answer, truth, strict=True))
                fn = sum(t and not a for a, t in zip(answer, truth, strict=True))
                totals[column] = [totals[column][0] + tp, totals[column][1] + fp, totals[column][2] + fn]
                cells.append(f"{tp / max(tp + fp, 1):.3f} / {tp / max(tp + fn, 1):.3f}")
            print(f"{held:10} {cells[0]:>16}" + "".join(f" {cell:>20}" for cell in cells[1:]))
        cells = [f"{tp / max(tp + fp, 1):.3f} / {tp / max(tp + fn, 1):.3f}" for tp, fp, fn in totals]
        print(f"{'all':10} {cells[0]:>16}" + "".join(f" {cell:>20}" for cell in cells[1:]))
        return 0

    weights = [round(float(w), DIGITS) for w in fitted(list(TRAINING_SETS))]
    record = {"sets": list(TRAINING_SETS), "stores": list(STORES), "steps": STEPS, "weights": weights}
    if args.check:
        committed = json.loads(OUT.read_text(encoding="utf-8"))
        inputs = ("sets", "stores", "steps")
        if {k: committed.get(k) for k in inputs} != {k: record[k] for k in inputs}:
            print(f"train: {OUT.relative_to(ROOT)} was fitted on other sets or steps; rerun "
                  "tools/restatement_model/train.py", file=sys.stderr)
            return 1
        worst = max(abs(a - b) for a, b in zip(committed["weights"], weights, strict=True))
        # Another BLAS may move an embedding by 1e-7, and a pair on the cosine floor with it: the fit is then the
        # same if it answers every labelled pair as the committed one does.
        mine, theirs = np.array(weights), np.array(committed["weights"])
        differ = sum(a != b for name in TRAINING_SETS
                     for a, b in zip(answers(mine, name), answers(theirs, name), strict=True))
        if worst > TOLERANCE and differ:
            print(f"train: {OUT.relative_to(ROOT)} is stale: {differ} labelled pairs answered otherwise (largest "
                  f"weight difference {worst:.2e}); rerun tools/restatement_model/train.py", file=sys.stderr)
            return 1
        print(f"train: {OUT.relative_to(ROOT)} matches its sets (largest weight difference {worst:.1e}, "
              f"{differ} answers differ)", file=sys.stderr)
        return 0
    OUT.write_text(json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"train: wrote {OUT.relative_to(ROOT)} ({len(weights)} weights)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
