import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { httpRealNameProvider } from './http.js';
import { sandboxRealNameProvider } from './sandbox.js';
import type { RealNameProvider } from './types.js';

export type { RealNameProvider, RealNameQuery } from './types.js';
export { RealNameUnavailableError } from './http.js';
export { idNumberCheckCharacter, isPlausibleIdNumber, isPlausibleRealName } from './id-number.js';

/** The provider chosen by REAL_NAME; config.ts already insists on the HTTP adapter's URL and AppCode. */
export function realNameProvider(config: Config, clock: Clock): RealNameProvider {
  if (config.REAL_NAME === 'http') {
    return httpRealNameProvider({ url: config.REAL_NAME_URL!, appCode: config.REAL_NAME_APP_CODE!, clock });
  }
  return sandboxRealNameProvider(clock);
}
