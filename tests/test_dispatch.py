from __future__ import annotations

import json
from typing import Any

import anyio
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import NoParams, SaveParams
from sidecar.dispatch import Dispatcher, Route
from sidecar.errors import MemoryIOError
from sidecar.framing import LineFramer, Oversize


class Harness:
    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.replied = anyio.Event()
        self.release = anyio.Event()
        self.started = anyio.Event()

        async def echo(params: NoParams) -> Any:
            return {"ok": True}

        async def save(params: SaveParams) -> Any:
            return len(params.items)

        async def slow(params: NoParams) -> Any:
            self.started.set()
            await self.release.wait()
            return "done"

        async def broken(params: NoParams) -> Any:
            raise ValueError("secret memory text")

        async def io_fail(params: NoParams) -> Any:
            raise MemoryIOError("could not save memories: No space left on device")

        route = self.route
        self.routes = {
            "echo": route(NoParams, echo),
            "save": route(SaveParams, save),
            "slow": route(NoParams, slow, cancellable=True),
            "broken": route(NoParams, broken),
            "io_fail": route(NoParams, io_fail),
        }
        self.dispatcher = Dispatcher(self.routes, self.send)

    def send(self, line: bytes) -> None:
        self.sent.append(line)
        self.replied.set()

    @staticmethod
    def route(params: type, handler: Any, cancellable: bool = False) -> Route:
        return Route(msgspec.json.Decoder(params), handler, cancellable)

    async def run(self, *lines: bytes | Oversize) -> list[Any]:
        async with anyio.create_task_group() as tasks:
            for line in lines:
                self.dispatcher.dispatch(line, tasks)
        return [json.loads(line) for line in self.sent]


