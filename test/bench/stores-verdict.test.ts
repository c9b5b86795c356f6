/**
 * The `--stores N` judge: every store's events pooled against the one store's runs pooled, each store against the
 * slowest one-store run, either against the floor where the one store came in under it; the misses with their figure.
 */
import { describe, expect, it } from 'vitest';
import type { OneStoreReference, StoreLatency, StoreRow, StoresRun } from '../../bench/stores-summary.ts';
import { atLeastFloor, judgeStores } from '../../bench/stores-verdict.ts';

const latency = (s: number, censored = false): StoreLatency => ({ n: 20, sink: { s, censored }, chat: { s, censored } });

function row(store: string, p95: { hot: number; newOrder: number; statusChange: number }): StoreRow {
  return {
    store,
    chatId: undefined,
    hot: latency(p95.hot),
    newOrder: latency(p95.newOrder),
    statusChange: latency(p95.statusChange),
    store429: 0,
    telegram429: 0,
    shownInChat: 1,
    cardsInChat: 1,
    relayedInChat: 1,
    foreignInChat: 0,
    lost: 0,
    duplicates: 0,
  };
}

function run(rows: StoreRow[], floors: StoresRun['floors']): StoresRun {
  const none = { n: 0, chat: undefined };
  return {
    stores: rows.length,
    scale: 3,
    realSeconds: 1,
    load: { before: [0], after: [0] },
    warmupComplete: true,
    process: {
      peakRssMB: 150,
      maxRssMB: 150,
      baselineRssMB: 100,
      rssAfterGcMB: 140,
      liveHeapMB: 40,
      cpuPerWall: 0.3,
      cpuCores: 0.1,
      eventLoopDelayP99Ms: 5,
      benchCpuPerWall: 0.1,
    },
    telegram: { queuedMean: 0, queuedMax: 0, admittedPerMinute: 0, medianGapS: undefined, longGapShare: undefined },
    rows,
    floors,
    pooled: { hot: none, newOrder: none, statusChange: none },
  };
}

const floors = { hot: 29, newOrder: 9.5, statusChange: 9.5 };

/** Stores with these p95s, pooled as given (the judge reads the pool; the harness computes it from the events). */
function withPool(rows: StoreRow[], pooled: { hot: number; newOrder: number; statusChange: number }): StoresRun {
  const of = (s: number) => ({ n: 19 * rows.length, chat: { s, censored: false } });
  return { ...run(rows, floors), pooled: { hot: of(pooled.hot), newOrder: of(pooled.newOrder), statusChange: of(pooled.statusChange) } };
}

// Three runs of the one store alone: its status p95 moved 37–47 s between them.
const reference: OneStoreReference = {
  runs: [
    run([row('main', { hot: 37, newOrder: 8.2, statusChange: 37 })], floors),
    run([row('main', { hot: 41, newOrder: 9.0, statusChange: 47 })], floors),
    run([row('main', { hot: 40, newOrder: 8.8, statusChange: 42 })], floors),
  ],
  pooled: { hot: pool(40), newOrder: pool(8.9), statusChange: pool(44) },
  floors,
};

function pool(s: number) {
  return { n: 57, chat: { s, censored: false } };
}

describe('the several-stores judge', () => {
  it('holds the pool and each store to the floor where the one store came in under it', () => {
    expect(atLeastFloor({ s: 8.2, censored: false }, 9.5)).toEqual({ s: 9.5, floor: true });
    expect(atLeastFloor({ s: 37, censored: false }, 29)).toEqual({ s: 37, floor: false });
    expect(atLeastFloor({ s: 37, censored: false }, undefined)).toEqual({ s: 37, floor: false });

    // New orders: 10.4 s is 1.17x the one store's pooled 8.9 s but 1.09x the 9.5 s floor: within.
    const stores = withPool([row('s1', { hot: 40, newOrder: 10.4, statusChange: 45 })], { hot: 41, newOrder: 10.4, statusChange: 46 });
    const verdict = judgeStores(stores, reference);
    expect(verdict.pooled.newOrder?.value).toBeCloseTo(10.4 / 9.5, 5);
    expect(verdict.met).toBe(true);

    const slow = judgeStores(
      withPool([row('s1', { hot: 40, newOrder: 10.6, statusChange: 45 })], { hot: 41, newOrder: 10, statusChange: 46 }),
      reference,
    );
    expect(slow.misses).toEqual(['newOrder p95 of a store 1.12× its floor']);
  });

  it('holds each store to the slowest one-store run, and the pool to the one store pooled', () => {
    // 51 s is 1.38x the fastest one-store run's 37 s but 1.09x the slowest's 47 s: within; the pool is 1.05x.
    const within = judgeStores(
      withPool([row('s1', { hot: 38, newOrder: 9, statusChange: 51 })], { hot: 40, newOrder: 9.4, statusChange: 46 }),
      reference,
    );
    expect(within.worst.statusChange?.value).toBeCloseTo(51 / 47, 5);
    expect(within.pooled.statusChange?.value).toBeCloseTo(46 / 44, 5);
    expect(within.misses).toEqual([]);

    const stores = [row('s1', { hot: 38, newOrder: 9, statusChange: 42 }), row('s2', { hot: 36, newOrder: 9.2, statusChange: 53 })];
    const verdict = judgeStores(withPool(stores, { hot: 40, newOrder: 9.4, statusChange: 50 }), reference);
    expect(verdict.worst.statusChange?.value).toBeCloseTo(53 / 47, 5);
    expect(verdict.met).toBe(false);
    expect(verdict.misses).toEqual([
      "statusChange p95 of every store 1.14× the one store's",
      "statusChange p95 of a store 1.13× the slowest one-store run's",
    ]);
  });

  it('judges no kind of event that neither the one store nor the stores had', () => {
    const none = { n: 0, chat: undefined };
    const quiet = (of: StoresRun): StoresRun => ({
      ...of,
      rows: of.rows.map((entry) => ({ ...entry, statusChange: { n: 0, sink: undefined, chat: undefined } })),
      pooled: { ...of.pooled, statusChange: none },
    });
    const without = { ...reference, runs: reference.runs.map(quiet), pooled: { ...reference.pooled, statusChange: none } };
    const stores = quiet(withPool([row('s1', { hot: 38, newOrder: 9, statusChange: 0 })], { hot: 40, newOrder: 9.4, statusChange: 0 }));
    expect(judgeStores(stores, without).misses).toEqual([]);
    // Events at the stores that the one store never had: nothing to compare with, a miss.
    expect(
      judgeStores(withPool([row('s1', { hot: 38, newOrder: 9, statusChange: 40 })], { hot: 40, newOrder: 9.4, statusChange: 40 }), without)
        .misses,
    ).toEqual(['statusChange p95 of every store: no p95 to compare', 'statusChange p95 of a store: no p95 to compare']);
  });

  it('counts a censored p95 (something never reached the chat) as a miss whatever its ratio', () => {
    const censored = row('s1', { hot: 30, newOrder: 9, statusChange: 40 });
    censored.hot = latency(30, true);
    const verdict = judgeStores(withPool([censored], { hot: 38, newOrder: 9.4, statusChange: 44 }), reference);
    expect(verdict.misses).toEqual(["hot p95 of a store >0.73× the slowest one-store run's"]);
  });
});
