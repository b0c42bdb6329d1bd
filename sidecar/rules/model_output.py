"""Lenient parsing of the model's answer into candidate memory texts, in linear time (SPEC S6.1)."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections import deque
from typing import Any

import msgspec

from sidecar.rules.json_spans import OPENERS, QUOTE, array_elements, string_end

MAX_OUTPUT_BYTES = 4 * 1024 * 1024
# A real answer never hides behind thousands of bracketed asides or 100 000 brackets and strings;
# these bound the Python-level steps, so even hostile text is parsed in a fraction of a second.
MAX_CANDIDATES = 2000
MAX_TOKENS = 100_000
# msgspec refuses nesting deeper than about a thousand levels, so a deeper opener is never a whole value.
MAX_DEPTH = 2048
# Failed candidates may be searched inside; their total size is bounded so the work stays linear.
DESCENT_FACTOR = 4

_PARTNER = {ord("]"): ord("["), ord("}"): ord("{")}
_OPENERS = re.compile(rb"[\[{]+")
_OUTSIDE = re.compile(rb'[\[{]+|[\]}"]')
_FENCE = b"```"
_FENCE_INFO = re.compile(rb"[A-Za-z0-9_-]*")
_REASONING_OPEN = re.compile(rb"<(think|thinking|reasoning)\s*>", re.IGNORECASE)
_REASONING_CLOSE = re.compile(rb"</(think|thinking|reasoning)\s*>", re.IGNORECASE)
_CLOSE_OF = {name: re.compile(rb"</" + name + rb"\s*>", re.IGNORECASE)
             for name in (b"think", b"thinking", b"reasoning")}


class NoMemoryArray(ValueError):
    """The model's answer holds no JSON array of memories (the handler maps it to AI_RESPONSE)."""


def candidate_texts(raw: str) -> list[str]:
    """Texts of the items whose `content` is a non-empty string (bare strings are accepted too).

    Reasoning blocks are ignored first; then a whole-text value, a fenced block, or the first array (or
    `{"memories": [...]}` object) inside prose is used. An item that cannot be decoded — a lone surrogate,
    a broken escape — is skipped and the others are kept. Runs in time linear in `len(raw)`.
    Raises NoMemoryArray when no memory array can be found.
    """
    # backslashreplace turns lone surrogates into \udXXX escapes, which msgspec refuses item by item.
    data = raw.encode("utf-8", "backslashreplace")
    if len(data) > MAX_OUTPUT_BYTES:
        raise NoMemoryArray(f"the model output is larger than {MAX_OUTPUT_BYTES // (1024 * 1024)} MiB")
    data = _without_reasoning(data).strip()
    found = _find_memory_list(data)
    if found is None:
        raise NoMemoryArray("the model output holds no JSON array of memories")
    texts = []
    for element in found:
        content = element.get("content") if isinstance(element, dict) else element
        if isinstance(content, str) and content.strip():
            texts.append(content)
    return texts


def _without_reasoning(data: bytes) -> bytes:
    """`data` without `<think>…</think>`-style blocks; an unclosed one runs to the end.

    A closing tag before any opening one ends a block the chat template opened (DeepSeek-R1 style).
    """
    pieces = []
    position = 0
    first_close = _REASONING_CLOSE.search(data)
    first_open = _REASONING_OPEN.search(data)
    if first_close is not None and (first_open is None or first_close.start() < first_open.start()):
        position = first_close.end()
    while True:
        opening = _REASONING_OPEN.search(data, position)
        if opening is None:
            pieces.append(data[position:])
            break
        pieces.append(data[position:opening.start()])
        closing = _CLOSE_OF[opening.group(1).lower()].search(data, opening.end())
        if closing is None:
            break
        position = closing.end()
    return b"".join(pieces)


def _find_memory_list(data: bytes) -> list[Any] | None:
    if data[:1] in (b"[", b"{"):
        found, _ = _evaluate(data)
        if found is not None:
            return found
    for start, end in _fences(data):
        found = _search(data[start:end])
        if found is not None:
            return found
    return _search(data)


def _fences(data: bytes) -> list[tuple[int, int]]:
    """Content ranges of ``` fenced blocks, an info string such as `json` skipped."""
    ranges: list[tuple[int, int]] = []
    position = 0
    while True:
        opening = data.find(_FENCE, position)
        if opening < 0:
            return ranges
        closing = data.find(_FENCE, opening + 3)
        if closing < 0:
            return ranges
        info = _FENCE_INFO.match(data, opening + 3)
        start = info.end() if info is not None else opening + 3
        ranges.append((start, closing))
        position = closing + 3


