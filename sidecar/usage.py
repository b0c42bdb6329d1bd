"""The `--help` text: how to talk to the sidecar, not only which flags it takes."""

DESCRIPTION = """\
Local cross-session memory for AI-chat apps. The app starts memory-sidecar and talks JSON-RPC 2.0 to it:
one request per line on stdin, one reply per line on stdout (logs go to stderr). For example:

  {"jsonrpc":"2.0","id":1,"method":"ai_list_memories"}
  {"jsonrpc":"2.0","id":2,"method":"ai_save_memories","params":{"items":[{"id":"m1","content":"用户偏好 zsh","createdAt":1700000000000,"sourceScope":"global"}]}}
  {"jsonrpc":"2.0","id":3,"method":"sidecar_info"}

Methods: ai_list_memories, ai_save_memories, ai_clear_memories, ai_extract_memories, ai_merge_memories,
ai_remember_conversation, ai_remember, ai_edit_memory, ai_delete_memories, ai_memory_context (with
"query": the relevant ones first), ai_search_memories, ai_memory_history, ai_undo_change,
ai_forget_history, ai_list_archive, ai_restore_memories, ai_delete_archived, sidecar_info,
sidecar_shutdown; a notification $/cancelRequest {"id": ...} cancels an extraction.

The memories live in <config dir>/ai/memory/memory.json. The config dir is --config-dir, else
<OS config dir>/<app id> with --app-id, else AI_MEMORY_CONFIG_DIR, else AI_MEMORY_APP_ID, else the app id
ai-memory-sidecar (~/.config/ai-memory-sidecar on Linux, ~/Library/Application Support/ai-memory-sidecar
on macOS, %APPDATA%\\ai-memory-sidecar on Windows). A Tauri app keeps its memories in appConfigDir(),
which is <OS config dir>/<its bundle identifier>: so without flags this serves the memories of the app
whose identifier is ai-memory-sidecar, and another app's with --app-id <its "identifier" in
tauri.conf.json>, e.g. --app-id com.example.chat. Try it out with --config-dir <a scratch dir>.

End of input (Ctrl-D, or the end of a pipe) stops the sidecar: what it has read is answered, but an
ai_extract_memories still waiting for the model answers CANCELLED. So keep stdin open until the reply
you need has arrived, e.g. { cat requests.jsonl; sleep 200; } | memory-sidecar."""

EPILOG = """\
The API key is read from AI_MEMORY_API_KEY or sent per call in "provider"; never pass it on the command
line, where other users' `ps` would show it. Exit status: 0 after end of input, sidecar_shutdown,
SIGTERM or SIGINT; 2 for a bad flag or environment value."""
