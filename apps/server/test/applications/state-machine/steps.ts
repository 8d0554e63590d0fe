import { APPLICATION_STEPS } from './application-steps.js';
import { FAULT_STEPS } from './fault-steps.js';
import { MONEY_STEPS } from './money-steps.js';
import { SERVER_STEPS } from './server-steps.js';
import type { Step, World } from './world.js';

export const STEPS: Step[] = [...SERVER_STEPS, ...APPLICATION_STEPS, ...MONEY_STEPS, ...FAULT_STEPS];

/** Draws a step by weight and runs it, drawing again while the drawn one does not apply. */
export async function runRandomStep(world: World): Promise<string> {
  const total = STEPS.reduce((sum, step) => sum + step.weight, 0);
  for (;;) {
    let ticket = world.random() * total;
    const step = STEPS.find((each) => (ticket -= each.weight) < 0) ?? STEPS[0]!;
    const text = await step.run(world);
    if (text !== null) {
      return `${step.name}: ${text}`;
    }
  }
}
