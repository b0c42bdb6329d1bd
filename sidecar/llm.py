"""The LLM call of ai_extract_memories: one OpenAI-shaped chat completion, every failure mapped to S4.2."""

from __future__ import annotations

import logging
import re
import time
import zlib
from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import anyio
import msgspec

from protocol import AiMessage, ErrorCode, Provider
from sidecar.config import Settings, base_url_shape_problem
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
REASON_LIMIT = 100
ERROR_SCAN_CHARS = 64 * 1024
# The provider's reply is read at most this far, counted after decompression (a gzip bomb stays small).
MAX_REPLY_BYTES = 4 * 1024 * 1024
# A key is also redacted when only this long a prefix of it shows, and when split by whitespace.
MIN_KEY_PREFIX = 12
# Variants are matched for this much of a key; the whole key is always redacted by plain replacement.
MAX_KEY_PATTERN = 512
IMAGE_PART_TYPES = ("image", "image_url", "input_image")


class _Message(msgspec.Struct):
    content: Any = None


class _Choice(msgspec.Struct):
    message: _Message | None = None


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
    """Removes the key, any prefix of it of MIN_KEY_PREFIX or more characters, and either split by whitespace."""

    def __init__(self, secret: str | None) -> None:
        self._secret = secret or None
        self._variants: re.Pattern[str] | None = None
        if self._secret is not None and len(self._secret.strip()) >= MIN_KEY_PREFIX:
            chars = [re.escape(char) for char in self._secret.strip()[:MAX_KEY_PATTERN]]
            head = r"\s*".join(chars[:MIN_KEY_PREFIX])
            tail = "".join(rf"(?:\s*{char})?" for char in chars[MIN_KEY_PREFIX:])
            self._variants = re.compile(head + tail)

    def __call__(self, text: str) -> str:
        if self._secret is None:
            return text
        text = text.replace(self._secret, "[redacted]")
        return self._variants.sub("[redacted]", text) if self._variants is not None else text


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


def _provider_error_text(body: bytes) -> str:
    """The provider's own error sentence (`error.message`, `error`, `message`), else the body as text."""
    text = body[:ERROR_SCAN_CHARS * 4].decode("utf-8", "replace")
    try:
        decoded = msgspec.json.decode(body)
    except (msgspec.DecodeError, RecursionError):
        decoded = None
    if isinstance(decoded, dict):
        error = decoded.get("error", decoded.get("message"))
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            text = error["message"]
        elif isinstance(error, str):
            text = error
    # Only the start is shown; redacting a bounded text keeps the work small. A key variant cut here
    # keeps 12+ characters before the cut (redacted) or fewer (no longer a variant).
    return " ".join(text[:ERROR_SCAN_CHARS].split())


class _Reply(NamedTuple):
    status: int
    reason: str
    body: bytes
    complete: bool
    """False when the body was cut at MAX_REPLY_BYTES."""


class _Inflater:
    """Content-Encoding gzip/deflate decoded in steps that never produce more than asked for."""

    def __init__(self, encoding: str) -> None:
        encoding = encoding.strip().lower()
        if encoding not in ("", "identity", "gzip", "x-gzip", "deflate"):
            raise AiError(f"the provider's reply uses an unsupported content-encoding ({encoding[:40]!r})",
                          ErrorCode.AI_RESPONSE)
        self._zlib = None if encoding in ("", "identity") else zlib.decompressobj(zlib.MAX_WBITS | 32)
        # Some servers send "deflate" without the zlib header it should have (as httpx also allows).
        self._raw_deflate_fallback = encoding == "deflate"

    def feed(self, data: bytes, room: int) -> bytes:
        """At most `room` bytes of output for `data`; input past that is dropped (the caller stops)."""
        if self._zlib is None:
            return data[:room]
        out = []
        while data and room > 0:
            try:
                piece = self._zlib.decompress(data, room)
            except zlib.error:
                if not self._raw_deflate_fallback:
                    raise AiError("the provider's reply could not be decompressed",
                                  ErrorCode.AI_RESPONSE) from None
                self._raw_deflate_fallback = False
                self._zlib = zlib.decompressobj(-zlib.MAX_WBITS)
                continue
            self._raw_deflate_fallback = False
            out.append(piece)
            room -= len(piece)
            if self._zlib.eof:  # gzip allows several members one after another
                data = self._zlib.unused_data
                self._zlib = zlib.decompressobj(zlib.MAX_WBITS | 32)
            else:
                data = self._zlib.unconsumed_tail
        return b"".join(out)


