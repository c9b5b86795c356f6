/**
 * The sales chart with several stores: each day's bar stacked by store, a colour per store in the configuration's
 * order (the first store at the bottom), and a legend of the stores' titles above the bars, two to a row so a title
 * stays legible at a phone's width. The parts chart-spec.ts adds to its one-store specification.
 */
import type { SalesDay } from '../core/sales.ts';

/** One store's own days, the same days as the chart's totals, in the same order. */
export interface StoreSeries {
  title: string;
  days: readonly SalesDay[];
}

/**
 * Tableau 10, made to tell categories apart, without its orange (the revenue line's colour, which would read as a
 * store's) and with the one-store chart's blue first, ordered so that neighbouring segments differ in lightness too.
 */
const PALETTE = ['#2f6fb0', '#edc948', '#e15759', '#76b7b2', '#b07aa1', '#59a14f', '#ff9da7', '#9c755f'] as const;
/** The stores beyond the palette, as one segment. */
const OTHER_COLOR = '#bab0ac';
/** Longer titles end in `…`: at 18 units a column holds about this many of PT Sans's letters, Cyrillic included. */
const MAX_TITLE = 24;
const LEGEND_COLUMNS = 2;
const LEGEND_ROW = 28;
const SWATCH = 16;
/** Between a legend entry's cell and the next one's swatch. */
const CELL_GAP = 12;
/** From the last legend row to the orders panel's top: room for that panel's title. */
const LEGEND_GAP = 44;

/** A segment of the stacked bars: one store, or the stores beyond the palette together. */
interface Stack {
  title: string;
  color: string;
  orders: readonly number[];
}

/**
 * A colour each while they last; with more stores than colours, the first seven keep theirs and the rest share one
 * grey segment named by `otherStores`. Repeating colours instead would make two stores one segment and the legend
 * ambiguous; grouping keeps every colour meaning one thing, and a store's colour is the same chart after chart.
 */
export function stacksOf(stores: readonly StoreSeries[], otherStores: (count: number) => string): Stack[] {
  const ordersOf = (store: StoreSeries) => store.days.map((day) => day.orders);
  const own = stores.length <= PALETTE.length ? stores : stores.slice(0, PALETTE.length - 1);
  const stacks = own.map((store, index) => ({ title: store.title, color: PALETTE[index] as string, orders: ordersOf(store) }));
  const rest = stores.slice(own.length);
  if (rest.length === 0) return stacks;
  const orders = ordersOf(rest[0] as StoreSeries).map((_, day) => rest.reduce((sum, store) => sum + (store.days[day]?.orders ?? 0), 0));
  return [...stacks, { title: otherStores(rest.length), color: OTHER_COLOR, orders }];
}

const shortTitle = (title: string) => {
  const letters = Array.from(title.trim());
  return letters.length <= MAX_TITLE ? letters.join('') : `${letters.slice(0, MAX_TITLE - 1).join('')}…`;
};

/** How far the legend pushes the panels down. */
export const legendHeight = (stacks: readonly Stack[]) => Math.ceil(stacks.length / LEGEND_COLUMNS) * LEGEND_ROW + LEGEND_GAP;

/** One row per store and day, `position` the store's place (Vega's stack transform sorts the segments by it). */
export function stackedData(stacks: readonly Stack[], dayLabels: readonly string[]) {
  return {
    name: 'stacks',
    values: stacks.flatMap((stack, position) =>
      dayLabels.map((label, day) => ({ label, position, color: stack.color, orders: stack.orders[day] ?? 0 })),
    ),
    transform: [{ type: 'stack', groupby: ['label'], field: 'orders', sort: { field: 'position' }, as: ['y0', 'y1'] }],
  };
}

/** The orders panel's bars: a segment per store and day, each the store's colour. */
export const stackedBars = {
  type: 'rect',
  from: { data: 'stacks' },
  encode: {
    enter: {
      x: { scale: 'x', field: 'label' },
      width: { scale: 'x', band: 1 },
      y: { scale: 'y', field: 'y1' },
      y2: { scale: 'y', field: 'y0' },
      fill: { field: 'color' },
    },
  },
};

/**
 * The legend, at the top of the chart: a swatch and a title per store, in rows of two across the width. Each entry is
 * a group clipped to its cell: without a canvas Vega guesses text too wide, and an unclipped title would widen the
 * whole picture (the layout pads to its marks), shrinking it on the phone; a title wider than its cell is cut there.
 */
export function legend(stacks: readonly Stack[], options: { width: number; font: string; ink: string }) {
  const column = options.width / LEGEND_COLUMNS;
  const values = stacks.map((stack, index) => ({
    x: (index % LEGEND_COLUMNS) * column,
    y: Math.floor(index / LEGEND_COLUMNS) * LEGEND_ROW,
    color: stack.color,
    title: shortTitle(stack.title),
  }));
  const middle = SWATCH / 2;
  const entry = {
    type: 'group',
    from: { data: 'legend' },
    encode: {
      enter: {
        x: { field: 'x' },
        y: { field: 'y' },
        width: { value: column - CELL_GAP },
        height: { value: LEGEND_ROW },
        clip: { value: true },
      },
    },
    marks: [
      {
        type: 'symbol',
        encode: {
          enter: {
            x: { value: middle },
            y: { value: middle },
            shape: { value: 'square' },
            size: { value: SWATCH * SWATCH },
            fill: { field: { parent: 'color' } },
          },
        },
      },
      {
        type: 'text',
        encode: {
          enter: {
            x: { value: SWATCH + 8 },
            y: { value: middle },
            baseline: { value: 'middle' },
            text: { field: { parent: 'title' } },
            fill: { value: options.ink },
            font: { value: options.font },
            fontSize: { value: 18 },
          },
        },
      },
    ],
  };
  return { data: { name: 'legend', values }, marks: [entry] };
}
