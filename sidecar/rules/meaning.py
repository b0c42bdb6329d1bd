"""Restatement by meaning: whether two memories the word rule keeps apart are one fact, by embedding (issue 16)."""

from __future__ import annotations

from typing import Any

from sidecar.rules.concepts import read_table
from sidecar.rules.memo import memo

THRESHOLD = 0.75
"""A pair is one fact from this probability on. Chosen by leaving each labelled set out of the fit in turn
(tools/restatement_model/train.py --held-out): the highest recall whose precision held on the sets left out."""

MIN_COSINE = 0.7
"""Below this cosine two texts are never one fact, whatever the fitted weights say: the fit saw few such pairs,
and in a store most memories sharing a subject and a word are other facts about it."""


def pair_features(old: Any, new: Any, replaceable: bool) -> Any:
    """The fitted model's inputs for two unit vectors: |u - v|, u * v, their cosine, `may_replace` and a bias."""
    import numpy as np  # lazy: only a process that ranks by meaning loads numpy

    return np.concatenate([np.abs(old - new), old * new, [float(old @ new), float(replaceable), 1.0]])


@memo(max_bytes=1024 * 1024)
def _weights(_: str) -> Any:
    import numpy as np

    return np.asarray(read_table("restatement_meaning.json")["weights"], dtype=np.float64)


def probability(old: Any, new: Any, replaceable: bool) -> float:
    """How likely the newer memory (vector `new`) states the same fact as the stored one (`old`)."""
    import math

    score = float(pair_features(old, new, replaceable) @ _weights("weights"))
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, score))))


def restates_by_meaning(old: Any, new: Any) -> bool:
    """True when a pair that `may_replace` allows is one fact by its meaning."""
    return float(old @ new) >= MIN_COSINE and probability(old, new, True) >= THRESHOLD
