import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** One refusal of production (APP_ENV=production), naming the variable at fault. */
export interface Refusal {
  variable: string;
  message: string;
}

/**
 * One concern's configuration (docs/decisions/0020): a zod schema over the environment whose issues name the
 * variable, turned into the settings its code reads, narrowed so that a chosen adapter's settings are all present;
 * and what production refuses of them.
 */
export interface ConfigGroup<Settings> {
  schema: z.ZodType<Settings>;
  refuseInProduction?(settings: Settings): Refusal[];
}

export const configGroup = <Settings>(group: ConfigGroup<Settings>): ConfigGroup<Settings> => group;

export const appEnv = z.enum(['development', 'production']).default('development');

export const flag = z
  .enum(['1', '0', 'on', 'off', 'true', 'false'])
  .transform((value) => value === '1' || value === 'on' || value === 'true');

const missingMessage = (when: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `is required when ${when}` : undefined;

/** A variable that the adapter chosen by `when` (`SMS=gateway`) cannot run without. */
export const requiredWhen = (when: string) => z.string({ error: missingMessage(when) });

export const urlRequiredWhen = (when: string) => z.url({ error: missingMessage(when) });

/** The refusal of an embedded sandbox or outbox provider in production. */
export const sandboxRefusal = (variable: string, provider: string): Refusal => ({
  variable,
  message: `the ${provider} provider is refused in production`,
});
