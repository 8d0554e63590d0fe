import { expectAnswer, instance, pick, randomOwner, type Step } from './world.js';

/** What moves money into and between wallets: a sandbox recharge paid, a transfer. */
export const MONEY_STEPS: Step[] = [
  {
    name: 'recharge',
    weight: 6,
    async run(world) {
      const owner = randomOwner(world);
      const amount = pick(world, ['1', '5', '60'])!;
      const on = instance(world);
      const token = world.model.users[owner]!.token;
      const opened = await world.cluster.request(on, {
        method: 'POST',
        url: '/api/recharge/api/wx-pay/native/',
        token,
        payload: { amount },
      });
      expectAnswer(world, `recharge of ${amount}`, opened, [200]);
      const paid = await world.cluster.request(on, {
        method: 'POST',
        url: `/api/dev/payments/${opened.body.data.orderNo}/pay`,
        payload: {},
      });
      expectAnswer(world, `payment of ${amount}`, paid, [200]);
      return `user ${owner} recharges ${amount}: ${paid.status}`;
    },
  },
  {
    name: 'transfer',
    weight: 4,
    async run(world) {
      const [from, to] = [0, 1].map(() => randomOwner(world));
      if (from === to) {
        return null;
      }
      const amount = pick(world, ['0.50', '2.00', '20.00'])!;
      const answer = await world.cluster.request(instance(world), {
        method: 'POST',
        url: '/api/recharge/transfer',
        token: world.model.users[from!]!.token,
        payload: { username: world.model.users[to!]!.phone, amount },
      });
      expectAnswer(world, `transfer of ${amount}`, answer, [200, 422]);
      return `user ${from} transfers ${amount} to user ${to}: ${answer.status}`;
    },
  },
];
