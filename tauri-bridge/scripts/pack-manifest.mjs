// `npm pack` ships package.json without the scripts only this repo can run (issue 19.7): an app installing the
// tarball gets no install script to approve. prepack strips them (keeping the repo's copy aside), postpack
// puts the repo's copy back; a strip that finds a copy already aside restores it first, so a pack that
// failed half-way never leaves the repo with the stripped manifest.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bridge = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = join(bridge, "package.json");
const aside = join(bridge, ".package.repo.json");

function restore() {
  if (existsSync(aside)) renameSync(aside, manifest);
}

const mode = process.argv[2];
if (mode === "strip") {
  restore();
  copyFileSync(manifest, aside);
  const pkg = JSON.parse(readFileSync(manifest, "utf8"));
  delete pkg.scripts;
  delete pkg.devDependencies;
  writeFileSync(manifest, JSON.stringify(pkg, null, 2) + "\n");
} else if (mode === "restore") {
  restore();
} else {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exit(2);
}
