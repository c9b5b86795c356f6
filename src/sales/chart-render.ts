/**
 * Draws the sales chart in the process, without a browser or the network: Vega turns the specification
 * (chart-spec.ts) into SVG in headless mode, resvg (Rust, prebuilt per platform) turns the SVG into a PNG with the
 * bundled font, both in a worker thread (chart-worker.ts) that is started for the first chart and ends when charts stop:
 * a bridge that never draws one loads neither, and one that drew a chart gives the memory back.
 */
import { chartFontFiles } from './chart-font.ts';
import { CHART_FONT_FAMILY, salesChartSpec, type SalesChartInput } from './chart-spec.ts';
import { type ChartThreadOptions, createChartThread } from './chart-worker.ts';

/** A PNG of the chart; rejects when it cannot be drawn. */
export type SalesChartRenderer = (input: SalesChartInput) => Promise<Uint8Array>;

/** Twice the layout's size: crisp on a phone's screen, about 1100 pixels wide. */
const ZOOM = 2;

export function createSalesChartRenderer(options: ChartThreadOptions = {}): SalesChartRenderer {
  const draw = createChartThread(options);
  return async (input) => {
    const font = {
      fontFiles: chartFontFiles(),
      loadSystemFonts: false as const,
      defaultFontFamily: CHART_FONT_FAMILY,
      sansSerifFamily: CHART_FONT_FAMILY,
    };
    return draw({ spec: salesChartSpec(input), font, zoom: ZOOM });
  };
}
