from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import AiMessage, ContentPart, Provider
from sidecar.config import Settings
from sidecar.errors import AiError
from sidecar.llm import LlmClient, flatten_content, resolve_provider
from sidecar.prompt import EXTRACT_MEMORIES_PROMPT
from tests.fake_openai import FakeOpenAI, Reply, completion, refused_url

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_d3f96521a9dd819e.txt"
KEY = "sk-test-SECRETKEY1234567890"
USER = [AiMessage(role="user", content="我习惯用 zsh")]


def client(server: FakeOpenAI, tmp_path: Path, **overrides: object) -> LlmClient:
    options = {"config_dir": tmp_path, "base_url": server.base_url, "model": "m", "api_key": KEY}
    options.update(overrides)
    return LlmClient(Settings(**options))  # type: ignore[arg-type]


def prefix_of(exc: pytest.ExceptionInfo[AiError]) -> str:
    return exc.value.code.prefix


@pytest.mark.skipif(not SEED.exists(),
                    reason=f"the original design document is not beside this checkout (looked for {SEED})")
def test_the_prompt_is_the_seed_prompt_verbatim() -> None:
    seed = SEED.read_text(encoding="utf-8")
    assert EXTRACT_MEMORIES_PROMPT in seed
    assert EXTRACT_MEMORIES_PROMPT.startswith("你是记忆提取器。")
    assert EXTRACT_MEMORIES_PROMPT.endswith("合并去重后输出完整数组。")


def test_content_parts_flatten_to_one_string() -> None:
    message = AiMessage(role="user", content=[ContentPart(type="text", text="看这张图"),
                                              ContentPart(type="image_url"), ContentPart(type="input_audio"),
                                              ContentPart(type="text", text="谢谢")])
    assert flatten_content(message) == "看这张图\n[image]\n[input_audio]\n谢谢"
    assert flatten_content(AiMessage(role="assistant", content=None)) == ""


async def test_success_posts_one_non_streaming_completion(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(body=completion('[{"content": "用户偏好 zsh"}]')))
    text = await client(llm_server, tmp_path).extract(USER, None)
    assert text == '[{"content": "用户偏好 zsh"}]'
    [seen] = llm_server.seen
    assert seen.path == "/v1/chat/completions"
    assert seen.headers["authorization"] == f"Bearer {KEY}"
    assert seen.body == {"model": "m", "stream": False, "messages": [
        {"role": "system", "content": EXTRACT_MEMORIES_PROMPT}, {"role": "user", "content": "我习惯用 zsh"}]}


async def test_provider_params_beat_settings_and_no_key_sends_no_header(llm_server: FakeOpenAI,
                                                                        tmp_path: Path) -> None:
    llm_server.script(Reply(body=completion("[]")))
    llm = client(llm_server, tmp_path, base_url=refused_url(), model="settings-model", api_key=None)
    await llm.extract(USER, Provider(base_url=llm_server.base_url + "/", model="param-model"))
    assert llm_server.seen[0].body["model"] == "param-model"
    assert "authorization" not in llm_server.seen[0].headers