def req(method: str, id_: Any = 1, params: Any = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if id_ is not None:
        message["id"] = id_
    if params is not None:
        message["params"] = params
    return json.dumps(message).encode()


ALIVE = {"jsonrpc": "2.0", "id": "alive", "result": {"ok": True}}


def after_alive(replies: list[Any]) -> list[Any]:
    """The replies other than the one to the `alive` echo sent after the line under test (replies to
    requests read later may come first: S3.2 orders store effects, not replies)."""
    assert replies.count(ALIVE) == 1, "the loop must live and answer the next request exactly once"
    return [reply for reply in replies if reply != ALIVE]


def prefix(reply: dict[str, Any]) -> str:
    name = str(reply["error"]["data"]["prefix"])
    assert reply["error"]["message"].startswith(name + ": ")
    return name


@pytest.mark.parametrize("id_", [7, "abc", 1.5, 0, ""])
async def test_the_reply_echoes_the_request_id_as_is(id_: Any) -> None:
    [reply] = await Harness().run(req("echo", id_))
    assert reply == {"jsonrpc": "2.0", "id": id_, "result": {"ok": True}}


async def test_notifications_get_no_reply_even_when_they_fail() -> None:
    assert await Harness().run(req("echo", None), req("broken", None), req("nope", None)) == []


async def test_a_batch_is_answered_in_order_without_its_notifications() -> None:
    batch = b"[" + b",".join([req("echo", 1), req("echo", None), req("nope", 2), b"5", req("echo", 3)]) + b"]"
    [replies] = await Harness().run(batch)
    assert [r["id"] for r in replies] == [1, 2, None, 3]
    assert prefix(replies[1]) == "RPC_METHOD_NOT_FOUND"
    assert prefix(replies[2]) == "RPC_INVALID_REQUEST"


async def test_a_batch_of_notifications_only_gets_no_reply() -> None:
    assert await Harness().run(b"[" + req("echo", None) + b"]") == []


@pytest.mark.parametrize("line, expected", [
    (b"{not json", "RPC_PARSE"),
    (b'"\\ud800"', "RPC_PARSE"),
    (b'{"jsonrpc":"2.0","id":1,"method":"echo","params":{"x":"\xff"}}', "RPC_PARSE"),
    (b"42", "RPC_INVALID_REQUEST"),
    (b"[]", "RPC_INVALID_REQUEST"),
    (b'{"id":1,"method":"echo"}', "RPC_INVALID_REQUEST"),
    (b'{"jsonrpc":"1.0","id":1,"method":"echo"}', "RPC_INVALID_REQUEST"),
    (b'{"jsonrpc":"2.0","id":1,"method":5}', "RPC_INVALID_REQUEST"),
    (b'{"jsonrpc":"2.0","id":true,"method":"echo"}', "RPC_INVALID_REQUEST"),
    (b'{"jsonrpc":"2.0","id":{},"method":"echo"}', "RPC_INVALID_REQUEST"),
    (b'{"jsonrpc":"2.0","id":1,"method":"nope"}', "RPC_METHOD_NOT_FOUND"),
    (b'{"jsonrpc":"2.0","id":1,"method":"save","params":[[]]}', "RPC_INVALID_PARAMS"),
    (b'{"jsonrpc":"2.0","id":1,"method":"save","params":{}}', "RPC_INVALID_PARAMS"),
    (b'{"jsonrpc":"2.0","id":1,"method":"broken"}', "INTERNAL"),
    (b'{"jsonrpc":"2.0","id":1,"method":"io_fail"}', "MEMORY_IO"),
])
async def test_bad_input_gets_the_right_prefix(line: bytes, expected: str) -> None:
    [reply] = await Harness().run(line)
    assert prefix(reply) == expected
    assert reply["error"]["code"] == {"RPC_PARSE": -32700, "RPC_INVALID_REQUEST": -32600,
                                      "RPC_METHOD_NOT_FOUND": -32601, "RPC_INVALID_PARAMS": -32602,
                                      "INTERNAL": -32603, "MEMORY_IO": -32001}[expected]


async def test_an_oversize_line_is_an_invalid_request_with_null_id_naming_the_cap_and_its_flag() -> None:
    [reply] = await Harness().run(Oversize(99, 64))
    assert reply["id"] is None and prefix(reply) == "RPC_INVALID_REQUEST"
    assert reply["error"]["message"].endswith("request line of 99 bytes exceeds the size cap of 64 bytes "
                                              "(--max-line-bytes)")


async def test_invalid_params_name_the_path() -> None:
    items = [{"id": str(i), "content": "c", "createdAt": 1, "sourceScope": "g"} for i in range(3)]
    items.append({"id": "x", "content": "c", "createdAt": "yesterday", "sourceScope": "g"})
    [reply] = await Harness().run(req("save", 1, {"items": items}))
    assert "$.items[3].createdAt" in reply["error"]["message"]


async def test_absent_or_null_params_mean_an_empty_object_and_unknown_fields_are_ignored() -> None:
    replies = await Harness().run(req("echo", 1), req("echo", 2, None),
                                  b'{"jsonrpc":"2.0","id":3,"method":"echo","params":null}',
                                  req("save", 4, {"items": [], "extra": {"deep": [1]}}))
    assert sorted(r["id"] for r in replies if "result" in r) == [1, 2, 3, 4]


async def test_an_internal_error_never_echoes_the_exception_text() -> None:
    [reply] = await Harness().run(req("broken"))
    assert "secret memory text" not in json.dumps(reply)


async def test_cancel_request_answers_the_inflight_call_cancelled() -> None:
    harness = Harness()
    async with anyio.create_task_group() as tasks:
        harness.dispatcher.dispatch(req("slow", "x"), tasks)
        await harness.started.wait()
        harness.dispatcher.dispatch(req("$/cancelRequest", None, {"id": "nope"}), tasks)
        harness.dispatcher.dispatch(req("$/cancelRequest", None, {"id": "x"}), tasks)
    [reply] = [json.loads(line) for line in harness.sent]
    assert reply["id"] == "x" and prefix(reply) == "CANCELLED" and reply["error"]["code"] == -32800


async def test_a_cancel_read_before_its_request_ran_still_cancels_it() -> None:
    """A cancel in the same chunk as its request used to find nothing registered and was dropped."""
    harness = Harness()
    with anyio.fail_after(10):
        async with anyio.create_task_group() as tasks:
            harness.dispatcher.dispatch(req("slow", 7), tasks)
            harness.dispatcher.dispatch(req("$/cancelRequest", None, {"id": 7}), tasks)
    [reply] = [json.loads(line) for line in harness.sent]
    assert reply["id"] == 7 and prefix(reply) == "CANCELLED", "cancelled at its first wait, never completed"


async def test_a_cancel_for_a_batch_element_still_waiting_its_turn_cancels_it() -> None:
    harness = Harness()
    batch = b"[" + req("slow", 1).rstrip(b"\n") + b"," + req("slow", 2).rstrip(b"\n") + b"]"
    with anyio.fail_after(10):
        async with anyio.create_task_group() as tasks:
            harness.dispatcher.dispatch(batch, tasks)
            await harness.started.wait()
            harness.dispatcher.dispatch(req("$/cancelRequest", None, {"id": 2}), tasks)
            harness.release.set()
    [replies] = [json.loads(line) for line in harness.sent]
    assert [(r["id"], r.get("result") or prefix(r)) for r in replies] == [(1, "done"), (2, "CANCELLED")]


async def test_cancelling_an_unknown_id_changes_nothing() -> None:
    harness = Harness()
    async with anyio.create_task_group() as tasks:
        harness.dispatcher.dispatch(req("slow", 1), tasks)
        await harness.started.wait()
        harness.dispatcher.dispatch(req("$/cancelRequest", None, {"id": 2}), tasks)
        harness.release.set()
    assert [json.loads(line)["result"] for line in harness.sent] == ["done"]


async def test_cancel_all_answers_every_inflight_cancellable_call() -> None:
    harness = Harness()
    async with anyio.create_task_group() as tasks:
        harness.dispatcher.dispatch(req("slow", 1), tasks)
        await harness.started.wait()
        harness.dispatcher.cancel_all()
        harness.dispatcher.dispatch(req("slow", 2), tasks)
    assert sorted((json.loads(r)["id"], prefix(json.loads(r))) for r in harness.sent) == [
        (1, "CANCELLED"), (2, "CANCELLED")]


async def test_the_shutdown_deadline_counts_only_the_requests_it_answered_cancelled() -> None:
    harness = Harness()
    finished = anyio.Event()

    async def write_in_its_thread(params: NoParams) -> Any:
        with anyio.CancelScope(shield=True):  # as a store write that has started runs to its end
            await finished.wait()
        return "written"

    async def never_done(params: NoParams) -> Any:
        await anyio.sleep_forever()

    harness.dispatcher = Dispatcher({**harness.routes, "write": harness.route(NoParams, write_in_its_thread),
                                     "stuck": harness.route(NoParams, never_done)}, harness.send)
    async with anyio.create_task_group() as tasks:
        harness.dispatcher.dispatch(req("write", 1), tasks)
        harness.dispatcher.dispatch(req("stuck", 2), tasks)
        await anyio.wait_all_tasks_blocked()
        tasks.cancel_scope.cancel()  # the drain deadline
        finished.set()
    replies = {json.loads(line)["id"]: json.loads(line) for line in harness.sent}
    assert replies[1]["result"] == "written"
    assert prefix(replies[2]) == "CANCELLED"
    assert harness.dispatcher.cut_short == 1


async def test_a_slow_call_does_not_delay_others() -> None:
    harness = Harness()
    async with anyio.create_task_group() as tasks:
        harness.dispatcher.dispatch(req("slow", 1), tasks)
        harness.dispatcher.dispatch(req("echo", 2), tasks)
        with anyio.fail_after(5):
            await harness.started.wait()
            await harness.replied.wait()
        assert [json.loads(line)["id"] for line in harness.sent] == [2]
        harness.release.set()


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=80), st.text(max_size=80).map(lambda s: s.encode("utf-8", "surrogatepass")),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda inner: st.lists(inner, max_size=3)
                              | st.dictionaries(st.sampled_from(["jsonrpc", "id", "method", "params", "x"]),
                                                inner, max_size=4)).map(lambda v: json.dumps(v).encode())))
