import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '@suanli/contract';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { auditRowsOf, createOperator } from '../helpers/operators.js';
import {
  getImage,
  listPage,
  officialImageId,
  reviseIntroduction,
  reviseOfficialIntroduction,
} from './catalogue-helpers.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let communityImage: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createSignedInUser(t);
  await t.services.catalogue.publishCommunityImage({
    ownerId: owner.userId,
    name: 'Owner’s image',
    typeNameEn: 'AIGC image',
    summaryZh: '摘要',
    summaryEn: 'Summary',
    introductionZh: '旧介绍',
    introductionEn: 'Old introduction',
    minGpuMemoryGb: 8,
    links: [],
  });
  communityImage = (await listPage(t, '?kind=community')).rows[0].id;
});
afterAll(() => t.close());

describe('revising an introduction', () => {
  it('lets the owner of a community image rewrite it in their language, leaving the other', async () => {
    const response = await reviseIntroduction(t, owner.token, { id: communityImage, introduction: '## 新介绍' });
    expect(response.json()).toMatchObject({ code: 200, data: { id: communityImage, introduction: '## 新介绍' } });
    expect((await getImage(t, communityImage, { token: owner.token })).json().data).toMatchObject({
      introduction: '## 新介绍',
      revisable: true,
    });
    expect((await getImage(t, communityImage, { locale: 'en-US' })).json().data).toMatchObject({
      introduction: 'Old introduction',
      revisable: false,
    });
  });

  it('refuses anyone else with 403, an operator included', async () => {
    const stranger = await createSignedInUser(t);
    const operator = await createOperator(t);
    for (const token of [stranger.token, operator.token]) {
      const response = await reviseIntroduction(t, token, { id: communityImage, introduction: 'x' });
      expect(response.statusCode).toBe(403);
    }
    const unsigned = await t.request({
      method: 'PUT',
      url: '/api/system/applicationImage/updateReviseIntroduction',
      payload: { id: communityImage, introduction: 'x' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('lets an operator granted review, and only them, revise an official image, with an audit row', async () => {
    const image = await officialImageId(t, 'ComfyUI');
    const operator = await createOperator(t, ['review']);
    const before = (await getImage(t, image, { token: operator.token, locale: 'en-US' })).json().data;
    expect(before.revisable).toBe(true);
    const revised = await reviseOfficialIntroduction(t, operator.token, { id: image, introduction: 'Nodes!' }, 'en-US');
    expect(revised.json()).toMatchObject({ code: 200, data: { id: image, introduction: 'Nodes!' } });
    expect((await getImage(t, image, { locale: 'en-US' })).json().data.introduction).toBe('Nodes!');
    expect(await auditRowsOf(t, operator.userId)).toEqual([
      {
        operatorId: String(operator.userId),
        area: 'review',
        action: 'catalogue.reviseIntroduction',
        target: `image:${image}`,
        before: { locale: 'en-US', introduction: before.introduction },
        after: { locale: 'en-US', introduction: 'Nodes!' },
        reason: 'a clearer introduction',
        requestId: expect.any(String),
      },
    ]);

    const finance = await createOperator(t, ['finance']);
    expect((await getImage(t, image, { token: finance.token })).json().data.revisable).toBe(false);
    for (const token of [owner.token, finance.token]) {
      const refused = await reviseOfficialIntroduction(t, token, { id: image, introduction: 'mine' }, 'en-US');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toContain('Review');
    }
    const throughTheOwnersCall = await reviseIntroduction(t, operator.token, { id: image, introduction: 'x' }, 'en-US');
    expect(throughTheOwnersCall.statusCode).toBe(403);
    expect(throughTheOwnersCall.json().msg).toContain('Only the image');
  });

  it("does not let an operator revise a community image's introduction through the operators' call", async () => {
    const operator = await createOperator(t, ['review']);
    const response = await reviseOfficialIntroduction(t, operator.token, { id: communityImage, introduction: 'x' });
    expect(response.statusCode).toBe(422);
    expect(await auditRowsOf(t, operator.userId)).toEqual([]);
  });

  it('refuses an introduction over the limit with 400 naming the field, and an unknown image with 404', async () => {
    const tooLong = 'a'.repeat(catalogue.IMAGE_INTRODUCTION_MAX_LENGTH + 1);
    const response = await reviseIntroduction(t, owner.token, { id: communityImage, introduction: tooLong });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.field).toBe('introduction');
    const missing = await reviseIntroduction(t, owner.token, { id: '987654', introduction: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});
