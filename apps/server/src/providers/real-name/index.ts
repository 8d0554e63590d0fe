import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import { httpRealNameProvider } from './http.js';
import { sandboxRealNameProvider } from './sandbox.js';

export interface RealNameQuery {
  realName: string;
  /** 18 characters, upper-case X. */
  idNumber: string;
}

/** Checks that a name and a resident ID number belong together (ARCHITECTURE §7). */
export interface RealNameProvider {
  /** Recorded with each verification (real_name_records.provider). */
  readonly name: 'sandbox' | 'http';
  /** True for the embedded sandbox, so that the console can say so. */
  readonly sandbox: boolean;
  /** 'match' or 'mismatch'; throws RealNameUnavailableError when the service cannot answer (not the user's fault). */
  verify(query: RealNameQuery): Promise<'match' | 'mismatch'>;
}

export { RealNameUnavailableError } from './http.js';
export { idNumberCheckCharacter, isPlausibleIdNumber, isPlausibleRealName } from './id-number.js';

/** The provider chosen by REAL_NAME; config.ts already insists on the HTTP adapter's URL and AppCode. */
export function realNameProvider(config: Config, clock: Clock): RealNameProvider {
  if (config.REAL_NAME === 'http') {
    return httpRealNameProvider({ url: config.REAL_NAME_URL!, appCode: config.REAL_NAME_APP_CODE!, clock });
  }
  return sandboxRealNameProvider(clock);
}
