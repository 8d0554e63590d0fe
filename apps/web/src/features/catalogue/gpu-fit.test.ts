import { describe, expect, it } from 'vitest';
import type { GpuModelOffer } from './api/list-gpu-models';
import type { GpuRegion } from './api/list-gpu-regions';
import { cheapestFit, fittingModels, freeByModel, hasFreeGpu } from './gpu-fit';

function offer(gpuModel: string, memoryGb: number, hourly: string): GpuModelOffer {
  return {
    gpuModel,
    memoryGb,
    prices: { minute: hourly, day: '0.00', week: '0.00', month: '0.00', year: '0.00' },
    educationHourlyPrice: null,
  };
}

const FLEET = [
  offer('RTX 4090', 24, '2.2800'),
  offer('RTX 3090', 24, '1.7800'),
  offer('RTX 3060', 12, '0.7800'),
  offer('L20', 48, '3.3800'),
  offer('A800', 80, '6.6800'),
];

describe('the lowest price of an image', () => {
  it('is the cheapest model with at least the memory the image needs', () => {
    expect(cheapestFit(FLEET, 8)?.gpuModel).toBe('RTX 3060');
    expect(cheapestFit(FLEET, 12)?.gpuModel).toBe('RTX 3060');
    expect(cheapestFit(FLEET, 13)?.gpuModel).toBe('RTX 3090');
    expect(cheapestFit(FLEET, 48)?.gpuModel).toBe('L20');
  });

  it('is absent when no model has enough memory', () => {
    expect(cheapestFit(FLEET, 96)).toBeNull();
    expect(cheapestFit([], 0)).toBeNull();
  });

  it('compares prices as exact amounts, not as text', () => {
    const models = [offer('ten', 16, '10.0000'), offer('nine', 16, '9.9999'), offer('tiny', 16, '0.0001')];
    expect(fittingModels(models, 16).map((model) => model.gpuModel)).toEqual(['tiny', 'nine', 'ten']);
  });

  it('lists every model that fits, cheapest first, keeping the order of equal prices', () => {
    const models = [...FLEET, offer('RTX 3090 Ti', 24, '1.7800')];
    expect(fittingModels(models, 24).map((model) => model.gpuModel)).toEqual([
      'RTX 3090',
      'RTX 3090 Ti',
      'RTX 4090',
      'L20',
      'A800',
    ]);
  });
});

describe('whether an image has a free GPU now', () => {
  const region = (id: string, gpus: [string, number, number][]): GpuRegion => ({
    id,
    name: id,
    simulated: true,
    gpus: gpus.map(([gpuModel, total, free]) => ({ gpuModel, total, free })),
  });
  const free = freeByModel([
    region('east', [
      ['RTX 4090', 16, 0],
      ['A800', 2, 1],
    ]),
    region('north', [
      ['RTX 4090', 8, 0],
      ['RTX 3060', 4, 0],
    ]),
  ]);

  it('adds up the free GPUs of each model over every region', () => {
    expect(free.get('RTX 4090')).toBe(0);
    expect(free.get('A800')).toBe(1);
    expect(free.get('L20')).toBeUndefined();
  });

  it('is true when any model the image runs on has one free, and false otherwise', () => {
    expect(hasFreeGpu(fittingModels(FLEET, 48), free)).toBe(true);
    expect(
      hasFreeGpu(
        fittingModels(FLEET, 8).filter((model) => model.memoryGb < 80),
        free,
      ),
    ).toBe(false);
    expect(hasFreeGpu([], free)).toBe(false);
  });
});
