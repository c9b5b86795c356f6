/** Prints requests per poll cycle at 10, 100 and 1000 open orders: `npx tsx test/sync/request-cost-report.ts`. */
import { MEASURED_INTERVAL_MS, measureRequestCost } from './request-cost.ts';

const rows = [];
for (const openOrders of [10, 100, 1000]) rows.push(await measureRequestCost(openOrders));
console.log(`requests per poll cycle (interval ${MEASURED_INTERVAL_MS / 1000} s, order page size 100):`);
console.table(rows.map((row) => ({ ...row, busy: Number(row.busy.toFixed(2)), steady: Number(row.steady.toFixed(2)) })));
