import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import { consultations, feedback, type ConsultationRow } from './feedback.tables.js';

export function insertFeedback(
  db: Db,
  row: { userId: UserId; content: string; screenshotKeys: string[]; createdAt: Date },
) {
  return db
    .insert(feedback)
    .values(row)
    .returning({ id: feedback.id, createdAt: feedback.createdAt })
    .then(([inserted]) => inserted!);
}

export function insertConsultation(
  db: Db,
  row: Pick<ConsultationRow, 'name' | 'company' | 'position' | 'phone' | 'services' | 'requirement' | 'address'> & {
    createdAt: Date;
  },
) {
  return db
    .insert(consultations)
    .values(row)
    .returning({ id: consultations.id })
    .then(([inserted]) => inserted!);
}
