import { defineEndpoint } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { inTransaction } from '../../src/db/transaction.js';
import { AppError } from '../../src/http/app-error.js';
import { route } from '../../src/http/endpoints.js';

/** A credit-like endpoint that declares `idempotent`, for the tests of the Idempotency-Key mechanism. */
export const creditEndpoint = defineEndpoint({
  id: 'testCredit',
  method: 'POST',
  path: '/test/credits/:account',
  auth: 'user',
  summary: 'Test: add a credit',
  tag: 'test',
  idempotent: true,
  params: z.object({ account: z.string() }),
  body: z.object({ amount: z.number().int(), note: z.string().optional() }),
  data: z.object({ creditId: z.string(), credits: z.number().int() }),
});

/** Every effect of the endpoint is one row here: a replay that acted again shows as an extra row. */
export async function createCreditsTable(db: Db) {
  await db.execute(sql`CREATE TABLE test_credits (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id bigint NOT NULL, account text NOT NULL, amount integer NOT NULL)`);
}

export async function creditsOf(db: Db, userId: bigint) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM test_credits WHERE user_id = ${userId.toString()}::bigint`,
  );
  return row!.n;
}

/**
 * Holds the first request with note `held-inside` (before its credit commits) or `held-after` (after) that reaches
 * it, until the test opens it; the others pass.
 */
export class Gate {
  private holding = false;
  private arrive!: () => void;
  private release!: () => void;
  private readonly arrived = new Promise<void>((resolve) => (this.arrive = resolve));
  private readonly opened = new Promise<void>((resolve) => (this.release = resolve));

  /** Resolves once the held request is waiting here. */
  reached = () => this.arrived;

  open = () => this.release();

  async pass() {
    if (this.holding) {
      return;
    }
    this.holding = true;
    this.arrive();
    await this.opened;
  }
}

interface CreditDeps {
  db: Db;
  /** How long the handler stays busy after acting; a note `slow` makes it a second. */
  delayMs?: number;
  /** How long a duplicate waits for the first attempt (the plugin's default unless given). */
  waitMs?: number;
  gate?: Gate;
}

/**
 * Registers the endpoint on an app whose idempotency plugin app.ts registered, with the duplicate's wait shortened
 * when asked. The credit commits in a transaction, as a service's work does. Amount 500 fails with a server error
 * the first time, before acting; amount 501 the first time, after its credit committed; a negative amount is refused
 * as a business rule.
 */
export function registerCreditEndpoint(app: FastifyInstance, deps: CreditDeps) {
  const failures = new Set([500, 501]);
  if (deps.waitMs !== undefined) {
    app.idempotency.waitMs = deps.waitMs;
  }
  const failOnce = (amount: number) => {
    if (failures.delete(amount)) {
      throw new Error('ledger unavailable');
    }
  };
  void app.register(async (scope) =>
    route(scope, creditEndpoint, async ({ params, body }, { userId }) => {
      if (body.amount < 0) {
        throw new AppError('businessRule');
      }
      if (body.amount === 500) {
        failOnce(body.amount);
      }
      const creditId = await inTransaction(deps.db, async (tx) => {
        const [credit] = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO test_credits (user_id, account, amount)
              VALUES (${userId.toString()}::bigint, ${params.account}, ${body.amount}) RETURNING id::text AS id`,
        );
        if (body.note === 'held-inside') {
          await deps.gate!.pass();
        }
        return credit!.id;
      });
      if (body.note === 'held-after') {
        await deps.gate!.pass();
      }
      if (body.amount === 501) {
        failOnce(body.amount);
      }
      await new Promise((resolve) => setTimeout(resolve, body.note === 'slow' ? 1_000 : (deps.delayMs ?? 0)));
      return { creditId, credits: await creditsOf(deps.db, userId) };
    }),
  );
}
