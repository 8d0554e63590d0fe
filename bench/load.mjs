// Load generation: wrk from Debian when present (steadier), autocannon from npm otherwise. Both report requests per
// second, the requests answered and the 99th-percentile latency in milliseconds, and send the same headers on every
// request.
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

function wrkMilliseconds(text) {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match) {
    return Number.NaN;
  }
  const factor = { us: 0.001, ms: 1, s: 1000 }[match[2]];
  return Number(match[1]) * factor;
}

function runWrk(url, { seconds, connections, headers }) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url];
  const result = spawnSync('wrk', args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(result.stdout)?.[1]);
  const p99 = wrkMilliseconds(/^\s+99%\s+(\S+)/m.exec(result.stdout)?.[1] ?? '');
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout)?.[1] ?? '0';
  const requests = Number(/(\d+) requests in/.exec(result.stdout)?.[1]);
  return { tool: 'wrk', rps, requests, p99Ms: p99, non2xx: Number(errors) };
}

async function runAutocannon(url, { seconds, connections, headers }) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    tool: 'autocannon',
    rps: result.requests.average,
    requests: result.requests.total,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function measure(url, { headers = {}, ...options }) {
  return hasWrk ? runWrk(url, { ...options, headers }) : runAutocannon(url, { ...options, headers });
}
