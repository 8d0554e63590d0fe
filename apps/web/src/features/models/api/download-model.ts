import { models } from '@suanli/contract';
import { http } from '@/shared/http';

/**
 * Starts copying the model's files into a folder of one of the caller's running applications; silent, because the
 * dialog that asks shows the refusal beside the field it names.
 */
export function downloadModel(input: { modelId: string; applicationId: string; path: string }) {
  return http.call(models.downloadModelToApplication, { query: input, silent: true });
}
