"""The extraction prompt is pinned in the repo, so it is checked even without the design document beside it."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from sidecar.prompt import EXTRACT_MEMORIES_PROMPT

# A verbatim copy of the seed's EXTRACT_MEMORIES_PROMPT (one trailing newline added), and its SHA-256:
# changing the prompt means changing the module, the copy and this hash together, on purpose.
PINNED = Path(__file__).resolve().parent / "data" / "extract_memories_prompt.txt"
PINNED_SHA256 = "f3d3fd2e0f1f95e9fcc4018c65a87fd562b2a3f6f2176c7d3c793b510d526c3e"
SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_d3f96521a9dd819e.txt"


def pinned_text() -> str:
    raw = PINNED.read_bytes().decode("utf-8")
    assert raw.endswith("\n") and not raw.endswith("\n\n")
    return raw[:-1]


def test_the_prompt_is_the_pinned_copy_byte_for_byte() -> None:
    assert EXTRACT_MEMORIES_PROMPT == pinned_text()
    assert hashlib.sha256(EXTRACT_MEMORIES_PROMPT.encode("utf-8")).hexdigest() == PINNED_SHA256


def test_the_pinned_prompt_keeps_its_shape() -> None:
    lines = pinned_text().split("\n")
    assert lines[0] == "你是记忆提取器。从对话历史中提取值得长期记住的用户偏好、项目上下文、重要事实。"
    assert lines[1] == "要求："
    assert [line[:2] for line in lines[2:8]] == ["1.", "2.", "3.", "4.", "5.", "6."]
    assert lines[-1].startswith("若输入中包含「已有记忆」") and len(lines) == 9
    assert all(line == line.strip() for line in lines)


@pytest.mark.skipif(not SEED.exists(),
                    reason=f"the original design document is not beside this checkout (looked for {SEED})")
def test_the_pinned_copy_is_the_design_documents_text() -> None:
    assert pinned_text() in SEED.read_text(encoding="utf-8")
