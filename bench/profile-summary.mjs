// Reads a V8 CPU profile (`node --cpu-prof`, or `BENCH_PROFILE_DIR` of `npm run bench`) and prints where the time
// went: self time by package (or our own folder) and the functions with the most self time.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [top functions, default 25] [--last S] [--requests N]
// `--last S` reads only the profile's last S seconds (a measured run, without the server's start); `--requests N`
// adds each line's microseconds per request, for the N requests answered in that window.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { last: { type: 'string' }, requests: { type: 'string' } },
});
const [file, topArgument] = positionals;
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top] [--last S] [--requests N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const top = Number(topArgument ?? 25);
const requests = values.requests ? Number(values.requests) : undefined;

// Sample intervals in microseconds, attributed to the node that was on top of the stack; with --last, only those
// taken in the profile's last S seconds.
const since = values.last ? profile.endTime - Number(values.last) * 1e6 : -Infinity;
const selfMicros = new Map();
let at = profile.startTime;
profile.samples.forEach((nodeId, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  if (at >= since) {
    selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + delta);
  }
});

function place({ url, functionName }) {
  if (!url) {
    // (idle), (program), (garbage collector), or a builtin without a script.
    return functionName.startsWith('(') ? functionName : '(builtin)';
  }
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) {
    return modules[1];
  }
  if (url.startsWith('node:')) {
    return 'node:internal';
  }
  const ours = /\/(apps\/server\/src|packages\/contract\/src)\/(?:([^/]+)\/)?/.exec(url);
  return ours ? `${ours[1]}/${ours[2] ?? ''}` : url;
}

const byPlace = new Map();
const byFunction = new Map();
let total = 0;
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) {
    continue;
  }
  total += micros;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = place(node.callFrame);
  byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
  const name = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}

const perRequest = (micros) => (requests ? `${(micros / requests).toFixed(1).padStart(7)} µs` : '');
const share = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)} %${perRequest(micros)}`;
console.log(`${(total / 1e6).toFixed(1)} s sampled\n`);
console.log('self time by package or folder');
for (const [where, micros] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${share(micros)}  ${where}`);
}
console.log('\nfunctions with the most self time');
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${share(micros)}  ${name}`);
}
