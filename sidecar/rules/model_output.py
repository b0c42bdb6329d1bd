"""Lenient parsing of the model's answer into candidate memory texts (SPEC S6.1)."""

from __future__ import annotations

import json
import re
from typing import Any, Optional

from protocol import ErrorCode
from sidecar.errors import AiError

_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?\n?(.*?)```", re.DOTALL)
_decoder = json.JSONDecoder()


def _memory_list(value: Any) -> Optional[list[Any]]:
    if isinstance(value, list):
        return value
    if isinstance(value, dict) and isinstance(value.get("memories"), list):
        return value["memories"]
    return None


def _whole(text: str) -> Optional[list[Any]]:
    try:
        return _memory_list(json.loads(text))
    except ValueError:
        return None


def _embedded(text: str) -> Optional[list[Any]]:
    """The first JSON array (or `{"memories": [...]}` object) found inside surrounding prose."""
    for match in re.finditer(r"[\[{]", text):
        try:
            value, _ = _decoder.raw_decode(text, match.start())
        except ValueError:
            continue
        found = _memory_list(value)
        if found is not None:
            return found
    return None


def candidate_texts(raw: str) -> list[str]:
    """Texts of the items whose `content` is a non-empty string (bare strings are accepted too).

    Raises AiError(AI_RESPONSE) when no memory array can be found.
    """
    text = raw.strip()
    found = _whole(text)
    if found is None:
        for fenced in _FENCE.findall(text):
            found = _whole(fenced.strip())
            if found is not None:
                break
    if found is None:
        found = _embedded(text)
    if found is None:
        raise AiError("the model output holds no JSON array of memories", ErrorCode.AI_RESPONSE)
    texts = []
    for element in found:
        content = element.get("content") if isinstance(element, dict) else element
        if isinstance(content, str) and content.strip():
            texts.append(content)
    return texts
