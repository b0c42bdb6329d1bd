"""JSON-RPC 2.0 envelopes: the lenient incoming shape and the two outgoing response shapes."""

from __future__ import annotations

from typing import Any, Union

import msgspec

RequestId = Union[int, float, str, None]


class IncomingMessage(msgspec.Struct, omit_defaults=True):
    """Any JSON object on the wire; fields are checked by the dispatcher so errors can echo the id."""

    jsonrpc: Any = msgspec.UNSET
    method: Any = msgspec.UNSET
    id: Any = msgspec.UNSET
    params: msgspec.Raw = msgspec.Raw(b"")


class ErrorData(msgspec.Struct):
    prefix: str


class ErrorObject(msgspec.Struct):
    code: int
    message: str
    data: ErrorData


class ResultResponse(msgspec.Struct, kw_only=True):
    jsonrpc: str = "2.0"
    id: RequestId
    result: msgspec.Raw


class ErrorResponse(msgspec.Struct, kw_only=True):
    jsonrpc: str = "2.0"
    id: RequestId
    error: ErrorObject


Response = Union[ResultResponse, ErrorResponse]
