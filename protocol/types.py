"""Params and result Structs of every method, camelCase on the wire as serde's rename_all gives."""

from __future__ import annotations

from typing import Annotated, Optional, Union

import msgspec

MAX_CONTENT_CHARS = 200
DEFAULT_BUDGET_BYTES = 8192
PROTOCOL_VERSION = 1

MemoryId = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]
EpochMs = Annotated[int, msgspec.Meta(ge=0)]


class Wire(msgspec.Struct, rename="camel", omit_defaults=False):
    """Base of every wire Struct: camelCase field names, unknown fields ignored."""


class MemoryItem(Wire, frozen=True):
    """One cross-session memory (seed §6.1)."""

    id: MemoryId
    content: str
    created_at: EpochMs
    source_scope: str


class ContentPart(Wire):
    """One OpenAI content part; only `text` parts carry text, others become `[<type>]`."""

    type: str
    text: Optional[str] = None


class AiMessage(Wire):
    """An OpenAI-shaped chat message."""

    role: str
    content: Union[str, None, list[ContentPart]] = None


class Provider(Wire):
    base_url: Optional[str] = None
    api_key: Optional[str] = None
    model: Optional[str] = None


class NoParams(Wire):
    """Params of methods that take none; unknown fields are ignored."""


class SaveParams(Wire):
    items: list[MemoryItem]
    limit: Optional[int] = None


class ExtractParams(Wire):
    messages: list[AiMessage]
    provider: Optional[Provider] = None


class MergeParams(Wire):
    raw: str
    source_scope: str
    basis: Optional[list[str]] = None
    limit: Optional[int] = None


class MergeResult(Wire):
    memories: list[MemoryItem]
    added: list[MemoryItem]
    dropped: int


class ContextParams(Wire):
    budget_bytes: Annotated[int, msgspec.Meta(ge=0)] = DEFAULT_BUDGET_BYTES


class ContextResult(Wire):
    content: Optional[str]
    injected: int
    omitted: int


class InfoResult(Wire):
    name: str
    version: str
    protocol_version: int
    config_dir: str
    memory_file: str
    pid: int


class CancelParams(Wire):
    id: Union[int, float, str]
