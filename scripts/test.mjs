// `npm test`: install what is missing, then lint, type-check and run every suite; ends with one line
// `N passed, N failed[, N skipped]` summing them all, and a non-zero exit on any failure.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale, ensureInstalled, ROOT, run, runCaptured } from './lib/workspace.mjs';

const env = process.env;
const CHROMIUM = env.CHROMIUM_PATH || '/usr/bin/chromium';
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const reports = mkdtempSync(path.join(os.tmpdir(), 'suanli-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

let stepStarted = Date.now();

// Each line says how long its step took: CI has a time budget (issue 24), and this is where it goes.
function record(name, counts, { note = '', seconds } = {}) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const took = seconds ?? Math.round((Date.now() - stepStarted) / 1000);
  stepStarted = Date.now();
  lines.push(
    `${name.padEnd(22)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${note}  (${took} s)`,
  );
}

/**
 * The static checks, two at a time: each is one single-threaded process and the box has two cores. Each check's output
 * is printed whole once it ends, in the order of the list.
 */
async function checks(list) {
  const results = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < list.length; index = next++) {
      const [, command, args] = list[index];
      const started = Date.now();
      const { code, output } = await runCaptured(command, args);
      results[index] = { code, output, seconds: Math.round((Date.now() - started) / 1000) };
    }
  };
  await Promise.all([worker(), worker()]);
  list.forEach(([name, command, args], index) => {
    const { code, output, seconds } = results[index];
    console.log(`\n── ${name}: ${[path.basename(command), ...args].join(' ')}`);
    process.stdout.write(output);
    record(name, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 }, { seconds });
  });
  stepStarted = Date.now();
}

function readVitestReport(file, exitCode) {
  if (!existsSync(file)) {
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A file that fails to load has no assertions; it still counts as a failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1;
  }
  return counts;
}

async function vitest(name, projects, extraEnv = {}) {
  console.log(`\n── ${name}: vitest ${projects.map((project) => `--project ${project}`).join(' ')}`);
  const output = path.join(reports, `${name}.json`);
  const args = ['run', ...projects.flatMap((project) => ['--project', project])];
  const code = await run(
    bin('vitest'),
    [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    {
      env: { ...env, ...extraEnv },
    },
  );
  record(name, readVitestReport(output, code));
}

/** Counts the tests a suite would run, so that a skipped suite is reported with its size and reason. */
async function skip(name, projects, reason, extraEnv = {}) {
  const output = path.join(reports, `${name}-list.json`);
  const args = ['list', ...projects.flatMap((project) => ['--project', project]), `--json=${output}`];
  await run(bin('vitest'), args, { env: { ...env, ...extraEnv, VITEST_LIST_ONLY: '1' }, stdio: 'ignore' });
  const count = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')).length : 0;
  console.log(`\n── ${name}: skipped (${reason})`);
  record(name, { passed: 0, failed: 0, skipped: count }, { note: `  (${reason})` });
}

function fail(name, reason) {
  console.error(`\n── ${name}: FAILED (${reason})`);
  record(name, { passed: 0, failed: 1, skipped: 0 }, { note: `  (${reason})` });
}

try {
  ensureInstalled();
  stepStarted = Date.now();
  await checks([
    ['lint', bin('eslint'), ['.', '--max-warnings=0']],
    ['format', bin('prettier'), ['--check', '.', '--log-level=warn']],
    ['import cycles', process.execPath, [path.join(ROOT, 'scripts', 'check-cycles.mjs')]],
    ...['packages/contract', 'apps/server', 'apps/web', '.'].map((project) => [
      `typecheck ${project}`,
      bin('tsc'),
      ['-p', project],
    ]),
  ]);
  await vitest('unit+api (PGlite)', ['contract', 'server', 'web']);

  if (env.TEST_DATABASE_URL) {
    await vitest('api (PostgreSQL)', ['server'], { TEST_DB_ENGINE: 'postgres' });
  } else if (env.TEST_PG_REQUIRED === '1') {
    fail('api (PostgreSQL)', 'TEST_PG_REQUIRED=1 but TEST_DATABASE_URL is not set');
  } else {
    await skip('api (PostgreSQL)', ['server'], 'TEST_DATABASE_URL is not set', { TEST_DB_ENGINE: 'postgres' });
  }

  if (existsSync(CHROMIUM)) {
    buildWebIfStale();
    await vitest('browser journeys', ['e2e'], { CHROMIUM_PATH: CHROMIUM });
  } else if (env.E2E_REQUIRED === '1') {
    fail('browser journeys', `E2E_REQUIRED=1 but no Chromium at ${CHROMIUM}`);
  } else {
    await skip('browser journeys', ['e2e'], `no Chromium at ${CHROMIUM}; apt-get install chromium`);
  }
} catch (error) {
  fail('setup', error.message);
} finally {
  rmSync(reports, { recursive: true, force: true });
}

console.log(`\n${lines.join('\n')}\n`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
