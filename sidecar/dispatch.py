"""JSON-RPC dispatch: envelopes, a task per waiting request, batches, cancellation, the exception→wire boundary."""

from __future__ import annotations

import inspect
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
"""Takes the decoded params; returns the result, or an awaitable of it when the answer has to wait."""

_message_decoder = msgspec.json.Decoder(Union[IncomingMessage, list[msgspec.Raw]])
_element_decoder = msgspec.json.Decoder(IncomingMessage)
_encoder = msgspec.json.Encoder()
_EMPTY_OBJECT = b"{}"
_TOO_DEEP = "the line nests too deeply to parse"
_NOT_A_REQUEST = ('not a JSON-RPC 2.0 request (needs "jsonrpc": "2.0", a string method, '
                  "and a string, number or null id)")


class Route(NamedTuple):
    decoder: msgspec.json.Decoder[Any]
    handler: Handler
    cancellable: bool


class _Failed(NamedTuple):
    """A handler's exception carried as an outcome, so one function turns every outcome into a reply."""

    exc: Exception


Outcome = Union[_Failed, Any]


class _Waiting(NamedTuple):
    """A batch element whose handler returned an awaitable (or, when `pending` is None, is cancellable)."""

    call: _Call
    pending: Optional[Awaitable[Any]]


class _Call:
    __slots__ = ("method", "notification", "params", "reply_id", "route", "scope")

    def __init__(self, method: str, reply_id: Any, notification: bool, route: Route) -> None:
        self.method, self.reply_id, self.notification = method, reply_id, notification
        self.route = route
        self.params: Any = None
        self.scope: Optional[anyio.CancelScope] = None

    @property
    def in_cancel_scope(self) -> bool:
        # A cancellable handler never runs inline: it has to start inside a cancel scope registered under
        # its id, or a `$/cancelRequest` (or shutdown) read while it waits could not reach it. A
        # notification has no id to cancel by, so it runs like any other handler.
        return self.route.cancellable and not self.notification


def build_routes(handlers: Mapping[str, Handler], cancellable: frozenset[str]) -> dict[str, Route]:
    """One route per METHODS entry that has a handler; the dispatcher itself owns `$/cancelRequest`.

    Raises RuntimeError when a method of the protocol has no handler.
    """
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
    # JSON-RPC ids are strings, numbers or null. `true`/`false` decode to Python bools, and bool is a
    # subclass of int (True == 1, also as a dict key), so an isinstance check would accept them and a
    # cancel for id 1 would reach a request sent with id `true`: compare exact types instead.
    return value is None or type(value) in (int, float, str)


