import { sql } from 'drizzle-orm';
import { money, type Money } from '@suanli/contract';
import type { Db } from '../../../src/db/client.js';
import type { UserId } from '../../../src/db/ids.js';
import { queryRows } from '../../../src/db/sql.js';
import type { Arrange } from '../../helpers/factories.js';

/** An application as the database holds it, with what its order was charged (unsigned: refunds make it smaller). */
export interface AppRow {
  id: string;
  status: string;
  desiredState: string;
  billingMode: string;
  hourlyPriceUnits: Money | null;
  billedMinutes: number;
  spentUnits: Money;
  charged: Money;
}

export interface GpuHolding {
  hostName: string;
  gpuIndex: number;
  applicationId: string;
}

/** What the invariants read of the database after a step, in a few queries. */
export interface DatabaseView {
  apps: Map<string, AppRow>;
  balances: Map<UserId, Money>;
  gpus: GpuHolding[];
}

export async function readDatabase(db: Db): Promise<DatabaseView> {
  const apps = await queryRows<{
    id: bigint;
    status: string;
    desiredState: string;
    billingMode: string;
    hourlyPriceUnits: bigint | null;
    billedMinutes: number;
    spentUnits: bigint;
    charged: string;
  }>(
    db,
    sql`SELECT a.id, a.status, a.desired_state AS "desiredState", a.billing_mode AS "billingMode",
          a.hourly_price_units AS "hourlyPriceUnits", a.billed_minutes AS "billedMinutes",
          a.spent_units AS "spentUnits",
          (SELECT coalesce(-sum(e.amount), 0) FROM ledger_entries e WHERE e.account_kind = 'balance' AND e.order_no = a.order_no)::text AS charged
        FROM applications a`,
  );
  const balances = await queryRows<{ userId: UserId; balance: bigint }>(
    db,
    sql`SELECT user_id AS "userId", balance FROM ledger_accounts WHERE kind = 'balance'`,
  );
  const gpus = await queryRows<{ hostName: string; gpuIndex: number; applicationId: bigint }>(
    db,
    sql`SELECT hosts.name AS "hostName", gpus.gpu_index AS "gpuIndex", gpus.application_id AS "applicationId"
        FROM gpus JOIN hosts ON hosts.id = gpus.host_id
        WHERE gpus.application_id IS NOT NULL`,
  );
  return {
    apps: new Map(
      apps.map((row) => [
        String(row.id),
        {
          ...row,
          id: String(row.id),
          hourlyPriceUnits: row.hourlyPriceUnits === null ? null : money(BigInt(row.hourlyPriceUnits)),
          spentUnits: money(BigInt(row.spentUnits)),
          charged: money(BigInt(row.charged)),
        },
      ]),
    ),
    balances: new Map(balances.map((row) => [row.userId, money(BigInt(row.balance))])),
    gpus: gpus.map((row) => ({ ...row, applicationId: String(row.applicationId) })),
  };
}

/** What the owner can spend on an application now: balance and usable vouchers, as the wallet counts them. */
export const spendableOf = ({ db, services }: Arrange, userId: UserId) =>
  services.wallet.spendable(db, userId, 'appOrder');
