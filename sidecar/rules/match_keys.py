"""What a text is filed under to find the memories it may restate, and what two texts' keys share."""

from __future__ import annotations

import math
from collections.abc import Mapping

from sidecar.rules.evidence import upper_weight
from sidecar.rules.facts import filed_subject, frame
from sidecar.rules.kinds import kind_keys
from sidecar.rules.memo import memo
from sidecar.rules.single_valued import bare_number
from sidecar.rules.tokens import token_set
from sidecar.rules.wording import canonical


# Sized for a full store (1000 memories ≈ 1.4 MB counted) and some churn.
@memo(max_bytes=4 << 20)
def keys_of(text: str) -> Mapping[str, float]:
    """What a text is filed under for finding the memories it may restate, each with the most sharing it
    can weigh: its tokens (numbers in words as digits) and, for the attribute it states, "@attribute
    subject" ("用户住在厦门" and "用户上个月搬到了青岛" share no word but one such key; it counts as a name)."""
    written = canonical(text)
    found = {token: upper_weight(token) for token in token_set(written)}
    written_frame = frame(written)
    for attribute in written_frame.attributes:
        found["@" + attribute.concept + " " + " ".join(sorted(filed_subject(attribute)))] = 1.0
    if not written_frame.attributes and bare_number(written):
        found["@age " + " ".join(sorted(written_frame.people))] = 1.0  # "The user is 39" may be an age
    if kind_keys(written):
        found_frame = frame(written)
        # Not names: a capitalised value ("Jest") reads as one, and people are told apart by the rule.
        whose = " ".join(sorted({p for p in found_frame.people if not p.startswith("name:")}
                                | found_frame.subject_nouns))
        for kind in kind_keys(written):
            found["@kind:" + kind + " " + whose] = 1.0  # "shell 是 bash" / "改用 fish 了": one kind of value
    return found  # memoised and shared: read it, never change it


def shared_weight(a: str, b: str) -> float:
    """The most the keys `a` and `b` share can weigh."""
    mine, theirs = keys_of(a), keys_of(b)
    if len(theirs) < len(mine):
        mine, theirs = theirs, mine
    return math.fsum(weight for key, weight in mine.items() if key in theirs)
