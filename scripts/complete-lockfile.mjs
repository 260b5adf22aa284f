#!/usr/bin/env node
// The npm registry reachable here serves only this platform's builds of native packages (swc, the
// unrs resolver), so `npm install` leaves other platforms' optional binaries out of package-lock.json,
// and `npm ci` then refuses the lock as out of sync. This adds a stub entry for each missing optional
// platform package, with the os/cpu/libc its name declares, so npm ci skips it on every platform but
// its own. Run after changing dependencies: `npm install && node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const base = name.split('/').pop();
  const os = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'].find((o) =>
    base.includes(o),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32', 'mips64el'].find((c) =>
    new RegExp(`(^|-)${c}(-|$)`).test(base),
  );
  const libc = /musl/.test(base) ? 'musl' : /gnu/.test(base) ? 'glibc' : null;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue; // not a platform binary: leave it for npm to resolve
    packages[`node_modules/${dep}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform stub entr${added === 1 ? 'y' : 'ies'}`);
