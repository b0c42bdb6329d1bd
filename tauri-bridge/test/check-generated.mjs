// Fails `npm test` when src/generated/protocol.ts is stale against protocol/ (SPEC S8.3), as pytest does.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const venv = join(repo, ".venv", process.platform === "win32" ? "Scripts/python.exe" : "bin/python");
const candidates = [process.env.SIDECAR_PYTHON, existsSync(venv) ? venv : undefined, "python3", "python"].filter(Boolean);

for (const python of candidates) {
  const run = spawnSync(python, ["-m", "protocol.generate", "--check"], { cwd: repo, encoding: "utf8" });
  if (run.error?.code === "ENOENT") continue;
  if (run.status === 0) process.exit(0);
  process.stderr.write(run.stderr);
  if (/ModuleNotFoundError/.test(run.stderr)) {
    console.error(`${python} lacks the protocol's dependencies: run \`make test-python\` (creates .venv) or set SIDECAR_PYTHON.`);
  } else {
    console.error("the generated TypeScript is stale: run `make generate` (python -m protocol.generate) and commit it.");
  }
  process.exit(1);
}
console.error("npm test checks the generated types with Python, and none was found: run `make test-python` "
  + "(creates .venv) or set SIDECAR_PYTHON to a Python with msgspec.");
process.exit(1);