async def _read_capped(response: httpx.Response) -> tuple[bytes, bool]:
    inflater = _Inflater(response.headers.get("content-encoding", ""))
    chunks: list[bytes] = []
    size = 0
    raw = cast(AsyncGenerator[bytes, None], response.aiter_raw())
    try:
        async for data in raw:
            piece = inflater.feed(data, MAX_REPLY_BYTES + 1 - size)
            chunks.append(piece)
            size += len(piece)
            if size > MAX_REPLY_BYTES:
                return b"".join(chunks)[:MAX_REPLY_BYTES], False
    finally:
        await raw.aclose()
    return b"".join(chunks), True


def _public_url(url: str) -> str:
    """The endpoint without any user:password@ part, for error messages."""
    scheme, sep, rest = url.partition("://")
    host, slash, path = rest.partition("/")
    return f"{scheme}{sep}{host.rpartition('@')[2]}{slash}{path}"


class ProviderConfig(NamedTuple):
    base_url: str
    """Without a trailing slash."""
    model: str
    api_key: str | None


# Where each provider setting comes from, as the operator or the caller wrote it (SPEC S2.2, S4.2).
_BASE_URL_FIELDS = ("provider.baseUrl", "--base-url / AI_MEMORY_BASE_URL")
_MODEL_FIELDS = ("provider.model", "--model / AI_MEMORY_MODEL")
_API_KEY_FIELDS = ("provider.apiKey", "AI_MEMORY_API_KEY")


def resolve_provider(provider: Provider | None, settings: Settings) -> ProviderConfig:
    """Per-call fields beat the settings; anything that cannot make a request is AI_CONFIG naming its field.

    Never echoes the key; the URL is not echoed either, since it may carry credentials (issue 20.3).
    """
    provider = provider or Provider()
    per_call = 0 if provider.model else 1
    model = provider.model or settings.model
    if not model:
        raise AiError("no model configured: send provider.model, or start the sidecar with --model "
                      "or AI_MEMORY_MODEL", ErrorCode.AI_CONFIG)
    if not _is_unicode(model):
        raise AiError(f"{_MODEL_FIELDS[per_call]} is not valid Unicode text (it holds a lone surrogate, "
                      "e.g. from bytes that are not UTF-8)", ErrorCode.AI_CONFIG)
    per_call = 0 if provider.base_url else 1
    base_url = (provider.base_url or settings.base_url).rstrip("/")
    problem = base_url_problem(base_url)
    if problem:
        raise AiError(f"{_BASE_URL_FIELDS[per_call]} {problem}", ErrorCode.AI_CONFIG)
    per_call = 0 if provider.api_key else 1
    api_key = provider.api_key or settings.api_key or None
    if api_key is not None and not all("!" <= char <= "~" for char in api_key):
        raise AiError(f"{_API_KEY_FIELDS[per_call]} holds a character an HTTP header cannot carry (a space, "
                      "a control character or a non-ASCII one); an API key is printable ASCII",
                      ErrorCode.AI_CONFIG)
    return ProviderConfig(base_url, model, api_key)


