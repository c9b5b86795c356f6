/**
 * The chart of several stores: bars stacked by store, a colour and a legend entry per store in the configuration's
 * order, the revenue line and the numbers on the bars the totals. With one store the chart is the one it always was:
 * its SVG is compared with golden files drawn by the one-store code before stores came to the chart.
 */
import { parse, View } from 'vega';
import { describe, expect, it } from 'vitest';
import type { SalesDay } from '../../src/core/sales.ts';
import { salesChartSpec, type SalesChartInput } from '../../src/sales/chart-spec.ts';
import type { StoreSeries } from '../../src/sales/chart-stores.ts';
import { daysOf, LABELS, svgOf, WEEK } from './chart-support.ts';

/** The totals of stores' days, day by day, as the bot's figures sum them. */
const totalsOf = (stores: readonly StoreSeries[]): SalesDay[] =>
  (stores[0]?.days ?? []).map((day, i) => ({
    day: day.day,
    orders: stores.reduce((sum, store) => sum + (store.days[i]?.orders ?? 0), 0),
    revenue: stores.reduce((sum, store) => sum + (store.days[i]?.revenue ?? 0), 0),
  }));

const chartOf = (stores: readonly StoreSeries[], locale: 'en' | 'ru' = 'en'): SalesChartInput => ({
  days: totalsOf(stores),
  stores,
  labels: LABELS[locale],
  locale,
});

/** `count` stores named `Store 1`…, over a week, store s selling s+1 orders on every other day and nothing between. */
const storesOf = (count: number): StoreSeries[] =>
  Array.from({ length: count }, (_, s) => ({
    title: `Store ${s + 1}`,
    days: daysOf(7, (i) => ({ orders: i % 2 === 0 ? s + 1 : 0, revenue: i % 2 === 0 ? 10 : 0 })),
  }));

interface StackRow {
  label: string;
  position: number;
  color: string;
  orders: number;
  y0: number;
  y1: number;
}

/** The rows Vega stacked (its stack transform run), and the legend's entries. */
async function drawnData(input: SalesChartInput) {
  const view = new View(parse(salesChartSpec(input)), { renderer: 'none' });
  try {
    await view.runAsync();
    return { stacks: view.data('stacks') as StackRow[], legend: view.data('legend') as { title: string; color: string }[] };
  } finally {
    view.finalize();
  }
}

const TWO: StoreSeries[] = [
  { title: 'Game keys', days: WEEK.map((day, i) => ({ ...day, orders: i === 1 ? 0 : 1 })) },
  { title: 'Подписки', days: WEEK.map((day, i) => ({ ...day, orders: Math.max(0, day.orders - (i === 1 ? 0 : 1)), revenue: 0 })) },
];

/** The words and numbers an SVG writes, in its order. */
const textsOf = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)</g)].map((match) => match[1]);

describe('one store', () => {
  it('draws the same SVG as before stores came to the chart, a week in English and 90 days in Russian', async () => {
    await expect(await svgOf({ days: WEEK, labels: LABELS.en, locale: 'en' })).toMatchFileSnapshot('__snapshots__/one-store-7-days.en.svg');
    const quarter = daysOf(90, (i) => ({ orders: (i * 7) % 11, revenue: ((i * 13) % 17) * 9.99 }));
    await expect(await svgOf({ days: quarter, labels: LABELS.ru, locale: 'ru' })).toMatchFileSnapshot(
      '__snapshots__/one-store-90-days.ru.svg',
    );
  });

  it('is the one-store chart when the stores are just one (a bot of one store, /stats <name>)', () => {
    const alone = { days: WEEK, labels: LABELS.en, locale: 'en' };
    expect(salesChartSpec({ ...alone, stores: [{ title: 'Game keys', days: WEEK }] })).toEqual(salesChartSpec(alone));
    expect(salesChartSpec({ ...alone, stores: [] })).toEqual(salesChartSpec(alone));
  });
});

