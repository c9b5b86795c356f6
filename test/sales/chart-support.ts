/** What the chart tests share: a week of sales, the words in both languages, and the SVG Vega draws of a spec. */
import { parse, View } from 'vega';
import type { SalesDay } from '../../src/core/sales.ts';
import { salesChartSpec, type SalesChartInput } from '../../src/sales/chart-spec.ts';

export const WEEK: SalesDay[] = [
  { day: '2026-11-17', orders: 3, revenue: 59.97 },
  { day: '2026-11-18', orders: 0, revenue: 0 },
  { day: '2026-11-19', orders: 12, revenue: 1234.5 },
  { day: '2026-11-20', orders: 5, revenue: 99.95 },
  { day: '2026-11-21', orders: 8, revenue: 160 },
  { day: '2026-11-22', orders: 1, revenue: 19.99 },
  { day: '2026-11-23', orders: 6, revenue: 119.94 },
];

export const LABELS = {
  en: {
    title: 'Sales, last 7 days',
    orders: 'New paid orders',
    revenue: 'Revenue',
    otherStores: (count: number) => `${count} more stores`,
  },
  ru: {
    title: 'Продажи за последние 7 дней',
    orders: 'Новые оплаченные заказы',
    revenue: 'Выручка',
    otherStores: (count: number) => `Ещё ${count} магазинов`,
  },
};

/** `count` days up to 2026-11-23, with `sold(i)` of the i-th. */
export const daysOf = (count: number, sold: (index: number) => { orders: number; revenue: number }): SalesDay[] =>
  Array.from({ length: count }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 24 - count + i)).toISOString().slice(0, 10),
    ...sold(i),
  }));

/** The SVG Vega draws of the chart's specification, headless, as the drawing thread does. */
export async function svgOf(input: SalesChartInput): Promise<string> {
  const view = new View(parse(salesChartSpec(input)), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
