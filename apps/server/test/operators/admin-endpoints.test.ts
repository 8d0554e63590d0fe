import { ENDPOINTS, OperatorArea, translate } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createSignedInUser } from '../helpers/factories.js';
import { createOperator } from '../helpers/operators.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(() => t.close());

// Every operator endpoint of the contract, found rather than listed: a new one is in this table the day it is declared.
const ADMIN = ENDPOINTS.filter((endpoint) => endpoint.operator !== undefined || endpoint.path.startsWith('/admin/'));
const urlOf = (path: string) => `/api${path.replace(/:\w+/g, '1')}`;

describe('the operators’ endpoints', () => {
  it('are each declared with an area, under /admin/<area>/, for signed-in callers', () => {
    expect(ADMIN.map((endpoint) => endpoint.id)).toEqual(
      expect.arrayContaining([
        'confirmBankRecharge',
        'rejectBankRecharge',
        'grantVoucher',
        'createRedeemBatch',
        'reviseOfficialImageIntroduction',
      ]),
    );
    for (const endpoint of ADMIN) {
      expect(endpoint.operator, endpoint.id).toBeDefined();
      expect(endpoint.path, endpoint.id).toMatch(new RegExp(`^/admin/${endpoint.operator}/`));
      expect(endpoint.auth, endpoint.id).toBe('user');
    }
  });

  it.each(ADMIN.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s refuses a user (403, naming the area in their language), an operator of the other areas (403) and nobody (401)',
    async (_, endpoint) => {
      const area = endpoint.operator!;
      const call = (token?: string, locale?: 'en-US' | 'zh-CN') =>
        t.request({ method: endpoint.method, url: urlOf(endpoint.path), token, locale, payload: {} });
      const user = await createSignedInUser(t);
      const others = await createOperator(
        t,
        OperatorArea.values.filter((other) => other !== area),
      );
      const holder = await createOperator(t, [area]);

      for (const locale of ['en-US', 'zh-CN'] as const) {
        const refused = await call(user.token, locale);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 403,
          msg: translate(locale, 'errors.operatorAreaRequired', {
            area: translate(locale, `enums.operatorArea.${area}`),
          }),
        });
      }
      expect((await call(others.token)).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
      // The one who holds the area gets past the check, to the endpoint's own answer about this empty input: a read
      // answers its defaults, or that the item its path names (id 1) does not exist.
      const reads = endpoint.params ? [200, 404] : [200];
      const answers = endpoint.method === 'GET' ? reads : [400, 404, 409, 422];
      expect(answers).toContain((await call(holder.token)).statusCode);
    },
  );
});
