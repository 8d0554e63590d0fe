// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository's real configuration, so the test fails if the rule is dropped from it or its zones drift.
const repository = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repository });

/** The boundary messages ESLint reports for `code` written in `file` (a path under apps/web/src). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repository}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'web/import-boundaries').map((m) => m.message);
}

const FEATURES_APART = 'features never import each other; compose them in a page under app/routes';
const SHARED_DOWN = 'shared/ never imports features/ or app/ (shared → features → app)';
const FEATURE_NOT_APP = 'a feature never imports app/; the page in app/routes composes features';
const USE_ALIAS = "an import into another area goes through '@/', not a relative path";

describe('the web import boundaries', () => {
  it.each([
    ['an alias', "import { noticeKeys } from '@/features/notices/api/keys';"],
    ['a relative path', "import { noticeKeys } from '../../notices/api/keys';"],
    ['a re-export', "export { noticeKeys } from '@/features/notices/api/keys';"],
    ['a lazy import', "export const load = () => import('../../notices/components/notice-drawer');"],
  ])('refuse a feature importing another through %s', async (_how, code) => {
    expect(await refusals('features/auth/components/probe.tsx', code)).toEqual([FEATURES_APART]);
  });

  it('refuse shared importing a feature or app', async () => {
    const code =
      "import { a } from '@/features/auth/api/keys';\nimport { b } from '../../app/router';\nexport { a, b };";
    expect(await refusals('shared/ui/probe.ts', code)).toEqual([SHARED_DOWN, SHARED_DOWN]);
  });

  it('refuse a feature importing app', async () => {
    const code = "import { ROUTE_BY_KEY } from '@/app/routes/route-table';\nexport { ROUTE_BY_KEY };";
    expect(await refusals('features/profile/components/probe.tsx', code)).toEqual([FEATURE_NOT_APP]);
  });

  it('ask for the alias across areas, and allow what the direction allows', async () => {
    const code = [
      "import { http } from '../../../shared/http';",
      "import { rootKeys } from '@/shared/query/root-keys';",
      "import { authKeys } from '../api/keys';",
      "import { z } from 'zod';",
      'export { http, rootKeys, authKeys, z };',
    ].join('\n');
    expect(await refusals('features/auth/components/probe.tsx', code)).toEqual([USE_ALIAS]);
    const page = "import { PasswordCard } from '@/features/auth/components/password-card';\nexport { PasswordCard };";
    expect(await refusals('app/routes/account/probe.tsx', page)).toEqual([]);
  });
});
