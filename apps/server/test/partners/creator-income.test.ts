import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, createRenter, runningApplication, startComputeApp } from '../applications/application-helpers.js';
import type { UserId } from '../../src/db/ids.js';
import type { TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { amountsOf, blogger, createPartner } from './partner-helpers.js';

let t: TestApp;
beforeAll(async () => ({ t } = await startComputeApp()));
afterAll(async () => {
  await t.close();
});

const publish = async (ownerId: UserId, name: string) =>
  String(
    await t.services.catalogue.publishCommunityImage({
      ownerId,
      name,
      typeNameEn: 'LLM inference',
      summaryZh: '社区镜像',
      summaryEn: 'A community image',
      links: [],
    }),
  );

describe('creator income', () => {
  it('credits the creator 70 % of the image’s 1.00 yuan an hour for each minute others run it, not their own', async () => {
    const creator = await createPartner(t);
    const imageId = await publish(creator.userId, 'Creator Whisper');
    const renter = await createRenter(t, '100');
    await runningApplication(t, renter.token, imageId);
    await runningApplication(t, creator.token, imageId);
    await advance(t, 30);
    await t.drainEvents();

    // 30 minutes at 0.70 an hour: 0.35 yuan; the creator's own 30 minutes earn nothing.
    const month = (await blogger(t, creator.token, 'getBloggerImageAmount')).json().data;
    expect(month).toMatchObject({
      platformShare: '30',
      income: '0.35',
      images: [{ imageId, name: 'Creator Whisper', minutes: 30, pricePerHour: '1.00', income: '0.35' }],
    });
    expect(await amountsOf(t, creator.token)).toMatchObject({ earnings: '0.35', inReview: '0.35' });

    // The remainder carries: 30 more minutes make the month's hour, 0.70 in all.
    await advance(t, 30);
    await t.drainEvents();
    expect((await blogger(t, creator.token, 'getBloggerImageAmount')).json().data).toMatchObject({
      income: '0.70',
      images: [{ minutes: 60 }],
    });
  });

  it('earns nothing for a creator who is not a partner', async () => {
    const owner = await createSignedInUser(t);
    const imageId = await publish(owner.userId, 'Plain image');
    const renter = await createRenter(t, '100');
    await runningApplication(t, renter.token, imageId);
    await advance(t, 10);
    await t.drainEvents();
    expect(await t.services.wallet.earnings(t.db, owner.userId)).toEqual({ earnings: 0n, held: 0n });
  });
});
