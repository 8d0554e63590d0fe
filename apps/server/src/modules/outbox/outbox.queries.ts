import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { OutboxMessage } from '../../providers/outbox.js';
import { outboxMessages } from './outbox.tables.js';

const LATEST = 20;

/** The latest messages the outbox providers stored for a phone or e-mail, newest first (ARCHITECTURE §9). */
export async function latestOutboxMessages(db: Db, recipient: string) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(LATEST);
  return rows.map((row) => ({
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    code: row.code,
    sentAt: row.createdAt.toISOString(),
  }));
}

export async function deleteOutboxMessages(db: Db, before: Date) {
  const deleted = await db
    .delete(outboxMessages)
    .where(lt(outboxMessages.createdAt, before))
    .returning({ id: outboxMessages.id });
  return deleted.length;
}

export async function insertOutboxMessage(db: Db, message: OutboxMessage & { createdAt: Date }) {
  await db.insert(outboxMessages).values(message);
}
