/** A small seeded generator of numbers in [0, 1), so that a randomized test can be replayed from its seed. */
export function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
