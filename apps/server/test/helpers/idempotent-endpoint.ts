import { defineEndpoint } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
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

interface CreditDeps {
  db: Db;
  /** How long the handler stays busy after acting; a note `slow` makes it a second. */
  delayMs?: number;
  /** How long a duplicate waits for the first attempt (the plugin's default unless given). */
  waitMs?: number;
}

/**
 * Registers the endpoint on an app whose idempotency plugin app.ts registered, with the duplicate's wait shortened
 * when asked. Amount 500 fails with a server error the first time; a negative amount is refused as a business rule.
 */
export function registerCreditEndpoint(app: FastifyInstance, deps: CreditDeps) {
  let failures = 1;
  if (deps.waitMs !== undefined) {
    app.idempotency.waitMs = deps.waitMs;
  }
  void app.register(async (scope) =>
    route(scope, creditEndpoint, async ({ params, body }, { userId }) => {
      if (body.amount < 0) {
        throw new AppError('businessRule');
      }
      if (body.amount === 500 && failures > 0) {
        failures -= 1;
        throw new Error('ledger unavailable');
      }
      const [credit] = await queryRows<{ id: string }>(
        deps.db,
        sql`INSERT INTO test_credits (user_id, account, amount)
            VALUES (${userId.toString()}::bigint, ${params.account}, ${body.amount}) RETURNING id::text AS id`,
      );
      await new Promise((resolve) => setTimeout(resolve, body.note === 'slow' ? 1_000 : (deps.delayMs ?? 0)));
      return { creditId: credit!.id, credits: await creditsOf(deps.db, userId) };
    }),
  );
}
