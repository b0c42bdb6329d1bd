"""The provider as untrusted input: bounded replies, decompression bombs, the key in all it echoes (7.9, 7.10)."""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import AiMessage
from sidecar.config import Settings
from sidecar.errors import AiError
from sidecar.llm import MAX_REPLY_BYTES, MIN_KEY_PREFIX, LlmClient, Redactor
from tests.fake_openai import FakeOpenAI, Reply, completion

KEY = "sk-proj-Abc123Def456Ghi789Jkl012"
USER = [AiMessage(role="user", content="我习惯用 zsh")]
MiB = 1024 * 1024


def client(server: FakeOpenAI, tmp_path: Path, **overrides: object) -> LlmClient:
    options = {"config_dir": tmp_path, "base_url": server.base_url, "model": "m", "api_key": KEY}
    options.update(overrides)
    return LlmClient(Settings(**options))  # type: ignore[arg-type]


async def failure(server: FakeOpenAI, tmp_path: Path) -> AiError:
    llm = client(server, tmp_path)
    try:
        with pytest.raises(AiError) as exc:
            await llm.extract(USER, None)
    finally:
        await llm.aclose()
    return exc.value


def megabytes(count: int, fill: bytes = b"x") -> Iterator[bytes]:
    chunk = fill * MiB
    for _ in range(count):
        yield chunk


def gzip_bomb(decompressed_mib: int) -> bytes:
    """About 1 MB that inflates to `decompressed_mib` MiB: gzip members of zeros, one after another."""
    member = gzip.compress(b"\0" * (16 * MiB), compresslevel=9)
    return member * (decompressed_mib // 16)


async def test_a_200_mb_error_body_is_read_only_up_to_the_cap(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(500, chunks=lambda: megabytes(200)))
    error = await failure(llm_server, tmp_path)
    assert error.code.prefix == "AI_HTTP" and error.message.startswith("HTTP 500")
    assert len(error.message) < 500
    assert llm_server.sent_bytes < 64 * MiB, "the client kept reading far past the cap"


async def test_a_2xx_body_over_the_cap_is_ai_response(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(200, chunks=lambda: [b'{"choices": [{"message": {"content": "', *megabytes(6)]))
    error = await failure(llm_server, tmp_path)
    assert error.code.prefix == "AI_RESPONSE" and f"{MAX_REPLY_BYTES >> 20} MiB" in error.message


async def test_a_gzip_bomb_is_cut_at_the_cap_after_decompression(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    bomb = gzip_bomb(1024)
    assert len(bomb) < 2 * MiB
    llm_server.script(Reply(200, bomb, {"content-encoding": "gzip"}))
    error = await failure(llm_server, tmp_path)
    assert error.code.prefix == "AI_RESPONSE" and "larger than" in error.message


@pytest.mark.parametrize("encoding, compress", [
    ("gzip", gzip.compress),
    ("deflate", zlib.compress),
    ("gzip", lambda data: gzip.compress(data[:10]) + gzip.compress(data[10:])),
    ("deflate", lambda data: zlib.compress(data)[2:-4]),
])
async def test_compressed_replies_are_read(llm_server: FakeOpenAI, tmp_path: Path, encoding: str,
                                           compress: object) -> None:
    body = json.dumps(completion('[{"content": "用户偏好 zsh"}]'), ensure_ascii=False).encode()
    llm_server.script(Reply(200, compress(body), {"content-encoding": encoding}))  # type: ignore[operator]
    llm = client(llm_server, tmp_path)
    assert await llm.extract(USER, None) == '[{"content": "用户偏好 zsh"}]'
    await llm.aclose()


@pytest.mark.parametrize("body", [b"[" * 100_000, b'{"error": ' * 50_000])
@pytest.mark.parametrize("status", [200, 400])
async def test_deeply_nested_replies_are_ordinary_failures(llm_server: FakeOpenAI, tmp_path: Path, body: bytes,
                                                           status: int) -> None:
    llm_server.script(Reply(status, body))
    error = await failure(llm_server, tmp_path)
    assert error.code.prefix == ("AI_RESPONSE" if status == 200 else "AI_HTTP")


async def test_garbage_compressed_data_is_ai_response(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(200, b"not gzip at all", {"content-encoding": "gzip"}))
    assert (await failure(llm_server, tmp_path)).code.prefix == "AI_RESPONSE"


# 7.10: the key came back verbatim through the reason phrase.
async def test_the_key_in_the_reason_phrase_is_redacted(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(401, {"error": "bad"}, reason=f"Invalid key {KEY}"))
    error = await failure(llm_server, tmp_path)
    assert error.message.startswith("HTTP 401 Invalid key [redacted]")
    assert KEY[:MIN_KEY_PREFIX] not in error.message


@pytest.mark.parametrize("echo", [
    KEY, KEY[:MIN_KEY_PREFIX], KEY[:20] + "...", KEY[:15] + "\n" + KEY[15:], KEY[:8] + " " + KEY[8:],
    KEY[:5] + "\r\n" + KEY[5:17],
])
async def test_near_variants_of_the_key_in_the_body_are_redacted(llm_server: FakeOpenAI, tmp_path: Path,
                                                                 echo: str) -> None:
    llm_server.script(Reply(401, {"error": {"message": f"Incorrect API key provided: {echo}. 请检查"}}))
    error = await failure(llm_server, tmp_path)
    assert "[redacted]" in error.message and "请检查" in error.message
    assert KEY[:MIN_KEY_PREFIX] not in "".join(error.message.split())


KEY_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
AROUND = st.text(st.sampled_from("用户的密钥无效 .:,;!?()\"'\n\t"), max_size=30)


@settings(max_examples=300, deadline=None)
@given(key=st.text(st.sampled_from(KEY_CHARS), min_size=MIN_KEY_PREFIX, max_size=80), data=st.data())
def test_redaction_removes_every_near_variant(key: str, data: st.DataObject) -> None:
    length = data.draw(st.integers(MIN_KEY_PREFIX, len(key)))
    variant = key[:length]
    cuts = sorted(data.draw(st.sets(st.integers(1, length - 1), max_size=3)))
    pieces = [variant[i:j] for i, j in zip([0, *cuts], [*cuts, length], strict=True)]
    breaks = data.draw(st.lists(st.sampled_from(["\n", "\r\n", " ", "\t", "\u3000"]), min_size=len(pieces) - 1,
                                max_size=len(pieces) - 1))
    spelled = pieces[0] + "".join(b + p for b, p in zip(breaks, pieces[1:], strict=True))
    text = data.draw(AROUND) + spelled + data.draw(AROUND)
    redacted = Redactor(key)(text)
    assert key[:MIN_KEY_PREFIX] not in "".join(redacted.split())
    assert "[redacted]" in redacted


@given(st.text(st.characters(blacklist_categories=()), max_size=200))
def test_redaction_keeps_text_without_the_key(text: str) -> None:
    assert Redactor(KEY)(text.replace(KEY[:3], "")) == text.replace(KEY[:3], "")
