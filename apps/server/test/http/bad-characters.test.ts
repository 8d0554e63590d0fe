import { ENDPOINTS, type EndpointDefinition } from '@suanli/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { createOperator } from '../helpers/operators.js';
import { textFields } from '../fixtures/string-fields.js';

// Each character, as JSON carries it and as a URL carries it. A URL cannot carry a lone surrogate as UTF-8; its
// WTF-8 bytes (`%ED%A0%80`, U+D800) are the nearest thing a client can send, and the server reads them as one.
const CHARACTERS = [
  { name: 'U+0000', text: '\u0000', escaped: '%00' },
  { name: 'a lone surrogate', text: '\ud800', escaped: '%ED%A0%80' },
  { name: 'a right-to-left override', text: '\u202e', escaped: '%E2%80%AE' },
];

type Location = 'query' | 'body' | 'params';

interface Case {
  endpoint: EndpointDefinition;
  location: Location;
  path: string[];
  sample: string;
  character: (typeof CHARACTERS)[number];
}

/** Every text field of every endpoint in the contract's table, each with each character: nothing is listed by hand. */
const CASES: Case[] = ENDPOINTS.flatMap((endpoint) =>
  (['query', 'body', 'params'] as const).flatMap((location) => {
    const schema = endpoint[location];
    const fields = schema ? textFields(schema, location !== 'body') : [];
    return fields.flatMap(({ path, sample }) =>
      CHARACTERS.map((character) => ({ endpoint, location, path, sample, character })),
    );
  }),
);

function nested(path: string[], value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    return value;
  }
  const inner = nested(rest, value);
  return /^\d+$/.test(head) ? [inner] : { [head]: inner };
}

/** The request that puts the character inside an otherwise ordinary value of one field. */
function requestFor({ endpoint, location, path, sample, character }: Case) {
  const inUrl = `${sample}${character.escaped}${sample}`;
  const url = `/api${endpoint.path}`.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    location === 'params' && name === path[0] ? inUrl : 'x',
  );
  if (location === 'query') {
    return { url: `${url}?${path[0]}=${inUrl}` };
  }
  if (location === 'params') {
    return { url };
  }
  return {
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(nested(path, `${sample}${character.text}${sample}`)),
  };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ CAPTCHA: 'off', RATE_LIMIT_PER_MINUTE: '0' });
  // An operator of every area, so that the operators' endpoints reach their validation instead of answering 403.
  token = (await createOperator(t)).token;
});
afterAll(() => t.close());

describe('forbidden characters', () => {
  it('are tried on every text field of the endpoint table, the free-text names among them', () => {
    const covered = new Set(
      CASES.map(({ endpoint, location, path }) => `${endpoint.id} ${location} ${path.join('.')}`),
    );
    for (const field of [
      'updateNickName query nickName',
      'saveProfile body enterpriseName',
      'loginByPassword body username',
      'markInformsRead body informIds.0',
      'scanWechatSandbox body nickName',
      'readOutbox query to',
    ]) {
      expect(covered, field).toContain(field);
    }
  });

  it.each(CASES.map((testCase) => [describeCase(testCase), testCase] as const))(
    'are refused with 400 naming the field: %s',
    async (_name, testCase) => {
      const { endpoint, path } = testCase;
      const response = await t.request({
        method: endpoint.method,
        ...requestFor(testCase),
        locale: 'en-US',
        ...(endpoint.auth === 'none' ? {} : { token }),
      });
      const field = path.join('.');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 400,
        msg: `Invalid ${field}: contains a character that is not allowed (a NUL, an unpaired surrogate or a text-direction control)`,
        data: { field },
      });
    },
  );
});

function describeCase({ endpoint, location, path, character }: Case) {
  return `${endpoint.method} ${endpoint.path} ${location} ${path.join('.')} with ${character.name}`;
}

describe('the rule beyond the endpoint table', () => {
  it('lets unusual but honest text through: a surrogate pair (emoji), Chinese, a middle dot', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/auth/user/updateNickName?nickName=${encodeURIComponent('阿依古丽·买买提🚀')}`,
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ nickName: '阿依古丽·买买提🚀' });
  });

  it('are refused in the query of a route outside the table too (object links)', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/objects/a/b.png?signature=a%00b', locale: 'en-US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: { field: 'signature' } });
  });
});
