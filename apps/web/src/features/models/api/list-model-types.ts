import { models } from '@suanli/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { modelsKeys } from './keys';
import { useModelViewer } from './use-model-viewer';

export function fetchModelTypes() {
  return http.call(models.listModelTypes, { silent: true });
}

export function useModelTypes() {
  const { language } = useModelViewer();
  return useQuery({ queryKey: modelsKeys.types(language), queryFn: fetchModelTypes, staleTime: 5 * 60_000 });
}
