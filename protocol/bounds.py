"""The numeric bounds of the protocol: rejected by the wire types, or clamped by the sidecar where the SPEC says so."""

from __future__ import annotations

from typing import NamedTuple


class Range(NamedTuple):
    """An inclusive range of an integer param with its default; `clamp` is what the sidecar applies."""

    low: int
    high: int
    default: int

    def clamp(self, value: int) -> int:
        return min(max(value, self.low), self.high)

    def describe(self) -> str:
        return f"clamped to {self.low}…{self.high} (never refused); default {self.default}"


MAX_ID_CHARS = 128
"""A memory id (and a change id) longer than this is RPC_INVALID_PARAMS (S5.2)."""
MAX_SCOPE_CHARS = 128
"""A `sourceScope` is an id-sized label (global, or a session id): longer is RPC_INVALID_PARAMS (issue 20.2)."""
MAX_CONTENT_CHARS = 200
"""Stored contents are cut to this many code points, never refused for length (S5.2, S6.1)."""
MAX_EPOCH_MS = 8_640_000_000_000_000
"""The latest instant a JavaScript Date holds (below Number.MAX_SAFE_INTEGER): a larger `createdAt` would blank
the Settings panel's dates, come back to the frontend rounded or as `1e+23`, and then fail the next save."""
DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024
"""The sidecar's default `--max-line-bytes`: a longer request line is RPC_INVALID_REQUEST (S3.4)."""
DEFAULT_BUDGET_BYTES = 8192
"""`ai_memory_context` budget when none is sent (S6.2)."""

MEMORY_LIMIT = Range(10, 1000, 100)
"""How many memories the store keeps; clamped (S5.2)."""
HISTORY_LIMIT = Range(1, 500, 50)
"""`ai_memory_history` `limit`; clamped, never refused (S9.5)."""
SEARCH_LIMIT = Range(1, 1000, 20)
"""`ai_search_memories` `limit`; clamped, never refused (S10.3)."""
ARCHIVE_LIST_LIMIT = Range(1, 1000, 50)
"""How many archived memories one archive listing returns; clamped, as the other list limits (S11.4)."""

CLAMPED: dict[str, Range] = {
    "memoryLimit": MEMORY_LIMIT,
    "historyLimit": HISTORY_LIMIT,
    "searchLimit": SEARCH_LIMIT,
    "archiveListLimit": ARCHIVE_LIST_LIMIT,
}
"""The clamped ranges under the names the generated TypeScript gives them."""

LENGTHS: dict[str, int] = {
    "MAX_ID_CHARS": MAX_ID_CHARS,
    "MAX_SCOPE_CHARS": MAX_SCOPE_CHARS,
    "MAX_CONTENT_CHARS": MAX_CONTENT_CHARS,
    "MAX_EPOCH_MS": MAX_EPOCH_MS,
    "DEFAULT_MAX_LINE_BYTES": DEFAULT_MAX_LINE_BYTES,
    "DEFAULT_BUDGET_BYTES": DEFAULT_BUDGET_BYTES,
}
"""The single-number bounds under their generated TypeScript names."""
