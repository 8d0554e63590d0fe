import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';

/** Whether Debian's `prometheus` package's promtool is on the PATH; PROMTOOL_REQUIRED=1 (CI) makes its absence fail. */
export const promtoolInstalled = spawnSync('promtool', ['--version'], { stdio: 'ignore' }).status === 0;
export const promtoolRequired = process.env.PROMTOOL_REQUIRED === '1';

export function promtool(args: string[], cwd?: string) {
  if (!promtoolInstalled) {
    throw new Error('PROMTOOL_REQUIRED=1 but promtool is not installed (apt-get install prometheus)');
  }
  const result = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** One scrape of /metrics: each sample by its series (`name{labels}`, as PromQL writes it) and whether it counts up. */
export type Scrape = Map<string, { value: string; counter: boolean }>;

/** Reads the text exposition format, keeping the series whose metric name `keep` accepts. */
export function parseScrape(text: string, keep: (name: string) => boolean): Scrape {
  const counters = new Set<string>();
  const samples: Scrape = new Map();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type?.[2] === 'counter') {
      counters.add(type[1]!);
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (sample && keep(sample[1]!)) {
      samples.set(`${sample[1]}${sample[2] ?? ''}`, { value: sample[3]!, counter: counters.has(sample[1]!) });
    }
  }
  return samples;
}

/**
 * Promtool input series, one sample a minute, for a platform that was as `before` shows for `beforeMinutes`, then
 * as `after` shows from then on. A gauge holds its value; a counter keeps growing by what it grew between the two
 * scrapes each minute, as it would while the state lasts. A counter absent before had not counted yet (0); a gauge
 * absent before did not exist (`_`).
 */
export function inputSeries(before: Scrape, after: Scrape | null, beforeMinutes: number, afterMinutes: number) {
  const names = new Set([...before.keys(), ...(after?.keys() ?? [])]);
  return [...names].map((series) => {
    const was = before.get(series);
    const now = after?.get(series);
    const counter = (was ?? now)!.counter;
    const first = was?.value ?? (counter ? '0' : '_');
    const held = first === '_' ? `_x${beforeMinutes}` : `${first}+0x${beforeMinutes}`;
    if (!now) {
      return { series, values: held };
    }
    const step = counter ? Number(now.value) - Number(first) : 0;
    return { series, values: `${held} ${now.value}+${step}x${afterMinutes}` };
  });
}

export interface AlertTest {
  evalMinutes: number;
  alertname: string;
  /** The labels (besides the rule's own) of each alert expected to fire; empty: none fires. */
  firing: Record<string, string>[];
}

interface RulesFile {
  groups: { name: string; rules: { alert: string; labels?: object; annotations?: Record<string, string> }[] }[];
}

export const readRules = (rulesFile: string) => parse(readFileSync(rulesFile, 'utf8')) as RulesFile;

/**
 * Runs `promtool test rules` on the rules file with these series and expectations, and answers its output. It tests
 * which alerts fire with which labels; their annotations (texts with the values in them) are left out of the copy it
 * tests, since promtool would compare them whole.
 */
export function testRules(rulesFile: string, series: ReturnType<typeof inputSeries>, tests: AlertTest[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'suanli-promtool-'));
  try {
    const rules = readRules(rulesFile);
    for (const group of rules.groups) {
      for (const rule of group.rules) {
        delete rule.annotations;
      }
    }
    writeFileSync(path.join(dir, 'rules.yml'), stringify(rules));
    const file = {
      rule_files: ['rules.yml'],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: series,
          alert_rule_test: tests.map((test) => ({
            eval_time: `${test.evalMinutes}m`,
            alertname: test.alertname,
            exp_alerts: test.firing.map((labels) => ({ exp_labels: labels })),
          })),
        },
      ],
    };
    writeFileSync(path.join(dir, 'test.yml'), stringify(file));
    return promtool(['test', 'rules', 'test.yml'], dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
