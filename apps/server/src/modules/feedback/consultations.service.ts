import { TIMING, type ConsultationService } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../jobs/clock.js';
import type { AddressRule, AuthService } from '../auth/index.js';
import { insertConsultation } from './feedback.queries.js';

/**
 * Anyone may ask without an account, so one address may send at most 5 consultations an hour and 20 a day (decision
 * 0033): enough for a company's colleagues behind one gateway, too few to flood the team's call list. Counted in the
 * database like the account lookups, so the limit holds across instances.
 */
export const CONSULT_RULES: readonly AddressRule[] = [
  { name: 'consult-ip-hour', limit: 5, windowMs: 60 * 60_000 },
  { name: 'consult-ip-day', limit: 20, windowMs: 24 * 60 * 60_000 },
];

export interface Consultation {
  name: string;
  company: string;
  position: string;
  phone: string;
  services: (typeof ConsultationService.values)[number][];
  requirement: string;
}

/** Business consultations (spec §1, §3): stored for the support team, who promise a call within 24 hours. */
export function consultationsService({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthService }) {
  return {
    async submit(consultation: Consultation, ip: string) {
      if (await auth.overAddressLimit(CONSULT_RULES, ip)) {
        throw new AppError('businessRule', { messageKey: 'feedback.consultLimit' });
      }
      const row = await insertConsultation(db, { ...consultation, address: ip, createdAt: clock.now() });
      return { id: String(row.id), replyWithinHours: TIMING.consultationReplyHours };
    },
  };
}

export type ConsultationsService = ReturnType<typeof consultationsService>;
