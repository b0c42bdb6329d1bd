"""The LLM call of ai_extract_memories: one OpenAI-shaped chat completion, every failure mapped to S4.2."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Optional

import anyio
import msgspec

from protocol import AiMessage, ErrorCode, Provider
from sidecar.config import Settings
from sidecar.errors import AiError
from sidecar.prompt import EXTRACT_MEMORIES_PROMPT

if TYPE_CHECKING:
    import httpx

log = logging.getLogger("sidecar.llm")

CONNECT_TIMEOUT = 10.0
RETRY_STATUSES = (429, 503)
MAX_RETRIES = 2
MAX_RETRY_AFTER = 10.0
ERROR_TEXT_LIMIT = 300
IMAGE_PART_TYPES = ("image", "image_url", "input_image")


class _Message(msgspec.Struct):
    content: Any = None


class _Choice(msgspec.Struct):
    message: Optional[_Message] = None


class _Completion(msgspec.Struct):
    choices: list[_Choice] = []


def flatten_content(message: AiMessage) -> str:
    """Content as one upstream string: text parts joined by newlines, other parts as `[<type>]`."""
    content = message.content
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    pieces = []
    for part in content:
        if part.type == "text":
            pieces.append(part.text or "")
        elif part.type in IMAGE_PART_TYPES:
            pieces.append("[image]")
        else:
            pieces.append(f"[{part.type}]")
    return "\n".join(pieces)


class Redactor:
    def __init__(self, secret: Optional[str]) -> None:
        self._secret = secret

    def __call__(self, text: str) -> str:
        return text.replace(self._secret, "[redacted]") if self._secret else text


def _retry_delay(response: httpx.Response, attempt: int) -> float:
    header = response.headers.get("retry-after")
    delay = float(2 ** attempt)
    if header:
        try:
            delay = float(header)
        except ValueError:
            import email.utils

            try:
                delay = email.utils.parsedate_to_datetime(header).timestamp() - time.time()
            except (TypeError, ValueError, IndexError):
                pass
    return min(max(delay, 0.0), MAX_RETRY_AFTER)


def _provider_error_text(response: httpx.Response) -> str:
    text = response.text
    try:
        body = msgspec.json.decode(response.content)
    except msgspec.DecodeError:
        body = None
    if isinstance(body, dict):
        error = body.get("error", body.get("message"))
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            text = error["message"]
        elif isinstance(error, str):
            text = error
    return " ".join(text.split())


def _public_url(url: str) -> str:
    """The endpoint without any user:password@ part, for error messages."""
    scheme, sep, rest = url.partition("://")
    host, slash, path = rest.partition("/")
    return f"{scheme}{sep}{host.rpartition('@')[2]}{slash}{path}"


class LlmClient:
    """Holds one shared httpx.AsyncClient, created on first use so start-up never imports httpx."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._client: Optional[httpx.AsyncClient] = None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            import httpx

            timeout = self._settings.ai_timeout
            self._client = httpx.AsyncClient(
                timeout=httpx.Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout)),
                follow_redirects=False,
            )
        return self._client

    async def extract(self, messages: list[AiMessage], provider: Optional[Provider]) -> str:
        """The model's raw text. Raises AiError with AI_CONFIG, AI_NETWORK, AI_TIMEOUT, AI_HTTP or AI_RESPONSE."""
        provider = provider or Provider()
        settings = self._settings
        base_url = (provider.base_url or settings.base_url).rstrip("/")
        model = provider.model or settings.model
        api_key = provider.api_key or settings.api_key
        redact = Redactor(api_key)
        if not model:
            raise AiError("no model configured: send provider.model, or start the sidecar with --model "
                          "or AI_MEMORY_MODEL", ErrorCode.AI_CONFIG)
        if not base_url.startswith(("http://", "https://")):
            raise AiError("the base URL must start with http:// or https://", ErrorCode.AI_CONFIG)
        body = msgspec.json.encode({
            "model": model,
            "messages": [{"role": "system", "content": EXTRACT_MEMORIES_PROMPT}]
            + [{"role": m.role, "content": flatten_content(m)} for m in messages],
            "stream": False,
        })
        headers = {"content-type": "application/json", "accept": "application/json"}
        if api_key:
            headers["authorization"] = f"Bearer {api_key}"
        url = f"{base_url}/chat/completions"
        started = time.monotonic()
        try:
            with anyio.fail_after(settings.ai_timeout):
                response = await self._post(url, body, headers, redact)
        except TimeoutError:
            raise AiError(f"the model did not answer within {settings.ai_timeout:g} s",
                          ErrorCode.AI_TIMEOUT) from None
        log.info("extraction answered: status=%d messages=%d elapsed_ms=%d",
                 response.status_code, len(messages), (time.monotonic() - started) * 1000)
        return self._content(response)

    async def _post(self, url: str, body: bytes, headers: dict[str, str], redact: Redactor) -> httpx.Response:
        import httpx

        where = redact(_public_url(url))
        for attempt in range(MAX_RETRIES + 1):
            try:
                response = await self._http().post(url, content=body, headers=headers)
            except httpx.ConnectTimeout:
                raise AiError(f"could not connect to {where}: connect timed out",
                              ErrorCode.AI_NETWORK) from None
            except httpx.TimeoutException:
                raise AiError(f"the model did not answer within {self._settings.ai_timeout:g} s",
                              ErrorCode.AI_TIMEOUT) from None
            except httpx.TransportError as exc:
                reason = redact(str(exc)) or type(exc).__name__
                raise AiError(f"could not reach {where}: {reason}", ErrorCode.AI_NETWORK) from None
            except httpx.InvalidURL:
                raise AiError("the base URL is not a valid URL", ErrorCode.AI_CONFIG) from None
            if response.status_code in RETRY_STATUSES and attempt < MAX_RETRIES:
                delay = _retry_delay(response, attempt)
                log.info("provider answered %d; retrying in %.1f s", response.status_code, delay)
                await anyio.sleep(delay)
                continue
            break
        if not 200 <= response.status_code < 300:
            detail = redact(_provider_error_text(response))[:ERROR_TEXT_LIMIT]
            phrase = response.reason_phrase or ""
            raise AiError(f"HTTP {response.status_code} {phrase}".rstrip() + (f": {detail}" if detail else ""),
                          ErrorCode.AI_HTTP)
        return response

    @staticmethod
    def _content(response: httpx.Response) -> str:
        try:
            completion = msgspec.json.decode(response.content, type=_Completion)
        except msgspec.DecodeError:
            raise AiError("the provider's reply is not a chat completion", ErrorCode.AI_RESPONSE) from None
        message = completion.choices[0].message if completion.choices else None
        content = message.content if message else None
        if not isinstance(content, str) or not content:
            raise AiError("the provider's reply has no text in choices[0].message.content",
                          ErrorCode.AI_RESPONSE)
        return content
