/**
 * Draws the sales chart in the process, without a browser or the network: Vega turns the specification
 * (chart-spec.ts) into SVG in headless mode, resvg (Rust, prebuilt per platform) turns the SVG into a PNG with the
 * bundled font. Both are loaded on the first chart only: Vega costs about 20 MB and a third of a second to load,
 * which a bridge that never draws one (no /stats, no daily summary) does not pay.
 */
import type { Loader } from 'vega';
import { chartFontFiles } from './chart-font.ts';
import { CHART_FONT_FAMILY, salesChartSpec, type SalesChartInput } from './chart-spec.ts';

/** A PNG of the chart; rejects when it cannot be drawn. */
export type SalesChartRenderer = (input: SalesChartInput) => Promise<Uint8Array>;

/** Twice the layout's size: crisp on a phone's screen, about 1100 pixels wide. */
const ZOOM = 2;

const refuse = () => Promise.reject(new Error('the sales chart loads nothing: its data is in the specification'));
/** The chart's data is inline; a loader that refuses makes sure Vega never reaches for a file or a URL. */
const NO_LOADING = { load: refuse, sanitize: refuse, http: refuse, file: refuse } as unknown as Loader;

async function loadLibraries() {
  const [vega, { Resvg }] = await Promise.all([import('vega'), import('@resvg/resvg-js')]);
  return { vega, Resvg, fontFiles: chartFontFiles() };
}

/** A renderer that loads its libraries on its first chart and keeps them for the next ones. */
export function createSalesChartRenderer(): SalesChartRenderer {
  let libraries: ReturnType<typeof loadLibraries> | undefined;
  return async (input) => {
    libraries ??= loadLibraries();
    // A failed load (a missing native binary) is tried again at the next chart rather than remembered.
    const { vega, Resvg, fontFiles } = await libraries.catch((error: unknown) => {
      libraries = undefined;
      throw error;
    });
    const view = new vega.View(vega.parse(salesChartSpec(input)), { renderer: 'none', loader: NO_LOADING, logLevel: vega.None });
    let svg: string;
    try {
      svg = await view.toSVG();
    } finally {
      view.finalize();
    }
    const font = { fontFiles, loadSystemFonts: false, defaultFontFamily: CHART_FONT_FAMILY, sansSerifFamily: CHART_FONT_FAMILY };
    return new Resvg(svg, { font, fitTo: { mode: 'zoom', value: ZOOM }, background: 'white' }).render().asPng();
  };
}
