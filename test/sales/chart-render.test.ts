/**
 * The chart is drawn with its words, in both languages, from the bundled font alone: the renderer loads no system
 * font (the Docker image has none), so text that reached the PNG came from PT Sans. Proven on pixels: the PNG is
 * decoded (by resvg, drawing it as an image) and the dark pixels of the title's band are counted with the title and
 * with a blank one of the same layout; with several stores, likewise the legend's band for a Latin and a Cyrillic
 * store title. The same SVG rasterised with no font at all has none there: that is what a rasteriser without fonts
 * does, silently, and what this test would catch.
 */
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { chartFontFiles } from '../../src/sales/chart-font.ts';
import { createSalesChartRenderer } from '../../src/sales/chart-render.ts';
import { createChartThread } from '../../src/sales/chart-worker.ts';
import { salesChartSpec, type SalesChartInput } from '../../src/sales/chart-spec.ts';
import { LABELS, svgOf, WEEK as DAYS } from './chart-support.ts';

/** A title of the same height that draws nothing: the layout stays the same, only the words go. */
const BLANK = '\u00a0';
/** The title's band at the renderer's zoom: above the first panel's title. */
const TITLE_ROWS = 100;
/** With two stores, the legend's row ends above this row (the orders panel's title starts below it). */
const LEGEND_ROWS = 220;
/** Dark pixels of one short title at the renderer's zoom: some 850 for `Game keys` or `Подписки`. */
const LEGEND_INK = 400;

const render = createSalesChartRenderer();

/** The week's orders split between two stores with these titles, the revenue all the first's; in Russian. */
const twoStores = (titles: readonly [string, string]): SalesChartInput => {
  const shares = [
    DAYS.map((day) => ({ ...day, orders: Math.ceil(day.orders / 2) })),
    DAYS.map((day) => ({ ...day, orders: Math.floor(day.orders / 2), revenue: 0 })),
  ];
  return { days: DAYS, stores: titles.map((title, i) => ({ title, days: shares[i]! })), labels: LABELS.ru, locale: 'ru' };
};

/** The RGBA pixels of a PNG, decoded by resvg drawing it as an image. */
function pixelsOf(png: Uint8Array) {
  const width = Buffer.from(png).readUInt32BE(16);
  const height = Buffer.from(png).readUInt32BE(20);
  const href = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="${href}" width="${width}" height="${height}"/></svg>`;
  const image = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  return { width, height, rgba: image.pixels };
}

/** Pixels as dark as the title's ink in the top `rows` rows, or from row `from` on. */
function darkPixels(png: Uint8Array, rows: number, from = 0): number {
  const { width, rgba } = pixelsOf(png);
  let dark = 0;
  for (let i = from * width * 4; i < rows * width * 4; i += 4)
    if ((rgba[i] ?? 255) < 100 && (rgba[i + 1] ?? 255) < 100 && (rgba[i + 2] ?? 255) < 100) dark++;
  return dark;
}

describe('the sales chart', () => {
  it.each(['en', 'ru'] as const)('draws its title in %s with the bundled font and no system font', async (locale) => {
    const labels = LABELS[locale];
    const worded = await render({ days: DAYS, labels, locale });
    const blank = await render({ days: DAYS, labels: { ...labels, title: BLANK }, locale });
    expect(Buffer.from(worded).subarray(1, 4).toString()).toBe('PNG');
    expect(pixelsOf(worded).width).toBeGreaterThan(1000);
    expect(darkPixels(blank, TITLE_ROWS)).toBe(0);
    expect(darkPixels(worded, TITLE_ROWS)).toBeGreaterThan(1500);
  });

  it('draws the store titles of the legend, Latin and Cyrillic, with the bundled font', async () => {
    const [latin, cyrillic, blank] = await Promise.all([
      render(twoStores(['Game keys', BLANK])),
      render(twoStores([BLANK, 'Подписки'])),
      render(twoStores([BLANK, BLANK])),
    ]);
    // The legend's band: below the chart's title, above the orders panel's.
    expect(darkPixels(blank, LEGEND_ROWS, TITLE_ROWS)).toBe(0);
    expect(darkPixels(latin, LEGEND_ROWS, TITLE_ROWS)).toBeGreaterThan(LEGEND_INK);
    expect(darkPixels(cyrillic, LEGEND_ROWS, TITLE_ROWS)).toBeGreaterThan(LEGEND_INK);
  });

  it('a rasteriser without fonts drops the words without a word: the check above sees it', async () => {
    const fontless = async (input: SalesChartInput) =>
      new Resvg(await svgOf(input), { font: { loadSystemFonts: false }, fitTo: { mode: 'zoom', value: 2 }, background: 'white' })
        .render()
        .asPng();
    expect(darkPixels(await fontless({ days: DAYS, labels: LABELS.ru, locale: 'ru' }), TITLE_ROWS)).toBe(0);
    expect(darkPixels(await fontless(twoStores(['Game keys', 'Подписки'])), LEGEND_ROWS, TITLE_ROWS)).toBe(0);
  });

  it("names days and writes numbers in the reader's language", async () => {
    const ru = await svgOf({ days: DAYS, labels: LABELS.ru, locale: 'ru' });
    expect(ru).toContain('>17 нояб.<');
    expect(ru).toContain('>23 нояб.<');
    expect(ru).toContain('>1\u00a0234,5<'); // a no-break space groups the thousands
    const en = await svgOf({ days: DAYS, labels: LABELS.en, locale: 'en' });
    expect(en).toContain('>Nov 17<');
    expect(en).toContain('>1,234.5<');
    // Every day has its bar's value, the day without orders a 0 rather than a gap.
    expect(en.match(/>0</g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('names at most seven days under a long period, the last one always', async () => {
    const days = Array.from({ length: 90 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 7, 26 + i)).toISOString().slice(0, 10),
      orders: i % 7,
      revenue: i,
    }));
    const svg = await svgOf({ days, labels: LABELS.en, locale: 'en' });
    const named = [...svg.matchAll(/>(Aug|Sep|Oct|Nov) \d+</g)].map((match) => match[0]);
    // Two axes (orders, revenue) name the same days.
    expect(named.length).toBeLessThanOrEqual(14);
    expect(named).toContain('>Nov 23<');
  });
});

describe('the drawing thread', () => {
  const input = { days: DAYS, labels: LABELS.en, locale: 'en' };
  const isPng = (png: Uint8Array) => Buffer.from(png).subarray(1, 4).toString() === 'PNG';

  it('draws again after it ended for being idle, and across the charts-per-thread limit', async () => {
    const renderer = createSalesChartRenderer({ idleMs: 50, chartsPerThread: 2 });
    const burst = await Promise.all([renderer(input), renderer(input), renderer(input)]);
    expect(burst.every(isPng)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isPng(await renderer(input))).toBe(true);
  });

  it('answers a failure as an error, then draws the next chart in a new thread; gives up a chart that takes too long', async () => {
    const font = { fontFiles: chartFontFiles(), loadSystemFonts: false as const, defaultFontFamily: 'PT Sans', sansSerifFamily: 'PT Sans' };
    const draw = createChartThread();
    await expect(draw({ spec: { marks: [{ type: 'no-such-mark' }] }, font, zoom: 1 })).rejects.toThrow(/./);
    expect(isPng(await draw({ spec: salesChartSpec(input), font, zoom: 1 }))).toBe(true);
    const hurried = createChartThread({ timeoutMs: 1 });
    await expect(hurried({ spec: salesChartSpec(input), font, zoom: 1 })).rejects.toThrow(/not drawn within 1 ms/);
  });
});
