/** Which database the server suites run on in this pass; see vitest.config.ts. */
export const ENGINE = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
