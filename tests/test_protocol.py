from __future__ import annotations

import inspect
import json
import re
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import given
from hypothesis import strategies as st

from protocol import (
    CANCEL_REQUEST,
    MAX_SCOPE_CHARS,
    METHODS,
    AiMessage,
    ContentPart,
    ContextParams,
    ErrorCode,
    MemoryItem,
    MergeParams,
    MethodSpec,
    RememberConversationParams,
    RememberParams,
    SaveParams,
    UndoParams,
    cancellable_methods,
    long_running_methods,
    store_methods,
)
from protocol.bounds import CLAMPED, LENGTHS, MAX_EPOCH_MS
from protocol.generate import SCHEMA_PATH, TS_PATH, _reachable, always_sent
from protocol.generate import main as generate_main
from sidecar.config import Settings
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


def test_a_created_at_past_javascripts_safe_integers_is_refused_where_it_is() -> None:
    """A larger value would reach the frontend rounded or as 1e+23, and saving the listed store would then fail."""
    item = {"id": "a", "content": "c", "sourceScope": "g"}
    msgspec.json.decode(msgspec.json.encode({"items": [{**item, "createdAt": MAX_EPOCH_MS}]}), type=SaveParams)
    with pytest.raises(msgspec.ValidationError, match=r"\$\.items\[0\]\.createdAt"):
        msgspec.json.decode(msgspec.json.encode({"items": [{**item, "createdAt": MAX_EPOCH_MS + 1}]}), type=SaveParams)


def test_unknown_fields_are_ignored() -> None:
    decoded = msgspec.json.decode(
        b'{"id":"a","content":"c","createdAt":1,"sourceScope":"g","pinned":true}', type=MemoryItem)
    assert decoded.id == "a"


texts = st.text(st.characters(codec="utf-8"))
items = st.builds(MemoryItem, id=st.text(st.characters(codec="utf-8"), min_size=1, max_size=128),
                  content=texts, created_at=st.integers(0, MAX_EPOCH_MS),
                  source_scope=st.text(st.characters(codec="utf-8"), max_size=MAX_SCOPE_CHARS))
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


def test_every_handler_takes_the_params_type_of_its_table_entry() -> None:
    """Issue 14: the table is the single source; a handler decoding another type would drift from it."""
    from sidecar.handlers import HANDLERS

    # The server answers the shutdown itself and the dispatcher owns the cancel notification.
    assert set(HANDLERS) == set(METHODS) - {CANCEL_REQUEST, "sidecar_shutdown"}
    for name, handler in HANDLERS.items():
        annotation = list(inspect.signature(handler).parameters.values())[1].annotation
        # Postponed annotations are strings; only this one is evaluated, in the handler's own module.
        declared = eval(annotation, getattr(handler, "__globals__", {})) if isinstance(annotation, str) else annotation
        assert declared is METHODS[name].params, name


def test_the_sidecar_cancels_exactly_the_methods_the_table_marks_cancellable(settings: Settings) -> None:
    from sidecar.server import routes_for
    from sidecar.service import MemoryService

    routes = routes_for(MemoryService(settings))
    assert {name for name, route in routes.items() if route.cancellable} == cancellable_methods()


def test_every_method_declares_its_store_access_and_notifications_touch_nothing() -> None:
    assert store_methods("read") | store_methods("write") <= set(METHODS)
    assert not store_methods("read") & store_methods("write")
    assert {"ai_list_memories", "ai_memory_context", "ai_search_memories"} <= store_methods("read")
    assert {"ai_save_memories", "ai_clear_memories", "ai_merge_memories", "ai_remember"} <= store_methods("write")
    for name, spec in METHODS.items():
        if spec.notification:
            assert (spec.store, spec.cancellable, spec.calls_model) == (None, False, False), name
        if spec.calls_model:
            assert spec.store is None, f"{name} waits on the model and so cannot hold a store turn"
    assert long_running_methods() == {"ai_extract_memories", "ai_remember_conversation"}


def _generated_sets() -> dict[str, set[str]]:
    text = TS_PATH.read_text(encoding="utf-8")
    sets = {}
    pattern = r"export const (\w+_METHODS): ReadonlySet<string> = new Set<RequestMethod>\(\[(.*)\]\);"
    for name, members in re.findall(pattern, text):
        sets[name] = set(json.loads(f"[{members}]"))
    return sets


def test_the_generated_method_sets_come_from_the_table() -> None:
    assert _generated_sets() == {"CANCELLABLE_METHODS": set(cancellable_methods()),
                                 "LONG_RUNNING_METHODS": set(long_running_methods())}


def test_the_generated_bounds_are_the_protocols() -> None:
    text = TS_PATH.read_text(encoding="utf-8")
    for name, value in LENGTHS.items():
        assert f"export const {name} = {value};" in text
    for name, bound in CLAMPED.items():
        assert f"  {name}: {{ low: {bound.low}, high: {bound.high}, default: {bound.default} }}," in text
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["bounds"]["historyLimit"] == {"low": 1, "high": 500, "default": 50}
    assert schema["methods"]["ai_save_memories"]["store"] == "write"


