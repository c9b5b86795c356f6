/**
 * The chart of several stores: bars stacked by store, a colour and a legend entry per store, the revenue line the
 * total. With one store the chart is the one it always was: its SVG is compared with golden files drawn by the
 * one-store code before stores existed in the chart.
 */
import { describe, expect, it } from 'vitest';
import { daysOf, LABELS, svgOf, WEEK } from './chart-support.ts';

describe('one store', () => {
  it('draws the same SVG as before stores came to the chart, a week in English and 90 days in Russian', async () => {
    await expect(await svgOf({ days: WEEK, labels: LABELS.en, locale: 'en' })).toMatchFileSnapshot('__snapshots__/one-store-7-days.en.svg');
    const quarter = daysOf(90, (i) => ({ orders: (i * 7) % 11, revenue: ((i * 13) % 17) * 9.99 }));
    await expect(await svgOf({ days: quarter, labels: LABELS.ru, locale: 'ru' })).toMatchFileSnapshot(
      '__snapshots__/one-store-90-days.ru.svg',
    );
  });
});
