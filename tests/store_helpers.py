"""What the store's test modules share: an item builder and a plain save (the `store` fixture is in conftest)."""

from __future__ import annotations

from protocol import MemoryItem
from sidecar.store import MemoryStore


def mem(id_: str, content: str = "c", created_at: int = 1) -> MemoryItem:
    return MemoryItem(id=id_, content=content, created_at=created_at, source_scope="global")


def save(store: MemoryStore, items: list[MemoryItem]) -> None:
    store.update(lambda current: (items, None))
