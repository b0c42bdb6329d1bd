"""Merging new memory texts into the store: one memory per fact, the newer statement wins (S6.1, S9.3)."""

from __future__ import annotations

import heapq
import itertools
import math
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Generic, NamedTuple, Optional, TypeVar

import msgspec

from protocol import MemoryItem, Update
from sidecar.rules.evict import evict, oldest_first
from sidecar.rules.facts import frame
from sidecar.rules.match import (
    MIN_NEAR_WEIGHT,
    keys_of,
    match_key,
    may_join_by_meaning,
    may_replace,
    restates,
    restates_sharing,
)
from sidecar.rules.secrets import looks_secret
from sidecar.rules.text import cut_content, has_visible_text, normalise_whitespace
from sidecar.rules.wording import canonical

K = TypeVar("K", int, str)

# Of the texts sharing keys with a new one, this many (most shared first) get a restatement test: the
# stored memories, and the earlier texts of one answer (a repeat there shares nearly every word).
NEAR_LIMIT = 8
NEAR_LIMIT_IN_ANSWER = 4
# A key held by more texts than this ("项目", "the user's") says too little to look through them all.
COMMON_KEY = 256


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


class TextIndex(Generic[K]):
    """Which texts share a key (`keys_of`) with a given one, most shared first: the only ones worth a
    restatement test. Entries are named by the caller (a position, or the text itself)."""

    def __init__(self) -> None:
        self._by_key: dict[str, set[K]] = {}

    def add(self, name: K, text: str) -> None:
        for key in keys_of(text):
            self._by_key.setdefault(key, set()).add(name)

    def discard(self, name: K, text: str) -> None:
        for key in keys_of(text):
            holders = self._by_key.get(key)
            if holders is not None:
                holders.discard(name)
                if not holders:
                    del self._by_key[key]

    def near(self, text: str, limit: int = NEAR_LIMIT) -> list[K]:
        scores: dict[K, float] = {}
        for key, weight in keys_of(text).items():
            holders = self._by_key.get(key)
            if not holders or len(holders) > COMMON_KEY:
                continue
            for name in holders:
                scores[name] = scores.get(name, 0.0) + weight
        worth = [name for name, score in scores.items() if score >= MIN_NEAR_WEIGHT]
        # Ties broken by the name, never by set order, which the hash seed changes between processes (the
        # same merge must give the same store everywhere).
        if len(worth) <= limit:
            return sorted(worth, key=lambda name: (-scores[name], name))
        return heapq.nsmallest(limit, worth, key=lambda name: (-scores[name], name))


class StoreTexts:
    """The stored texts' index, kept by whoever owns the store between merges and brought up to date by
    difference (a merge changes a few memories). Not thread-safe: one owner, one merge at a time."""

    def __init__(self) -> None:
        self.index: TextIndex[str] = TextIndex()
        self.key_of: dict[str, str] = {}  # each stored text's match key
        self._texts: frozenset[str] = frozenset()

    def sync(self, texts: frozenset[str]) -> None:
        for text in self._texts - texts:
            self.index.discard(text, text)
            del self.key_of[text]
        for text in texts - self._texts:
            self.index.add(text, text)
            self.key_of[text] = match_key(text)
        self._texts = texts


def candidate_contents(texts: Iterable[str], filter_secrets: bool = True,
                       cap: Optional[int] = None) -> tuple[list[str], int]:
    """Texts shaped for storage, later ones replacing earlier ones they restate; and how many looked secret.

    Texts with nothing visible after the context's folding are skipped (issue 20.5). With `cap`, at most
    that many are kept, the last ones: a complete answer lists the known memories first and what is new
    after them, and eviction drops the oldest anyway, so nothing a store of `cap` would keep is lost.
    """
    items = list(texts)
    kept: dict[int, str] = {}
    keys: set[str] = set()
    near: TextIndex[int] = TextIndex()
    dropped = 0
    # Newest first: a text that a later one restates or repeats is dropped on sight.
    for slot in range(len(items) - 1, -1, -1):
        folded = normalise_whitespace(items[slot])
        content = cut_content(folded).rstrip()
        if not content or not has_visible_text(content):
            continue
        if filter_secrets and looks_secret(folded):
            dropped += 1
            continue
        if cap is not None and len(kept) >= cap:
            continue  # still counted above if it looked secret
        key = match_key(content)
        if key in keys or any(restates(kept[s], content) for s in near.near(content, NEAR_LIMIT_IN_ANSWER)):
            continue
        kept[slot] = content
        keys.add(key)
        near.add(slot, content)
    return [kept[slot] for slot in sorted(kept)], dropped


