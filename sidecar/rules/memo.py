"""Memos of the rules' pure functions, bounded by bytes: no cache grows past its size whatever it is asked."""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

# Stored contents are cut to 200 characters; a longer argument is a query, and a query's text and what is
# derived from it are never kept past the call that asked.
MAX_KEY_CHARS = 200


def size_of(value: object) -> int:
    """Bytes a cached value holds: the object and, one level down, the strings and numbers it contains."""
    size = sys.getsizeof(value)
    if isinstance(value, (tuple, list, frozenset, set)):
        size += sum(sys.getsizeof(element) for element in value)
    elif isinstance(value, dict):
        size += sum(sys.getsizeof(k) + sys.getsizeof(v) for k, v in value.items())
    return size


class Memo(Generic[T]):
    """A least-recently-used memo of `function(text)` that holds at most `max_bytes` of keys and values.

    Thread-safe: the write path runs rules in a worker thread while the event loop ranks. A hit costs no lock
    (a merge makes about a thousand).
    """

    def __init__(self, function: Callable[[str], T], max_bytes: int, max_key_chars: int = MAX_KEY_CHARS) -> None:
        self._function = function
        self.max_bytes = max_bytes
        self._max_key_chars = max_key_chars
        self._entries: OrderedDict[str, tuple[T, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = 0
        self.__doc__ = function.__doc__
        self.__name__ = getattr(function, "__name__", "memo")

    def __call__(self, text: str) -> T:
        if len(text) > self._max_key_chars:
            return self._function(text)
        # A hit takes no lock: each OrderedDict call is atomic under the GIL, and the lock only orders the
        # writes below. Another thread may evict the entry between the two calls; it was still a right value.
        hit = self._entries.get(text)
        if hit is not None:
            try:
                self._entries.move_to_end(text)
            except KeyError:
                pass
            return hit[0]
        value = self._function(text)
        cost = size_of(text) + size_of(value)
        if cost > self.max_bytes:
            return value
        with self._lock:
            if text not in self._entries:
                self._entries[text] = (value, cost)
                self.bytes += cost
                while self.bytes > self.max_bytes:
                    _, (_, evicted) = self._entries.popitem(last=False)
                    self.bytes -= evicted
        return value

    def cache_clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0


def memo(max_bytes: int, max_key_chars: int = MAX_KEY_CHARS) -> Callable[[Callable[[str], T]], Memo[T]]:
    """Decorator form of `Memo`."""

    def wrap(function: Callable[[str], T]) -> Memo[T]:
        return Memo(function, max_bytes, max_key_chars)

    return wrap
