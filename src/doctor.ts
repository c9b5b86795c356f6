/** `npm run doctor`: one line per check, exit 1 when any fails. Reads the same environment and .env as `npm start`. */
import { environmentWithDotEnv } from './config/index.ts';
import { formatReport, runDoctor } from './ops/doctor.ts';

const results = await runDoctor({ env: environmentWithDotEnv(process.env, '.env'), argv: process.argv.slice(2) });
const { lines, ok } = formatReport(results);
for (const line of lines) console.log(line);
process.exitCode = ok ? 0 : 1;
