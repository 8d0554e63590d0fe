import { describe, expect, it } from 'vitest';
import { createBody, firstProblem, initialChoice, isDiskExpansion, stepProblem } from './create-choice';

describe('the create flow', () => {
  it('asks for an application, then a GPU, before it goes on', () => {
    const empty = initialChoice(undefined);
    expect(stepProblem('image', empty)).toBe('validation.selectApplication');
    expect(stepProblem('gpu', { ...empty, imageId: '7' })).toBe('validation.selectGpu');
    expect(firstProblem({ ...empty, imageId: '7' })).toEqual({ step: 1, problem: 'validation.selectGpu' });
    expect(firstProblem({ ...empty, imageId: '7', gpuModel: 'RTX 4090' })).toBeNull();
  });

  it('does not leave the GPU step with a count from 1 to 8 or a prepaid duration from 1 to 36 missing', () => {
    const choice = { ...initialChoice('7'), gpuModel: 'RTX 4090' };
    for (const gpuCount of [0, 9, 1.5, null]) {
      expect(stepProblem('gpu', { ...choice, gpuCount })).toBe('validation.gpuCount');
    }
    for (const duration of [0, 37, 2.5, null]) {
      expect(stepProblem('gpu', { ...choice, billingMode: 'month', duration })).toBe('validation.duration');
      expect(stepProblem('gpu', { ...choice, duration })).toBeNull();
    }
  });

  it('takes a data disk expansion of 0 or 10 to 150 GB in steps of 10', () => {
    for (const gb of [0, 10, 80, 150]) {
      expect(isDiskExpansion(gb)).toBe(true);
    }
    for (const gb of [5, 15, 160, -10, null]) {
      expect(isDiskExpansion(gb)).toBe(false);
    }
    const choice = { ...initialChoice('7'), gpuModel: 'RTX 4090', dataDiskGb: 25 };
    expect(stepProblem('disk', choice)).toBe('validation.dataDiskGb');
  });

  it('sends a duration only for a prepaid rental, and leaves an empty name and any region to the server', () => {
    const choice = { ...initialChoice('7'), gpuModel: 'RTX 4090', duration: 3, appName: '  ' };
    expect(createBody(choice)).toEqual({
      imageId: '7',
      gpuModel: 'RTX 4090',
      gpuCount: 1,
      billingMode: 'minute',
      duration: 1,
      dataDiskGb: 0,
    });
    expect(createBody({ ...choice, billingMode: 'month', regionId: 'cn-east-1', appName: ' mine ' })).toMatchObject({
      billingMode: 'month',
      duration: 3,
      regionId: 'cn-east-1',
      appName: 'mine',
    });
  });

  it('carries a saved image to start from with its original image', () => {
    const choice = { ...initialChoice('7', '42'), gpuModel: 'RTX 4090' };
    expect(createBody(choice)).toMatchObject({ imageId: '7', userImageId: '42' });
    expect(createBody({ ...initialChoice('7'), gpuModel: 'RTX 4090' })).not.toHaveProperty('userImageId');
  });
});