async def test_fenced_output_is_passed_through_raw(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    fenced = '```json\n[{"content": "项目使用 pnpm"}]\n```'
    llm_server.script(Reply(body=completion(fenced)))
    assert await client(llm_server, tmp_path).extract(USER, None) == fenced


async def test_no_model_anywhere_is_ai_config(tmp_path: Path) -> None:
    with pytest.raises(AiError) as exc:
        await LlmClient(Settings(config_dir=tmp_path)).extract(USER, None)
    assert prefix_of(exc) == "AI_CONFIG"


async def test_a_base_url_without_scheme_is_ai_config(tmp_path: Path) -> None:
    with pytest.raises(AiError) as exc:
        await LlmClient(Settings(config_dir=tmp_path, model="m", base_url="localhost:1234")).extract(USER, None)
    assert prefix_of(exc) == "AI_CONFIG"


async def test_401_is_ai_http_with_status_and_provider_text_and_key_redacted(llm_server: FakeOpenAI,
                                                                              tmp_path: Path) -> None:
    llm_server.script(Reply(401, {"error": {"message": f"Incorrect API key provided: {KEY}. " + "x" * 400}}))
    with pytest.raises(AiError) as exc:
        await client(llm_server, tmp_path).extract(USER, None)
    assert prefix_of(exc) == "AI_HTTP"
    message = exc.value.message
    assert message.startswith("HTTP 401") and "Incorrect API key provided: [redacted]" in message
    assert KEY not in message
    assert len(message.split(": ", 1)[1]) <= 300


async def test_500_is_ai_http_and_not_retried(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(500, "upstream exploded"), Reply(body=completion("[]")))
    with pytest.raises(AiError) as exc:
        await client(llm_server, tmp_path).extract(USER, None)
    assert prefix_of(exc) == "AI_HTTP" and "500" in exc.value.message and "upstream exploded" in exc.value.message
    assert len(llm_server.seen) == 1


async def test_429_then_success_is_retried_honouring_retry_after(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(429, {"error": "slow down"}, {"retry-after": "0"}),
                      Reply(503, "busy", {"retry-after": "0.1"}), Reply(body=completion("[]")))
    assert await client(llm_server, tmp_path).extract(USER, None) == "[]"
    assert len(llm_server.seen) == 3


async def test_429_is_retried_at_most_twice(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(*[Reply(429, "limited", {"retry-after": "0"}) for _ in range(4)])
    with pytest.raises(AiError) as exc:
        await client(llm_server, tmp_path).extract(USER, None)
    assert prefix_of(exc) == "AI_HTTP" and "429" in exc.value.message
    assert len(llm_server.seen) == 3


async def test_a_long_retry_after_is_capped_within_the_overall_timeout(llm_server: FakeOpenAI,
                                                                       tmp_path: Path) -> None:
    llm_server.script(Reply(429, "limited", {"retry-after": "3600"}), Reply(body=completion("[]")))
    with pytest.raises(AiError) as exc:
        await client(llm_server, tmp_path, ai_timeout=0.5).extract(USER, None)
    assert prefix_of(exc) == "AI_TIMEOUT"


@pytest.mark.parametrize("body", [b"<html>bad gateway</html>", {"choices": []}, completion(""),
                                  completion(None), completion(["not", "text"]), {"object": "list"}])
async def test_a_2xx_without_usable_text_is_ai_response(llm_server: FakeOpenAI, tmp_path: Path,
                                                        body: object) -> None:
    llm_server.script(Reply(body=body))  # type: ignore[arg-type]
    with pytest.raises(AiError) as exc:
        await client(llm_server, tmp_path).extract(USER, None)
    assert prefix_of(exc) == "AI_RESPONSE"


async def test_connection_refused_is_ai_network(tmp_path: Path) -> None:
    llm = LlmClient(Settings(config_dir=tmp_path, base_url=refused_url(), model="m"))
    with pytest.raises(AiError) as exc:
        await llm.extract(USER, None)
    assert prefix_of(exc) == "AI_NETWORK"


async def test_a_slow_model_is_ai_timeout(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(body=completion("[]"), hold=threading.Event()))
    with pytest.raises(AiError) as exc:
        await client(llm_server, tmp_path, ai_timeout=0.3).extract(USER, None)
    assert prefix_of(exc) == "AI_TIMEOUT" and "0.3 s" in exc.value.message


async def test_extraction_is_cancellable(llm_server: FakeOpenAI, tmp_path: Path) -> None:
    llm_server.script(Reply(body=completion("[]"), hold=threading.Event()))
    llm = client(llm_server, tmp_path)
    finished = False
    with anyio.fail_after(5):
        async with anyio.create_task_group() as tasks:
            async def extract() -> None:
                nonlocal finished
                await llm.extract(USER, None)
                finished = True

            tasks.start_soon(extract)
            # A bounded wait in an abandonable thread: fail_after cannot interrupt a blocking acquire.
            arrived = await anyio.to_thread.run_sync(llm_server.arrived.acquire, True, 10.0, abandon_on_cancel=True)
            assert arrived, "the request never reached the provider"
            tasks.cancel_scope.cancel()
    assert not finished
    await llm.aclose()


def answering_transport(seen: list[httpx.Request]) -> httpx.MockTransport:
    """A provider that answers every request with an empty memory array, keeping what it was sent."""
    async def body() -> AsyncIterator[bytes]:
        yield json.dumps(completion("[]")).encode()

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, headers={"content-type": "application/json"}, content=body())
    return httpx.MockTransport(answer)


def mock_client(tmp_path: Path, seen: list[httpx.Request], **overrides: object) -> LlmClient:
    options = {"config_dir": tmp_path, "base_url": "http://provider.test/v1", "model": "m"}
    options.update(overrides)
    return LlmClient(Settings(**options), transport=answering_transport(seen))  # type: ignore[arg-type]


async def config_error(llm: LlmClient, provider: Provider | None = None) -> str:
    """The AI_CONFIG message extraction answers; fails on any other outcome."""
    with pytest.raises(AiError) as exc:
        await llm.extract(USER, provider)
    assert prefix_of(exc) == "AI_CONFIG"
    return exc.value.message


# Issue 20.3: these answered INTERNAL (ExceptionGroup from the port, UnicodeEncodeError from the header).
@pytest.mark.parametrize(("provider", "overrides", "field"), [
    (Provider(base_url="http://127.0.0.1:65536/v1"), {}, "provider.baseUrl"),
    (None, {"base_url": "http://127.0.0.1:65536/v1"}, "--base-url / AI_MEMORY_BASE_URL"),
    (Provider(base_url="http://[::1]:99999/v1"), {}, "provider.baseUrl"),
])
async def test_a_base_url_with_a_port_past_65535_is_ai_config_naming_the_field(
        tmp_path: Path, provider: Provider | None, overrides: dict[str, object], field: str) -> None:
    seen: list[httpx.Request] = []
    message = await config_error(mock_client(tmp_path, seen, **overrides), provider)
    assert message.startswith(field + " ") and "65535" in message
    assert seen == []


@pytest.mark.parametrize(("provider", "overrides", "field"), [
    (Provider(api_key="sk-密钥-1234567890"), {}, "provider.apiKey"),
    (None, {"api_key": "sk-密钥-1234567890"}, "AI_MEMORY_API_KEY"),
    (Provider(api_key="sk-line\nbreak-1234567890"), {}, "provider.apiKey"),
    (Provider(api_key="sk-nul\x00-1234567890"), {}, "provider.apiKey"),
    (None, {"api_key": "sk-not-utf8-\udcff-1234567890"}, "AI_MEMORY_API_KEY"),
])
async def test_an_api_key_a_header_cannot_carry_is_ai_config_naming_the_field_never_the_key(
        tmp_path: Path, provider: Provider | None, overrides: dict[str, object], field: str) -> None:
    seen: list[httpx.Request] = []
    key = (provider.api_key if provider else None) or str(overrides["api_key"])
    message = await config_error(mock_client(tmp_path, seen, **overrides), provider)
    assert message.startswith(field + " ") and "printable ASCII" in message
    assert key not in message and "1234567890" not in message
    assert seen == []


@pytest.mark.parametrize(("base_url", "problem"), [
    ("http://:80/v1", "has no host name"), ("http://[::1/v1", "is not a valid URL"),
    ("http://x:80:90/v1", "is not a valid URL"), ("http://a b/v1", "holds a space"),
    ("http://x\udcff/v1", "lone surrogate"), ("ftp://x/v1", "must start with http:// or https://"),
    ("http://x:0/v1", "has port 0"),
])
async def test_a_base_url_that_cannot_be_requested_is_ai_config_saying_why(tmp_path: Path, base_url: str,
                                                                          problem: str) -> None:
    seen: list[httpx.Request] = []
    message = await config_error(mock_client(tmp_path, seen), Provider(base_url=base_url))
    assert message.startswith("provider.baseUrl ") and problem in message
    assert seen == []


async def test_a_model_name_holding_a_lone_surrogate_is_ai_config(tmp_path: Path) -> None:
    # An env var whose bytes are not UTF-8 reaches Python as lone surrogates.
    message = await config_error(mock_client(tmp_path, [], model="gpt-\udcff"))
    assert message.startswith("--model / AI_MEMORY_MODEL ")


async def test_a_url_with_credentials_and_a_bad_port_never_echoes_them(tmp_path: Path) -> None:
    message = await config_error(mock_client(tmp_path, []), Provider(base_url="http://me:hunter2@x:70000/v1"))
    assert "hunter2" not in message


async def test_valid_settings_still_reach_the_provider_with_the_key(tmp_path: Path) -> None:
    seen: list[httpx.Request] = []
    llm = mock_client(tmp_path, seen, api_key=KEY, base_url="https://provider.test:8443/v1/")
    assert await llm.extract(USER, Provider(model="per-call")) == "[]"
    [request] = seen
    assert str(request.url) == "https://provider.test:8443/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"


def test_per_call_fields_beat_the_settings_when_resolved(tmp_path: Path) -> None:
    settings = Settings(config_dir=tmp_path, base_url="http://a.test/v1/", model="s", api_key="k-settings")
    assert resolve_provider(None, settings) == ("http://a.test/v1", "s", "k-settings")
    assert resolve_provider(Provider(base_url="http://b.test", model="p", api_key="k-call"), settings) == (
        "http://b.test", "p", "k-call")


provider_text = st.one_of(st.none(), st.text(st.characters(codec="utf-8"), max_size=40),
                          st.text(max_size=40),  # lone surrogates too, as env vars that are not UTF-8 carry
                          st.from_regex(r"\Ahttps?://[a-z0-9.\[\]:@%-]{0,20}(:[0-9]{0,7})?(/[^\s]{0,10})?\Z"))


KEY_MARK = "sk-MARK-"
key_text = provider_text | st.text(max_size=30).map(lambda text: KEY_MARK + text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(call_url=provider_text, call_key=key_text, call_model=provider_text,
       url=provider_text, key=key_text, model=provider_text)
def test_no_drawn_provider_setting_answers_internal(tmp_path: Path, call_url: str | None, call_key: str | None,
                                                    call_model: str | None, url: str | None, key: str | None,
                                                    model: str | None) -> None:
    """Whatever the provider strings, extraction answers the model's text or an AI_* error (issue 20.3)."""
    seen: list[httpx.Request] = []
    llm = mock_client(tmp_path, seen, base_url=url or "http://provider.test/v1", model=model, api_key=key)

    async def attempt() -> None:
        try:
            assert await llm.extract(USER, Provider(base_url=call_url, api_key=call_key, model=call_model)) == "[]"
            assert len(seen) == 1
        except AiError as exc:
            assert exc.code.prefix.startswith("AI_")
            for secret in (call_key, key):
                if secret and secret.startswith(KEY_MARK):  # short drawn keys may be words of the sentence
                    assert secret not in exc.message
        finally:
            await llm.aclose()

    anyio.run(attempt)