def test_fuzzed_lines_always_get_a_well_formed_reply_and_the_loop_lives(line: bytes) -> None:
    async def scenario() -> None:
        harness = Harness()
        replies = await harness.run(line.replace(b"\n", b" "), req("echo", "alive"))
        for reply in after_alive(replies):
            for single in reply if isinstance(reply, list) else [reply]:
                assert single["jsonrpc"] == "2.0" and "id" in single
                assert ("result" in single) != ("error" in single)
                if "error" in single:
                    prefix(single)

    anyio.run(scenario)


def nested(depth: int, closed: bool = True) -> bytes:
    return b"[" * depth + (b"]" * depth if closed else b"")


def deep_request(depth: int, id_: Any = 1) -> bytes:
    return (b'{"jsonrpc":"2.0","id":' + json.dumps(id_).encode() + b',"method":"echo","params":{"x":'
            + nested(depth) + b"}}")


@pytest.mark.parametrize("line, expected", [
    (nested(981, closed=False), {"RPC_PARSE"}),
    (nested(100_000, closed=False), {"RPC_PARSE"}),
    (nested(5000), {"RPC_PARSE", "RPC_INVALID_REQUEST"}),
    (b'{"a":' * 3000, {"RPC_PARSE"}),
    (deep_request(977), {"RPC_PARSE", "RPC_INVALID_PARAMS", None}),
    (deep_request(100_000), {"RPC_PARSE", "RPC_INVALID_PARAMS"}),
    (b"[" + deep_request(977) + b"]", {"RPC_PARSE", "RPC_INVALID_PARAMS", None}),
])
async def test_deep_nesting_gets_one_reply_and_the_loop_lives(line: bytes, expected: set[str | None]) -> None:
    replies = await Harness().run(line, req("echo", "alive"))
    [reply] = after_alive(replies)
    single = reply[0] if isinstance(reply, list) else reply
    assert (prefix(single) if "error" in single else None) in expected


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 4000), st.sampled_from(["array", "object", "params", "batch"]),
       st.text(st.characters(blacklist_categories=()), max_size=20), st.booleans())
