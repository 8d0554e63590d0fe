import { PROFILE_OPTIONS, type EndpointData, type ProfileOptionField, type users } from '@suanli/contract';
import type { Db } from '../../db/client.js';
import type { UserId } from '../../db/ids.js';
import type { Clock } from '../../jobs/clock.js';
import * as queries from './users.queries.js';

type Profile = EndpointData<typeof users.getProfile>;

const NEW_USER_BENEFIT_MS = 30 * 24 * 60 * 60 * 1000;

// A value stored before an option list changed reads as unset rather than breaking the response schema.
function option<F extends ProfileOptionField>(field: F, value: string | null | undefined) {
  const allowed: readonly string[] = PROFILE_OPTIONS[field];
  return value && allowed.includes(value) ? (value as (typeof PROFILE_OPTIONS)[F][number]) : null;
}

function profileView(row: queries.ProfileRow | null): Profile {
  return {
    education: option('education', row?.education),
    region: option('region', row?.region),
    enterpriseName: row?.enterpriseName ?? null,
    industry: option('industry', row?.industry),
    profession: option('profession', row?.profession),
    researchDirection: option('researchDirection', row?.researchDirection),
    mainBusiness: option('mainBusiness', row?.mainBusiness),
  };
}

/** The profile questionnaire and the one-time benefit popups of the user center. */
export function profileService({ db, clock }: { db: Db; clock: Clock }) {
  const claim = (userId: UserId, popupType: '10' | '20') =>
    queries.claimBenefitPopup(db, { userId, popupType, at: clock.now() });

  return {
    async getProfile(userId: UserId): Promise<Profile> {
      return profileView(await queries.findProfileRow(db, userId));
    },

    /** Saves the whole profile (the contract validated every option); an empty name is stored as unset. */
    async saveProfile(userId: UserId, profile: Profile): Promise<Profile> {
      const row = { ...profile, enterpriseName: profile.enterpriseName || null };
      await queries.upsertProfile(db, { userId, profile: row, at: clock.now() });
      return profileView(row);
    },

    /**
     * Which benefit popup to show now, if any (spec §2, §4 step 4), each type once per user: '20', the invited-user
     * gift, for a user who came through an invitation; otherwise '10', the new-user recharge benefit, within 30
     * days of registering.
     */
    async checkBenefit(userId: UserId): Promise<'10' | '20' | null> {
      const facts = await queries.findBenefitFacts(db, userId);
      if (!facts) {
        return null;
      }
      if (facts.invited && (await claim(userId, '20'))) {
        return '20';
      }
      const isNew = clock.now().getTime() - facts.createdAt.getTime() <= NEW_USER_BENEFIT_MS;
      if (isNew && (await claim(userId, '10'))) {
        return '10';
      }
      return null;
    },
  };
}
