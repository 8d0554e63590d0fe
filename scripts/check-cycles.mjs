// `npm test` runs this: no import cycle in any workspace, type-only imports included (a cycle of types today is a
// runtime cycle after the next refactor). Imports madge cannot resolve fail the check too, so that an alias it does
// not understand can never hide a cycle.
import path from 'node:path';
import madge from 'madge';
import { ROOT } from './lib/workspace.mjs';

const PROJECTS = [
  { dir: 'packages/contract', aliases: {} },
  { dir: 'apps/server', aliases: {} },
  { dir: 'apps/web', aliases: { '@/*': ['./src/*'] } },
];
// Workspace packages are separate projects, checked on their own.
const EXTERNAL = new Set(['@suanli/contract']);
// A module the build makes (`virtual:antd-light-token`, apps/web/vite-plugins) has no file and imports none of ours.
const BUILT = /^virtual:/;

let failed = false;
for (const { dir, aliases } of PROJECTS) {
  const base = path.join(ROOT, dir);
  const result = await madge(path.join(base, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: { compilerOptions: { baseUrl: base, paths: aliases, module: 'ESNext', moduleResolution: 'Bundler' } },
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  const cycles = result.circular();
  const unresolved = result.warnings().skipped.filter((name) => !EXTERNAL.has(name) && !BUILT.test(name));
  for (const cycle of cycles) {
    console.error(`${dir}: import cycle: ${cycle.join(' → ')}`);
  }
  for (const name of unresolved) {
    console.error(`${dir}: import not resolved by the cycle check: ${name}`);
  }
  failed ||= cycles.length > 0 || unresolved.length > 0;
  console.log(`${dir}: ${Object.keys(result.obj()).length} files, ${cycles.length} cycles`);
}
process.exit(failed ? 1 : 0);
