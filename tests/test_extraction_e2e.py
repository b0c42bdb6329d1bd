"""End-to-end extraction through the real process against a scripted OpenAI-shaped server on 127.0.0.1."""

from __future__ import annotations

import gzip
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Spawn
from tests.fake_openai import FakeOpenAI, Reply, completion, refused_url
from tests.helpers import SidecarProcess, request, sidecar_env

pytestmark = pytest.mark.e2e

KEY = "sk-e2e-SUPERSECRET-0123456789abcdef"
SECRET_TEXT = "我的服务器在 10.1.2.3，CONVERSATION-MARKER-77"
MESSAGES = [{"role": "user", "content": SECRET_TEXT},
            {"role": "assistant", "content": [{"type": "text", "text": "好的"}, {"type": "image_url",
                                                                                "image_url": {"url": "x"}}]}]


@pytest.fixture
def sidecar(spawn: Spawn, llm_server: FakeOpenAI) -> SidecarProcess:
    return spawn("--base-url", llm_server.base_url, "--model", "test-model", "--log-level", "DEBUG",
                 env=sidecar_env(AI_MEMORY_API_KEY=KEY))


def extract(sidecar: SidecarProcess, id_: object = 1, **params: object) -> dict[str, Any]:
    return sidecar.call("ai_extract_memories", {"messages": MESSAGES, **params}, id_, timeout=20)


def prefix(reply: dict[str, Any]) -> str:
    return str(reply["error"]["data"]["prefix"])


def test_success_returns_the_raw_text_and_sends_the_prompt_and_key(sidecar: SidecarProcess,
        llm_server: FakeOpenAI) -> None:
    llm_server.script(Reply(body=completion('[{"content": "用户偏好 zsh"}]')))
    assert extract(sidecar)["result"] == '[{"content": "用户偏好 zsh"}]'
    [seen] = llm_server.seen
    assert seen.headers["authorization"] == f"Bearer {KEY}"
    assert seen.body["model"] == "test-model" and seen.body["stream"] is False
    assert seen.body["messages"][0]["role"] == "system" and "你是记忆提取器" in seen.body["messages"][0]["content"]
    assert seen.body["messages"][2] == {"role": "assistant", "content": "好的\n[image]"}


def test_fenced_output_is_passed_through_raw(sidecar: SidecarProcess, llm_server: FakeOpenAI) -> None:
    fenced = '```json\n[{"content": "项目使用 pnpm"}]\n```'
    llm_server.script(Reply(body=completion(fenced)))
    assert extract(sidecar)["result"] == fenced


@pytest.mark.parametrize("reply, expected", [
    (Reply(401, {"error": {"message": f"bad key {KEY}"}}), "AI_HTTP"),
    (Reply(500, "boom"), "AI_HTTP"),
    (Reply(body=b"<html>junk</html>"), "AI_RESPONSE"),
    (Reply(body=completion("")), "AI_RESPONSE"),
])
def test_provider_failures_map_to_their_prefix(sidecar: SidecarProcess,
        llm_server: FakeOpenAI, reply: Reply, expected: str) -> None:
    llm_server.script(reply)
    answer = extract(sidecar)
    assert prefix(answer) == expected
    assert KEY not in answer["error"]["message"]


def test_429_then_success(sidecar: SidecarProcess, llm_server: FakeOpenAI) -> None:
    llm_server.script(Reply(429, {"error": "rate"}, {"retry-after": "0"}), Reply(body=completion("[]")))
    assert extract(sidecar)["result"] == "[]"
    assert len(llm_server.seen) == 2


def test_connection_refused_is_ai_network(spawn: Spawn) -> None:
    sidecar = spawn("--base-url", refused_url(), "--model", "m")
    assert prefix(extract(sidecar)) == "AI_NETWORK"


def test_no_model_is_ai_config(spawn: Spawn) -> None:
    assert prefix(extract(spawn())) == "AI_CONFIG"


def test_provider_params_override_the_flags(spawn: Spawn, llm_server: FakeOpenAI) -> None:
    sidecar = spawn("--base-url", refused_url())
    llm_server.script(Reply(body=completion("[]")))
    reply = extract(sidecar, provider={"baseUrl": llm_server.base_url, "model": "per-call", "apiKey": "k-1"})
    assert reply["result"] == "[]"
    assert llm_server.seen[0].body["model"] == "per-call"
    assert llm_server.seen[0].headers["authorization"] == "Bearer k-1"


def test_ai_timeout_expiry(spawn: Spawn, llm_server: FakeOpenAI) -> None:
    sidecar = spawn("--base-url", llm_server.base_url, "--model", "m", "--ai-timeout", "0.5")
    llm_server.script(Reply(body=completion("[]"), hold=threading.Event()))
    assert prefix(extract(sidecar)) == "AI_TIMEOUT"