describe('several stores', () => {
  it('stacks each day by store, first store at the bottom, every store on every day, zeros included', async () => {
    const { stacks } = await drawnData(chartOf(TWO));
    expect(stacks).toHaveLength(2 * WEEK.length);
    for (const [i, day] of WEEK.entries()) {
      const [bottom, top] = [0, 1].map((position) => stacks.find((row) => row.position === position && row.label === stacks[i]?.label));
      expect([bottom?.orders, top?.orders]).toEqual([TWO[0]!.days[i]!.orders, TWO[1]!.days[i]!.orders]);
      expect(bottom?.y0).toBe(0);
      expect(top?.y0).toBe(bottom?.y1);
      // The stack reaches the day's total: the number written above the bar.
      expect(top?.y1).toBe(day.orders);
    }
    // Nov 18 sold nothing: both stores are there with zero.
    expect(stacks.filter((row) => row.label === 'Nov 18').map((row) => row.orders)).toEqual([0, 0]);
  });

  it('gives each store its own colour and a legend entry, in the configuration order', async () => {
    const stores = storesOf(8);
    const { stacks, legend } = await drawnData(chartOf(stores));
    expect(legend.map((entry) => entry.title)).toEqual(stores.map((store) => store.title));
    expect(new Set(legend.map((entry) => entry.color)).size).toBe(8);
    for (const [position, entry] of legend.entries())
      expect(new Set(stacks.filter((row) => row.position === position).map((row) => row.color))).toEqual(new Set([entry.color]));
    // The legend's titles are drawn in that order.
    const svg = await svgOf(chartOf(stores));
    const drawn = [...svg.matchAll(/>(Store \d+)</g)].map((match) => match[1]);
    expect(drawn).toEqual(stores.map((store) => store.title));
  });

  it('beyond eight stores, keeps the first seven and draws the rest as one segment named with their count', async () => {
    const stores = storesOf(20);
    const { stacks, legend } = await drawnData(chartOf(stores, 'ru'));
    expect(legend.map((entry) => entry.title)).toEqual([...stores.slice(0, 7).map((store) => store.title), 'Ещё 13 магазинов']);
    expect(new Set(legend.map((entry) => entry.color)).size).toBe(8);
    // The rest: stores 8 to 20 sold 8+…+20 = 182 on the days they sold.
    expect(stacks.filter((row) => row.position === 7).map((row) => row.orders)).toEqual([182, 0, 182, 0, 182, 0, 182]);
    expect(stacks.filter((row) => row.position === 7).at(-1)?.y1).toBe(totalsOf(stores).at(-1)?.orders);
  });

  it('writes every word and number of the one-store chart of the totals, the legend besides, and draws the same line', async () => {
    const svg = await svgOf(chartOf(TWO));
    const alone = await svgOf({ days: totalsOf(TWO), labels: LABELS.en, locale: 'en' });
    expect(textsOf(svg)).toEqual(['Game keys', 'Подписки', ...textsOf(alone)]);
    expect(textsOf(svg)).toContain('1,234.5');
    const lineOf = (text: string) => /class="mark-line[^>]*>(.*?)<\/g>/.exec(text)?.[1];
    expect(lineOf(svg)).toMatch(/^<path d="M45,/);
    expect(lineOf(svg)).toBe(lineOf(alone));
  });

  it('cuts a long title, and never widens the picture for the legend (which would shrink it on a phone)', async () => {
    // In the right-hand column: the one that would reach past the edge.
    const long = [TWO[0]!, { ...TWO[1]!, title: 'Программное обеспечение для дома и офиса' }];
    const svg = await svgOf(chartOf(long));
    expect(textsOf(svg)).toContain('Программное обеспечение…');
    const alone = await svgOf({ days: totalsOf(long), labels: LABELS.en, locale: 'en' });
    const widthOf = (text: string) => /<svg[^>]* width="(\d+)"/.exec(text)?.[1];
    expect(widthOf(svg)).toBe(widthOf(alone));
  });
});
