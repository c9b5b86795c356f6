/** `npm run doctor`: one line per check, exit 1 when any fails. Reads the same environment and .env as `npm start`. */
import { environmentWithDotEnv } from './config/index.ts';
import { doctorTexts, formatReport, runDoctor } from './ops/doctor.ts';

const env = environmentWithDotEnv(process.env, '.env');
const texts = doctorTexts(env);
const results = await runDoctor({ env, argv: process.argv.slice(2), texts });
const { lines, ok } = formatReport(results, texts);
for (const line of lines) console.log(line);
process.exitCode = ok ? 0 : 1;
