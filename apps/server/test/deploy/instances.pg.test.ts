import http from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@suanli/contract';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { minutesCost } from '../../src/modules/applications/billing.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { computeEnv, imageIdOf } from '../applications/application-helpers.js';
import { Cluster, type Answer, type RequestOptions } from '../applications/state-machine/cluster.js';
import { signal, workspaceProcesses } from '../applications/state-machine/workspace-processes.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createUser } from '../helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { runLedgerCheck } from '../helpers/wallets.js';
import { fleetFile, fleetWith } from '../inventory/inventory-helpers.js';
import { startLivePayments } from '../recharge/live-payments.js';

// Issue 24 §1 (docs/decisions/0042): three real servers (src/server.ts, each its own process, scheduler, reconciler
// and memory) on one PostgreSQL database and one DATA_DIR, as three replicas behind a load balancer run. A mixed load
// goes through all three; one is killed (kill -9) while its billing tick and a burst of rentals are in flight. What
// every instance must agree on is then read from the database. Sized for a 2-core machine: a few hundred requests.
const NAMES = ['a', 'b', 'c'] as const;
const KILLED = 'c';
const USERS = 6;
const PASSWORD = 'secret-123';
const GPU_MODEL = 'RTX 4090';
const HOLDING = ['creating', 'starting', 'running', 'restarting', 'stopping'];
const SETTLING = ['creating', 'starting', 'restarting', 'stopping'];
const BILLING_JOB = 'applications.bill-minutes';

interface Renter {
  userId: UserId;
  phone: string;
  /** The token each user logged in with, one per instance. */
  tokens: Record<string, string>;
}

let testDatabase: TestDatabase;
let arrange: TestApp;
let cluster: Cluster;
let payments: Awaited<ReturnType<typeof startLivePayments>>;
let imageId: string;
const renters: Renter[] = [];
const applicationIds = new Set<string>();

/** Every answer each instance gave (its status), and the requests it never answered (killed under them). */
const answers = new Map<string, number[]>(NAMES.map((name) => [name, []]));
const lost = new Map<string, number>(NAMES.map((name) => [name, 0]));

/** A request as the console sends it, to one instance; a request the instance died under answers status 0. */
async function call(name: string, options: RequestOptions): Promise<Answer> {
  try {
    const answer = await cluster.request(name, options);
    answers.get(name)!.push(answer.status);
    return answer;
  } catch {
    lost.set(name, lost.get(name)! + 1);
    return { status: 0, body: null };
  }
}

/** A request that is no API call: a provider's notification, an application's origin (named by Host). */
function raw(name: string, request: { method: string; path: string; headers: Record<string, string>; body?: string }) {
  const { host, port } = cluster.origin(name);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const sent = http.request(
      { host, port, path: request.path, method: request.method, headers: request.headers, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          answers.get(name)!.push(response.statusCode!);
          resolve({ status: response.statusCode!, headers: response.headers, body });
        });
      },
    );
    sent.on('error', reject);
    sent.end(request.body);
  });
}

const on = (index: number) => NAMES[index % NAMES.length]!;

async function waitFor(
  what: string,
  condition: () => Promise<boolean>,
  { timeoutMs = 120_000, intervalMs = 500 } = {},
) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(arrange.db, query);

interface AppRow {
  id: string;
  status: string;
  gpuCount: number;
  createdAt: Date;
  hourlyPriceUnits: bigint;
  billedMinutes: number;
  billedThrough: Date | null;
  lastSeenRunningAt: Date | null;
  spentUnits: bigint;
  charged: bigint;
}

// Raw rows answer timestamps as text.
const at = (value: Date | string | null) => (value === null ? null : new Date(value));

const applications = async () =>
  (
    await rows<AppRow>(
      sql`SELECT a.id::text AS id, a.status, a.gpu_count AS "gpuCount", a.created_at AS "createdAt",
          a.hourly_price_units AS "hourlyPriceUnits", a.billed_minutes AS "billedMinutes",
          a.billed_through AS "billedThrough", a.last_seen_running_at AS "lastSeenRunningAt",
          a.spent_units AS "spentUnits",
          (SELECT coalesce(-sum(e.amount), 0) FROM ledger_entries e
            WHERE e.account_kind = 'balance' AND e.order_no = a.order_no)::bigint AS charged
        FROM applications a WHERE a.billing_mode = 'minute' ORDER BY a.id`,
    )
  ).map((row) => ({
    ...row,
    createdAt: at(row.createdAt)!,
    billedThrough: at(row.billedThrough),
    lastSeenRunningAt: at(row.lastSeenRunningAt),
  }));

