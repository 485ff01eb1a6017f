export type Random = () => number;

/**
 * A small seeded random generator (mulberry32), numbers in [0, 1): the same sequence for a seed on every
 * machine. The demo's generated pictures and the tests' seeded schedules and fuzz cases share it.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
