import { apiOpen } from '@suanli/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { apiOpenKeys } from './keys';

export type ApiCredential = Awaited<ReturnType<typeof listCredentials>>['rows'][number];
/** A key as it is shown once, when made or rotated. */
export type IssuedKey = ApiCredential & { key: string };

const listCredentials = () => http.call(apiOpen.getUserApiCredentials);

export function useApiCredentials() {
  return useQuery({ queryKey: apiOpenKeys.credentials(), queryFn: listCredentials });
}

function useCredentialMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiOpenKeys.credentials() }),
  });
}

/** Makes a key; silent, because the dialog shows the refusal beside the field it names. */
export const useCreateCredential = () =>
  useCredentialMutation((body: { name: string; expireDate?: string }) =>
    http.call(apiOpen.createApiCredential, { body, silent: true }),
  );

export const useRotateCredential = () =>
  useCredentialMutation((credentialId: string) =>
    http.call(apiOpen.updateApiCredentialToken, { query: { credentialId } }),
  );

export const useRevokeCredential = () =>
  useCredentialMutation((credentialId: string) => http.call(apiOpen.revokeApiCredential, { params: { credentialId } }));
