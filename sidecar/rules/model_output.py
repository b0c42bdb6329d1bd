"""Lenient parsing of the model's answer into candidate memory texts, in linear time (SPEC S6.1)."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections import deque
from typing import Any

import msgspec

from sidecar.rules.json_spans import OPENERS, QUOTE, array_elements, string_end

MAX_OUTPUT_BYTES = 1024 * 1024
# Spans tried before giving up: a real answer never hides behind thousands of bracketed asides.
MAX_CANDIDATES = 2000
# msgspec refuses nesting deeper than about a thousand levels, so a deeper opener is never a whole value.
MAX_DEPTH = 2048
# Failed candidates may be searched inside; their total size is bounded so the work stays linear.
DESCENT_FACTOR = 4

_PARTNER = {ord("]"): ord("["), ord("}"): ord("{")}
_OPENER = re.compile(rb"[\[{]")
_OUTSIDE = re.compile(rb'[\[\]{}"]')
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
    opens, ends = _match_brackets(data)
    budget = DESCENT_FACTOR * len(data)
    index = 0
    tried = 0
    while index < len(opens) and tried < MAX_CANDIDATES:
        start, end = opens[index], ends[index]
        if end < 0:
            index += 1
            continue
        tried += 1
        found, whole = _evaluate(data[start:end])
        if found is not None:
            return found
        if whole or budget <= 0:
            index = bisect_left(opens, end, index + 1)
        else:
            budget -= end - start
            index += 1
    return None


def _match_brackets(data: bytes) -> tuple[array[int], array[int]]:
    """Positions of `[`/`{` openers and where their matching closer ends (-1 when no JSON value could).

    Quotes count only inside a bracket (prose quotes are not strings); a string broken by a line break
    or a mismatched closer rules out every opener still open.
    """
    opens: array[int] = array("q")
    ends: array[int] = array("q")
    stack: deque[int] = deque(maxlen=MAX_DEPTH)
    position = 0
    while True:
        # With nothing open, quotes and closers are prose: only the next opener matters.
        token = (_OUTSIDE if stack else _OPENER).search(data, position)
        if token is None:
            return opens, ends
        at = token.start()
        char = data[at]
        position = at + 1
        if char == QUOTE:
            if stack:
                position, closed = string_end(data, position)
                if not closed:
                    stack.clear()
        elif char in OPENERS:
            stack.append(len(opens))
            opens.append(at)
            ends.append(-1)
        elif stack:
            index = stack.pop()
            if data[opens[index]] == _PARTNER[char]:
                ends[index] = at + 1
            else:
                stack.clear()


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
    bounds, closed = array_elements(span, 0)
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
