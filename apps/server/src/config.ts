import type { z } from 'zod';
import { compute } from './config/compute.js';
import { database } from './config/database.js';
import { feedback } from './config/feedback.js';
import { fleet } from './config/fleet.js';
import { gateway } from './config/gateway.js';
import type { ConfigGroup } from './config/group.js';
import { http } from './config/http.js';
import { images } from './config/images.js';
import { jobs } from './config/jobs.js';
import { keys } from './config/keys.js';
import { mail } from './config/mail.js';
import { payments } from './config/payments.js';
import { realName } from './config/real-name.js';
import { runtime } from './config/runtime.js';
import { security } from './config/security.js';
import { site } from './config/site.js';
import { sms } from './config/sms.js';
import { storage } from './config/storage.js';
import { wechatLogin } from './config/wechat-login.js';

/**
 * The configuration, one group per concern (docs/decisions/0020), in the README table's order. Each group is a zod
 * schema over the same environment (ARCHITECTURE §8), parsed once at the edge and passed in; nothing else reads
 * process.env. A new concern adds its file under config/ and its line here.
 */
const groups = {
  runtime,
  http,
  database,
  security,
  keys,
  jobs,
  compute,
  fleet,
  storage,
  images,
  payments,
  sms,
  mail,
  wechatLogin,
  realName,
  site,
  feedback,
  gateway,
};

type Groups = typeof groups;

/** What the environment says; the keys it leaves unset are resolved by secrets.ts before the server starts. */
export type Settings = { [Name in keyof Groups]: z.output<Groups[Name]['schema']> };

/** What the server runs with: the settings, both keys present. */
export type Config = Omit<Settings, 'keys'> & { keys: { [Name in keyof Settings['keys']]-?: string } };

export class ConfigError extends Error {}

/** Parses one group, adding what is wrong with it (and, in production, what production refuses) to `problems`. */
function parseGroup<Group>(group: ConfigGroup<Group>, env: Record<string, string>, problems: Set<string>) {
  const parsed = group.schema.safeParse(env);
  if (!parsed.success) {
    parsed.error.issues.forEach((issue) => problems.add(`  ${issue.path.join('.')}: ${issue.message}`));
    return undefined;
  }
  if (env.APP_ENV === 'production') {
    group
      .refuseInProduction?.(parsed.data)
      .forEach(({ variable, message }) => problems.add(`  ${variable}: ${message}`));
  }
  return parsed.data;
}

/**
 * Reads the configuration, touching nothing else (secrets.ts then fills in the keys); empty strings count as unset, so
 * `PORT=` falls back to the default. Every group is parsed, so that one start names every variable at fault; a
 * variable two groups read (PUBLIC_URL) is named once.
 */
export function loadConfig(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  const problems = new Set<string>();
  const settings = Object.fromEntries(
    Object.entries(groups).map(([name, group]) => [name, parseGroup(group as ConfigGroup<unknown>, present, problems)]),
  );
  if (problems.size > 0) {
    throw new ConfigError(`Invalid configuration:\n${[...problems].join('\n')}`);
  }
  return settings as Settings;
}
