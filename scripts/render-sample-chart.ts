/**
 * `npm run chart:sample`: draws docs/stats-chart.png (English) and docs/stats-chart-ru.png (Russian) through the code
 * /stats uses: a database filled with two weeks of a sandbox store's sales (its catalogue and prices; busier at the
 * weekend, one quiet day, some orders delivered from stock, some by hand the next day, a few cancelled), written
 * through the order and outbox queries sync uses, so the triggers record it as they do in production; then the
 * series query, the bot's texts and the renderer.
 */
import { writeFileSync } from 'node:fs';
import { pino } from 'pino';
import { createBotI18n } from '../src/bot/i18n.ts';
import { salesChartPhoto } from '../src/bot/stats/sales-chart.ts';
import { openDatabase } from '../src/db/open.ts';
import { createQueries } from '../src/db/queries.ts';
import { createStatsQueries } from '../src/db/stats.ts';
import { createSalesChartRenderer } from '../src/sales/chart-render.ts';
import { demoCatalog } from '../src/sandbox/demo-catalogs.ts';
import { integerBetween, mulberry32, pick } from '../src/sandbox/random.ts';
import { OrderSchema, type OrderId } from '../src/seller-api/schemas.ts';
import { lastLocalDays, localTimeOn } from '../src/shared/local-time.ts';

const TIME_ZONE = 'Europe/Moscow';
const DAYS = 14;
const NOW = Date.parse('2026-11-23T18:30:00Z');
const MIN = 60_000;
const logger = pino({ level: 'warn' });

function fill(db: ReturnType<typeof openDatabase>) {
  const queries = createQueries(db);
  const random = mulberry32(7);
  const products = demoCatalog('en').automated;
  const open = { isOpen: true, chatWatchUntil: undefined };
  let n = 0;
  for (const [index, { day }] of lastLocalDays(NOW, DAYS, TIME_ZONE).entries()) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const busy = weekday === 0 || weekday === 5 || weekday === 6 ? 2 : 1;
    const count = index === 9 ? 0 : integerBetween(random, 2, 6) * busy;
    for (let i = 0; i < count; i++) {
      const at = localTimeOn(day, integerBetween(random, 8, 22), integerBetween(random, 0, 59), TIME_ZONE);
      if (at > NOW) continue;
      const product = pick(random, products);
      const id = `ord_sample_${String(++n).padStart(4, '0')}` as OrderId;
      const order = (status: string) =>
        OrderSchema.parse({
          id,
          status,
          createdAt: new Date(at).toISOString(),
          productTitle: product.title,
          quantity: 1,
          amount: product.price,
        });
      queries.orders.insert(order('paid'), open, at);
      const roll = random();
      if (roll < 0.06) queries.orders.update(order('cancelled'), { isOpen: false, chatWatchUntil: at + 1440 * MIN }, at + 30 * MIN);
      else if (roll < 0.5) {
        // From stock: the bot's action is in the outbox when the status changes.
        queries.outbox.insert({ kind: 'deliver', orderId: id, by: 'stock' }, `deliver-${id}`, at + MIN);
        queries.orders.update(order('awaiting_confirmation'), open, at + 2 * MIN);
      } else {
        const delivered = at + integerBetween(random, 10, 20 * 60) * MIN;
        if (delivered > NOW) continue;
        queries.orders.update(order('processing'), open, at + 5 * MIN);
        queries.orders.update(order('awaiting_confirmation'), open, delivered);
      }
    }
  }
}

const db = openDatabase(':memory:', { logger });
try {
  fill(db);
  const render = createSalesChartRenderer();
  const i18n = createBotI18n({ timeZone: TIME_ZONE });
  for (const [language, file] of [
    ['en', 'docs/stats-chart.png'],
    ['ru', 'docs/stats-chart-ru.png'],
  ] as const) {
    const photo = await salesChartPhoto({ stats: createStatsQueries(db), render, logger }, i18n.translator(language), NOW, DAYS);
    if (!photo) throw new Error('the sample chart was not drawn: see the log above');
    writeFileSync(file, photo.png);
    console.log(`${file}: ${photo.png.byteLength} bytes; caption: ${photo.caption.html}`);
  }
} finally {
  db.close();
}
