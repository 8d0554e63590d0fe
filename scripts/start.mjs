// `npm start`: install what is missing, build what is stale, then serve the console and API (the server migrates
// and seeds its database itself). Development tools are on unless DEV_TOOLS says otherwise.
import { spawn } from 'node:child_process';
import { buildWebIfStale, ensureInstalled, ROOT } from './lib/workspace.mjs';

try {
  ensureInstalled();
  buildWebIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...(process.env.APP_ENV === 'production' ? {} : { DEV_TOOLS: '1' }), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