def _search(data: bytes) -> list[Any] | None:
    """The first memory list among the bracketed spans of `data`, earliest start first."""
    return _Search(data).run()


class _Search:
    """One pass over `data` pairing `[`/`{` with their closers, trying spans as soon as they are final.

    Quotes count only inside a bracket (prose quotes are not strings); a string broken by a line break
    or a mismatched closer rules out every opener still open. Spans are tried earliest start first; a
    span that decodes but holds no memory list is skipped whole, one that does not decode is searched
    inside while the descent budget lasts. MAX_TOKENS and MAX_CANDIDATES bound the Python-level steps.
    """

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.opens: array[int] = array("q")
        self.ends: array[int] = array("q")  # where the matching closer ends; -1 while unmatched
        self.index = 0  # the next opener to try
        self.tried = 0
        self.budget = DESCENT_FACTOR * len(data)

    def run(self) -> list[Any] | None:
        data, opens, ends = self.data, self.opens, self.ends
        stack: deque[int] = deque(maxlen=MAX_DEPTH)
        position = 0
        for _ in range(MAX_TOKENS):
            # With nothing open, quotes and closers are prose: only the next opener matters.
            token = (_OUTSIDE if stack else _OPENERS).search(data, position)
            if token is None:
                break
            at, position = token.span()
            char = data[at]
            if char in OPENERS:
                # Only the last MAX_DEPTH openers of a run can ever close; the others need no record.
                first = max(at, position - MAX_DEPTH)
                stack.extend(range(len(opens), len(opens) + position - first))
                opens.extend(range(first, position))
                ends.extend([-1] * (position - first))
            elif char == QUOTE:
                position, closed = string_end(data, position)
                if not closed:
                    stack.clear()
            else:
                index = stack.pop()
                if data[opens[index]] == _PARTNER[char]:
                    ends[index] = position
                else:
                    stack.clear()
            if not stack:
                found = self._try_settled()
                if found is not None or self.tried >= MAX_CANDIDATES:
                    return found
        return self._try_settled()

    def _try_settled(self) -> list[Any] | None:
        """Tries the recorded openers in order; called when none of them can still change."""
        opens, ends = self.opens, self.ends
        while self.index < len(opens) and self.tried < MAX_CANDIDATES:
            start, end = opens[self.index], ends[self.index]
            if end < 0:
                self.index += 1
                continue
            self.tried += 1
            found, whole = _evaluate(self.data[start:end])
            if found is not None:
                return found
            if whole or self.budget <= 0:
                self.index = bisect_left(opens, end, self.index + 1)
            else:
                self.budget -= end - start
                self.index += 1
        return None


def _evaluate(span: bytes) -> tuple[list[Any] | None, bool]:
    """(the memory list in `span` or None, whether `span` decoded as one JSON value)."""
    try:
        value = msgspec.json.decode(span)
    except (msgspec.DecodeError, RecursionError):
        return (_salvage_elements(span) if span[:1] == b"[" else None), False
    return _memory_list(value), True


def _memory_list(value: Any) -> list[Any] | None:
    """The first array, or `{"memories": [...]}` array, in document order (iterative: any depth)."""
    pending = [value]
    while pending:
        current = pending.pop()
        if isinstance(current, list):
            return current
        if isinstance(current, dict):
            memories = current.get("memories")
            if isinstance(memories, list):
                return memories
            pending.extend(reversed([v for v in current.values() if isinstance(v, (list, dict))]))
    return None


def _salvage_elements(span: bytes) -> list[Any] | None:
    """The decodable elements of an array that does not decode as a whole (e.g. one lone surrogate).

    Only an array of strings or objects counts, so bracketed prose is not taken for the answer.
    """
    bounds, closed = array_elements(span, 0, MAX_TOKENS)
    if not closed:
        return None
    elements: list[Any] = []
    shaped = False
    for start, end in bounds:
        piece = span[start:end].strip()
        if piece[:1] not in (b"{", b'"'):
            continue
        shaped = True
        try:
            elements.append(msgspec.json.decode(piece))
        except (msgspec.DecodeError, RecursionError):
            continue
    return elements if shaped else None
