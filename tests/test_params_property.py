"""Issue 20: no params of any method are answered INTERNAL or leave a file the sidecar cannot read back."""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from protocol import CANCEL_REQUEST, MAX_ID_CHARS, MAX_SCOPE_CHARS, MEMORY_LIMIT, METHODS, Change, MemoryItem
from sidecar.config import Settings
from sidecar.server import Server
from sidecar.stdio import BatchWriter
from sidecar.store import MAX_FILE_BYTES
from tests.fake_openai import FakeOpenAI, Reply, completion

DEEP = "\x00\x01deep:"
"""A string drawn as this prefix and a depth is sent as that many nested arrays (built as text, not objects)."""



def weighted(*choices: tuple[int, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """Each strategy drawn in proportion to its weight (one_of would merge repeated branches into one)."""
    return st.sampled_from([strategy for weight, strategy in choices for _ in range(weight)]).flatmap(lambda s: s)


ALL_CODE_POINTS = st.characters(blacklist_categories=())  # lone surrogates included
TEXT_CODE_POINTS = st.characters(codec="utf-8")
PIECES = ["用户", "偏好", "zsh", " ", "\u3000", "\n", "\r\n", "\t", "\u2028", "e\u0301", "😀",
          "👨\u200d👩\u200d👧", "\u200b", "\x00", "\ufeff", "\\", '"', "[", "{", "```", "<think>", "sk-abc"]
LONE_SURROGATES = ["\ud800", "\udfff", "\udbff"]
REPEATED = ["a", "字", "😀", "\u0301", "\x00", " ", "\ud800", "\u200b", "\n"]

clean_small_texts = st.one_of(
    st.text(TEXT_CODE_POINTS, max_size=20),
    st.lists(st.sampled_from(PIECES), max_size=12).map("".join),
)
broken_small_texts = st.one_of(
    st.text(ALL_CODE_POINTS, max_size=20),
    st.lists(st.sampled_from(PIECES + LONE_SURROGATES), max_size=12).map("".join),
)
small_texts = weighted((2, clean_small_texts), (1, broken_small_texts))
texts = weighted(
    (2, small_texts),
    (1, st.text(TEXT_CODE_POINTS, max_size=300)),
    (1, st.text(ALL_CODE_POINTS, max_size=300)),
    (1, st.tuples(st.sampled_from(REPEATED), st.integers(0, 200_000)).map(lambda t: t[0] * t[1])),
)
labels = weighted((2, clean_small_texts), (1, texts))
"""Ids and scopes: mostly of a size that passes, so the store paths behind the check are reached too."""
ints = st.one_of(st.integers(0, 100_000), st.integers(-(2**65), 2**65),
                 st.sampled_from([-1, 0, 1, 9, 10, 500, 501, 1000, 1001, 2**63]))
deep = st.integers(1, 100_000).map(lambda depth: f"{DEEP}{depth}")


def _junk(leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(small_texts, inner, max_size=4), max_leaves=10)


small_junk = _junk(st.one_of(st.none(), st.booleans(), ints, st.floats(), small_texts))
junk = _junk(st.one_of(st.none(), st.booleans(), ints, st.floats(), small_texts, deep))
base_urls = st.one_of(
    texts,
    st.builds("{}://{}:{}/{}".format, st.sampled_from(["http", "https"]),
              st.sampled_from(["127.0.0.1", "localhost", "[::1]", "[zz]", "user:pw@127.0.0.1"]),  # no DNS
              st.integers(-1, 70_000), small_texts),
)
model_answers = weighted(
    (1, texts),
    (1, st.just('[{"content": "用户偏好 fish"}]')),
    # Bounded in count: a long answer's shaping time is issue 14.3's, not this property's.
    (2, st.lists(st.fixed_dictionaries({"content": weighted((4, texts), (1, small_junk))}), max_size=30)
     .map(json.dumps)),
)
FIELD_STRATEGIES = {"baseUrl": base_urls, "id": labels, "sourceScope": labels, "changeId": labels, "raw": model_answers}
"""Where arbitrary text would almost never reach the interesting code: URLs that pass the scheme check."""


def shaped(kind: mi.Type, name: str = "", small: bool = False) -> st.SearchStrategy[Any]:
    """Values of about the right shape for `kind` (nasty text, edge integers), with junk in place of any of them.

    `small` values are the ones a list repeats a thousand times: short text, no deep nesting.
    """
    return weighted((11, _shaped(kind, name, small)), (1, small_junk if small else junk))


def _shaped(kind: mi.Type, name: str, small: bool) -> st.SearchStrategy[Any]:
    if name in FIELD_STRATEGIES and not small:
        return FIELD_STRATEGIES[name]
    if isinstance(kind, mi.StructType):
        return st.fixed_dictionaries(
            {f.encode_name: shaped(f.type, f.encode_name, small) for f in kind.fields if f.required},
            optional={f.encode_name: shaped(f.type, f.encode_name, small) for f in kind.fields if not f.required},
        )
    if isinstance(kind, mi.ListType):
        few = weighted((1, st.just([])),
                       (4, st.lists(shaped(kind.item_type, small=small), min_size=1, max_size=2 if small else 4)))
        # Many elements share one small drawn value, so a thousand-item list costs no more to build.
        many = st.tuples(shaped(kind.item_type, small=True), st.integers(0, 1200)).map(lambda t: [t[0]] * t[1])
        return few if small else weighted((3, few), (1, many))
    if isinstance(kind, mi.Metadata):
        return _shaped(kind.type, name, small)
    if isinstance(kind, mi.UnionType):
        return st.one_of([_shaped(member, name, small) for member in kind.types])
    if isinstance(kind, mi.LiteralType):
        return st.sampled_from(kind.values)
    if isinstance(kind, mi.StrType):
        return small_texts if small else texts
    if isinstance(kind, mi.IntType):
        return ints
    if isinstance(kind, mi.FloatType):
        return st.floats() | ints
    if isinstance(kind, mi.BoolType):
        return st.booleans()
    if isinstance(kind, mi.NoneType):
        return st.none()
    return junk


def encode(value: Any, raw_surrogates: bool) -> bytes:
    """JSON text of `value`; lone surrogates as `\\ud800` escapes, or as the raw (invalid UTF-8) bytes."""
    text = json.dumps(value, ensure_ascii=not raw_surrogates)
    marker = re.escape(json.dumps(DEEP)[:-1]) + r'(\d+)"'  # control characters are escaped in either mode
    text = re.sub(marker, lambda found: "[" * int(found[1]) + "]" * int(found[1]), text)
    return text.encode("utf-8", "surrogatepass")


class CountingWriter(BatchWriter):
    """The real writer, counting the replies handed to it so the input can wait for them."""

    def __init__(self, fd: int) -> None:
        super().__init__(fd)
        self.sent = 0
        self.more = anyio.Event()

    def send(self, line: bytes) -> None:
        super().send(line)
        self.sent += 1
        self.more.set()
        self.more = anyio.Event()


def serve(config: Settings, lines: list[bytes], last: bytes, replies: int) -> list[Any]:
    """Every reply the real server (dispatcher, handlers, store, LLM client) writes: `lines` are sent,
    then, once `replies` were sent back (or the timeout passed), `last` and EOF. Waiting keeps
    the shutdown's drain deadline from cancelling a request the property is about."""
    async def run(fd: int) -> None:
        writer = CountingWriter(fd)

        async def stdin() -> AsyncIterator[bytes]:
            for line in lines:
                yield line + b"\n"
            with anyio.move_on_after(config.ai_timeout * 3):
                while writer.sent < replies:
                    await writer.more.wait()
            yield last + b"\n"

        await Server(config, writer).serve(stdin())

    with tempfile.TemporaryFile() as out:
        anyio.run(run, out.fileno())
        out.seek(0)
        return [json.loads(line) for line in out.read().splitlines() if line.strip()]


def request(method: str, params: Any, id_: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}


SEED = [
    json.dumps(request("ai_save_memories", {"items": [
        {"id": "a", "content": "用户偏好 zsh", "createdAt": 1, "sourceScope": "global"},
        {"id": "b", "content": "项目使用 pnpm", "createdAt": 2, "sourceScope": "ssh-1"}]}, "seed-save")).encode(),
    json.dumps(request("ai_remember", {"content": "用户的 Node 版本是 18", "sourceScope": "global"},
                       "seed-remember")).encode(),
]


def replies_by_id(replies: list[Any]) -> dict[Any, list[dict[str, Any]]]:
    by_id: dict[Any, list[dict[str, Any]]] = {}
    for reply in replies:
        for element in reply if isinstance(reply, list) else [reply]:
            by_id.setdefault(element.get("id"), []).append(element)
    return by_id


def assert_readable(config_dir: Path) -> None:
    """What the sidecar wrote, it can read back whole: the store under its size cap, every history line."""
    store = config_dir / "ai" / "memory" / "memory.json"
    if store.exists():
        data = store.read_bytes()
        assert len(data) <= MAX_FILE_BYTES
        msgspec.json.decode(data, type=list[MemoryItem])
    history = config_dir / "ai" / "memory" / "history.jsonl"
    if history.exists():
        for line in history.read_bytes().splitlines():
            msgspec.json.decode(line, type=Change)


@pytest.fixture(scope="module")
def model() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


PARAMS_TYPES = {name: mi.type_info(spec.params) for name, spec in METHODS.items()}


@pytest.mark.parametrize("method", [name for name in METHODS if name != "sidecar_shutdown"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.large_base_example])
@given(data=st.data())
def test_no_params_of_any_method_answer_internal_or_leave_an_unreadable_file(
        method: str, model: FakeOpenAI, data: st.DataObject) -> None:
    params = data.draw(weighted((6, shaped(PARAMS_TYPES[method])), (1, st.none())), label="params")
    model_text = data.draw(model_answers, label="model answer")
    raw_surrogates = data.draw(st.booleans(), label="raw surrogates")
    as_batch = data.draw(st.booleans(), label="in a batch")
    model.replies.clear()
    # Encoded here, escaping lone surrogates, so the answer reaches the sidecar whatever it holds.
    body = json.dumps(completion(model_text)).encode()
    model.script(Reply(body=body), Reply(body=body))
    message = request(method, params, "drawn")
    if method == CANCEL_REQUEST:
        del message["id"]
    drawn = encode([message] if as_batch else message, raw_surrogates)
    with tempfile.TemporaryDirectory() as tmp:
        config = Settings(config_dir=Path(tmp), base_url=model.base_url, model="m", ai_timeout=5.0)
        after = json.dumps(request("ai_list_memories", {}, "after")).encode()
        expected = len(SEED) + (0 if method == CANCEL_REQUEST else 1)
        by_id = replies_by_id(serve(config, [*SEED, drawn], after, expected))
        prefixes = [r["error"]["data"]["prefix"] for answers in by_id.values() for r in answers if "error" in r]
        assert "INTERNAL" not in prefixes, by_id
        assert [len(by_id.get(id_, [])) for id_ in ("seed-save", "seed-remember", "after")] == [1, 1, 1], by_id
        assert isinstance(by_id["after"][0].get("result"), list), by_id["after"]
        answered = len(by_id.get("drawn", [])) + len(by_id.get(None, []))
        for reply in by_id.get("drawn", []) + by_id.get(None, []):
            event(reply["error"]["data"]["prefix"] if "error" in reply else "answered with a result")
        # A notification is never answered, unless the line itself cannot be read (RPC_PARSE, id null).
        assert answered == 1 or (method == CANCEL_REQUEST and answered == 0), by_id
        assert_readable(Path(tmp))


def test_the_largest_save_the_bounds_allow_writes_a_file_the_sidecar_reads_back(tmp_path: Path) -> None:
    """Issue 20.2: with ids and scopes id-sized and contents cut to 200, 1000 items whose every character
    JSON-escapes to six bytes (a line of 13 MB) still make a store far under the 16 MiB read cap."""
    items = [{"id": f"{i:04d}" + "\x01" * (MAX_ID_CHARS - 4), "content": "\x01" * 2000, "createdAt": i,
              "sourceScope": "\x01" * MAX_SCOPE_CHARS} for i in range(MEMORY_LIMIT.high)]
    config = Settings(config_dir=tmp_path)
    save = json.dumps(request("ai_save_memories", {"items": items, "limit": MEMORY_LIMIT.high}, "save")).encode()
    assert len(save) < config.max_line_bytes
    by_id = replies_by_id(serve(config, [save], json.dumps(request("ai_list_memories", {}, "list")).encode(), 1))
    assert by_id["save"] == [{"jsonrpc": "2.0", "id": "save", "result": None}]
    assert len(by_id["list"][0]["result"]) == MEMORY_LIMIT.high
    assert_readable(tmp_path)
    assert (tmp_path / "ai" / "memory" / "memory.json").stat().st_size < MAX_FILE_BYTES // 4
