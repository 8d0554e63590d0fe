import { BENEFIT_POPUP_TYPES, users } from '@suanli/contract';
import { http } from '@/shared/http';

export type BenefitType = (typeof BENEFIT_POPUP_TYPES)[number];

function isBenefitType(msg: string): msg is BenefitType {
  return (BENEFIT_POPUP_TYPES as readonly string[]).includes(msg);
}

/**
 * Spec §4 step 4: after login, data 1 asks for the benefit popup and msg names its type (10 or 20). Silent, because a
 * failed check only means no popup.
 */
export async function fetchBenefitType(): Promise<BenefitType | null> {
  const { data, msg } = await http.callWithMessage(users.checkBenefit, { silent: true });
  return data === 1 && isBenefitType(msg) ? msg : null;
}
