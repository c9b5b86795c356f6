/**
 * Where charts are drawn: a worker thread, started for the first chart and ended after a while without one, or after a
 * few charts. Two reasons. Drawing costs 100 ms or more of CPU that the bridge's one thread needs for Telegram and the
 * store. And resvg's pixels are native memory V8 does not count, so a burst of charts would hold some 6 MB each until
 * the process next runs a full collection; ending the thread frees all of it, Vega's 30 MB included, at once.
 *
 * The thread's code is a string (no file to find from src/ under tsx, from dist/ once bundled): it imports Vega and
 * resvg by the paths this module resolves, draws the SVG of a specification, rasterises it, and answers the PNG.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface DrawRequest {
  /** A Vega specification (chart-spec.ts). */
  spec: object;
  /** resvg's font options: the bundled files only, no system font. */
  font: { fontFiles: string[]; loadSystemFonts: false; defaultFontFamily: string; sansSerifFamily: string };
  zoom: number;
}

export interface ChartThreadOptions {
  /** The thread ends after this long without a chart (default 30 s). */
  idleMs?: number;
  /**
   * …and after this many charts, so a burst holds at most this many charts' pixels (default 24: some 150 MB at worst,
   * and the restart, most of a second, comes once in that many charts).
   */
  chartsPerThread?: number;
  /** A chart not drawn by then is given up and the thread ended (default 30 s). */
  timeoutMs?: number;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const { Resvg } = require(workerData.resvg);
const loading = import(pathToFileURL(workerData.vega).href);
// The chart's data is inline: a loader that refuses makes sure Vega never reaches for a file or a URL.
const refuse = () => Promise.reject(new Error('the sales chart loads nothing: its data is in the specification'));
const loader = { load: refuse, sanitize: refuse, http: refuse, file: refuse };
parentPort.on('message', async ({ spec, font, zoom }) => {
  try {
    const vega = await loading;
    const view = new vega.View(vega.parse(spec), { renderer: 'none', loader, logLevel: vega.None });
    let svg;
    try {
      svg = await view.toSVG();
    } finally {
      view.finalize();
    }
    const png = new Uint8Array(new Resvg(svg, { font, fitTo: { mode: 'zoom', value: zoom }, background: 'white' }).render().asPng());
    parentPort.postMessage({ png }, [png.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});`;

/** Draws one chart at a time in the thread, starting and ending it as the options say. */
export function createChartThread(options: ChartThreadOptions = {}): (request: DrawRequest) => Promise<Uint8Array> {
  const { idleMs = 30_000, chartsPerThread = 24, timeoutMs = 30_000 } = options;
  let thread: { worker: Worker; charts: number } | undefined;
  let idle: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const end = () => {
    if (idle) clearTimeout(idle);
    idle = undefined;
    void thread?.worker.terminate();
    thread = undefined;
  };

  const start = () => {
    const resolve = createRequire(import.meta.url).resolve;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { vega: resolve('vega'), resvg: resolve('@resvg/resvg-js') },
      // Its own JavaScript heap stays small: a chart is a few hundred marks.
      resourceLimits: { maxOldGenerationSizeMb: 96 },
    });
    return { worker, charts: 0 };
  };

  const drawOnce = (request: DrawRequest) =>
    new Promise<Uint8Array>((resolve, reject) => {
      if (idle) clearTimeout(idle);
      if (thread && thread.charts >= chartsPerThread) end();
      thread ??= start();
      const current = thread;
      current.worker.ref();
      const timer = setTimeout(() => settle(new Error(`the chart was not drawn within ${timeoutMs} ms`)), timeoutMs);
      const onMessage = (answer: { png?: Uint8Array; error?: string }) =>
        settle(answer.png ? undefined : new Error(answer.error ?? 'no chart'), answer.png);
      const onError = (error: Error) => settle(error);
      const onExit = (code: number) => settle(new Error(`the chart thread stopped (exit code ${code})`));
      function settle(error: Error | undefined, png?: Uint8Array) {
        clearTimeout(timer);
        current.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (error || !png) {
          // A thread that failed, timed out or died is not trusted with the next chart.
          if (thread === current) end();
          return reject(error);
        }
        current.charts++;
        // Idle, it must not keep the process alive; it ends by itself a little later.
        current.worker.unref();
        idle = setTimeout(end, idleMs);
        idle.unref();
        resolve(png);
      }
      current.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      current.worker.postMessage(request);
    });

  return (request) => {
    const drawn = queue.then(() => drawOnce(request));
    queue = drawn.catch(() => undefined);
    return drawn;
  };
}
