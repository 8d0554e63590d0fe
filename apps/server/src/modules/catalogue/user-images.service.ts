import { eq } from 'drizzle-orm';
import { formatMoney, money } from '@suanli/contract';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import { defineBatchJob } from '../../jobs/batch-job.js';
import type { ScheduledJob } from '../../jobs/scheduler.js';
import type { ObjectStore } from '../../providers/object-store/types.js';
import type { UsersService } from '../users/index.js';
import type { WalletService } from '../wallet/index.js';
import * as queries from './user-images.queries.js';
import { imageStorageAccounts, userImages, type UserImageRow } from './user-images.tables.js';

const GB = 1024 ** 3;
const DAY_MS = 86_400_000;

export interface UserImagesDependencies {
  config: Pick<Config, 'images' | 'jobs'>;
  db: Db;
  clock: Clock;
  objectStore: Pick<ObjectStore, 'delete'>;
  users: Pick<UsersService, 'findUserByAccount'>;
  wallet: Pick<WalletService, 'settle' | 'newOrderNo'>;
}

/** What a driver's snapshot answers: the archive's size, or why it failed in the driver's words. */
export type SnapshotOutcome = { sizeBytes: number } | { failure: string };

/** Takes the archive of the image's application into the object store, reporting the share done (0 to 1). */
export type Snapshot = (image: UserImageRow, onProgress: (done: number) => void) => Promise<number>;

const notFound = (id: bigint | string) =>
  new AppError('notFound', { messageKey: 'images.notFound', params: { id: String(id) }, field: 'id' });

/** Masks a phone as the share record shows it: 138****8000. */
export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

function shareView(share: queries.ShareRow) {
  return {
    id: String(share.id),
    phone: maskPhone(share.receiverPhone),
    shareTime: share.sharedAt.toISOString(),
    cancelTime: share.canceledAt?.toISOString() ?? null,
    status: share.canceledAt === null ? ('sharing' as const) : ('canceled' as const),
  };
}

function imageView(row: queries.ListedUserImage, owned: boolean) {
  const { image } = row;
  return {
    id: String(image.id),
    name: image.name,
    remark: image.remark,
    state: image.state,
    progress: image.progress,
    sizeBytes: image.sizeBytes,
    baseImageId: String(image.baseImageId),
    baseImageName: row.baseImageName,
    createTime: image.createdAt.toISOString(),
    completeTime: image.completedAt?.toISOString() ?? null,
    failureReason: image.failureReason,
    owned,
    shareStatus: owned ? row.shareStatus : null,
    reviewState: owned ? row.reviewState : null,
    reviewNote: owned ? row.reviewNote : null,
  };
}

/**
 * My images (spec §2 /myMirror, §4): an application's data disk saved as an archive over its original image, shared by
 * phone number, submitted to the community catalogue, and billed beyond a free allowance. The applications module
 * saves them, since it owns the compute driver: it opens the row here in its own transaction and hands the snapshot
 * job its driver call (`snapshotJob`).
 */
