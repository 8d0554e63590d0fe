import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering rules of src/modules/README.md and src/providers/README.md are ESLint rules; these cases keep each
// rule able to fail, so a later edit of eslint.config.js cannot turn one off unnoticed.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = 1;\n`, {
    filePath: `${ROOT}apps/server/src/${file}`,
  });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused = [
  {
    what: 'a module importing another module’s tables',
    file: 'modules/auth/x.ts',
    source: "import { users } from '../users/users.tables.js';",
    reason: 'a table is its owner',
  },
  {
    what: 'a module reaching past another module’s index',
    file: 'modules/auth/x.ts',
    source: "import { a } from '../users/users.service.js';",
    reason: 'only through its index.ts',
  },
  {
    what: 'an index handing out its own tables',
    file: 'modules/users/index.ts',
    source: "export { users } from './users.tables.js';",
    reason: 'never hands out a table',
  },
  {
    what: 'a job reading a module’s tables',
    file: 'jobs/x.ts',
    source: "import { users } from '../modules/users/users.tables.js';",
    reason: 'a table is its owner',
  },
  {
    what: 'a provider importing a module',
    file: 'providers/sms/x.ts',
    source: "import { a } from '../../modules/users/index.js';",
    reason: 'sit below the modules',
  },
  {
    what: 'a module importing a provider adapter',
    file: 'modules/auth/x.ts',
    source: "import { a } from '../../providers/sms/outbox.js';",
    reason: 'through its index.ts or types.ts',
  },
  {
    what: 'a module constructing a provider',
    file: 'modules/auth/x.ts',
    source: "import { smsProvider } from '../../providers/sms/index.js';",
    reason: 'only compose-modules.ts constructs',
  },
  {
    what: 'a module constructing the compute driver',
    file: 'modules/applications/x.ts',
    source: "import { createComputeDriver } from '../../providers/compute/index.js';",
    reason: 'only compose-modules.ts constructs',
  },
  {
    what: "a user-facing service importing operators' queries",
    file: 'modules/wallet/wallet.service.ts',
    source: "import { a } from './wallet.admin.queries.js';",
    reason: 'only operator code',
  },
  {
    what: "a module's index importing operators' queries",
    file: 'modules/wallet/index.ts',
    source: "import { a } from './wallet.admin.queries.js';",
    reason: 'only operator code',
  },
  {
    what: 'app.ts constructing a provider',
    file: 'app.ts',
    source: "import { createObjectStore } from './providers/object-store/index.js';",
    reason: 'only compose-modules.ts constructs',
  },
];

const allowed = [
  {
    what: 'a module’s queries importing its own tables',
    file: 'modules/users/users.queries.ts',
    source: "import { users } from './users.tables.js';",
  },
  {
    what: 'a module using another through its index',
    file: 'modules/auth/x.ts',
    source: "import type { UsersService } from '../users/index.js';",
  },
  {
    what: 'a module naming a provider’s interface',
    file: 'modules/users/x.ts',
    source: "import type { ObjectStore } from '../../providers/object-store/types.js';",
  },
  {
    what: "operator code importing its module's operators' queries",
    file: 'modules/wallet/wallet.admin.service.ts',
    source: "import { a } from './wallet.admin.queries.js';",
  },
  {
    what: 'the composition root constructing providers',
    file: 'compose-modules.ts',
    source: "import { smsProvider } from './providers/sms/index.js';",
  },
];

async function configAssertions(source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}apps/server/src/providers/sms/index.ts` });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the server layering rules', () => {
  it.each(refused)('refuse $what', async ({ file, source, reason }) => {
    const messages = await restrictedImports(file, source);
    expect(messages.some((message) => message.includes(reason))).toBe(true);
  });

  it.each(allowed)('allow $what', async ({ file, source }) => {
    expect(await restrictedImports(file, source)).toEqual([]);
  });

  it('refuse a configuration setting asserted with !, and allow one its group narrowed', async () => {
    const declared = 'declare const config: { sms: { url?: string; provider: string } };';
    expect(await configAssertions(`${declared}\nexport const url = config.sms.url!;\n`)).toEqual([
      expect.stringContaining('docs/decisions/0020'),
    ]);
    expect(await configAssertions(`${declared}\nexport const provider = config.sms.provider;\n`)).toEqual([]);
  });
});

async function ownerProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}apps/server/src/${file}` });
  return result!.messages.filter((message) => message.ruleId === 'server/owner-in-where').map((m) => m.message);
}

const QUERY_HEAD =
  "import { and, eq } from 'drizzle-orm';\nimport { t } from './x.tables.js';\ndeclare const db: any;\n";
const forgetsOwner = 'export const rows = (userId: bigint, id: bigint) => db.select().from(t).where(eq(t.id, id));\n';

describe('the owner in every WHERE', () => {
  it('refuses a user query that takes an owner and leaves it out of a WHERE', async () => {
    const problems = await ownerProblems('modules/wallet/wallet.queries.ts', `${QUERY_HEAD}${forgetsOwner}`);
    expect(problems).toEqual([expect.stringContaining('name it in every .where()')]);
  });

  it('accepts the owner named in the WHERE, directly or through a constant built from it', async () => {
    const source =
      `${QUERY_HEAD}export function page({ userId, id }: { userId: bigint; id: bigint }) {\n` +
      '  const where = and(eq(t.userId, userId), eq(t.id, id));\n' +
      '  return [db.select().from(t).where(where), db.delete(t).where(eq(t.userId, userId))];\n}\n';
    expect(await ownerProblems('modules/wallet/wallet.queries.ts', source)).toEqual([]);
  });

  it("leaves operators' queries, which read any user's rows, to their own files", async () => {
    expect(await ownerProblems('modules/wallet/wallet.admin.queries.ts', `${QUERY_HEAD}${forgetsOwner}`)).toEqual([]);
  });
});