const latestBillingPeriod = async () =>
  (
    await rows<{ period: string | null }>(sql`SELECT max(period) AS period FROM job_runs WHERE job = ${BILLING_JOB}`)
  )[0]!.period ?? '';

/** Rents a per-minute GPU through one instance: the answer's status (0 when lost), and the application's id. */
async function rent(name: string, renter: Renter) {
  const answer = await call(name, {
    method: 'POST',
    url: '/api/equipment/deviceServer/createApplication',
    token: renter.tokens[name],
    payload: { imageId, gpuModel: GPU_MODEL, gpuCount: 1, billingMode: 'minute' },
  });
  const id = answer.status === 200 ? (answer.body.data.id as string) : null;
  if (id) {
    applicationIds.add(id);
  }
  return { status: answer.status, id };
}

/**
 * What the console reads all along, one request after another on each live instance in turn, until stopped: balances,
 * applications, platform notices (their count is kept in each instance's memory) and each user's own notices.
 */
function readsUntilStopped() {
  const reads = [
    '/api/recharge/order-info/selectBalance',
    '/api/equipment/deviceServer/application?pageSize=20',
    '/api/system/notice/getNoticeUser?pageNum=1&pageSize=10',
    '/api/system/inform/getAllInform?pageNum=1&pageSize=10',
  ];
  let stopped = false;
  const loop = (async () => {
    for (let count = 0; !stopped; count += 1) {
      const live = cluster.live();
      const name = live[count % live.length]!;
      await call(name, { url: reads[count % reads.length]!, token: renters[count % 5]!.tokens[name] });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/** What breaks "no GPU held twice", in the database and on this machine's workload processes: none when all holds. */
async function gpusHeldTwice(applicationIdsInDatabase: ReadonlySet<string>) {
  const findings: string[] = [];
  const held = await rows<{ applicationId: string; status: string; gpuCount: number; gpus: number }>(
    sql`SELECT a.id::text AS "applicationId", a.status, a.gpu_count AS "gpuCount", count(g.application_id)::int AS gpus
        FROM applications a LEFT JOIN gpus g ON g.application_id = a.id GROUP BY a.id`,
  );
  for (const row of held) {
    if (row.gpus !== (HOLDING.includes(row.status) ? row.gpuCount : 0)) {
      findings.push(`application ${row.applicationId} (${row.status}, ${row.gpuCount} rented) holds ${row.gpus} GPUs`);
    }
  }
  const owners = new Map(
    (
      await rows<{ gpu: string; applicationId: string }>(
        sql`SELECT h.name || '#' || g.gpu_index AS gpu, g.application_id::text AS "applicationId"
            FROM gpus g JOIN hosts h ON h.id = g.host_id WHERE g.application_id IS NOT NULL`,
      )
    ).map((row) => [row.gpu, row.applicationId]),
  );
  const used = new Map<string, string>();
  for (const process of workspaceProcesses(cluster.dataDir, applicationIdsInDatabase)) {
    applicationIds.add(process.applicationId);
    for (const index of process.gpuIndexes) {
      const gpu = `${process.hostName}#${index}`;
      const other = used.get(gpu);
      if (other && other !== process.applicationId) {
        findings.push(`GPU ${gpu} used by the workloads of applications ${other} and ${process.applicationId}`);
      }
      if (owners.get(gpu) !== process.applicationId) {
        const status = held.find((row) => row.applicationId === process.applicationId)?.status;
        findings.push(
          `the workload of application ${process.applicationId} (${status}, pid ${process.pid}) runs on GPU ${gpu}, ` +
            `which the database gives to ${owners.get(gpu) ?? 'nobody'}`,
        );
      }
      used.set(gpu, process.applicationId);
    }
  }
  return findings;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  payments = await startLivePayments();
  const fleet = fleetWith([
    {
      id: 'cn-east-1',
      hosts: [
        { name: 'mi-1', gpuModel: GPU_MODEL, gpuCount: 4 },
        { name: 'mi-2', gpuModel: GPU_MODEL, gpuCount: 4 },
      ],
    },
  ]);
  const env = {
    ...computeEnv(),
    ...(await fleetFile(fleet)),
    ...payments.env,
    DATABASE_URL: testDatabase.url!,
    DEV_TOOLS: '1',
    CAPTCHA: 'off',
    APP_DOMAIN: 'apps.localhost',
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    NVIDIA_SMI: '/nonexistent/nvidia-smi',
    // One application per transaction of the billing tick: the tick is many transactions, and a kill lands among them.
    BILLING_BATCH_SIZE: '1',
    ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    OBJECT_SIGNING_KEY: randomBytes(32).toString('base64'),
  };
  arrange = await buildTestApp(env, { testDatabase });
  imageId = await imageIdOf(arrange, 'PyTorch 2.3 + JupyterLab');
  const passwordHash = await hashPassword(PASSWORD);
  for (let index = 0; index < USERS; index += 1) {
    const phone = `139${String(randomInt(100_000_000)).padStart(8, '0')}`;
    const userId = await createUser(arrange, { phone, passwordHash });
    await inTransaction(arrange.db, (tx) => arrange.services.users.setRealNameVerified(tx, userId, new Date()));
    renters.push({ userId, phone, tokens: {} });
  }
  cluster = new Cluster(env, NAMES);
  for (const name of NAMES) {
    await cluster.start(name);
  }
}, 180_000);

afterAll(async () => {
  await cluster?.close();
  // The workspaces outlive their servers (kill -9); each is ended by its pid.
  for (const process of cluster ? workspaceProcesses(cluster.dataDir, applicationIds) : []) {
    signal(process.pid, 'SIGKILL');
  }
  await arrange?.close();
  await payments?.close();
  await testDatabase?.drop();
}, 60_000);

describe('three instances on one PostgreSQL database', () => {
  it('bill, credit, allocate and sign out as one platform through a mixed load and a kill -9', async () => {
    // Logins: every user on every instance.
    for (const renter of renters) {
      await Promise.all(
        NAMES.map(async (name) => {
          const login = await call(name, {
            method: 'POST',
            url: '/api/auth/loginByPassword',
            payload: { username: renter.phone, password: PASSWORD },
          });
          expect(login.status).toBe(200);
          renter.tokens[name] = login.body.data.access_token as string;
        }),
      );
    }

    // Recharges: opened on one instance, paid at WeChat Pay, whose notification reaches two instances at once.
    const orders: string[] = [];
    for (const [index, renter] of renters.entries()) {
      const opened = await call(on(index), {
        method: 'POST',
        url: '/api/recharge/api/wx-pay/native/',
        token: renter.tokens[on(index)],
        payload: { amount: '100' },
      });
      expect(opened.status).toBe(200);
      const orderNo = opened.body.data.orderNo as string;
      orders.push(orderNo);
      payments.wechat.pay(orderNo);
      const notification = payments.wechat.notification(orderNo);
      const deliveries = await Promise.all(
        [on(index), on(index + 1)].map((name) =>
          raw(name, { method: 'POST', path: '/api/recharge/api/wx-pay/notify', ...notification }),
        ),
      );
      expect(deliveries.map((delivery) => delivery.status)).toEqual([204, 204]);
    }

    // Transfers: each user sends 1.50 to the next three times, once on each instance; every balance comes back to 100.
    await Promise.all(
      renters.flatMap((renter, index) =>
        [0, 1, 2].map(async (round) => {
          const sent = await call(on(index + round), {
            method: 'POST',
            url: '/api/recharge/transfer',
            token: renter.tokens[on(index + round)],
            payload: { username: renters[(index + 1) % USERS]!.phone, amount: '1.50' },
          });
          expect(sent.status).toBe(200);
        }),
      ),
    );
    for (const [index, renter] of renters.entries()) {
      const balance = await call(on(index + 2), {
        url: '/api/recharge/order-info/selectBalance',
        token: renter.tokens[on(index + 2)],
      });
      expect(balance.body.data.balance).toBe('100.00');
    }

    // Rentals: four, one through each instance in turn, running before the clock moves.
    const firstWave = (await Promise.all(renters.slice(0, 4).map((renter, index) => rent(on(index), renter)))).map(
      (rental) => rental.id!,
    );
    expect(firstWave.every((id) => id !== null)).toBe(true);
    await waitFor('the first rentals to run', async () =>
      (await applications()).every((app) => app.status === 'running'),
    );

    // The application proxy: a link asked for on one instance, its login followed on another, its page on the third.
    const [proxied] = firstWave;
    const link = await call('a', {
      method: 'POST',
      url: `/api/equipment/deviceServer/appLogin/${proxied}/8888`,
      token: renters[0]!.tokens.a,
    });
    expect(link.status).toBe(200);
    const url = new URL(link.body.data.url as string);
    const login = await raw('b', { method: 'GET', path: `${url.pathname}${url.search}`, headers: { host: url.host } });
    expect(login.status).toBe(303);
    const cookie = login.headers['set-cookie']![0]!.split(';')[0]!;
    const page = await raw('c', {
      method: 'GET',
      path: '/',
      headers: { host: url.host, cookie, 'accept-language': 'en-US' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Workspace · PyTorch 2.3 + JupyterLab');

    await cluster.advance(2);

    // Two kills (kill -9) of the third instance, under a steady stream of reads. First amid a burst of eight rentals
    // (more than the GPUs left), one on each instance in turn: it dies as soon as the first rental has committed.
    // Then amid a tick of five minutes on every instance: it dies as soon as a new billing minute has been claimed.
    // What it still had unanswered at each kill is printed below.
    const chatter = readsUntilStopped();
    const pending = new Set<string>();
    const tracked = <T>(what: string, promise: Promise<T>) => {
      pending.add(what);
      return promise.finally(() => pending.delete(what));
    };
    const inFlightOnKilled = () => [...pending].filter((what) => what.endsWith(` on ${KILLED}`));
    const fast = { intervalMs: 10 };

    const rentedBefore = (await applications()).length;
    const burst = [4, 5, 0, 1, 2, 3, 4, 5].map((user, index) =>
      tracked(`rental ${index + 1} on ${on(index)}`, rent(on(index), renters[user]!)),
    );
    await waitFor('a rental of the burst', async () => (await applications()).length > rentedBefore, fast);
    const inFlightAtFirstKill = inFlightOnKilled();
    await cluster.kill(KILLED);
    const rentals = await Promise.all(burst);
    // A rental is granted or refused for want of GPUs; only the killed instance leaves one unanswered.
    for (const [index, rental] of rentals.entries()) {
      expect([200, 409, 422, ...(on(index) === KILLED ? [0] : [])]).toContain(rental.status);
    }
    await cluster.start(KILLED);

    const billedBefore = await latestBillingPeriod();
    cluster.offsetMinutes += 5;
    const ticks = NAMES.map((name) =>
      tracked(`tick on ${name}`, call(name, { method: 'POST', url: '/api/dev/clock', payload: { advanceMinutes: 5 } })),
    );
    await waitFor('a new billing minute', async () => (await latestBillingPeriod()) > billedBefore, fast);
    const inFlightAtSecondKill = inFlightOnKilled();
    await cluster.kill(KILLED);
    const tickAnswers = await Promise.all(ticks);
    for (const [index, name] of NAMES.entries()) {
      if (name !== KILLED) {
        expect(tickAnswers[index]!.status).toBe(200);
      }
    }
    await cluster.start(KILLED);
    await chatter.stop();

    await waitFor('every rental to settle', async () =>
      (await applications()).every((app) => !SETTLING.includes(app.status)),
    );
    // Two stops, on two instances.
    for (const [index, id] of firstWave.slice(2).entries()) {
      const stopped = await call(on(index + 1), {
        method: 'POST',
        url: `/api/equipment/deviceServer/stopApplication/${id}`,
        token: renters[index + 2]!.tokens[on(index + 1)],
      });
      expect(stopped.status).toBe(200);
    }
    await waitFor('the stops to finish', async () =>
      (await applications()).every((app) => !SETTLING.includes(app.status)),
    );
    await cluster.advance(3);

    // A session ended on one instance is refused by the others.
    const sessionOf = (name: string) => call(name, { url: '/api/auth/user/getIsPwd', token: renters[5]!.tokens.a });
    expect((await sessionOf('b')).status).toBe(200);
    expect((await sessionOf('c')).status).toBe(200);
    expect((await call('a', { method: 'DELETE', url: '/api/auth/logout', token: renters[5]!.tokens.a })).status).toBe(
      200,
    );
    expect((await sessionOf('b')).status).toBe(401);
    expect((await sessionOf('c')).status).toBe(401);

    // An endpoint's own limit (20 lookups a minute) counts every instance's answers: the 21st is refused.
    await cluster.advance(1);
    await waitFor('the start of a minute, so that 21 lookups fall in one', async () => Date.now() % 60_000 < 30_000);
    const lookups = [];
    for (let index = 0; index < 21; index += 1) {
      const lookup = await call(on(index), {
        url: `/api/auth/user/getUserByMail?mail=${encodeURIComponent(`nobody-${index}@example.com`)}`,
      });
      lookups.push(lookup.status);
    }
    expect(lookups).toEqual([...Array<number>(20).fill(200), 429]);

    // Every application-minute billed once: its order charged exactly what its billed minutes cost, no more minutes
    // than had passed since it was rented before its billing reached them, and none left behind its last sighting.
    const apps = await applications();
    const now = cluster.now();
    for (const app of apps) {
      const cost = minutesCost(money(app.hourlyPriceUnits), 0, app.billedMinutes);
      expect({ id: app.id, charged: app.charged, spent: app.spentUnits }).toEqual({
        id: app.id,
        charged: cost,
        spent: cost,
      });
      if (app.billedThrough) {
        expect(app.billedMinutes * 60_000).toBeLessThanOrEqual(app.billedThrough.getTime() - app.createdAt.getTime());
      }
      if (app.status === 'running') {
        const seen = Math.min(now, app.lastSeenRunningAt!.getTime());
        expect(seen - app.billedThrough!.getTime()).toBeLessThan(2 * 60_000);
      }
    }

    // Every payment credited once.
    const credits = await rows<{ orderNo: string; entries: number }>(
      sql`SELECT order_no AS "orderNo", count(*)::int AS entries FROM ledger_entries
          WHERE account_kind = 'balance' AND order_no IN (${sql.join(
            orders.map((order) => sql`${order}`),
            sql`, `,
          )}) GROUP BY order_no`,
    );
    expect(credits.map((credit) => credit.entries)).toEqual(Array(USERS).fill(1));

    // No GPU held twice: in the database each held GPU has one application, holding as many as it rented, and every
    // workload process on this machine uses GPUs no other uses, those the database gives it. A workload stopping and
    // the database are read one after the other: what is found must outlast a wait.
    const allIds = new Set(apps.map((app) => app.id));
    let gpuFindings: string[] = [];
    await waitFor(
      'the workloads to match the database',
      async () => {
        gpuFindings = await gpusHeldTwice(allIds);
        return gpuFindings.length === 0;
      },
      { timeoutMs: 30_000 },
    ).catch(() => undefined);
    expect(gpuFindings).toEqual([]);

    const ledger = await runLedgerCheck(arrange);
    expect(ledger).toMatchObject({ code: 0 });

    const figures = NAMES.map((name) => {
      const statuses = answers.get(name)!;
      const byStatus = Object.entries(
        statuses.reduce<Record<number, number>>(
          (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
          {},
        ),
      )
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      return `  ${name}: ${statuses.length} answered (${byStatus}), ${lost.get(name)} lost to the kill`;
    });
    console.log(
      [
        'three instances on one PostgreSQL:',
        ...figures,
        `  ${KILLED} killed with ${inFlightAtFirstKill.join(', ') || 'nothing'} in flight, then with ${
          inFlightAtSecondKill.join(', ') || 'nothing'
        } in flight; the burst's rentals answered ${rentals
          .map((rental, index) => `${on(index)}:${rental.status || 'lost'}`)
          .join(' ')}`,
        `  ${apps.length} per-minute applications, ${apps.reduce((sum, app) => sum + app.billedMinutes, 0)} minutes billed`,
        `  ${credits.length} payments credited once each; ledger check: ${ledger.output.trim().split('\n').at(-1)}`,
      ].join('\n'),
    );
    // No client saw a 5xx: neither from the instances that lived, nor from the one killed before it died.
    for (const name of NAMES) {
      expect({ name, errors: answers.get(name)!.filter((status) => status >= 500) }).toEqual({ name, errors: [] });
    }
  }, 600_000);
});
