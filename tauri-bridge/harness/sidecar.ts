/** How the tests and the demo relay run the real sidecar: the repository's Python (or SIDECAR_BINARY). */

import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

export function python(): string {
  if (process.env.SIDECAR_PYTHON) return process.env.SIDECAR_PYTHON;
  const venv = join(REPO, ".venv", process.platform === "win32" ? "Scripts/python.exe" : "bin/python");
  return existsSync(venv) ? venv : "python3";
}

export function sidecarEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONPATH: REPO, ...extra };
  for (const key of Object.keys(env)) if (key.startsWith("AI_MEMORY_") && !(key in extra)) delete env[key];
  // Ranking by meaning joins once its model has loaded in the background; the bridge tests rank by words only.
  env.AI_MEMORY_SEMANTIC ??= "off";
  return env;
}

/** The command line the shell double runs for the sidecar's scope names: the real sidecar. */
export function sidecarCommand(args: string[]): { command: string; args: string[] } {
  if (process.env.SIDECAR_BINARY) return { command: process.env.SIDECAR_BINARY, args };
  return { command: python(), args: ["-m", "sidecar", ...args] };
}