class Dispatcher:
    """Turns frames into replies handed to `send`; knows nothing of pipes, so it is tested in memory.

    Every frame and every request read gets exactly one reply (none for notifications), whatever the
    handler raises, returns or however the task is cancelled.
    """

    def __init__(self, routes: Mapping[str, Route], send: Callable[[bytes], None]) -> None:
        self._routes = {**routes, CANCEL_REQUEST: Route(msgspec.json.Decoder(CancelParams), self._cancel, False)}
        self._send = send
        self._inflight: dict[Any, list[anyio.CancelScope]] = {}
        self.stopping = False
        self.cut_short = 0
        """Requests answered CANCELLED because the shutdown deadline cancelled their task (not by a cancel)."""
        self._debug = log.isEnabledFor(logging.DEBUG)

    def dispatch(self, frame: Frame, tasks: TaskGroup) -> None:
        """Answer at once when the reply is ready; every request that waits gets its own task. Never raises."""
        try:
            self._dispatch(frame, tasks)
        except Exception as exc:  # a bug here must cost one reply, never the process
            self._send_reply(self._failure("dispatch", None, exc))

    def _dispatch(self, frame: Frame, tasks: TaskGroup) -> None:
        message = self._decode_frame(frame)
        if isinstance(message, ErrorResponse):
            self._send_reply(message)
        elif isinstance(message, list):
            if not message:
                self._send_reply(_error(None, ErrorCode.RPC_INVALID_REQUEST, "empty batch"))
            else:
                self._start_batch(message, tasks)
        else:
            self._start(message, tasks)

    def cancel_all(self) -> None:
        """Shutdown: every in-flight cancellable request answers CANCELLED; later ones are cancelled at once."""
        self.stopping = True
        for scopes in self._inflight.values():
            for scope in scopes:
                scope.cancel()

    # -- decoding and envelope checks -------------------------------------------------------------

    @staticmethod
    def _decode_frame(frame: Frame) -> Union[IncomingMessage, list[msgspec.Raw], ErrorResponse]:
        if isinstance(frame, Oversize):
            return _error(None, ErrorCode.RPC_INVALID_REQUEST,
                          f"request line of {frame.size} bytes exceeds the size cap of {frame.cap} bytes "
                          "(--max-line-bytes)")
        try:
            frame.decode("utf-8")
            return _message_decoder.decode(frame)
        except UnicodeDecodeError:
            return _error(None, ErrorCode.RPC_PARSE, "the line is not valid UTF-8")
        except msgspec.ValidationError:
            return _error(None, ErrorCode.RPC_INVALID_REQUEST, "a request must be a JSON object or a batch array")
        except msgspec.DecodeError:
            return _error(None, ErrorCode.RPC_PARSE, "the line is not valid JSON")
        except RecursionError:
            # msgspec parses recursively; how deep it gets depends on the stack already in use, so
            # no fixed depth is promised, only that such a line is answered and the loop lives.
            return _error(None, ErrorCode.RPC_PARSE, _TOO_DEEP)

    def _prepare(self, message: IncomingMessage) -> Union[_Call, Response, None]:
        """The envelope checks every request goes through, `$/cancelRequest` included."""
        id_ = message.id
        notification = id_ is msgspec.UNSET
        reply_id = None if notification else id_
        if message.jsonrpc != "2.0" or not isinstance(message.method, str) or not (
                notification or _valid_id(id_)):
            return _error(reply_id if _valid_id(reply_id) else None, ErrorCode.RPC_INVALID_REQUEST, _NOT_A_REQUEST)
        route = self._routes.get(message.method)
        if route is None:
            return None if notification else _error(reply_id, ErrorCode.RPC_METHOD_NOT_FOUND, "no such method")
        call = _Call(message.method, reply_id, notification, route)
        try:
            call.params = self._decode_params(route, message.params)
        except InvalidParams as exc:
            return self._complete(call, _Failed(exc))
        return call

    @staticmethod
    def _decode_params(route: Route, raw: msgspec.Raw) -> Any:
        """Raises InvalidParams naming the path of the first wrong value."""
        data = bytes(raw)
        if not data or data == b"null":
            data = _EMPTY_OBJECT
        elif data[:1] == b"[":
            raise InvalidParams("params must be an object, not an array")
        try:
            return route.decoder.decode(data)
        except msgspec.ValidationError as exc:
            raise InvalidParams(f"invalid params: {exc}") from None
        except msgspec.DecodeError:
            raise InvalidParams("invalid params: not valid JSON") from None
        except RecursionError:
            raise InvalidParams("invalid params: they nest too deeply") from None

    # -- running handlers ---------------------------------------------------------------------------

    def _start(self, message: IncomingMessage, tasks: TaskGroup) -> None:
        call = self._prepare(message)
        if not isinstance(call, _Call):
            self._send_reply(call)
        elif call.in_cancel_scope:
            self._register(call)
            tasks.start_soon(self._run, call, None)
        else:
            outcome = self._invoke(call)
            if inspect.isawaitable(outcome):
                tasks.start_soon(self._run, call, outcome)
            else:
                self._send_reply(self._complete(call, outcome))

    def _invoke(self, call: _Call) -> Union[Outcome, Awaitable[Any]]:
        """Call the handler: its result, its exception as `_Failed`, or the awaitable it returned."""
        try:
            return call.route.handler(call.params)
        except Exception as exc:
            return _Failed(exc)

    async def _await(self, call: _Call, pending: Optional[Awaitable[Any]]) -> Outcome:
        """Raises only the cancellation of the task; `pending` None means the call is cancellable."""
        try:
            if pending is None:
                return await self._cancellable(call)
            return await pending
        except Exception as exc:
            return _Failed(exc)

    async def _run(self, call: _Call, pending: Optional[Awaitable[Any]]) -> None:
        try:
            outcome = await self._await(call, pending)
        except anyio.get_cancelled_exc_class():
            # The shutdown deadline: the request did not finish, so it was not applied (a write that
            # started runs to its end in its thread and is answered with its result instead).
            self.cut_short += 1
            self._send_reply(self._complete(call, _Failed(Cancelled("the sidecar is shutting down"))))
            raise
        self._send_reply(self._complete(call, outcome))

    def _register(self, call: _Call) -> None:
        """Give a cancellable call its scope the moment it is read, before its task runs: a
        `$/cancelRequest` in the same chunk (or for a batch element still waiting its turn) then reaches
        it, and a scope cancelled before it is entered cancels the handler at its first wait."""
        call.scope = anyio.CancelScope()
        self._inflight.setdefault(call.reply_id, []).append(call.scope)
        if self.stopping:
            call.scope.cancel()

    def _release(self, call: _Call) -> None:
        scopes = self._inflight.get(call.reply_id)
        if scopes is not None and call.scope in scopes:
            scopes.remove(call.scope)
            if not scopes:
                del self._inflight[call.reply_id]

    async def _cancellable(self, call: _Call) -> Any:
        if call.scope is None:
            self._register(call)
        assert call.scope is not None
        try:
            with call.scope:
                return await call.route.handler(call.params)
        finally:
            self._release(call)
        raise Cancelled("the request was cancelled")

    def _cancel(self, params: CancelParams) -> None:
        for scope in self._inflight.get(params.id, ()):
            scope.cancel()

    # -- batches ------------------------------------------------------------------------------------

    def _start_batch(self, elements: list[msgspec.Raw], tasks: TaskGroup) -> None:
        # Every element is checked and its handler called now, in order, as single requests are: a
        # store request in a batch takes its turn where the batch was read (S3.2), not when a task
        # gets to it. Only the waiting happens in the batch's task.
        steps = [self._begin(raw) for raw in elements]
        if any(isinstance(step, _Waiting) for step in steps):
            tasks.start_soon(self._run_batch, steps)
        else:
            self._send_batch([step for step in steps if step is not None and not isinstance(step, _Waiting)])

    def _begin(self, raw: msgspec.Raw) -> Union[_Waiting, Response, None]:
        try:
            message = _element_decoder.decode(raw)
        except (msgspec.DecodeError, RecursionError):
            return _error(None, ErrorCode.RPC_INVALID_REQUEST, "a batch element must be an object")
        call = self._prepare(message)
        if not isinstance(call, _Call):
            return call
        if call.in_cancel_scope:
            self._register(call)
            return _Waiting(call, None)
        outcome = self._invoke(call)
        if inspect.isawaitable(outcome):
            return _Waiting(call, outcome)
        return self._complete(call, outcome)

    async def _run_batch(self, steps: list[Union[_Waiting, Response, None]]) -> None:
        """Each waiting element runs in its own task, like a separate request, so one that waits (an
        extraction) never holds a later one (S3.2); the replies keep the batch's order and leave as one
        array, even when shutdown cuts the batch short."""
        replies: list[Optional[Response]] = [None if isinstance(step, _Waiting) else step for step in steps]
        try:
            async with anyio.create_task_group() as elements:
                for position, step in enumerate(steps):
                    if isinstance(step, _Waiting):
                        elements.start_soon(self._run_element, step, replies, position)
        finally:
            self._send_batch([reply for reply in replies if reply is not None])

    async def _run_element(self, step: _Waiting, replies: list[Optional[Response]], position: int) -> None:
        try:
            outcome = await self._await(step.call, step.pending)
        except anyio.get_cancelled_exc_class():
            self.cut_short += 1
            replies[position] = self._complete(step.call, _Failed(Cancelled("the sidecar is shutting down")))
            raise
        replies[position] = self._complete(step.call, outcome)

    # -- the exception → wire boundary ---------------------------------------------------------------

    def _complete(self, call: _Call, outcome: Outcome) -> Optional[Response]:
        """The one place an outcome becomes a reply; encoding the result is inside it. Never raises."""
        if isinstance(outcome, _Failed):
            reply: Response = self._failure(call.method, call.reply_id, outcome.exc)
        else:
            try:
                raw = outcome if isinstance(outcome, msgspec.Raw) else msgspec.Raw(_encoder.encode(outcome))
            except Exception as exc:
                reply = self._failure(call.method, call.reply_id, exc)
            else:
                reply = ResultResponse(id=call.reply_id, result=raw)
        if self._debug:
            log.debug("%s answered%s", call.method, " with an error" if isinstance(reply, ErrorResponse) else "")
        return None if call.notification else reply

    @staticmethod
    def _failure(method: str, reply_id: Any, exc: Exception) -> ErrorResponse:
        error = to_error_object(exc)
        if isinstance(exc, SidecarError):
            log.info("%s failed: %s", method, error.data.prefix)
        else:
            frames = "".join(traceback.format_tb(exc.__traceback__))
            log.error("%s raised %s (message withheld: it may hold user text)\n%s",
                      method, type(exc).__name__, frames)
        return ErrorResponse(id=reply_id, error=error)

    def _send_reply(self, reply: Optional[Response]) -> None:
        if reply is not None:
            self._send(self._encode(reply, reply.id))

    def _send_batch(self, replies: list[Response]) -> None:
        if replies:
            self._send(self._encode(replies, None))

    @staticmethod
    def _encode(reply: Union[Response, list[Response]], reply_id: Any) -> bytes:
        """Results are encoded already; this guards the envelope (say, an error text holding a surrogate)."""
        try:
            return _encoder.encode(reply)
        except Exception as exc:
            log.error("could not encode a reply: %s", type(exc).__name__)
            fallback = _error(reply_id, ErrorCode.INTERNAL, "the reply could not be encoded; see the sidecar log")
            return _encoder.encode(fallback)
