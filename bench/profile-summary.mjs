// Reads a V8 CPU profile (`node --cpu-prof`, or `BENCH_PROFILE_DIR` of `npm run bench`) and prints where the time
// went: self time by package (or our own folder) and the functions with the most self time.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [top functions, default 25]
import { readFileSync } from 'node:fs';

const [file, topArgument] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const top = Number(topArgument ?? 25);

// Sample intervals in microseconds, attributed to the node that was on top of the stack.
const selfMicros = new Map();
profile.samples.forEach((nodeId, index) => {
  selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0));
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

const share = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
console.log(`${(total / 1e6).toFixed(1)} s sampled\n`);
console.log('self time by package or folder');
for (const [where, micros] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${share(micros)}  ${where}`);
}
console.log('\nfunctions with the most self time');
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${share(micros)}  ${name}`);
}