def model_replacements(basis: Sequence[str], contents: Sequence[str], stored_keys: set[str]) -> dict[int, str]:
    """Which content the model put in place of a stored basis memory it left out (issue 16.6): index in
    `contents` → the basis text it replaces.

    Only a complete answer says so: at least half the basis is returned (by key) and in the basis order.
    A basis memory missing from it is replaced by the one new text in its place (between the memories
    around it), or else by the only new text stating its attribute of its subject; never when the two are
    about someone or something else (`may_replace`).
    """
    basis_keys = [match_key(text) for text in basis]
    first: dict[str, int] = {}
    for index, key in enumerate(basis_keys):
        first.setdefault(key, index)
    anchors: list[tuple[int, int]] = []  # (content index, basis index)
    new: list[int] = []
    for index, content in enumerate(contents):
        at = first.get(match_key(content))
        if at is None:
            new.append(index)
        else:
            anchors.append((index, at))
    returned = {b for _, b in anchors}
    order = [b for _, b in anchors]
    if not new or not returned or len(returned) < math.ceil(len(first) / 2):
        return {}
    if any(later <= earlier for earlier, later in itertools.pairwise(order)):
        return {}  # reordered freely: positions mean nothing
    missing = [i for i, key in enumerate(basis_keys) if first[key] == i and i not in returned]
    pairs: dict[int, str] = {}
    for i in missing:
        if basis_keys[i] not in stored_keys:
            continue
        before = max((c for c, b in anchors if b < i), default=-1)
        after = min((c for c, b in anchors if b > i), default=len(contents))
        low = max((b for b in returned if b < i), default=-1)
        high = min((b for b in returned if b > i), default=len(basis))
        in_gap = [n for n in new if before < n < after]
        gap_missing = [j for j in missing if low < j < high]
        chosen: Optional[int] = in_gap[0] if len(in_gap) == 1 and len(gap_missing) == 1 else None
        if chosen is None:
            same = [n for n in new if _same_attribute(basis[i], contents[n])]
            chosen = same[0] if len(same) == 1 else None
        if chosen is not None and chosen not in pairs and may_replace(basis[i], contents[chosen]):
            pairs[chosen] = basis[i]
    return pairs


def _same_attribute(old: str, new: str) -> bool:
    mine, theirs = frame(canonical(old)).attributes, frame(canonical(new)).attributes
    return bool(mine and theirs and mine[0].concept == theirs[0].concept and mine[0].subject == theirs[0].subject)


