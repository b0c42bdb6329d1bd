"""Linear scans over JSON text that may be torn or surrounded by prose: string ends and array elements."""

from __future__ import annotations

import re

QUOTE, COMMA = ord('"'), ord(",")
OPENERS = frozenset(b"[{")
# Escapes and plain runs alternate without overlap, so this never backtracks.
_STRING_BODY = re.compile(rb'(?:[^"\\\n]+|\\.)*')
_ELEMENT = re.compile(rb'[\[\]{}",]')


def string_end(data: bytes, position: int) -> tuple[int, bool]:
    """Where the JSON string whose body starts at `position` ends, and whether it ends properly.

    A raw line break cannot be inside a JSON string, so it ends a broken one (where resync starts).
    """
    body = _STRING_BODY.match(data, position)
    end = body.end() if body is not None else position
    if end < len(data) and data[end] == QUOTE:
        return end + 1, True
    return end, False


def array_elements(data: bytes, opener: int, max_tokens: int = 200_000) -> tuple[list[tuple[int, int]], bool]:
    """Byte ranges of the top-level elements of the array opening at `data[opener]`, and whether it closed.

    Stops at the first damage (a broken string or the end of the data); the range from the last comma to
    it is included too, as a torn file may lack only its closing bracket. Nesting is counted, never
    recursed into, so any depth is fine; after `max_tokens` commas, brackets and strings it stops as if
    damaged, which bounds the Python-level steps.
    """
    bounds: list[tuple[int, int]] = []
    depth = 0
    element_start = position = opener + 1
    for _ in range(max_tokens):
        token = _ELEMENT.search(data, position)
        if token is None:
            return [*bounds, (element_start, len(data))], False
        at = token.start()
        char = data[at]
        position = at + 1
        if char == QUOTE:
            position, closed = string_end(data, position)
            if not closed:
                return [*bounds, (element_start, position)], False
        elif char in OPENERS:
            depth += 1
        elif char == COMMA:
            if depth == 0:
                bounds.append((element_start, at))
                element_start = at + 1
        elif depth:
            depth -= 1
        else:
            bounds.append((element_start, at))
            return bounds, True
    return [*bounds, (element_start, position)], False
