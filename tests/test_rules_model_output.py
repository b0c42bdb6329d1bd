from __future__ import annotations

import pytest

from sidecar.errors import AiError
from sidecar.rules.model_output import candidate_texts


@pytest.mark.parametrize("raw", [
    '[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]',
    '```json\n[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]\n```',
    '```\n[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]\n```',
    '好的，以下是提取结果：\n[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]\n希望有帮助。',
    '{"memories": [{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]}',
    '结果 {"memories": [{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]} 完毕',
    '["用户偏好 zsh", "项目使用 pnpm"]',
])
def test_lenient_shapes_all_parse(raw: str) -> None:
    assert candidate_texts(raw) == ["用户偏好 zsh", "项目使用 pnpm"]


def test_items_without_a_non_empty_string_content_are_skipped() -> None:
    raw = '[{"content": ""}, {"content": "  "}, {"content": 5}, {"text": "x"}, null, {"content": "保留"}]'
    assert candidate_texts(raw) == ["保留"]


def test_an_empty_array_means_nothing_to_add() -> None:
    assert candidate_texts("[]") == []


@pytest.mark.parametrize("raw", ["", "抱歉，我无法完成", "{\"content\": \"x\"}", "[{\"content\": \"x\"", "42"])
def test_output_without_a_memory_array_is_ai_response(raw: str) -> None:
    with pytest.raises(AiError) as exc:
        candidate_texts(raw)
    assert exc.value.code.prefix == "AI_RESPONSE"
