from __future__ import annotations

import pytest

from sidecar.rules.secrets import looks_secret


@pytest.mark.parametrize("text", [
    "API key 是 sk-proj-abc123def456ghi789",
    "-----BEGIN OPENSSH PRIVATE KEY-----",
    "密码：hunter2",
    "-----BEGIN RSA PRIVATE KEY----- MIIEpAIBAAKCAQEA",
    "AWS 访问密钥 AKIAIOSFODNN7EXAMPLE",
    "GitHub token ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "Slack bot xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "会话 eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "password=correct-horse",
    "token: abcdef",
    "口令是 1234",
    "数据库连接串里有 Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A=",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
])
def test_secrets_are_recognised(text: str) -> None:
    assert looks_secret(text)


@pytest.mark.parametrize("text", [
    "用户用 1Password 管理密码",
    "提交 3f2a9c1d0e7b6a5f4c3d2e1f0a9b8c7d6e5f4a3b 修复了登录",
    "用户偏好 zsh",
    "项目使用 pnpm 而非 npm",
    "生产环境部署在 10.0.0.0/24 网段，变更需先在 staging 验证",
    "用户的 API key 存在 macOS 钥匙串里",
    "组件目录是 src/components/settings/MemoryListPanel.vue",
    "用户习惯 internationalization_and_localization_helpers 这个命名",
    "忘记密码时走邮件重置流程",
])
def test_ordinary_facts_are_kept(text: str) -> None:
    assert not looks_secret(text)