def _ts_interfaces() -> dict[str, dict[str, bool]]:
    """Each generated interface's properties, True where required."""
    text = TS_PATH.read_text(encoding="utf-8")
    interfaces = {}
    for name, body in re.findall(r"export interface (\w+) \{\n(.*?)\n?\}", text, flags=re.S):
        props = re.findall(r"^  (\w+)(\??): ", body, flags=re.M)
        interfaces[name] = {prop: not optional for prop, optional in props}
    return interfaces


def _minimal(kind: mi.Type) -> Any:
    """The smallest value of a type with every defaulted Struct field left at its default."""
    if isinstance(kind, mi.StructType):
        return kind.cls(**{f.name: _minimal(f.type) for f in kind.fields if f.required})
    if isinstance(kind, mi.Metadata):
        return _minimal(kind.type)
    if isinstance(kind, mi.UnionType):
        return _minimal(kind.types[0])
    if isinstance(kind, mi.LiteralType):
        return kind.values[0]
    simple = {mi.StrType: "", mi.IntType: 0, mi.FloatType: 0.0, mi.BoolType: False, mi.NoneType: None,
              mi.ListType: [], mi.AnyType: None}
    return simple[type(kind)]


def test_typescript_marks_required_exactly_the_result_fields_on_the_wire() -> None:
    """Issue 19.8: an app must not null-check what the sidecar always sends (Change.added, ContextResult.ids)."""
    results = _reachable([spec.result for spec in METHODS.values()])
    interfaces = _ts_interfaces()
    assert {"Change", "ContextResult", "MergeResult", "UndoResult", "MemoryItem"} <= set(results)
    for name, struct in results.items():
        on_wire = set(msgspec.json.decode(msgspec.json.encode(_minimal(struct))))
        required = {prop for prop, is_required in interfaces[name].items() if is_required}
        assert required == on_wire, name
    assert interfaces["Change"]["added"] and interfaces["ContextResult"]["ids"]
    assert not interfaces["HistoryParams"]["limit"], "params with a default stay optional for the caller"


def test_a_type_in_params_and_results_with_a_default_is_refused_by_the_generator(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(METHODS, "x_echo", MethodSpec(ContextParams, ContextParams, None))
    with pytest.raises(ValueError, match="ContextParams is both a params and a result type"):
        always_sent()


SCOPED = [
    (SaveParams, {"items": [{"id": str(i), "content": "c", "createdAt": 1, "sourceScope": "s"} for i in range(5)]},
     lambda p, scope: p["items"][3].__setitem__("sourceScope", scope), "$.items[3].sourceScope"),
    (MergeParams, {"raw": "[]", "sourceScope": "s"}, lambda p, scope: p.__setitem__("sourceScope", scope),
     "$.sourceScope"),
    (RememberParams, {"content": "c", "sourceScope": "s"}, lambda p, scope: p.__setitem__("sourceScope", scope),
     "$.sourceScope"),
    (RememberConversationParams, {"messages": [], "sourceScope": "s"},
     lambda p, scope: p.__setitem__("sourceScope", scope), "$.sourceScope"),
]


@pytest.mark.parametrize("params_type, params, set_scope, path", SCOPED)
def test_a_scope_longer_than_an_id_is_refused_naming_its_path(params_type: type, params: dict[str, Any],
                                                              set_scope: Any, path: str) -> None:
    """Issue 20.2: a scope is an id-sized label; a long one would grow memory.json past what it can read."""
    set_scope(params, "😀" * MAX_SCOPE_CHARS)
    msgspec.json.decode(json.dumps(params), type=params_type)
    set_scope(params, "a" * (MAX_SCOPE_CHARS + 1))
    with pytest.raises(msgspec.ValidationError, match=re.escape(f"length <= {MAX_SCOPE_CHARS} - at `{path}`")):
        msgspec.json.decode(json.dumps(params), type=params_type)


def test_every_params_struct_that_carries_a_scope_bounds_it() -> None:
    scoped = [name for name, struct in _reachable([spec.params for spec in METHODS.values()]).items()
              if any(f.encode_name == "sourceScope" for f in struct.fields)]
    assert scoped
    for name in scoped:
        [field] = [f for f in _reachable([spec.params for spec in METHODS.values()])[name].fields
                   if f.encode_name == "sourceScope"]
        assert isinstance(field.type, mi.StrType) and field.type.max_length == MAX_SCOPE_CHARS, name


def test_a_change_id_is_id_sized() -> None:
    with pytest.raises(msgspec.ValidationError, match=r"length <= 128 - at `\$\.changeId`"):
        msgspec.json.decode(json.dumps({"changeId": "x" * 129}), type=UndoParams)


@given(st.integers(-(2**70), 2**70))
def test_a_clamped_limit_lands_in_its_range_and_keeps_values_inside_it(value: int) -> None:
    for bound in CLAMPED.values():
        clamped = bound.clamp(value)
        assert bound.low <= clamped <= bound.high
        assert clamped == value or not bound.low <= value <= bound.high
        assert bound.low <= bound.default <= bound.high


