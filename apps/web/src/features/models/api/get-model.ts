import { models } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { modelsKeys } from './keys';
import { useModelViewer } from './use-model-viewer';

export type ModelDetail = Awaited<ReturnType<typeof fetchModel>>;

/** Silent: the detail page says itself that the model does not exist, or that loading failed, with a retry. */
export function fetchModel(id: string) {
  return http.call(models.getModel, { params: { id }, silent: true });
}

export function useModel(id: string) {
  return useQuery({ queryKey: modelsKeys.one(useModelViewer(), id), queryFn: () => fetchModel(id) });
}
