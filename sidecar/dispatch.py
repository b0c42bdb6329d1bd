"""JSON-RPC dispatch: ids, one task per request, batches, cancellation, and the one exception→wire boundary."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, NamedTuple, Optional, Union

import anyio
import msgspec
from anyio.abc import TaskGroup

from protocol import (
    CANCEL_REQUEST,
    METHODS,
    CancelParams,
    ErrorCode,
    ErrorResponse,
    IncomingMessage,
    ResultResponse,
)
from protocol.envelope import Response
from sidecar.errors import Cancelled, InvalidParams, SidecarError, error_object, to_error_object
from sidecar.framing import Frame, Oversize

log = logging.getLogger("sidecar.dispatch")

Handler = Callable[[Any], Any]

_message_decoder = msgspec.json.Decoder(Union[IncomingMessage, list[msgspec.Raw]])
_element_decoder = msgspec.json.Decoder(IncomingMessage)
_encoder = msgspec.json.Encoder()
_NULL = msgspec.Raw(b"null")
_EMPTY_OBJECT = b"{}"


class Route(NamedTuple):
    decoder: msgspec.json.Decoder
    handler: Handler
    """Returns the result, or an awaitable of it when the answer has to wait."""
    cancellable: bool


class _Call:
    __slots__ = ("method", "reply_id", "notification", "route", "params")

    def __init__(self, method: str, reply_id: Any, notification: bool, route: Route, params: Any) -> None:
        self.method, self.reply_id, self.notification = method, reply_id, notification
        self.route, self.params = route, params


def build_routes(handlers: Mapping[str, Handler], cancellable: frozenset[str]) -> dict[str, Route]:
    """One route per METHODS entry that has a handler; the dispatcher itself owns `$/cancelRequest`."""
    missing = set(METHODS) - set(handlers) - {CANCEL_REQUEST}
    if missing:
        raise RuntimeError(f"methods without a handler: {sorted(missing)}")
    return {
        name: Route(msgspec.json.Decoder(METHODS[name].params), handler, name in cancellable)
        for name, handler in handlers.items()
    }


def _error(id_: Any, code: ErrorCode, sentence: str) -> ErrorResponse:
    return ErrorResponse(id=id_, error=error_object(code, sentence))


def _valid_id(value: Any) -> bool:
    return value is None or (type(value) in (int, float, str))


class Dispatcher:
    """Turns frames into replies handed to `send`; knows nothing of pipes, so it is tested in memory."""

    def __init__(self, routes: Mapping[str, Route], send: Callable[[bytes], None]) -> None:
        self._routes = routes
        self._send = send
        self._inflight: dict[Any, list[anyio.CancelScope]] = {}
        self.stopping = False
        self._debug = log.isEnabledFor(logging.DEBUG)

    def dispatch(self, frame: Frame, tasks: TaskGroup) -> None:
        """Answer errors and handlers that never wait at once; every request that waits gets its own task."""
        if isinstance(frame, Oversize):
            self._send_response(_error(None, ErrorCode.RPC_INVALID_REQUEST,
                                       f"request line of {frame.size} bytes exceeds the size cap"))
            return
        try:
            frame.decode("utf-8")
            message = _message_decoder.decode(frame)
        except UnicodeDecodeError:
            self._send_response(_error(None, ErrorCode.RPC_PARSE, "the line is not valid UTF-8"))
            return
        except msgspec.ValidationError:
            self._send_response(_error(None, ErrorCode.RPC_INVALID_REQUEST,
                                       "a request must be a JSON object or a batch array"))
            return
        except msgspec.DecodeError:
            self._send_response(_error(None, ErrorCode.RPC_PARSE, "the line is not valid JSON"))
            return
        if isinstance(message, list):
            if not message:
                self._send_response(_error(None, ErrorCode.RPC_INVALID_REQUEST, "empty batch"))
                return
            tasks.start_soon(self._run_batch, message)
        elif message.method == CANCEL_REQUEST:
            self._send_if_any(self._cancel_request(message))
        else:
            self._start(message, tasks)

    def cancel_all(self) -> None:
        """Shutdown: every in-flight cancellable request answers CANCELLED; later ones are cancelled at once."""
        self.stopping = True
        for scopes in self._inflight.values():
            for scope in scopes:
                scope.cancel()

    async def _run_batch(self, elements: list[msgspec.Raw]) -> None:
        replies = []
        for raw in elements:
            try:
                message = _element_decoder.decode(raw)
            except msgspec.DecodeError:
                replies.append(_error(None, ErrorCode.RPC_INVALID_REQUEST, "a batch element must be an object"))
                continue
            reply = (self._cancel_request(message) if message.method == CANCEL_REQUEST
                     else await self.respond(message))
            if reply is not None:
                replies.append(reply)
        if replies:
            self._send(_encoder.encode(replies))

    def _send_if_any(self, reply: Optional[Response]) -> None:
        if reply is not None:
            self._send_response(reply)

    def _send_response(self, reply: Response) -> None:
        self._send(_encoder.encode(reply))

    def _cancel_request(self, message: IncomingMessage) -> Optional[Response]:
        try:
            params = msgspec.json.decode(message.params or _EMPTY_OBJECT, type=CancelParams)
        except msgspec.DecodeError:
            params = None
        if params is not None:
            for scope in self._inflight.get(params.id, ()):
                scope.cancel()
        if message.id is msgspec.UNSET:
            return None
        return ResultResponse(id=message.id, result=_NULL)

    def _start(self, message: IncomingMessage, tasks: TaskGroup) -> None:
        """Answer at once when the handler does not wait; otherwise give the request its own task."""
        prepared = self._prepare(message)
        if not isinstance(prepared, _Call):
            self._send_if_any(prepared)
            return
        if prepared.route.cancellable and not prepared.notification:
            tasks.start_soon(self._run_async, prepared, None)
            return
        try:
            outcome = prepared.route.handler(prepared.params)
        except Exception as exc:
            self._send_if_any(self._reply(prepared, exc))
            return
        if hasattr(outcome, "__await__"):
            tasks.start_soon(self._run_async, prepared, outcome)
        else:
            self._send_if_any(self._reply(prepared, outcome))

    async def _run_async(self, call: _Call, pending: Optional[Awaitable[Any]]) -> None:
        self._send_if_any(await self._finish(call, pending))

    async def respond(self, message: IncomingMessage) -> Optional[Response]:
        """The reply to one request object, or None for a notification. Never raises."""
        prepared = self._prepare(message)
        if not isinstance(prepared, _Call):
            return prepared
        return await self._finish(prepared, None)

    async def _finish(self, call: _Call, pending: Optional[Awaitable[Any]]) -> Optional[Response]:
        try:
            if pending is not None:
                result = await pending
            elif call.route.cancellable and not call.notification:
                result = await self._cancellable(call)
            else:
                result = call.route.handler(call.params)
                if hasattr(result, "__await__"):
                    result = await result
        except Exception as exc:
            return self._reply(call, exc)
        return self._reply(call, result)

    def _prepare(self, message: IncomingMessage) -> Union[_Call, Response, None]:
        id_ = message.id
        notification = id_ is msgspec.UNSET
        reply_id = None if notification else id_
        if message.jsonrpc != "2.0" or not isinstance(message.method, str) or not (
                notification or _valid_id(id_)):
            return _error(reply_id if _valid_id(reply_id) else None, ErrorCode.RPC_INVALID_REQUEST,
                          'not a JSON-RPC 2.0 request (needs "jsonrpc": "2.0", a string method, '
                          "and a string or number id)")
        route = self._routes.get(message.method)
        if route is None:
            return None if notification else _error(reply_id, ErrorCode.RPC_METHOD_NOT_FOUND, "no such method")
        call = _Call(message.method, reply_id, notification, route, None)
        try:
            call.params = self._decode_params(route, message.params)
        except InvalidParams as exc:
            return self._reply(call, exc)
        return call

    def _reply(self, call: _Call, outcome: Any) -> Optional[Response]:
        if self._debug:
            log.debug("%s answered%s", call.method, " with an error" if isinstance(outcome, Exception) else "")
        if isinstance(outcome, Exception):
            reply: Response = self._failure(call.reply_id, call.method, outcome)
        else:
            raw = outcome if isinstance(outcome, msgspec.Raw) else msgspec.Raw(_encoder.encode(outcome))
            reply = ResultResponse(id=call.reply_id, result=raw)
        return None if call.notification else reply

    def _failure(self, reply_id: Any, method: str, exc: Exception) -> ErrorResponse:
        error = to_error_object(exc)
        if isinstance(exc, SidecarError):
            log.info("%s failed: %s", method, error.data.prefix)
        else:
            frames = "".join(traceback.format_tb(exc.__traceback__))
            log.error("%s raised %s (message withheld: it may hold user text)\n%s",
                      method, type(exc).__name__, frames)
        return ErrorResponse(id=reply_id, error=error)

    @staticmethod
    def _decode_params(route: Route, raw: msgspec.Raw) -> Any:
        data = bytes(raw)
        if not data or data == b"null":
            data = _EMPTY_OBJECT
        elif data[:1] == b"[":
            raise InvalidParams("params must be an object, not an array")
        try:
            return route.decoder.decode(data)
        except msgspec.ValidationError as exc:
            raise InvalidParams(f"invalid params: {exc}") from None

    async def _cancellable(self, call: _Call) -> Any:
        key = call.reply_id
        scopes = self._inflight.setdefault(key, [])
        with anyio.CancelScope() as scope:
            scopes.append(scope)
            if self.stopping:
                scope.cancel()
            try:
                return await call.route.handler(call.params)
            finally:
                scopes.remove(scope)
                if not scopes:
                    del self._inflight[key]
        raise Cancelled("the request was cancelled")
