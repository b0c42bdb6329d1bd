"""Merging new memory texts into the store: one memory per fact, the newer statement wins (S6.1, S9.3)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, Optional

import msgspec

from protocol import MemoryItem, Update
from sidecar.rules.evict import evict, oldest_first
from sidecar.rules.match import MIN_SHARED_WEIGHT, match_key, restates, upper_weight
from sidecar.rules.secrets import looks_secret
from sidecar.rules.text import cut_content, normalise_whitespace
from sidecar.rules.tokens import token_set


class Merged(NamedTuple):
    """The store after a merge and what the merge did; `dropped` counts secret-looking texts."""

    memories: list[MemoryItem]
    added: list[MemoryItem]
    updated: list[Update]
    evicted: list[MemoryItem]
    dropped: int


def new_uuid4() -> str:
    import uuid  # only merges need ids; start-up does not pay for uuid

    return str(uuid.uuid4())


class _Postings:
    """Which texts share a content token with a given text: the only ones worth a restatement test.

    Entries may go stale when a text changes; callers test the current text, so stale ones cost a test only.
    """

    def __init__(self) -> None:
        self._by_token: dict[str, set[int]] = {}

    def add(self, slot: int, text: str) -> None:
        for token in token_set(text):
            hits = self._by_token.get(token)
            if hits is None:
                self._by_token[token] = {slot}
            else:
                hits.add(slot)

    def sharing(self, text: str) -> set[int]:
        found: set[int] = set()
        for token in token_set(text):
            hits = self._by_token.get(token)
            if hits:
                found |= hits
        return found


class _TextIndex:
    """Which texts hold a token, for the store's texts as last seen. Kept between merges and brought up to
    date by difference, because the store changes in a few memories from one merge to the next."""

    def __init__(self) -> None:
        self._holding: dict[str, set[str]] = {}
        self._texts: frozenset[str] = frozenset()
        self.lock = threading.Lock()

    def sync(self, texts: frozenset[str]) -> None:
        holding = self._holding
        for text in self._texts - texts:
            for token in token_set(text):
                holders = holding[token]
                holders.discard(text)
                if not holders:
                    del holding[token]
        for text in texts - self._texts:
            for token in token_set(text):
                holding.setdefault(token, set()).add(text)
        self._texts = texts

    def holding(self, tokens: frozenset[str]) -> set[str]:
        found: set[str] = set()
        for token in tokens:
            holders = self._holding.get(token)
            if holders:
                found |= holders
        return found


# Merges run one at a time (the store's turn order); the lock keeps a stray concurrent caller safe anyway.
_STORED_TEXTS = _TextIndex()


def _shared_weight(shared: frozenset[str]) -> float:
    """At most what the shared tokens weigh in `restates` (a Latin word as a name)."""
    return sum(map(upper_weight, shared))


def candidate_contents(texts: Iterable[str], filter_secrets: bool = True) -> tuple[list[str], int]:
    """Texts shaped for storage, later ones replacing earlier ones they restate; and how many looked secret."""
    kept: dict[int, str] = {}
    keys: dict[str, int] = {}
    postings = _Postings()
    dropped = 0
    for slot, text in enumerate(texts):
        folded = normalise_whitespace(text)
        content = cut_content(folded).rstrip()
        if not content:
            continue
        if filter_secrets and looks_secret(folded):
            dropped += 1
            continue
        key = match_key(content)
        earlier = {keys[key]} if key in keys else set()
        earlier |= {s for s in postings.sharing(content) if s in kept and restates(kept[s], content)}
        for s in earlier:
            del keys[match_key(kept.pop(s))]
        kept[slot] = content
        keys[key] = slot
        postings.add(slot, content)
    return [kept[slot] for slot in sorted(kept)], dropped


def merge_contents(
    stored: Sequence[MemoryItem],
    contents: Sequence[str],
    source_scope: str,
    basis: Iterable[str],
    limit: int,
    now_ms: int,
    dropped: int = 0,
    new_id: Callable[[], str] = new_uuid4,
) -> Merged:
    """The store after stating `contents` (already shaped by `candidate_contents`), oldest first.

    A content whose key equals a stored one is that memory, unchanged; one that restates a stored memory
    updates it in place (same id, new text, createdAt = now, this scope); one that equals or restates a
    `basis` entry no longer stored was deleted meanwhile and stays deleted; the rest are added. Nothing
    stored is removed except by eviction beyond `limit`.
    """
    current = list(stored)
    # The first stored memory of a key or a text stands for it (a store written by hand may repeat one).
    by_key = {match_key(item.content): p for p, item in reversed(list(enumerate(current)))}
    positions = {item.content: p for p, item in reversed(list(enumerate(current)))}
    deleted = [text for text in (normalise_whitespace(b) for b in basis) if text and match_key(text) not in by_key]
    deleted_keys = {match_key(text) for text in deleted}
    deleted_postings = _Postings()
    for slot, text in enumerate(deleted):
        deleted_postings.add(slot, text)
    placed = _Postings()  # texts this merge puts into the store

    originals: dict[int, MemoryItem] = {}
    added: list[MemoryItem] = []
    # Each stored memory answers to one content per merge, so merging the same answer twice is a no-op.
    claimed: set[int] = set()
    with _STORED_TEXTS.lock:
        _STORED_TEXTS.sync(frozenset(positions))
        for content in contents:
            key = match_key(content)
            if key in by_key:
                claimed.add(by_key[key])
                continue
            if key in deleted_keys or any(restates(deleted[s], content) for s in deleted_postings.sharing(content)):
                continue
            near = {positions[text] for text in _STORED_TEXTS.holding(token_set(content))}
            target = _best_restated(current, (near | placed.sharing(content)) - claimed, content)
            if target is None:
                item = MemoryItem(id=new_id(), content=content, created_at=now_ms, source_scope=source_scope)
                position = len(current)
                current.append(item)
                added.append(item)
            else:
                position = target
                before = current[position]
                originals[position] = before
                if by_key.get(match_key(before.content)) == position:
                    del by_key[match_key(before.content)]
                current[position] = msgspec.structs.replace(before, content=content, created_at=now_ms,
                                                            source_scope=source_scope)
            by_key[key] = position
            claimed.add(position)
            placed.add(position, content)

    memories = evict(oldest_first(current), limit)
    kept = {item.id for item in memories}
    return Merged(
        memories=memories,
        added=[item for item in added if item.id in kept],
        updated=[Update(before=before, after=current[p]) for p, before in originals.items() if current[p].id in kept],
        evicted=[item for p, item in enumerate(stored) if item.id not in kept],
        dropped=dropped,
    )


def _best_restated(current: list[MemoryItem], near: set[int], content: str) -> Optional[int]:
    """The stored memory `content` restates that shares the most with it; the newest on a tie.

    Tried most-shared first, so once one restates, only those sharing as much are still tried.
    """
    mine = token_set(content)
    ranked = []
    for position in near:
        item = current[position]
        shared = _shared_weight(token_set(item.content) & mine)
        if shared >= MIN_SHARED_WEIGHT:
            ranked.append((shared, item.created_at, position))
    ranked.sort(reverse=True)
    best: Optional[tuple[float, int, int]] = None
    for rank in ranked:
        if best is not None and rank[0] < best[0]:
            break
        if restates(current[rank[2]].content, content) and (best is None or rank > best):
            best = rank
    return None if best is None else best[2]
