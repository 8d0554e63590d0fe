import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { httpRealNameProvider } from './http.js';
import { sandboxRealNameProvider } from './sandbox.js';
import type { RealNameProvider } from './types.js';

export type { RealNameProvider, RealNameQuery } from './types.js';
export { RealNameUnavailableError } from './http.js';
export { idNumberCheckCharacter, isPlausibleIdNumber, isPlausibleRealName } from './id-number.js';

/** The provider chosen by REAL_NAME; config/real-name.ts insists on the HTTP adapter's URL and AppCode. */
export function realNameProvider(config: Config, clock: Clock): RealNameProvider {
  const { realName } = config;
  if (realName.provider === 'http') {
    return httpRealNameProvider({ url: realName.url, appCode: realName.appCode, clock });
  }
  return sandboxRealNameProvider(clock);
}
