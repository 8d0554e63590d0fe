import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Money } from '@suanli/contract';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import {
  cloudDays,
  cloudEntries,
  cloudUploads,
  cloudUsage,
  cloudWipes,
  type WipeReason,
} from './cloud-space.tables.js';

export type EntryRow = typeof cloudEntries.$inferSelect;
export type UploadRow = typeof cloudUploads.$inferSelect;
export type UsageRow = typeof cloudUsage.$inferSelect;

// Folders whose path starts with `prefix`: everything under a folder, without LIKE's wildcards in user names.
const under = (prefix: string) => sql`left(${cloudEntries.folder}, ${prefix.length}) = ${prefix}`;

export async function listEntries(db: Db, userId: UserId, folder: string) {
  return db
    .select()
    .from(cloudEntries)
    .where(and(eq(cloudEntries.userId, userId), eq(cloudEntries.folder, folder)))
    .orderBy(desc(cloudEntries.kind), asc(cloudEntries.name));
}

/** Where an entry sits: its folder ('/a/') and its name there. */
export interface Place {
  folder: string;
  name: string;
}

export async function findEntry(db: Db, userId: UserId, { folder, name }: Place): Promise<EntryRow | null> {
  const [row] = await db
    .select()
    .from(cloudEntries)
    .where(and(eq(cloudEntries.userId, userId), eq(cloudEntries.folder, folder), eq(cloudEntries.name, name)));
  return row ?? null;
}

