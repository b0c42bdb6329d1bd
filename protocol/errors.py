"""The closed error table of SPEC S4.2: every error code and the prefix that names it on the wire."""

from __future__ import annotations

import enum


class ErrorCode(enum.IntEnum):
    """A JSON-RPC error code; its name is the message prefix the frontend branches on."""

    RPC_PARSE = -32700
    RPC_INVALID_REQUEST = -32600
    RPC_METHOD_NOT_FOUND = -32601
    RPC_INVALID_PARAMS = -32602
    INTERNAL = -32603
    MEMORY_IO = -32001
    AI_CONFIG = -32010
    AI_NETWORK = -32011
    AI_TIMEOUT = -32012
    AI_HTTP = -32013
    AI_RESPONSE = -32014
    CANCELLED = -32800

    @property
    def prefix(self) -> str:
        return self.name


BRIDGE_PREFIXES = ("SIDECAR_UNAVAILABLE", "SIDECAR_TIMEOUT")
"""Prefixes the TypeScript bridge produces on its own side (S4.2); never sent by the sidecar."""
