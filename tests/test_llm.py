from __future__ import annotations

import threading
from pathlib import Path

import anyio
import pytest

from protocol import AiMessage, ContentPart, Provider
from sidecar.config import Settings
from sidecar.errors import AiError
from sidecar.llm import LlmClient, flatten_content
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


@pytest.mark.skipif(not SEED.exists(), reason="the design seed lives in ../shared/seeds beside the checkout")
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
