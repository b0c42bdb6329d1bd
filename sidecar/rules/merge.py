"""Merging model output into the stored memories (SPEC S6.1, seed §6.4): dedupe, basis rule, evict."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Optional

from protocol import MemoryItem, MergeResult
from sidecar.rules.evict import evict, oldest_first
from sidecar.rules.secrets import looks_secret
from sidecar.rules.text import cut_content, normalise_whitespace


def new_uuid4() -> str:
    import uuid

    return str(uuid.uuid4())


def merge_output(
    stored: list[MemoryItem],
    texts: list[str],
    source_scope: str,
    basis: Iterable[str],
    limit: int,
    now_ms: Optional[int] = None,
    new_id: Callable[[], str] = new_uuid4,
) -> MergeResult:
    """The store after adding the model's candidate `texts` (see model_output.candidate_texts) that are new.

    An output item equal (after whitespace folding) to a stored item is that item; one equal to a
    `basis` entry that is no longer stored was deleted by the user meanwhile and stays deleted.
    """
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    known = {normalise_whitespace(item.content) for item in stored}
    deleted = {normalise_whitespace(text) for text in basis} - known
    added: list[MemoryItem] = []
    dropped = 0
    for text in texts:
        content = cut_content(normalise_whitespace(text)).rstrip()
        if not content or content in known or content in deleted:
            continue
        if looks_secret(normalise_whitespace(text)):
            dropped += 1
            continue
        known.add(content)
        added.append(MemoryItem(id=new_id(), content=content, created_at=now_ms, source_scope=source_scope))
    memories = evict(oldest_first([*stored, *added]), limit)
    kept = {id(item) for item in memories}
    return MergeResult(memories=memories, added=[item for item in added if id(item) in kept], dropped=dropped)
