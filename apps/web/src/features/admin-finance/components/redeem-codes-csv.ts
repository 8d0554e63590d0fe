import { toCsv } from '@/shared/format/csv';
import { saveFile } from '@/shared/ui/save-file';

export interface BatchCodes {
  name: string;
  amount: string;
  lastDay: string | null;
  codes: { code: string; redeemedAt: string | null }[];
}

/** Saves a batch's codes as CSV for whoever hands them out: code, amount, last day, when redeemed (if so). */
export function saveBatchCsv(batch: BatchCodes, label: (key: string) => string) {
  const header = [label('csvCode'), label('csvAmount'), label('csvLastDay'), label('csvRedeemedAt')];
  const lines = batch.codes.map(({ code, redeemedAt }) => [code, batch.amount, batch.lastDay ?? '', redeemedAt ?? '']);
  saveFile(`${batch.name}.csv`, toCsv([header, ...lines]), 'text/csv;charset=utf-8');
}
