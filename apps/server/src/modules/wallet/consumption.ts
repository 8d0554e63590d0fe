import type { Money } from '@suanli/contract';
import { sql, type SQL } from 'drizzle-orm';
import { quietEventsInsert } from '../../events/index.js';

/**
 * A charge's 'consumption.posted' event, as a step of its posting statement (`changed` is the balance account it
 * moved): what the balance paid, when it paid something. VIP growth (the users module) counts it.
 */
export const chargeConsumed = (paid: Money, at: Date): SQL =>
  quietEventsInsert(
    'consumption.posted',
    sql`SELECT 'user:' || user_id,
               jsonb_build_object('consumptions', jsonb_build_array(
                 jsonb_build_object('userId', user_id::text, 'units', ${paid}::bigint::text))),
               ${at}::timestamptz
        FROM changed WHERE ${paid}::bigint > 0`,
  );

/**
 * A batch's one 'consumption.posted' event for all its owners, as a step of its statement (`changed` holds each
 * owner's user_id and total; `transfer` the batch's transfer id).
 */
export const batchConsumed = (at: Date): SQL =>
  quietEventsInsert(
    'consumption.posted',
    sql`SELECT 'transfer:' || (SELECT id FROM transfer),
               jsonb_build_object('consumptions', jsonb_agg(
                 jsonb_build_object('userId', user_id::text, 'units', total::text) ORDER BY user_id)),
               ${at}::timestamptz
        FROM changed HAVING count(*) > 0`,
  );
