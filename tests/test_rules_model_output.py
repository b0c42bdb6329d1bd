from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sidecar.rules import model_output
from sidecar.rules.model_output import MAX_OUTPUT_BYTES, NoMemoryArray, candidate_texts


@pytest.mark.parametrize("raw", [
    '[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]',
    '```json\n[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]\n```',
    '```\n[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]\n```',
    '好的，以下是提取结果：\n[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]\n希望有帮助。',
    '{"memories": [{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]}',
    '结果 {"memories": [{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]} 完毕',
    '["用户偏好 zsh", "项目使用 pnpm"]',
    '步骤 [1] 见下：\n```json\n["用户偏好 zsh", "项目使用 pnpm"]\n```',
    '他说"好的 [备注 ["用户偏好 zsh", "项目使用 pnpm"]',
    '{"result": {"memories": ["用户偏好 zsh", "项目使用 pnpm"]}}',
    '[注意] {"memories": ["用户偏好 zsh", "项目使用 pnpm"]}',
])
def test_lenient_shapes_all_parse(raw: str) -> None:
    assert candidate_texts(raw) == ["用户偏好 zsh", "项目使用 pnpm"]


def test_items_without_a_non_empty_string_content_are_skipped() -> None:
    raw = '[{"content": ""}, {"content": "  "}, {"content": 5}, {"text": "x"}, null, {"content": "保留"}]'
    assert candidate_texts(raw) == ["保留"]


def test_an_empty_array_means_nothing_to_add() -> None:
    assert candidate_texts("[]") == []


@pytest.mark.parametrize("raw", ["", "抱歉，我无法完成", "{\"content\": \"x\"}", "[{\"content\": \"x\"", "42",
                                 "[思考一下]"])
def test_output_without_a_memory_array_raises_the_rule_error(raw: str) -> None:
    with pytest.raises(NoMemoryArray):
        candidate_texts(raw)


# 7.8 / S6.1: reasoning models think aloud before answering.
@pytest.mark.parametrize("raw", [
    '<think>也许是 ["not", "this"]</think>\n["用户偏好 zsh"]',
    '<THINKING>\n["not"]\n</Thinking>["用户偏好 zsh"]',
    '<reasoning>{"memories": ["not"]}</reasoning> ```json\n["用户偏好 zsh"]\n```',
    '<think>a</think><think>["not"]</think>["用户偏好 zsh"]',
    '先想想 ["not", "this"]\n</think>\n["用户偏好 zsh"]',
])
def test_reasoning_blocks_are_ignored(raw: str) -> None:
    assert candidate_texts(raw) == ["用户偏好 zsh"]


def test_a_reasoning_block_left_unclosed_at_the_start_holds_no_answer() -> None:
    with pytest.raises(NoMemoryArray):
        candidate_texts('<think>\n用户可能喜欢 ["not", "this"]，再想想')


# 7.7: one lone surrogate used to turn the whole answer into INTERNAL.
@pytest.mark.parametrize("raw", [
    '["\\ud83d", "用户偏好 zsh", {"content": "x\\udc00"}, {"content": "项目使用 pnpm"}]',
    '["\ud83d", "用户偏好 zsh", {"content": "x\udc00"}, {"content": "项目使用 pnpm"}]',
    '{"memories": ["\\ud83d", "用户偏好 zsh", "项目使用 pnpm"]}',
    '```json\n[{"content": "\\ud800"}, {"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm"}]\n```',
])
def test_items_with_lone_surrogates_are_skipped_and_the_others_kept(raw: str) -> None:
    assert candidate_texts(raw) == ["用户偏好 zsh", "项目使用 pnpm"]


def test_a_surrogate_pair_spelled_as_two_code_points_is_one_character() -> None:
    assert candidate_texts('["\ud83d\ude00 表情"]') == ["😀 表情"]


def test_an_output_over_the_size_cap_is_refused() -> None:
    with pytest.raises(NoMemoryArray, match="larger than"):
        candidate_texts('["' + "a" * MAX_OUTPUT_BYTES + '"]')


@pytest.mark.parametrize("raw", [
    "```" + "a" * 45_000,
    "{" * 320_000,
    "[" * 200_000,
    "[1," * 100_000,
    '[{"a":"' * 50_000,
    "[x]" * 100_000,
    "[" + "[[x]]," * 50_000,
    '"[' * 100_000,
])
def test_hostile_shapes_are_parsed_with_linear_work(raw: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """7.6: the work is counted, not timed: bytes handed to the JSON decoder stay within a constant of the size."""
    decoded = 0
    real = msgspec.json.decode

    def counting(data: bytes) -> object:
        nonlocal decoded
        decoded += len(data)
        return real(data)

    monkeypatch.setattr(msgspec.json, "decode", counting)
    with pytest.raises(NoMemoryArray):
        candidate_texts(raw)
    assert decoded <= (model_output.DESCENT_FACTOR + 2) * len(raw.encode())


nasty_text = st.text(st.characters(blacklist_categories=()), max_size=300)
json_pieces = st.sampled_from(['[', ']', '{', '}', '"', '\\', ',', ':', '\n', '```', '<think>', '</think>',
                               '"content"', '"memories"', '\\ud83d', '\\u', '\ud800', 'null', '1', '好'])
structured = st.lists(st.one_of(json_pieces, nasty_text), max_size=60).map("".join)
deep = st.integers(1, 5000).map(lambda n: "[" * n + '"x"' + "]" * (n // 2))


@settings(max_examples=300, deadline=None)
@given(st.one_of(nasty_text, structured, deep))
def test_parsing_never_raises_anything_but_the_rule_error(raw: str) -> None:
    try:
        texts = candidate_texts(raw)
    except NoMemoryArray:
        return
    for text in texts:
        assert text.strip()
        text.encode("utf-8")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(st.one_of(st.characters(blacklist_categories=()), st.sampled_from("\ud83d\ude00")),
                        min_size=1, max_size=40), max_size=10),
       st.sampled_from(["{}", "```json\n{}\n```", "好的：\n{}\n完毕", '{{"memories": {}}}', "<think>[1]</think>{}"]))
def test_every_encodable_item_survives_whatever_surrounds_it(items: list[str], template: str) -> None:
    body = json.dumps(items, ensure_ascii=True)
    expected = []
    for item in items:
        try:  # two surrogate code points in a row are escaped as one pair, so they mean one character
            paired = item.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
        except UnicodeDecodeError:
            continue
        if paired.strip():
            expected.append(paired)
    assert candidate_texts(template.format(body)) == expected
