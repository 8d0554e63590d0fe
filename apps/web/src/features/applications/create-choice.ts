import { LIMITS, type BillingMode } from '@suanli/contract';
import type { CreateApplicationBody } from './api/create-application';

/** What the three steps of the create flow have chosen so far. */
export interface CreateChoice {
  imageId?: string;
  /** A saved image (mine or shared with me) whose disk the new application starts with; its original is `imageId`. */
  userImageId?: string;
  /** Undefined: any region. */
  regionId?: string;
  gpuModel?: string;
  /** As typed, null while the field is empty: a number out of range is shown with its limits, never clamped. */
  gpuCount: number | null;
  billingMode: BillingMode;
  /** Periods prepaid, as typed; unused per minute. */
  duration: number | null;
  /** GB beyond the free data disk; null while the field is empty. */
  dataDiskGb: number | null;
  appName: string;
}

export const initialChoice = (imageId: string | undefined, userImageId?: string): CreateChoice => ({
  imageId,
  ...(userImageId ? { userImageId } : {}),
  gpuCount: 1,
  billingMode: 'minute',
  duration: 1,
  dataDiskGb: 0,
  appName: '',
});

export const CREATE_STEPS = ['image', 'gpu', 'disk'] as const;
export type CreateStep = (typeof CREATE_STEPS)[number];

/** The most GPUs one application may have (the contract's validation.gpuCount). */
export const MAX_GPUS = 8;

/** Whether a typed number is a whole number from min to max. */
export function isWholeInRange(value: number | null, min: number, max: number): value is number {
  return value !== null && Number.isInteger(value) && value >= min && value <= max;
}

/** Spec §5: 0, or 10 to 150 GB in steps of 10. */
export function isDiskExpansion(gb: number | null): boolean {
  if (gb === null || !Number.isInteger(gb)) {
    return false;
  }
  return (
    gb === 0 ||
    (gb >= LIMITS.diskExpansionMinGb && gb <= LIMITS.diskExpansionMaxGb && gb % LIMITS.diskExpansionStepGb === 0)
  );
}

function gpuProblem(choice: CreateChoice): string | null {
  if (!choice.gpuModel) {
    return 'validation.selectGpu';
  }
  if (!isWholeInRange(choice.gpuCount, 1, MAX_GPUS)) {
    return 'validation.gpuCount';
  }
  if (choice.billingMode !== 'minute' && !isWholeInRange(choice.duration, 1, LIMITS.rentalPeriodsMax)) {
    return 'validation.duration';
  }
  return null;
}

/** The contract message key of what blocks leaving a step, or null when it is complete (spec §5 messages). */
export function stepProblem(step: CreateStep, choice: CreateChoice): string | null {
  if (step === 'image') {
    return choice.imageId ? null : 'validation.selectApplication';
  }
  if (step === 'gpu') {
    return gpuProblem(choice);
  }
  if (!isDiskExpansion(choice.dataDiskGb)) {
    return 'validation.dataDiskGb';
  }
  return choice.appName.trim().length > LIMITS.appNameMaxLength ? 'validation.appName' : null;
}

/** The first step that is not complete, with its problem, or null when the choice can be sent. */
export function firstProblem(choice: CreateChoice): { step: number; problem: string } | null {
  for (const [index, step] of CREATE_STEPS.entries()) {
    const problem = stepProblem(step, choice);
    if (problem) {
      return { step: index, problem };
    }
  }
  return null;
}

/**
 * The request body of a complete choice (firstProblem found none): no duration per minute, no name or region when
 * left to the server.
 */
export function createBody(choice: CreateChoice): CreateApplicationBody {
  const name = choice.appName.trim();
  return {
    imageId: choice.imageId!,
    gpuModel: choice.gpuModel!,
    gpuCount: choice.gpuCount!,
    billingMode: choice.billingMode,
    duration: choice.billingMode === 'minute' ? 1 : choice.duration!,
    dataDiskGb: choice.dataDiskGb ?? 0,
    ...(choice.regionId ? { regionId: choice.regionId } : {}),
    ...(name ? { appName: name } : {}),
    ...(choice.userImageId ? { userImageId: choice.userImageId } : {}),
  };
}