export function userImagesService({ config, db, clock, objectStore, users, wallet }: UserImagesDependencies) {
  const freeBytes = config.images.freeGb * GB;
  const rate = { price: money(config.images.perGbDayUnits), per: 1 };
  const billedGb = (bytes: number) => Math.ceil(Math.max(0, bytes - freeBytes) / GB);

  async function ownImage(ownerId: UserId, id: string) {
    const row = await queries.findOwnImage(db, ownerId, BigInt(id));
    if (!row) {
      throw notFound(id);
    }
    return row;
  }

  /** Progress of an upload, written as the driver reports it (outside any transaction); 100 only once complete. */
  const progress = (imageId: bigint, done: number) =>
    queries.setProgress(db, imageId, Math.min(99, Math.max(0, Math.floor(done * 100))));

  async function settleStorage(tx: Tx, accountId: bigint, now: Date) {
    const account = await queries.lockStorageAccount(tx, accountId);
    if (!account) {
      return;
    }
    const quantity = billedGb(await queries.storedBytes(tx, account.ownerId));
    if (quantity === 0 && account.arrearsUnits === 0n) {
      return;
    }
    const [settled] = await wallet.settle(tx, [
      {
        userId: account.ownerId,
        product: 'imageStorage',
        unit: 'gbDay',
        quantity,
        rate,
        billed: 0,
        period: { from: new Date(now.getTime() - DAY_MS), to: now },
        orderNo: account.orderNo,
        shortfall: 'owe',
        owed: money(account.arrearsUnits),
      },
    ]);
    await queries.updateStorageAccount(tx, account.id, { arrearsUnits: settled!.owed, billedThrough: now });
  }

  return {
    /**
     * Opens an image in state uploading for the caller's application, in the caller's transaction (the application
     * was checked and locked there); the snapshot job takes it from here.
     */
    async beginSave(
      tx: Tx,
      image: { ownerId: UserId; applicationId: bigint; baseImageId: bigint; name: string; remark: string },
    ) {
      const now = clock.now();
      await queries.ensureStorageAccount(tx, image.ownerId, () => wallet.newOrderNo(tx, 'M', now));
      const row = await queries.insertUserImage(tx, {
        ownerId: image.ownerId,
        baseImageId: image.baseImageId,
        name: image.name,
        remark: image.remark,
        sourceApplicationId: image.applicationId,
        archiveKey: `user-images/${image.ownerId}/${image.applicationId}-${now.getTime()}.tar.gz`,
        createdAt: now,
      });
      return { id: String(row.id), state: row.state };
    },

    /**
     * What creating an application from a saved image restores: refused unless the caller owns it or holds an active
     * share of it, and it is complete. A canceled share refuses new creates; applications made before are untouched.
     */
    async usable(viewer: UserId, id: string) {
      const found = await queries.findUsableImage(db, viewer, BigInt(id));
      if (!found || (found.image.ownerId !== viewer && !found.everShared)) {
        throw new AppError('notFound', { messageKey: 'images.notFound', params: { id }, field: 'userImageId' });
      }
      if (found.image.ownerId !== viewer && !found.shared) {
        throw new AppError('forbidden', { messageKey: 'images.shareCanceled', field: 'userImageId' });
      }
      if (found.image.state !== 'complete') {
        throw new AppError('businessRule', { messageKey: 'images.notComplete', field: 'userImageId' });
      }
      return { baseImageId: found.image.baseImageId, archiveKey: found.image.archiveKey };
    },

    async list(viewer: UserId, scope: 'mine' | 'shared' | undefined) {
      const [mine, shared] = await Promise.all([
        scope === 'shared' ? [] : queries.listOwnImages(db, viewer),
        scope === 'mine' ? [] : queries.listSharedImages(db, viewer),
      ]);
      return [...mine.map((row) => imageView(row, true)), ...shared.map((row) => imageView(row, false))];
    },

    async storage(ownerId: UserId) {
      const totalBytes = await queries.storedBytes(db, ownerId);
      const gb = billedGb(totalBytes);
      return {
        totalBytes,
        freeBytes,
        billedGb: gb,
        pricePerGbDay: formatMoney(rate.price, 4),
        dailyCost: formatMoney(money(rate.price * BigInt(gb))),
      };
    },

    /** Deletes the image and its archive, unless a published community image still restores from that archive. */
    async delete(ownerId: UserId, id: string) {
      const row = await inTransaction(db, async (tx) => {
        const image = await queries.lockOwnImage(tx, ownerId, BigInt(id));
        if (!image) {
          throw notFound(id);
        }
        if (image.state === 'uploading') {
          throw new AppError('businessRule', { messageKey: 'images.stillUploading', field: 'id' });
        }
        await queries.deleteOwnImage(tx, ownerId, image.id);
        return image;
      });
      if (!(await queries.archiveInUse(db, row.archiveKey))) {
        await objectStore.delete(row.archiveKey);
      }
      return { id };
    },

    async share(ownerId: UserId, body: { imageId: string; phone: string }) {
      const image = await ownImage(ownerId, body.imageId);
      if (image.state !== 'complete') {
        throw new AppError('businessRule', { messageKey: 'images.notComplete', field: 'imageId' });
      }
      const receiver = await users.findUserByAccount(db, body.phone);
      if (!receiver || receiver.phone !== body.phone) {
        throw new AppError('notFound', {
          messageKey: 'images.phoneUnknown',
          params: { phone: body.phone },
          field: 'phone',
        });
      }
      if (receiver.id === ownerId) {
        throw new AppError('businessRule', { messageKey: 'images.shareSelf', field: 'phone' });
      }
      const share = await inTransaction(db, async (tx) => {
        await queries.lockOwnImage(tx, ownerId, image.id);
        const active = await queries.findActiveShare(tx, image.id, receiver.id);
        return (
          active ??
          queries.insertShare(tx, {
            imageId: image.id,
            receiverId: receiver.id,
            receiverPhone: body.phone,
            sharedAt: clock.now(),
          })
        );
      });
      return shareView(share);
    },

    async cancelShare(ownerId: UserId, shareId: string) {
      const share = await inTransaction(db, async (tx) => {
        const found = await queries.lockOwnShare(tx, ownerId, BigInt(shareId));
        if (!found) {
          throw new AppError('notFound', { messageKey: 'images.shareNotFound', params: { id: shareId }, field: 'id' });
        }
        return (await queries.cancelShare(tx, found.id, clock.now())) ?? found;
      });
      return shareView(share);
    },

    async shares(ownerId: UserId, id: string) {
      const image = await ownImage(ownerId, id);
      return (await queries.listShares(db, image.id)).map(shareView);
    },

    /** kolUpdateImage: a complete image goes to review; one pending submission per image. */
    async submit(ownerId: UserId, id: string) {
      const image = await ownImage(ownerId, id);
      if (image.state !== 'complete') {
        throw new AppError('businessRule', { messageKey: 'images.notComplete', field: 'imageId' });
      }
      const submission = await inTransaction(db, (tx) => queries.insertSubmission(tx, image.id, clock.now()));
      if (!submission) {
        throw new AppError('conflict', { messageKey: 'images.submissionPending', field: 'imageId' });
      }
      return { id: String(submission.id), reviewState: submission.reviewState };
    },

    /**
     * Each minute, every image still uploading is archived by `snapshot` outside any transaction (a crash or a restart
     * repeats it: the archive is written again under the same key), then marked complete with its size or failed.
     */
    snapshotJob(snapshot: Snapshot): ScheduledJob {
      return defineBatchJob({
        name: 'images.snapshot',
        cadence: 'minute',
        catchUp: 1,
        batchSize: 1,
        table: userImages,
        where: () => eq(userImages.state, 'uploading'),
        prepare: async (row): Promise<SnapshotOutcome> => {
          try {
            const report = (done: number) => void progress(row.id, done).catch(() => undefined);
            return { sizeBytes: await snapshot(row, report) };
          } catch (error) {
            return { failure: error instanceof Error ? error.message : String(error) };
          }
        },
        apply: async (tx, { row, prepared }) => {
          const current = await queries.lockImage(tx, row.id);
          if (current?.state !== 'uploading') {
            return;
          }
          const finished =
            'sizeBytes' in prepared
              ? { state: 'complete' as const, progress: 100, sizeBytes: prepared.sizeBytes }
              : { state: 'failed' as const, failureReason: prepared.failure.slice(0, 500) };
          await queries.updateImage(tx, row.id, { ...finished, completedAt: clock.now() });
        },
      });
    },

    /**
     * Daily at 0:00 business time: each owner's complete images beyond the free allowance pay each started GB for the
     * day as mirror storage; what the wallet cannot pay is owed and carried into the next day.
     */
    storageJob: defineBatchJob({
      name: 'images.settle-storage',
      cadence: 'day',
      catchUp: 7,
      batchSize: config.jobs.billingBatchSize,
      table: imageStorageAccounts,
      apply: (tx, { row }, { now }) => settleStorage(tx, row.id, now),
    }),
  };
}

export type UserImagesService = ReturnType<typeof userImagesService>;
