import { z } from 'zod';
import { PROFILE_OPTIONS } from './profile-options.js';

export * from './profile-options.js';

const option = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();

export const profileSchema = z.object({
  education: option(PROFILE_OPTIONS.education),
  region: option(PROFILE_OPTIONS.region),
  enterpriseName: z.string().trim().max(100).nullable(),
  industry: option(PROFILE_OPTIONS.industry),
  profession: option(PROFILE_OPTIONS.profession),
  researchDirection: option(PROFILE_OPTIONS.researchDirection),
  mainBusiness: option(PROFILE_OPTIONS.mainBusiness),
});
