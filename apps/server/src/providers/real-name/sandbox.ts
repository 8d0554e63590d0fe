import type { Clock } from '../../jobs/clock.js';
import { isPlausibleIdNumber, isPlausibleRealName } from './id-number.js';
import type { RealNameProvider } from './types.js';

/**
 * The embedded default: it cannot know whether a person exists, so it accepts any well-formed pair (GB 11643 check
 * character, plausible birth date, plausible name) and says it is a sandbox, which the console shows.
 */
export function sandboxRealNameProvider(clock: Clock): RealNameProvider {
  return {
    name: 'sandbox',
    sandbox: true,
    verify: async ({ realName, idNumber }) =>
      isPlausibleRealName(realName) && isPlausibleIdNumber(idNumber, clock.now()) ? 'match' : 'mismatch',
  };
}
