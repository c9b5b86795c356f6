/**
 * The sales chart as a Vega specification (a declarative grammar: data, scales, axes, marks): new paid orders per
 * day as bars above, revenue per day as a line below, one shared row of days. Sized for a phone: Telegram shows a
 * photo about 360 points wide, so the chart is laid out 540 units wide and rasterised at twice that (chart-render.ts).
 *
 * With several stores the bars are stacked by store under a legend of the stores (chart-stores.ts); the line stays
 * the total, as do the numbers on the bars. With one store nothing of that is added.
 *
 * Words come in already translated (the bot's Fluent texts); day names and numbers are the language's, from Intl:
 * `17 нояб.`, `1 234,5`. Pure data in, a plain object out: nothing here loads Vega.
 */
import type { Spec } from 'vega';
import type { SalesDay } from '../core/sales.ts';
import { legend, legendHeight, stackedBars, stackedData, stacksOf, type StoreSeries } from './chart-stores.ts';

export interface SalesChartLabels {
  /** Above the chart, e.g. "Sales, last 7 days". */
  title: string;
  /** The bars' panel, e.g. "New paid orders". */
  orders: string;
  /** The line's panel, e.g. "Revenue". */
  revenue: string;
  /** With more stores than colours, the legend's entry for the rest, e.g. "13 more stores". */
  otherStores: (count: number) => string;
}

export interface SalesChartInput {
  /** Every day of the period with its totals (all stores'). */
  days: readonly SalesDay[];
  /** Each store's own days, in the configuration's order; with two or more the bars are stacked by store. */
  stores?: readonly StoreSeries[] | undefined;
  labels: SalesChartLabels;
  /** BCP 47 language of the asker (`en`, `ru`): day names and number separators. */
  locale: string;
}

const CHART_WIDTH = 540;
const PANEL_HEIGHT = 190;
const PANEL_GAP = 84;
/** At most this many day labels under the chart: more would overlap at this size. */
const MAX_DAY_LABELS = 7;
/** Counts written on the bars up to this many days, amounts on the points up to a week; beyond, the axes tell. */
const MAX_COUNT_LABELS = 14;
const MAX_AMOUNT_LABELS = 7;

export const CHART_FONT_FAMILY = 'PT Sans';
/** d3-format: grouped thousands, as many decimals as the value has (`1 234,5`, `12`), never an exponent. */
const NUMBER = ',~f';
const INK = '#1f2933';
const MUTED = '#52606d';
const BARS = '#2f6fb0';
const LINE = '#d9822b';

/** d3-format's separators for a language, from Intl: Russian groups with a no-break space and uses a decimal comma. */
function numberLocale(locale: string) {
  const parts = new Intl.NumberFormat(locale).formatToParts(12_345.6);
  const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
  return { decimal: part('decimal', '.'), thousands: part('group', ','), grouping: [3], currency: ['', ''] as [string, string] };
}

/** `2026-11-17` as the language says it, short: `Nov 17`, `17 нояб.`. */
function dayLabeller(locale: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return format.format(Date.UTC(year, month - 1, date));
  };
}

/**
 * Every k-th day, ending on the last one (today), so the newest day is always named. Chosen here rather than by
 * Vega's overlap check, which without a canvas guesses text widths too wide and would hide every other label.
 */
function shownDays(labels: readonly string[]): string[] {
  const step = Math.ceil(labels.length / MAX_DAY_LABELS);
  return labels.filter((_, index) => (labels.length - 1 - index) % step === 0);
}

const axisStyle = {
  labelFont: CHART_FONT_FAMILY,
  labelFontSize: 18,
  labelColor: MUTED,
  domainColor: '#9aa5b1',
  tickColor: '#9aa5b1',
  gridColor: '#e4e7eb',
} as const;

const panelTitle = (text: string, color: string) => ({
  type: 'text',
  encode: {
    enter: {
      x: { value: 0 },
      y: { value: -14 },
      text: { value: text },
      fill: { value: color },
      font: { value: CHART_FONT_FAMILY },
      fontSize: { value: 21 },
      fontWeight: { value: 'bold' },
    },
  },
});

/** One panel: a group with its own y scale, its title, its axes and its marks, placed `top` units down. */
function panel(options: { top: number; field: 'orders' | 'revenue'; title: string; color: string; marks: object[]; showDays: string[] }) {
  const { top, field, title, color, marks, showDays } = options;
  return {
    type: 'group',
    encode: { enter: { x: { value: 0 }, y: { value: top }, width: { signal: 'width' }, height: { value: PANEL_HEIGHT } } },
    scales: [{ name: 'y', type: 'linear', domain: { data: 'days', field }, range: [PANEL_HEIGHT, 0], nice: true, zero: true }],
    axes: [
      {
        orient: 'left',
        scale: 'y',
        grid: true,
        tickCount: 4,
        format: NUMBER,
        ...(field === 'orders' ? { tickMinStep: 1 } : {}),
        ...axisStyle,
      },
      { orient: 'bottom', scale: 'x', values: showDays, labelPadding: 6, ...axisStyle },
    ],
    marks: [panelTitle(title, color), ...marks],
  };
}