def merge_contents(
    stored: Sequence[MemoryItem],
    contents: Sequence[str],
    source_scope: str,
    basis: Iterable[str],
    limit: int,
    now_ms: int,
    dropped: int = 0,
    new_id: Callable[[], str] = new_uuid4,
    store_texts: Optional[StoreTexts] = None,
    meaning: Optional[Callable[[str, str], bool]] = None,
) -> Merged:
    """The store after stating `contents` (already shaped by `candidate_contents`), oldest first.

    A content whose key equals a stored one is that memory, unchanged; one that restates a stored memory,
    or that the model put in place of a stored `basis` memory (`model_replacements`), updates it in place
    (same id, new text, createdAt = now, this scope); one that equals or restates a `basis` entry no
    longer stored was deleted meanwhile and stays deleted; the rest are added. Nothing stored is removed
    except by eviction beyond `limit`. `store_texts` is the caller's index of the stored texts, kept
    between merges; without one, a fresh index is built. `meaning` (`restates_by_meaning` over texts) is
    asked about the memories sharing words with a content that the word rule found none of it restates.
    """
    current = list(stored)
    # The first stored memory of a key or a text stands for it (a store written by hand may repeat one):
    # built from the end, so earlier positions overwrite later ones (zip and dict, not a Python loop).
    texts = [item.content for item in current]
    backwards = range(len(texts) - 1, -1, -1)
    positions = dict(zip(reversed(texts), backwards, strict=True))
    if store_texts is None:
        store_texts = StoreTexts()
    store_texts.sync(frozenset(positions))
    key_of = store_texts.key_of
    by_key = dict(zip(map(key_of.__getitem__, reversed(texts)), backwards, strict=True))
    basis_texts = [text for text in (normalise_whitespace(b) for b in basis) if text]
    deleted = [text for text in basis_texts if match_key(text) not in by_key]
    deleted_keys = {match_key(text) for text in deleted}
    deleted_near: TextIndex[int] = TextIndex()
    for slot, text in enumerate(deleted):
        deleted_near.add(slot, text)
    replaced = model_replacements(basis_texts, contents, set(by_key))
    placed: TextIndex[int] = TextIndex()  # texts this merge puts into the store, by position

    originals: dict[int, MemoryItem] = {}
    added: list[MemoryItem] = []
    # Each stored memory answers to one content per merge, so merging the same answer twice is a no-op.
    claimed: set[int] = set()
    for index, content in enumerate(contents):
        key = match_key(content)
        if key in by_key:
            claimed.add(by_key[key])
            continue
        if key in deleted_keys or any(restates(deleted[s], content) for s in deleted_near.near(content)):
            continue
        near = {positions[text] for text in store_texts.index.near(content)} | set(placed.near(content))
        target = _best_restated(current, near - claimed, content, meaning)
        if target is None and index in replaced:
            target = by_key.get(match_key(replaced[index]))
            if target in claimed:
                target = None
        if target is None:
            item = MemoryItem(id=new_id(), content=content, created_at=now_ms, source_scope=source_scope)
            position = len(current)
            current.append(item)
            added.append(item)
        else:
            position = target
            before = current[position]
            originals.setdefault(position, before)
            if by_key.get(match_key(before.content)) == position:
                del by_key[match_key(before.content)]
            current[position] = msgspec.structs.replace(before, content=content, created_at=now_ms,
                                                        source_scope=source_scope)
        by_key[key] = position
        claimed.add(position)
        placed.add(position, content)

    memories = evict(oldest_first(current), limit)
    kept = set(map(_ID, memories))
    return Merged(
        memories=memories,
        added=[item for item in added if item.id in kept],
        updated=[Update(before=before, after=current[p]) for p, before in originals.items() if current[p].id in kept],
        evicted=[item for item in stored if item.id not in kept],
        dropped=dropped,
    )


_ID = operator.attrgetter("id")


def _shared(mine: Mapping[str, float], theirs: Mapping[str, float]) -> float:
    """`shared_weight` of two texts from their keys."""
    if len(theirs) < len(mine):
        mine, theirs = theirs, mine
    return math.fsum(weight for key, weight in mine.items() if key in theirs)


def _best_restated(current: list[MemoryItem], near: set[int], content: str,
                   meaning: Optional[Callable[[str, str], bool]] = None) -> Optional[int]:
    """Of the memories near `content`, the one it restates that shares the most keys with it, the newest on
    a tie; when the word rule finds none, the first in that order that `meaning` judges one fact with it
    and `may_join_by_meaning` allows."""
    mine = keys_of(content)
    ranked = sorted(((_shared(mine, keys_of(current[p].content)), current[p].created_at, p) for p in near),
                    reverse=True)
    for weight, _, position in ranked:
        if restates_sharing(current[position].content, content, weight):
            return position
    if meaning is not None:
        for _, _, position in ranked:
            old = current[position].content
            if may_join_by_meaning(old, content) and meaning(old, content):
                return position
    return None
