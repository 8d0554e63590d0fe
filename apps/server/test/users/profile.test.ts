import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../../src/jobs/clock.js';
import type { UserId } from '../../src/db/ids.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const EMPTY = {
  education: null,
  region: null,
  enterpriseName: null,
  industry: null,
  profession: null,
  researchDirection: null,
  mainBusiness: null,
};
const FULL = {
  education: 'master',
  region: 'eastChina',
  enterpriseName: '上海某某智能科技有限公司',
  industry: 'internet',
  profession: 'researcher',
  researchDirection: 'multimodal',
  mainBusiness: 'modelTraining',
};

const load = (token: string) => t.request({ method: 'GET', url: '/api/auth/user/selectUser', token });
const save = (token: string, payload: object, locale?: 'en-US') =>
  t.request({ method: 'POST', url: '/api/auth/user/createUserInfo', token, payload, locale });
const checkBenefit = async (token: string) => {
  const body = (await t.request({ method: 'GET', url: '/api/auth/user/checkBenefit', token })).json();
  return { data: body.data, msg: body.msg };
};

describe('profile information', () => {
  it('is all null until saved', async () => {
    const { token } = await createSignedInUser(t);
    expect((await load(token)).json()).toMatchObject({ code: 200, data: EMPTY });
  });

  it('saves every field and loads it back', async () => {
    const { token } = await createSignedInUser(t);
    expect((await save(token, FULL)).json()).toMatchObject({ code: 200, data: FULL });
    expect((await load(token)).json().data).toEqual(FULL);
  });

  it('replaces a saved profile, clearing what is sent as null', async () => {
    const { token } = await createSignedInUser(t);
    await save(token, FULL);
    const next = { ...FULL, region: 'overseas', enterpriseName: '  ', researchDirection: null };
    await save(token, next);
    expect((await load(token)).json().data).toEqual({ ...next, enterpriseName: null });
  });

  it('refuses a value outside the fixed option list with a 400 naming the field', async () => {
    const { token } = await createSignedInUser(t);
    const response = await save(token, { ...FULL, education: 'kindergarten' }, 'en-US');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'education' } });
    expect(response.json().msg).toBe('Invalid education: is not an allowed value');
    expect((await load(token)).json().data).toEqual(EMPTY);
  });

  it('refuses an enterprise name over 100 characters', async () => {
    const { token } = await createSignedInUser(t);
    const response = await save(token, { ...FULL, enterpriseName: 'x'.repeat(101) });
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'enterpriseName' } });
  });

  it("keeps each user's profile to that user", async () => {
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    await save(first.token, FULL);
    expect((await load(second.token)).json().data).toEqual(EMPTY);
  });

  it('reads a stored value that left the option list as unset', async () => {
    const { userId, token } = await createSignedInUser(t);
    await save(token, FULL);
    await t.db.execute(sql`UPDATE user_profiles SET industry = 'retired-option' WHERE user_id = ${userId}`);
    expect((await load(token)).json().data).toEqual({ ...FULL, industry: null });
  });
});

describe('the benefit popup', () => {
  it("shows a new user's recharge benefit ('10') once", async () => {
    const { token } = await createSignedInUser(t);
    expect(await checkBenefit(token)).toEqual({ data: 1, msg: '10' });
    expect(await checkBenefit(token)).toEqual({ data: 0, msg: '' });
  });

  it("shows an invited user's gift ('20') first, then the recharge benefit, each once", async () => {
    const inviter = await createSignedInUser(t);
    const [inviterRow] = await queryRows<{ code: string }>(
      t.db,
      sql`SELECT invitation_code AS code FROM users WHERE id = ${inviter.userId}`,
    );
    const { token } = await createSignedInUser(t, { invitationCode: inviterRow!.code.toLowerCase() });
    expect(await checkBenefit(token)).toEqual({ data: 1, msg: '20' });
    expect(await checkBenefit(token)).toEqual({ data: 1, msg: '10' });
    expect(await checkBenefit(token)).toEqual({ data: 0, msg: '' });
  });

  it('records each popup once per user even when asked twice at the same moment', async () => {
    const { userId, token } = await createSignedInUser(t);
    const answers = await Promise.all([checkBenefit(token), checkBenefit(token)]);
    expect(answers.filter((answer) => answer.data === 1)).toHaveLength(1);
    const rows = await queryRows(t.db, sql`SELECT popup_type FROM benefit_popups WHERE user_id = ${userId}`);
    expect(rows).toEqual([{ popup_type: '10' }]);
  });

  // Last in the file: it moves the shared clock a month ahead.
  it('offers the recharge benefit for 30 days after registering and not after', async () => {
    const early = await createSignedInUser(t);
    const late = await createSignedInUser(t);
    const clock = t.clock as AdjustableClock;
    const signIn = async (userId: UserId) => (await t.services.sessions.create(t.db, userId)).token;
    clock.advance(29 * 24 * 60);
    expect(await checkBenefit(await signIn(early.userId))).toEqual({ data: 1, msg: '10' });
    clock.advance(2 * 24 * 60);
    expect(await checkBenefit(await signIn(late.userId))).toEqual({ data: 0, msg: '' });
  });
});
