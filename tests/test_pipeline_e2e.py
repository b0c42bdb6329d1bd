"""The memory pipeline through the real process: list → extract → merge → context, and its races."""

from __future__ import annotations

import json

import pytest

from tests.fake_openai import FakeOpenAI, Reply, completion
from tests.helpers import item, request

pytestmark = pytest.mark.e2e


def extraction_messages(memories: list[dict], turn: str) -> list[dict]:
    existing = [m["content"] for m in memories]
    return [{"role": "user", "content": "【已有记忆】\n" + json.dumps(existing, ensure_ascii=False)},
            {"role": "user", "content": turn}]


def naive_merge(listed: list[dict], raw: str) -> list[str]:
    """What the seed's frontend does: merge into the list it read before extracting, then save."""
    contents = [m["content"] for m in listed]
    return contents + [o["content"] for o in json.loads(raw) if o["content"] not in contents]


def test_full_flow_list_extract_merge_context(spawn, llm_server: FakeOpenAI) -> None:
    sidecar = spawn("--base-url", llm_server.base_url, "--model", "m")
    assert sidecar.call("ai_save_memories", {"items": [item("a", "用户偏好 zsh", 1)]})["result"] is None
    listed = sidecar.call("ai_list_memories", id_=2)["result"]
    raw = '```json\n[{"content": "用户偏好 zsh"}, {"content": "项目使用 pnpm 而非 npm"}]\n```'
    llm_server.script(Reply(body=completion(raw)))
    out = sidecar.call("ai_extract_memories", {"messages": extraction_messages(listed, "我们用 pnpm")}, 3)["result"]
    merged = sidecar.call("ai_merge_memories", {"raw": out, "sourceScope": "ssh-1",
                                                "basis": [m["content"] for m in listed]}, 4)["result"]
    assert [m["content"] for m in merged["memories"]] == ["用户偏好 zsh", "项目使用 pnpm 而非 npm"]
    assert merged["memories"][0] == item("a", "用户偏好 zsh", 1)
    assert [m["sourceScope"] for m in merged["added"]] == ["ssh-1"] and merged["dropped"] == 0
    assert sidecar.call("ai_list_memories", id_=5)["result"] == merged["memories"]
    context = sidecar.call("ai_memory_context", {"budgetBytes": 8192}, 6)["result"]
    assert context == {"content": "# 跨会话记忆（以下是你与用户的历史交互中记住的事实）\n\n"
                                  "- 用户偏好 zsh\n- 项目使用 pnpm 而非 npm", "injected": 2, "omitted": 0,
                       "ids": [m["id"] for m in merged["memories"]]}


def test_a_delete_between_extract_and_merge_stays_deleted(spawn, llm_server: FakeOpenAI) -> None:
    sidecar = spawn("--base-url", llm_server.base_url, "--model", "m")
    sidecar.call("ai_save_memories", {"items": [item("a", "用户偏好 zsh", 1), item("b", "用户用 vim", 2)]})
    listed = sidecar.call("ai_list_memories", id_=2)["result"]
    raw = json.dumps([{"content": "用户偏好 zsh"}, {"content": "用户用 vim"}, {"content": "项目使用 pnpm"}],
                     ensure_ascii=False)
    llm_server.script(Reply(body=completion(raw)))
    out = sidecar.call("ai_extract_memories", {"messages": extraction_messages(listed, "...")}, 3)["result"]
    sidecar.call("ai_save_memories", {"items": [listed[0]]}, 4)
    merged = sidecar.call("ai_merge_memories", {"raw": out, "sourceScope": "global",
                                                "basis": [m["content"] for m in listed]}, 5)["result"]
    assert [m["content"] for m in merged["memories"]] == ["用户偏好 zsh", "项目使用 pnpm"]
    assert [m["content"] for m in sidecar.call("ai_list_memories", id_=6)["result"]] == ["用户偏好 zsh", "项目使用 pnpm"]
    assert "用户用 vim" in naive_merge(listed, out), "the scenario must be one a naive merge gets wrong"


def test_unparsable_output_is_ai_response_and_the_store_is_untouched(spawn, config_dir) -> None:
    sidecar = spawn()
    sidecar.call("ai_save_memories", {"items": [item("a", "用户偏好 zsh", 1)]})
    before = (config_dir / "ai/memory/memory.json").read_bytes()
    reply = sidecar.call("ai_merge_memories", {"raw": "抱歉，我不能", "sourceScope": "global"}, 2)
    assert reply["error"]["data"]["prefix"] == "AI_RESPONSE"
    assert (config_dir / "ai/memory/memory.json").read_bytes() == before


TOOLS = ("ripgrep fzf bat eza zoxide starship neovim tmux lazygit delta hyperfine navi direnv mise atuin btop "
         "jq yq httpie glow dust duf procs sd tokei gitui helix zellij nushell fish yazi broot xh fd").split()


def test_two_processes_merging_at_once_never_lose_an_update(spawn, config_dir) -> None:
    writers = [spawn(), spawn()]
    facts = [[f"{'甲乙'[w]}进程记下：用户装了 {tool}" for tool in TOOLS[w::2]] for w in range(2)]
    for w, sidecar in enumerate(writers):
        sidecar.send(b"".join(
            request("ai_merge_memories", {"raw": json.dumps([{"content": fact}], ensure_ascii=False),
                                          "sourceScope": "global", "limit": 1000}, n)
            for n, fact in enumerate(facts[w])))
    for w, sidecar in enumerate(writers):
        for n in range(len(facts[w])):
            assert "result" in sidecar.response(n, timeout=30)
    contents = {m["content"] for m in json.loads((config_dir / "ai/memory/memory.json").read_text("utf-8"))}
    assert contents == {fact for per_writer in facts for fact in per_writer}
