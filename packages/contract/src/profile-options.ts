// The profile's option lists and the permission vocabulary, without zod, so that the console's bundle can use them
// (paths.ts).

/**
 * The fixed option lists of the profile (spec §3). Labels are `users.profileOptions.<field>.<value>` in the catalogue;
 * the enterprise name is free text.
 */
export const PROFILE_OPTIONS = {
  education: ['highSchool', 'associate', 'bachelor', 'master', 'doctor', 'other'],
  region: [
    'northChina',
    'northeast',
    'eastChina',
    'centralChina',
    'southChina',
    'southwest',
    'northwest',
    'hongKongMacauTaiwan',
    'overseas',
  ],
  industry: ['internet', 'education', 'finance', 'manufacturing', 'healthcare', 'government', 'media', 'other'],
  profession: [
    'student',
    'teacher',
    'researcher',
    'engineer',
    'dataScientist',
    'designer',
    'productManager',
    'entrepreneur',
    'other',
  ],
  researchDirection: [
    'computerVision',
    'nlp',
    'speech',
    'multimodal',
    'reinforcementLearning',
    'aigc',
    'recommendation',
    'scientificComputing',
    'other',
  ],
  mainBusiness: ['modelTraining', 'inference', 'aigcCreation', 'teaching', 'research', 'other'],
} as const;

export type ProfileOptionField = keyof typeof PROFILE_OPTIONS;

/** Permission ids carried by roles (spec §6); a route or element names one and an action from its actionList. */
export const PERMISSION_IDS = [
  'application',
  'image',
  'storage',
  'wallet',
  'invoice',
  'invite',
  'reward',
  'api',
  'user',
  'admin',
] as const;
export const PERMISSION_ACTIONS = ['query', 'add', 'edit', 'delete', 'export'] as const;
