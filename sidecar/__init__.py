"""ai-memory sidecar: local cross-session memory for AI-chat desktop apps, over JSON-RPC on stdio."""

__version__ = "0.1.0"
NAME = "ai-memory-sidecar"