def test_cancel_request_answers_cancelled_at_once(sidecar: SidecarProcess, llm_server: FakeOpenAI) -> None:
    llm_server.script(Reply(body=completion("[]"), hold=threading.Event()))
    sidecar.send(request("ai_extract_memories", {"messages": MESSAGES}, "job-1"))
    assert llm_server.arrived.acquire(timeout=10)
    sidecar.send(b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"job-1"}}\n')
    reply = sidecar.response("job-1", timeout=5)
    assert prefix(reply) == "CANCELLED" and reply["error"]["code"] == -32800


def test_a_list_is_answered_while_an_extraction_is_slow(sidecar: SidecarProcess, llm_server: FakeOpenAI) -> None:
    release = threading.Event()
    llm_server.script(Reply(body=completion("[]"), hold=release))
    sidecar.send(request("ai_extract_memories", {"messages": MESSAGES}, "slow"))
    assert llm_server.arrived.acquire(timeout=10)
    assert sidecar.call("ai_list_memories", id_="fast")["result"] == [], "answered while the extraction is held"
    release.set()
    assert sidecar.response("slow", timeout=10)["result"] == "[]"


def test_eof_during_an_extraction_answers_it_cancelled_and_exits_0(sidecar: SidecarProcess,
        llm_server: FakeOpenAI) -> None:
    llm_server.script(Reply(body=completion("[]"), hold=threading.Event()))
    sidecar.send(request("ai_extract_memories", {"messages": MESSAGES}, 5))
    assert llm_server.arrived.acquire(timeout=10)
    sidecar.close_stdin()
    assert prefix(sidecar.response(5, timeout=5)) == "CANCELLED"
    assert sidecar.wait(timeout=30) == 0


def test_key_and_content_never_reach_stderr(sidecar: SidecarProcess, llm_server: FakeOpenAI) -> None:
    llm_server.script(Reply(body=completion('[{"content": "MODEL-OUTPUT-MARKER"}]')),
                      Reply(401, {"error": {"message": f"invalid key {KEY}"}}))
    assert extract(sidecar, 1)["result"]
    assert prefix(extract(sidecar, 2)) == "AI_HTTP"
    sidecar.close_stdin()
    assert sidecar.wait() == 0
    log = sidecar.stderr
    assert "extraction answered" in log
    for needle in (KEY, "SUPERSECRET", "CONVERSATION-MARKER-77", "MODEL-OUTPUT-MARKER", "10.1.2.3"):
        assert needle not in log


def peak_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM in /proc status")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads peak RSS from /proc")
def test_huge_and_bomb_replies_leave_the_process_small_and_serving(sidecar: SidecarProcess,
                                                                   llm_server: FakeOpenAI) -> None:
    """7.9: a 200 MB error body peaked at 4.2 GB, a 1 MB gzip bomb at 2 GB."""
    bomb = gzip.compress(b"\0" * (16 << 20), compresslevel=9) * 64
    chunk = b"x" * (1 << 20)
    llm_server.script(Reply(500, chunks=lambda: (chunk for _ in range(200))),
                      Reply(200, bomb, {"content-encoding": "gzip"}),
                      Reply(502, bomb, {"content-encoding": "gzip"}))
    assert prefix(extract(sidecar, 1)) == "AI_HTTP"
    assert prefix(extract(sidecar, 2)) == "AI_RESPONSE"
    assert prefix(extract(sidecar, 3)) == "AI_HTTP"
    assert sidecar.call("sidecar_info", id_=4)["result"]["pid"] == sidecar.proc.pid
    assert peak_rss_mib(sidecar.proc.pid) < 200


@pytest.mark.parametrize(("args", "env", "field"), [
    ((), {"AI_MEMORY_API_KEY": "sk-密钥-e2e-0123456789"}, "AI_MEMORY_API_KEY"),
])
def test_provider_settings_that_cannot_make_a_request_answer_ai_config_and_the_process_serves_on(
        spawn: Spawn, args: tuple[str, ...], env: dict[str, str], field: str) -> None:
    """Issue 20.3: these answered INTERNAL (ExceptionGroup, UnicodeEncodeError). A bad --base-url now stops
    the start instead (test_cli); a bad per-call one still reaches the call."""
    sidecar = spawn(*args, "--model", "m", env=sidecar_env(**env))
    answer = extract(sidecar)
    assert prefix(answer) == "AI_CONFIG"
    assert answer["error"]["message"].startswith(f"AI_CONFIG: {field} ")
    assert "0123456789" not in answer["error"]["message"] and "0123456789" not in sidecar.stderr
    per_call = extract(sidecar, 2, provider={"baseUrl": "http://127.0.0.1:65536/v1", "apiKey": "ключ"})
    assert per_call["error"]["message"].startswith("AI_CONFIG: provider.baseUrl ")
    assert sidecar.call("ai_list_memories", None, 3)["result"] == []