/** Inserts an entry; null when its name is taken in the folder. */
export async function insertEntry(
  tx: Tx,
  userId: UserId,
  entry: Pick<EntryRow, 'folder' | 'name' | 'kind' | 'size' | 'objectKey'> & { at: Date },
): Promise<EntryRow | null> {
  const [row] = await tx
    .insert(cloudEntries)
    .values({ userId, ...entry, createdAt: entry.at, updatedAt: entry.at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The files in a folder's subtree (the folder's own path given as `prefix`), for copies and deletes. */
export async function filesUnder(db: Db, userId: UserId, prefix: string) {
  return db
    .select()
    .from(cloudEntries)
    .where(and(eq(cloudEntries.userId, userId), eq(cloudEntries.kind, 'file'), under(prefix)))
    .orderBy(asc(cloudEntries.folder), asc(cloudEntries.name));
}

/** Removes an entry and, for a folder, everything under it; answers the files removed. */
export async function deleteEntry(tx: Tx, userId: UserId, entry: EntryRow) {
  const removed = await tx
    .delete(cloudEntries)
    .where(and(eq(cloudEntries.userId, userId), eq(cloudEntries.id, entry.id)))
    .returning();
  if (entry.kind === 'folder') {
    removed.push(
      ...(await tx
        .delete(cloudEntries)
        .where(and(eq(cloudEntries.userId, userId), under(`${entry.folder}${entry.name}/`)))
        .returning()),
    );
  }
  return removed.filter((row) => row.kind === 'file');
}

/** Renames or moves an entry; a folder's subtree follows it. */
export async function moveEntry(
  tx: Tx,
  userId: UserId,
  { entry, target }: { entry: EntryRow; target: Place & { at: Date } },
): Promise<EntryRow> {
  const [row] = await tx
    .update(cloudEntries)
    .set({ folder: target.folder, name: target.name, updatedAt: target.at })
    .where(and(eq(cloudEntries.userId, userId), eq(cloudEntries.id, entry.id)))
    .returning();
  if (entry.kind === 'folder') {
    const [from, to] = [`${entry.folder}${entry.name}/`, `${target.folder}${target.name}/`];
    await tx
      .update(cloudEntries)
      .set({ folder: sql`${to} || substr(${cloudEntries.folder}, ${from.length + 1})` })
      .where(and(eq(cloudEntries.userId, userId), under(from)));
  }
  return row!;
}

export async function deleteAllEntries(tx: Tx, userId: UserId) {
  return tx.delete(cloudEntries).where(eq(cloudEntries.userId, userId)).returning();
}

export async function insertUpload(tx: Db, userId: UserId, upload: Omit<UploadRow, 'id' | 'userId'>) {
  await tx.insert(cloudUploads).values({ userId, ...upload });
}

export async function findUpload(db: Db, userId: UserId, objectKey: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(cloudUploads)
    .where(and(eq(cloudUploads.userId, userId), eq(cloudUploads.objectKey, objectKey)));
  return row ?? null;
}

/** The newest unfinished multipart upload of the same file to the same place: what choosing it again resumes. */
export async function findResumable(
  db: Db,
  userId: UserId,
  file: { folder: string; name: string; size: number },
): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(cloudUploads)
    .where(
      and(
        eq(cloudUploads.userId, userId),
        eq(cloudUploads.folder, file.folder),
        eq(cloudUploads.name, file.name),
        eq(cloudUploads.size, file.size),
        sql`${cloudUploads.multipartId} IS NOT NULL`,
      ),
    )
    .orderBy(desc(cloudUploads.id))
    .limit(1);
  return row ?? null;
}

export async function deleteUpload(tx: Db, userId: UserId, objectKey: string): Promise<boolean> {
  const rows = await tx
    .delete(cloudUploads)
    .where(and(eq(cloudUploads.userId, userId), eq(cloudUploads.objectKey, objectKey)))
    .returning({ id: cloudUploads.id });
  return rows.length > 0;
}

export async function deleteAllUploads(tx: Tx, userId: UserId) {
  return tx.delete(cloudUploads).where(eq(cloudUploads.userId, userId)).returning();
}

export async function findUsage(db: Db, userId: UserId): Promise<UsageRow | null> {
  const [row] = await db.select().from(cloudUsage).where(eq(cloudUsage.userId, userId));
  return row ?? null;
}

/** The user's usage row, made on first use and locked: every change of what a user stores goes through it in turn. */
export async function lockUsage(tx: Tx, userId: UserId): Promise<UsageRow> {
  await tx.insert(cloudUsage).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(cloudUsage).where(eq(cloudUsage.userId, userId)).for('update');
  return row!;
}

/** Adds `delta` bytes to what the user stores (`usage`, locked by `lockUsage`) and to the business day's peak. */
export async function addUsage(
  tx: Tx,
  userId: UserId,
  { usage, delta, day }: { usage: UsageRow; delta: number; day: string },
) {
  const used = usage.usedBytes + delta;
  await tx.update(cloudUsage).set({ usedBytes: used }).where(eq(cloudUsage.userId, userId));
  await tx
    .insert(cloudDays)
    .values({ userId, day, startBytes: usage.usedBytes, peakBytes: Math.max(usage.usedBytes, used) })
    .onConflictDoUpdate({
      target: [cloudDays.userId, cloudDays.day],
      set: { peakBytes: sql`greatest(${cloudDays.peakBytes}, ${used})` },
    });
  return used;
}

export async function updateUsage(
  tx: Tx,
  userId: UserId,
  change: Partial<{ usedBytes: number; arrearsUnits: Money; wipeReason: WipeReason | null; wipeAt: Date | null }>,
) {
  await tx.update(cloudUsage).set(change).where(eq(cloudUsage.userId, userId));
}

/** The day's row, and the first one after it (whose start is what a day without changes kept). */
export async function findDays(db: Db, userId: UserId, day: string) {
  const [row] = await db
    .select()
    .from(cloudDays)
    .where(and(eq(cloudDays.userId, userId), sql`${cloudDays.day} >= ${day}`))
    .orderBy(asc(cloudDays.day))
    .limit(1);
  return row ?? null;
}

/** Days older than `before` no settlement will read again. */
export async function deleteDaysBefore(tx: Tx, userId: UserId, before: string) {
  await tx.delete(cloudDays).where(and(eq(cloudDays.userId, userId), sql`${cloudDays.day} < ${before}`));
}

export async function insertWipe(tx: Tx, userId: UserId, wipe: { reason: WipeReason; bytes: number; wipedAt: Date }) {
  await tx.insert(cloudWipes).values({ userId, ...wipe });
}

export async function listWipes(db: Db, userId: UserId) {
  return db.select().from(cloudWipes).where(eq(cloudWipes.userId, userId)).orderBy(asc(cloudWipes.id));
}