const valueLabel = (field: string, dy: number, color: string) => ({
  type: 'text',
  from: { data: 'days' },
  encode: {
    enter: {
      x: { scale: 'x', field: 'label', band: 0.5 },
      y: { scale: 'y', field },
      dy: { value: dy },
      align: { value: 'center' },
      text: { signal: `format(datum.${field}, '${NUMBER}')` },
      fill: { value: color },
      font: { value: CHART_FONT_FAMILY },
      fontSize: { value: 17 },
      fontWeight: { value: 'bold' },
    },
  },
});

type ChartRow = { label: string; orders: number; revenue: number };

/** The orders panel's bars: one colour, or stacked by store. */
function orderBars(stacked: boolean) {
  if (stacked) return stackedBars;
  return {
    type: 'rect',
    from: { data: 'days' },
    encode: {
      enter: {
        x: { scale: 'x', field: 'label' },
        width: { scale: 'x', band: 1 },
        y: { scale: 'y', field: 'orders' },
        y2: { scale: 'y', value: 0 },
        fill: { value: BARS },
        cornerRadiusTopLeft: { value: 2 },
        cornerRadiusTopRight: { value: 2 },
      },
    },
  };
}

/** The revenue panel's marks: the total's line, its points, and its amounts up to a week. */
function revenueMarks(values: readonly ChartRow[]) {
  const point = { x: { scale: 'x', field: 'label', band: 0.5 }, y: { scale: 'y', field: 'revenue' } };
  const line = {
    type: 'line',
    from: { data: 'days' },
    encode: { enter: { ...point, stroke: { value: LINE }, strokeWidth: { value: 3 } } },
  };
  const dots = {
    type: 'symbol',
    from: { data: 'days' },
    encode: { enter: { ...point, fill: { value: LINE }, size: { value: values.length <= 31 ? 60 : 0 } } },
  };
  return [line, dots, ...(values.length <= MAX_AMOUNT_LABELS ? [valueLabel('revenue', -14, INK)] : [])];
}

/** The specification for Vega; days with no sale are drawn as zeros (the series has every day, each store's too). */
export function salesChartSpec(input: SalesChartInput): Spec {
  const label = dayLabeller(input.locale);
  const values: ChartRow[] = input.days.map((day) => ({ label: label(day.day), orders: day.orders, revenue: day.revenue }));
  const dayLabels = values.map((value) => value.label);
  const showDays = shownDays(dayLabels);
  // One store is drawn as a chart of its own: no legend, no stack.
  const stacks = input.stores && input.stores.length > 1 ? stacksOf(input.stores, input.labels.otherStores) : undefined;
  const top = stacks ? legendHeight(stacks) : 0;
  const key = stacks && legend(stacks, { width: CHART_WIDTH, font: CHART_FONT_FAMILY, ink: INK });

  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    width: CHART_WIDTH,
    height: top + 2 * PANEL_HEIGHT + PANEL_GAP,
    padding: { left: 12, right: 24, top: 16, bottom: 12 },
    autosize: { type: 'pad' },
    background: 'white',
    // Vega reads the number format of the language (axes, value labels) from the configuration.
    config: { locale: { number: numberLocale(input.locale) } },
    title: { text: input.labels.title, font: CHART_FONT_FAMILY, fontSize: 26, color: INK, anchor: 'start', offset: 28 },
    data: [{ name: 'days', values }, ...(stacks && key ? [stackedData(stacks, dayLabels), key.data] : [])],
    scales: [{ name: 'x', type: 'band', domain: { data: 'days', field: 'label' }, range: 'width', padding: 0.2 }],
    marks: [
      ...(key ? key.marks : []),
      panel({
        top,
        field: 'orders',
        title: input.labels.orders,
        // Blue names blue bars; over bars of every store's colour the title is ink.
        color: stacks ? INK : BARS,
        marks: [orderBars(stacks !== undefined), ...(values.length <= MAX_COUNT_LABELS ? [valueLabel('orders', -6, INK)] : [])],
        showDays,
      }),
      panel({
        top: top + PANEL_HEIGHT + PANEL_GAP,
        field: 'revenue',
        title: input.labels.revenue,
        color: LINE,
        marks: revenueMarks(values),
        showDays,
      }),
    ],
  } as Spec;
}
