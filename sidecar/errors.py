"""Typed exceptions carrying their S4.2 prefix, and the one function that turns them into wire errors."""

from __future__ import annotations

from protocol import ErrorCode, ErrorData, ErrorObject


class SidecarError(Exception):
    """An error the caller should see; `message` must never contain memory text or keys."""

    code = ErrorCode.INTERNAL

    def __init__(self, message: str, code: ErrorCode | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0])


class InvalidParams(SidecarError):
    code = ErrorCode.RPC_INVALID_PARAMS


class MemoryIOError(SidecarError):
    code = ErrorCode.MEMORY_IO


class AiError(SidecarError):
    """Any failure of the LLM call; the code says which (AI_CONFIG … AI_RESPONSE)."""


class Cancelled(SidecarError):
    code = ErrorCode.CANCELLED


def error_object(code: ErrorCode, sentence: str) -> ErrorObject:
    """The S4.1 wire shape: `PREFIX: sentence` with the prefix repeated in `data`."""
    return ErrorObject(code=int(code), message=f"{code.prefix}: {sentence}",
                       data=ErrorData(prefix=code.prefix))


def to_error_object(exc: BaseException) -> ErrorObject:
    if isinstance(exc, SidecarError):
        return error_object(exc.code, exc.message)
    return error_object(ErrorCode.INTERNAL, f"unexpected {type(exc).__name__}; see the sidecar log")