def base_url_problem(url: str) -> str | None:
    """Why `url` cannot be an OpenAI-compatible base URL (a sentence after the field's name), or None."""
    import httpx

    shape = base_url_shape_problem(url)
    if shape is not None:
        return shape
    try:  # the shape (scheme, host, port) is checked above; what httpx itself refuses is checked here
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, ValueError):
        return "is not a valid URL"
    return None if parsed.host else "has no host name"


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class LlmClient:
    """Holds one shared httpx.AsyncClient, created on first use so start-up never imports httpx."""

    def __init__(self, settings: Settings, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self._settings = settings
        self._transport = transport
        self._client: httpx.AsyncClient | None = None

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
                transport=self._transport,
            )
        return self._client

    async def extract(self, messages: list[AiMessage], provider: Provider | None) -> str:
        """The model's raw text. Raises AiError with AI_CONFIG, AI_NETWORK, AI_TIMEOUT, AI_HTTP or AI_RESPONSE."""
        settings = self._settings
        base_url, model, api_key = resolve_provider(provider, settings)
        redact = Redactor(api_key)
        body = msgspec.json.encode({
            "model": model,
            "messages": [{"role": "system", "content": EXTRACT_MEMORIES_PROMPT}]
            + [{"role": m.role, "content": flatten_content(m)} for m in messages],
            "stream": False,
        })
        headers = {"content-type": "application/json", "accept": "application/json",
                   "accept-encoding": "gzip, deflate"}
        if api_key:
            headers["authorization"] = f"Bearer {api_key}"
        url = f"{base_url}/chat/completions"
        started = time.monotonic()
        try:
            # Reading, decompressing and parsing the reply all happen inside the deadline.
            with anyio.fail_after(settings.ai_timeout):
                reply = await self._post(url, body, headers, redact)
                content = self._content(reply)
        except TimeoutError:
            raise AiError(f"the model did not answer within {settings.ai_timeout:g} s",
                          ErrorCode.AI_TIMEOUT) from None
        log.info("extraction answered: status=%d messages=%d elapsed_ms=%d",
                 reply.status, len(messages), (time.monotonic() - started) * 1000)
        return content

    async def _exchange(self, url: str, body: bytes, headers: dict[str, str], attempt: int) -> tuple[_Reply, float]:
        """One POST; the body is read (bounded) unless the status will be retried. Returns (reply, retry delay)."""
        async with self._http().stream("POST", url, content=body, headers=headers) as response:
            reason = response.reason_phrase or ""
            if response.status_code in RETRY_STATUSES and attempt < MAX_RETRIES:
                return _Reply(response.status_code, reason, b"", True), _retry_delay(response, attempt)
            data, complete = await _read_capped(response)
            return _Reply(response.status_code, reason, data, complete), 0.0

    async def _post(self, url: str, body: bytes, headers: dict[str, str], redact: Redactor) -> _Reply:
        import httpx

        where = redact(_public_url(url))
        for attempt in range(MAX_RETRIES + 1):
            try:
                reply, delay = await self._exchange(url, body, headers, attempt)
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
            if reply.status in RETRY_STATUSES and attempt < MAX_RETRIES:
                log.info("provider answered %d; retrying in %.1f s", reply.status, delay)
                await anyio.sleep(delay)
                continue
            break
        if not 200 <= reply.status < 300:
            detail = redact(_provider_error_text(reply.body))[:ERROR_TEXT_LIMIT]
            phrase = redact(" ".join(reply.reason.split()))[:REASON_LIMIT]
            raise AiError(f"HTTP {reply.status} {phrase}".rstrip() + (f": {detail}" if detail else ""),
                          ErrorCode.AI_HTTP)
        return reply

    @staticmethod
    def _content(reply: _Reply) -> str:
        if not reply.complete:
            raise AiError(f"the provider's reply is larger than {MAX_REPLY_BYTES >> 20} MiB",
                          ErrorCode.AI_RESPONSE)
        try:
            completion = msgspec.json.decode(reply.body, type=_Completion)
        except (msgspec.DecodeError, RecursionError):
            raise AiError("the provider's reply is not a chat completion", ErrorCode.AI_RESPONSE) from None
        message = completion.choices[0].message if completion.choices else None
        content = message.content if message else None
        if not isinstance(content, str) or not content:
            raise AiError("the provider's reply has no text in choices[0].message.content",
                          ErrorCode.AI_RESPONSE)
        return content
