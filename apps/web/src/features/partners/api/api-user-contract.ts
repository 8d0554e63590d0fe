import { partners, type EndpointData, type EndpointRequest } from '@suanli/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { partnerKeys } from './keys';

export type ApiUserContract = EndpointData<typeof partners.apiUserSignContract>;
export type ApiUserSignBody = EndpointRequest<typeof partners.apiUserSign>['body'];

/** The API user contract in the interface language, and when the user signed it (null: not yet). */
export function useApiUserContract() {
  const language = useInterfaceSettings((state) => state.appLanguage);
  return useQuery({
    queryKey: partnerKeys.apiUserContract(language),
    queryFn: () => http.call(partners.apiUserSignContract),
  });
}

/**
 * Signs with the name and ID number of the user's real-name identity; silent: the form shows a refusal under its
 * inputs. Signing twice changes nothing on the server, so a retry needs no idempotency key.
 */
export function useSignApiUserContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiUserSignBody) => http.call(partners.apiUserSign, { body, silent: true }),
    onSuccess: ({ signedAt }) =>
      queryClient.setQueriesData<ApiUserContract>({ queryKey: partnerKeys.apiUserContracts() }, (contract) =>
        contract ? { ...contract, signedAt } : contract,
      ),
  });
}
