"""Restatement by meaning: whether two memories the word rule keeps apart are one fact, by embedding (issue 16)."""

from __future__ import annotations

import math
from typing import Any

from sidecar.rules.concepts import read_table
from sidecar.rules.memo import memo

THRESHOLD = 0.75
"""A pair is one fact from this probability on. Chosen by leaving each labelled set out of the fit in turn
(tools/restatement_model/train.py --held-out) and by replaying stores of distinct facts (bench/merge_stream.py)."""

MIN_COSINE = 0.7
"""Below this cosine two texts are never one fact, whatever the fitted weights say: the fit saw few such pairs,
and in a store most memories sharing a subject and a word are other facts about it."""


def pair_features(old: Any, new: Any) -> Any:
    """The fitted model's inputs for two unit vectors: |u - v|, u * v, their cosine and a bias."""
    import numpy as np  # lazy: only a process that ranks by meaning loads numpy

    with np.errstate(all="ignore"):  # a vector that is not numbers gives a probability of 0, never a warning
        return np.concatenate([np.abs(old - new), old * new, [float(old @ new), 1.0]])


@memo(max_bytes=1024 * 1024)
def _weights(_: str) -> Any:
    import numpy as np

    return np.asarray(read_table("restatement_meaning.json")["weights"], dtype=np.float64)


def probability(old: Any, new: Any) -> float:
    """How likely the newer memory (vector `new`) states the same fact as the stored one (`old`); 0 for vectors
    that are not numbers."""
    import numpy as np

    with np.errstate(all="ignore"):
        score = float(pair_features(old, new) @ _weights("weights"))
    if not math.isfinite(score):
        return 0.0
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, score))))


def restates_by_meaning(old: Any, new: Any) -> bool:
    """True when a pair that `may_join_by_meaning` allows is one fact by its meaning."""
    import numpy as np

    with np.errstate(all="ignore"):
        cosine = float(old @ new)
    return math.isfinite(cosine) and cosine >= MIN_COSINE and probability(old, new) >= THRESHOLD
