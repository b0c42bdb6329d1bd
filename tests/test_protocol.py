from __future__ import annotations

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from protocol import METHODS, AiMessage, ContentPart, ErrorCode, MemoryItem, SaveParams
from protocol.generate import main as generate_main
from sidecar.errors import error_object

PINNED = {
    "RPC_PARSE": -32700, "RPC_INVALID_REQUEST": -32600, "RPC_METHOD_NOT_FOUND": -32601,
    "RPC_INVALID_PARAMS": -32602, "INTERNAL": -32603, "MEMORY_IO": -32001, "AI_CONFIG": -32010,
    "AI_NETWORK": -32011, "AI_TIMEOUT": -32012, "AI_HTTP": -32013, "AI_RESPONSE": -32014,
    "CANCELLED": -32800,
}


def test_every_error_code_is_pinned_to_its_prefix() -> None:
    assert {code.prefix: int(code) for code in ErrorCode} == PINNED


def test_error_object_carries_prefix_in_message_and_data() -> None:
    error = error_object(ErrorCode.MEMORY_IO, "disk full")
    assert msgspec.json.decode(msgspec.json.encode(error)) == {
        "code": -32001, "message": "MEMORY_IO: disk full", "data": {"prefix": "MEMORY_IO"}}


def test_the_four_commands_keep_their_exact_names() -> None:
    assert {"ai_list_memories", "ai_save_memories", "ai_clear_memories", "ai_extract_memories"} <= set(METHODS)


def test_generated_schema_and_typescript_are_not_stale() -> None:
    assert generate_main(["--check"]) == 0


def test_memory_item_is_camel_case_on_the_wire() -> None:
    item = MemoryItem(id="a", content="c", created_at=1, source_scope="global")
    assert msgspec.json.decode(msgspec.json.encode(item)) == {
        "id": "a", "content": "c", "createdAt": 1, "sourceScope": "global"}


def test_unknown_fields_are_ignored() -> None:
    decoded = msgspec.json.decode(
        b'{"id":"a","content":"c","createdAt":1,"sourceScope":"g","pinned":true}', type=MemoryItem)
    assert decoded.id == "a"


texts = st.text(st.characters(codec="utf-8"))
items = st.builds(MemoryItem, id=st.text(st.characters(codec="utf-8"), min_size=1, max_size=128),
                  content=texts, created_at=st.integers(0, 2**53), source_scope=texts)
parts = st.builds(ContentPart, type=st.sampled_from(["text", "image_url", "audio"]), text=st.none() | texts)
messages = st.builds(AiMessage, role=st.sampled_from(["user", "assistant", "system"]),
                     content=st.none() | texts | st.lists(parts, max_size=3))


@given(st.lists(items, max_size=5), st.none() | st.integers(10, 1000))
def test_save_params_round_trip(memories: list[MemoryItem], limit: int | None) -> None:
    params = SaveParams(items=memories, limit=limit)
    assert msgspec.json.decode(msgspec.json.encode(params), type=SaveParams) == params


@given(messages)
def test_ai_message_round_trip(message: AiMessage) -> None:
    assert msgspec.json.decode(msgspec.json.encode(message), type=AiMessage) == message


@given(st.lists(items, max_size=5))
def test_encoded_frames_never_contain_a_raw_newline(memories: list[MemoryItem]) -> None:
    assert b"\n" not in msgspec.json.encode(memories)
    assert b"\r" not in msgspec.json.encode(memories)