def test_any_nesting_depth_and_text_get_a_well_formed_reply(depth: int, shape: str, text: str,
                                                            closed: bool) -> None:
    leaf = json.dumps(text).encode()
    inner = b'{"k":' * depth + leaf + (b"}" * depth if closed else b"")
    line = {"array": nested(depth, closed), "object": inner,
            "params": b'{"jsonrpc":"2.0","id":1,"method":"echo","params":{"x":' + inner + b"}}",
            "batch": b"[" + b'{"jsonrpc":"2.0","id":1,"method":"echo","params":{"x":' + inner + b"}}]"}[shape]

    async def scenario() -> None:
        replies = await Harness().run(line, req("echo", "alive"))
        for reply in after_alive(replies):
            for single in reply if isinstance(reply, list) else [reply]:
                assert single["jsonrpc"] == "2.0" and "id" in single
                if "error" in single:
                    assert prefix(single) != "INTERNAL"

    anyio.run(scenario)


@pytest.mark.parametrize("result", ["lone \udcff surrogate", {"path": "\ud800"}, object()])
async def test_an_unencodable_result_is_internal_and_the_loop_lives(result: Any) -> None:
    harness = Harness()

    def unencodable(params: NoParams) -> Any:
        return result

    async def unencodable_later(params: NoParams) -> Any:
        return result

    harness.dispatcher = Dispatcher({**harness.routes, "now": harness.route(NoParams, unencodable),
                                     "later": harness.route(NoParams, unencodable_later)}, harness.send)
    batch = b"[" + req("now", 3) + b"," + req("echo", 4) + b"]"
    replies = await harness.run(req("now", 1), req("later", 2), batch, req("echo", "alive"))
    by_id = {r["id"]: r for r in replies if isinstance(r, dict)}
    assert prefix(by_id[1]) == "INTERNAL" and prefix(by_id[2]) == "INTERNAL"
    [batch_reply] = [r for r in replies if isinstance(r, list)]
    assert prefix(batch_reply[0]) == "INTERNAL" and batch_reply[1]["result"] == {"ok": True}
    assert by_id["alive"]["result"] == {"ok": True}


