import { system } from '@suanli/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/endpoints.js';
import type { Clock } from '../../jobs/clock.js';

export const systemRoutes = (options: { database: Database; clock: Clock }) => async (app: FastifyInstance) => {
  route(app, system.healthz, async () => ({ status: 'ok' as const }));

  route(app, system.readyz, async (_input, context) => {
    try {
      await options.database.db.execute(sql`SELECT 1`);
    } catch (error) {
      context.log.warn({ err: error }, 'database not ready');
      throw new AppError('unavailable', { cause: error });
    }
    return { status: 'ready' as const, database: options.database.kind, now: options.clock.now().toISOString() };
  });
};
