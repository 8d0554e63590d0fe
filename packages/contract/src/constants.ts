/** Business constants of spec §9, declared once. Money is in units of 0.0001 yuan. */
export const TIMING = {
  requestTimeoutMs: 60_000,
  codeResendSeconds: 60,
  wechatPollMs: 3_000,
  chunkLoadTimeoutMs: 120_000,
  vipCookieDays: 10,
  // The session's absolute lifetime (apps/server sessions.service.ts): the hint is renewed at each start within it.
  shellHintDays: 90,
  stoppedApplicationDeletionDays: 7,
  invoiceDeliveryWorkingDays: 7,
  consultationReplyHours: 24,
} as const;

export const LIMITS = {
  passwordMin: 6,
  passwordMax: 20,
  rechargeMinUnits: 10_000n,
  rechargeMaxUnits: 5_000n * 10_000n,
  /** The amounts the recharge page offers at a click, in units (yuan 50 to 2000). */
  rechargePresetUnits: [50n, 100n, 200n, 500n, 1_000n, 2_000n].map((yuan) => yuan * 10_000n),
  transferMinUnits: 100n,
  transferMaxUnits: 9_999_999_900n,
  redeemMaxUnits: 10_000n * 10_000n,
  redeemBatchMax: 1_000,
  realNameAttemptsPerDay: 3,
  diskExpansionMinGb: 10,
  diskExpansionMaxGb: 150,
  diskExpansionStepGb: 10,
  /** An application's name, in characters. */
  appNameMaxLength: 32,
  /** The most periods (days, weeks, months, years) one prepaid rental or renewal buys. */
  rentalPeriodsMax: 36,
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** The income/expense chart: the longest range it sums by day and by month, and what it shows when given none. */
  incomeExpenseMaxDays: 366,
  incomeExpenseMaxMonths: 36,
  incomeExpenseDefaultDays: 30,
  incomeExpenseDefaultMonths: 12,
  /** The longest introduction an image's owner may write, in characters of Markdown. */
  imageIntroductionMaxLength: 20_000,
  /** An API key's name, as its owner tells their keys apart. */
  apiKeyNameMaxLength: 40,
} as const;

/** GPU application billing rules (spec §9; README "Billing rules"). */
export const BILLING = {
  /** A pay-as-you-go application starts or restarts only when balance and usable vouchers pay this many minutes. */
  fundedMinutesToRun: 10,
  /** What a prepaid application destroyed before its term ends keeps of the unused part: 5 %, whole fen. */
  refundFeeBasisPoints: 500n,
} as const;

export const VERIFIED_STATUS = { notVerified: '0', verified: '1' } as const;

export const BENEFIT_POPUP_TYPES = ['10', '20'] as const;

// VIP grades, their growth thresholds (300, 3000, 10000) and discounts (98 %, 95 %, 90 %) are configuration: the
// vip_grades table (migration 0015), answered by GET /recharge/vip/selectVip.

export const STORAGE = {
  freeCloudSpaceGb: 120,
  extraPerGbDayUnits: 100n,
  minimumDailyChargeUnits: 100n,
  wipeAfterInactiveMonths: 3,
  wipeArrearsUnits: 50n * 10_000n,
  updateLagMinutes: [1, 5],
} as const;

/** How files go into the cloud space (spec §7 "Files and storage"): the browser PUTs them to signed links. */
export const CLOUD_SPACE = {
  /** Files up to this size go up in one PUT; larger ones in parts, resumable after a dropped connection. */
  singleUploadMaxBytes: 16 * 1024 ** 2,
  /** The smallest part (S3 refuses smaller ones but the last); larger files get larger parts, at most `maxParts`. */
  minPartBytes: 8 * 1024 ** 2,
  maxParts: 1000,
  maxFileBytes: 50 * 1024 ** 3,
  maxPathLength: 1024,
  maxNameLength: 255,
  /** The content type every cloud-space upload is PUT with: the console offers files as downloads, never inline. */
  contentType: 'application/octet-stream',
  imageMaxBytes: 5 * 1024 ** 2,
} as const;

export const DISKS = {
  freeSystemDiskGb: 30,
  freeDataDiskGb: 50,
  expansionPerGbDayUnits: 70n,
  clearArrearsUnits: 10n * 10_000n,
} as const;

/**
 * The metered API gateway (docs/decisions/0032): `<origin>/gateway/<applicationId>/<the API's own path>`, with
 * `Authorization: Bearer <key>`; keys start with `keyPrefix`.
 */
export const API_GATEWAY = {
  pathPrefix: '/gateway',
  keyPrefix: 'sk-',
  /** The OpenAPI tag of the gateway's calls: the reference on /APIOpen lists the operations that carry it. */
  openApiTag: 'apiGateway',
} as const;

export const POWER_POINTS = {
  perYuan: 100,
  validDays: 31,
  packageMonths: [1, 3, 12],
  /** Points bought with balance at once: a whole amount in yuan, at most as much as a single recharge. */
  purchaseMaxUnits: 5_000n * 10_000n,
  /** How many lots the points overview lists, soonest expiry first; the balance counts them all. */
  lotsListed: 50,
} as const;

export const EDUCATION_EXAMPLE_HOURLY_UNITS = {
  '4090': 19_500n,
  '3090': 15_100n,
  '3060': 6_200n,
} as const;

export const INVITE_REWARDS = {
  firstApplicationUnits: 5n * 10_000n,
  rechargeThresholdUnits: 10n * 10_000n,
  rechargeRewardUnits: 10n * 10_000n,
  consumptionThresholdUnits: 200n * 10_000n,
  consumptionRewardUnits: 50n * 10_000n,
  totalPerInviteUnits: 65n * 10_000n,
  voucherValidDays: 30,
  delayMinutes: 2,
  kolVoucherUnits: 2n * 10_000n,
  kolVipGrade: 1,
  kolVipRateBasisPoints: 9_800,
} as const;

export const KOL_WITHDRAWAL = {
  minimumUnits: 50n * 10_000n,
  thresholdUnits: 100n * 10_000n,
  reviewDaysOfMonth: [1, 7],
  feeGeneralInvoiceBasisPoints: 600,
  feeSpecialInvoiceBasisPoints: 0,
  methods: ['alipay', 'bank'],
} as const;

/** What the feedback dialog and the consultation form accept (spec §1, §3 "Consultation form"), in characters. */
export const FEEDBACK_LIMITS = {
  contentMax: 1000,
  /** Screenshots per feedback, each uploaded first through getImgPresignedUploadUrl. */
  screenshotsMax: 3,
  consultNameMax: 50,
  consultCompanyMax: 100,
  consultPositionMax: 50,
  consultRequirementMax: 2000,
} as const;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

// The header's first language, spaces aside, is English. One test rather than a split, a trim and a lower-casing:
// the server reads it on every request.
const FIRST_IS_ENGLISH = /^\s*en/i;

/** en-US when the first language the header names is English (en, en-GB, …), zh-CN otherwise (spec §9). */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  return acceptLanguage && FIRST_IS_ENGLISH.test(acceptLanguage) ? 'en-US' : DEFAULT_LOCALE;
}