@pytest.mark.parametrize("bad_id", [b"{}", b"[1]", b"true", b"false"])
@pytest.mark.parametrize("batched", [False, True])
async def test_cancel_request_goes_through_the_envelope_checks(bad_id: bytes, batched: bool) -> None:
    line = b'{"jsonrpc":"2.0","id":' + bad_id + b',"method":"$/cancelRequest","params":{"id":1}}'
    [reply] = await Harness().run(b"[" + line + b"]" if batched else line)
    single = reply[0] if batched else reply
    assert single["id"] is None and prefix(single) == "RPC_INVALID_REQUEST"


nasty_text = st.text(st.characters(blacklist_categories=()), max_size=30)
"""Surrogates, combining marks, controls, line separators: anything a str can hold."""


@st.composite
def drawn_lines(draw: st.DrawFn) -> bytes:
    """One line that must get exactly one reply: garbage, deep nesting, or a request with an id."""
    kind = draw(st.sampled_from(["garbage", "deep", "request", "deep_params", "batch"]))
    depth = draw(st.integers(0, 3000))
    text = json.dumps(draw(nasty_text)).encode()
    if kind == "garbage":
        return b"#" + draw(st.binary(max_size=40)).replace(b"\n", b"")
    if kind == "deep":
        return b"[" * depth + text + b"]" * draw(st.integers(0, depth))
    params = b'{"x":' + b"[" * depth + text + b"]" * depth + b"}"
    request = b'{"jsonrpc":"2.0","id":' + text + b',"method":"echo","params":' + params + b"}"
    if kind == "request":
        return b'{"jsonrpc":"2.0","id":' + text + b',"method":' + text + b"}"
    return b"[" + request + b"]" if kind == "batch" else request


@settings(max_examples=60, deadline=None)
@given(st.lists(drawn_lines(), min_size=1, max_size=6), st.lists(st.integers(1, 4000), max_size=5))
def test_through_the_framer_every_drawn_line_gets_exactly_one_reply(lines: list[bytes], cuts: list[int]) -> None:
    stream = b"\n".join(lines) + b"\n"
    bounds = sorted({min(cut, len(stream)) for cut in cuts})
    chunks = [stream[a:b] for a, b in zip([0, *bounds], [*bounds, len(stream)], strict=True)]

    async def scenario() -> None:
        harness = Harness()
        framer = LineFramer(1 << 20)
        async with anyio.create_task_group() as tasks:
            for chunk in chunks:
                for frame in framer.feed(chunk):
                    harness.dispatcher.dispatch(frame, tasks)
            for frame in framer.finish():
                harness.dispatcher.dispatch(frame, tasks)
        replies = [json.loads(line) for line in harness.sent]
        assert len(replies) == len(lines)
        for reply in replies:
            for single in reply if isinstance(reply, list) else [reply]:
                assert single["jsonrpc"] == "2.0" and ("result" in single) != ("error" in single)
                assert "error" not in single or prefix(single) != "INTERNAL"

    anyio.run(scenario)
