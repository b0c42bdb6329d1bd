"""The secret filter applied to merged model output (SPEC S6.3): credentials never become memories."""

from __future__ import annotations

import math
import re
from collections import Counter

_SHAPES = re.compile(
    r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----"
    r"|(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{16,}"
    r"|(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9])(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}"
    r"|(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{20,}"
    r"|(?<![A-Za-z0-9])xox[bpoas]-[A-Za-z0-9-]{10,}"
    r"|eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}"
)
_ASSIGNMENT = re.compile(
    r"(?<![A-Za-z0-9])(?:password|passwd|passphrase|pwd|secret|token|api[ _-]?key|access[ _-]?key"
    r"|private[ _-]?key|client[ _-]?secret|auth)\s*[:=：]\s*\S"
    r"|(?:密码|口令|密钥|令牌|私钥|API\s*Key|Token)\s*(?:是|为|[:=：])\s*\S",
    re.IGNORECASE,
)
_RUN = re.compile(r"[A-Za-z0-9+/=_-]{32,}")
_GIT_SHA = re.compile(r"[0-9a-f]{40}|[0-9A-F]{40}")
_HEX = re.compile(r"[0-9a-fA-F]+")


def _entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _high_entropy_run(run: str) -> bool:
    if _GIT_SHA.fullmatch(run):
        return False
    has_digit = any(c.isdigit() for c in run)
    has_alpha = any(c.isalpha() for c in run)
    if not (has_digit and has_alpha):
        return False
    threshold = 3.0 if _HEX.fullmatch(run) else 3.7
    return _entropy(run) >= threshold


def looks_secret(text: str) -> bool:
    if _SHAPES.search(text) or _ASSIGNMENT.search(text):
        return True
    return any(_high_entropy_run(match.group()) for match in _RUN.finditer(text))
