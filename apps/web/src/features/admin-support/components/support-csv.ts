import { ConsultationService } from '@suanli/contract';
import { csvTime, toCsv } from '@/shared/format/csv';
import type { ConsultationRow } from '../api/consultations';
import type { FeedbackRow } from '../api/feedback';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Users' feedback as CSV, headed in the reader's language: one row each, its screenshots counted. */
export function feedbackCsv(rows: readonly FeedbackRow[], t: Translate): string {
  const header = ['id', 'time', 'user', 'content', 'screenshots', 'state', 'adoptedAt'].map((key) =>
    t(`feedback.csv.columns.${key}`),
  );
  return toCsv([
    header,
    ...rows.map((row) => [
      row.id,
      csvTime(row.createTime),
      row.userId,
      row.content,
      String(row.screenshotUrls.length),
      t(`feedback.states.${row.state}`),
      csvTime(row.adoptedAt),
    ]),
  ]);
}

/** Consultation leads as CSV, headed in the reader's language: whom to call and where each lead stands. */
export function consultationsCsv(rows: readonly ConsultationRow[], t: Translate, tc: Translate): string {
  const keys = ['id', 'time', 'name', 'company', 'position', 'phone', 'services', 'requirement', 'state', 'handledAt'];
  return toCsv([
    [...keys.map((key) => t(`consultations.csv.columns.${key}`)), t('consultations.csv.columns.notes')],
    ...rows.map((row) => [
      row.id,
      csvTime(row.createTime),
      row.name,
      row.company,
      row.position,
      row.phone,
      row.services.map((service) => tc(ConsultationService.labelKey(service))).join('; '),
      row.requirement,
      t(`consultations.states.${row.state}`),
      csvTime(row.handledAt),
      String(row.notes),
    ]),
  ]);
}
