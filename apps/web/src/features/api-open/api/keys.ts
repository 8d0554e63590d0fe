import { rootKeys } from '@/shared/query/root-keys';

/** Query keys of the API open platform: the keys are the signed-in user's, dropped with the session. */
export const apiOpenKeys = {
  credentials: () => [...rootKeys.account, 'apiCredentials'] as const,
  /** The OpenAPI document's gateway calls: the same for everyone. */
  reference: () => ['apiOpen', 'reference'] as const,
};
