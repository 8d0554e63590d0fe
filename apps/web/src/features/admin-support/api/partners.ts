import { partners } from '@suanli/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/shared/http';

export type PartnerVerb = 'revoke' | 'restore';

/** Revokes a KOL or creator's qualification for abuse, or restores it; the form reports a refusal under its field. */
export function useChangePartner() {
  return useMutation({
    mutationFn: ({ verb, userId, reason }: { verb: PartnerVerb; userId: string; reason: string }) =>
      http.call(verb === 'revoke' ? partners.revokePartner : partners.restorePartner, {
        params: { userId },
        body: { reason },
        silent: true,
      }),
  });
}
