import type { Clock } from '../../jobs/clock.js';
import { isPlausibleIdNumber, isPlausibleRealName } from './id-number.js';
import type { RealNameProvider } from './types.js';

/** The verification service gave no usable answer; the user is not charged an attempt for it. */
export class RealNameUnavailableError extends Error {}

export interface HttpRealNameOptions {
  url: string;
  appCode: string;
  clock: Clock;
  timeoutMs?: number;
}

interface ServiceAnswer {
  code?: unknown;
  result?: { match?: unknown };
}

/**
 * An identity-verification API of the kind sold on API marketplaces (two-factor "身份证二要素核验"). Assumed
 * exchange, since each vendor differs slightly:
 *
 *   POST REAL_NAME_URL   Authorization: APPCODE <REAL_NAME_APP_CODE>
 *   Content-Type: application/x-www-form-urlencoded        idCard=<number>&name=<name>
 *   → 2xx, JSON { "code": 200, "msg": "…", "result": { "match": true | false } }
 *
 * code 200 answers the question; a code from 400 to 499 means the vendor refused the data itself (a number it
 * considers invalid), which is the user's mismatch; any other code, a non-2xx status, invalid JSON or no answer in
 * 5 s is an outage. Neither the name nor the number ever goes into an error message.
 */
export function httpRealNameProvider(options: HttpRealNameOptions): RealNameProvider {
  const timeoutMs = options.timeoutMs ?? 5_000;

  async function ask(realName: string, idNumber: string): Promise<ServiceAnswer> {
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          authorization: `APPCODE ${options.appCode}`,
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        },
        body: new URLSearchParams({ idCard: idNumber, name: realName }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RealNameUnavailableError('identity service unreachable or too slow', { cause: error });
    }
    if (!response.ok) {
      throw new RealNameUnavailableError(`identity service answered HTTP ${response.status}`);
    }
    try {
      return (await response.json()) as ServiceAnswer;
    } catch (error) {
      throw new RealNameUnavailableError('identity service answered something other than JSON', { cause: error });
    }
  }

  return {
    name: 'http',
    sandbox: false,
    async verify({ realName, idNumber }) {
      // A number whose check character is wrong cannot belong to anyone: no need to pay for the call.
      if (!isPlausibleRealName(realName) || !isPlausibleIdNumber(idNumber, options.clock.now())) {
        return 'mismatch';
      }
      const answer = await ask(realName, idNumber);
      const code = Number(answer.code);
      if (code === 200 && typeof answer.result?.match === 'boolean') {
        return answer.result.match ? 'match' : 'mismatch';
      }
      if (code >= 400 && code < 500) {
        return 'mismatch';
      }
      throw new RealNameUnavailableError(`identity service answered code ${String(answer.code)}`);
    },
  };
}
