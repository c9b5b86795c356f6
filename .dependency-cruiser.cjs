/**
 * dependency-cruiser: the layering of src/ written down (docs/architecture.md describes it). `npm run lint` runs it.
 *
 * Bottom to top: shared (domain-free tools) → i18n (the locale files), log, seller-api → core (actions, Telegram refs, statuses) → db,
 * sales (the chart and the export CSV) → sync / bot (side by side, meeting only in sync/contract.ts) and ops → app and the entry
 * files, which wire everything.
 * sandbox is a store emulator beside all of it. Type-only imports count too (tsPreCompilationDeps).
 */

/** The entry files: run by node (npm start, doctor, backup, restore, sandbox), imported by nobody in src/. */
const ENTRY_FILES = '^src/(main|doctor|backup|restore)[.]ts$';
const SANDBOX_CLI = '^src/sandbox/cli[.]ts$';
const GRAMMY = '^node_modules/(grammy|@grammyjs/[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ── Layers ────────────────────────────────────────
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'shared/ holds domain-free tools (keyed-lock, backoff, redaction, run-signals, shutdown budget); it uses no layer.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src|test|bench|scripts)/', pathNot: '^src/shared/' },
    },
    {
      name: 'i18n-only-shared',
      comment:
        'i18n/ loads locales/ and renders a message as plain text, for bot/ and for the shell commands in ops/ alike (ops may not import bot/); it knows no layer but shared/.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { path: '^src/', pathNot: '^src/(i18n|shared)/' },
    },
    {
      name: 'log-only-shared',
      comment: 'log/ sits at the bottom beside seller-api: every layer logs, so it may lean on shared/ alone.',
      severity: 'error',
      from: { path: '^src/log/' },
      to: { path: '^src/', pathNot: '^src/(log|shared)/' },
    },
    {
      name: 'seller-api-only-shared',
      comment: "seller-api/ is the store's wire contract and client; it knows nothing of the bridge above it, so it imports shared/ alone.",
      severity: 'error',
      from: { path: '^src/seller-api/' },
      to: { path: '^src/', pathNot: '^src/(seller-api|shared)/' },
    },
    {
      name: 'core-only-seller-api-and-shared',
      comment: 'core/ (actions, Telegram refs, order statuses) is what db, sync and bot share: built on seller-api and shared/ only.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/(core|seller-api|shared)/' },
    },
    {
      name: 'sales-only-core-shared',
      comment:
        'sales/ draws the sales chart and writes the export CSV from what core/ names (core/sales.ts): bot/ and ops/ both use it, so it knows no layer above core/.',
      severity: 'error',
      from: { path: '^src/sales/' },
      to: { path: '^src/', pathNot: '^src/(sales|core|shared)/' },
    },
    {
      name: 'db-only-core-seller-api-shared',
      comment: 'db/ stores what sync and bot decide; importing sync, bot, app or ops points upward (as the old db → sync edge did).',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: '^src/(db|core|seller-api|shared)/' },
    },
    {
      name: 'sync-no-grammy',
      comment: 'sync/ talks to Telegram only through the sink interface in sync/contract.ts, so it runs and tests without grammY.',
      severity: 'error',
      from: { path: '^src/sync/' },
      to: { path: GRAMMY },
    },
    {
      name: 'sync-not-to-bot-app-ops-sandbox',
      comment: 'sync/ is driven from above: bot, app and ops call it through sync/contract.ts; the sandbox is a store it must not know.',
      severity: 'error',
      from: { path: '^src/sync/' },
      to: { path: ['^src/(bot|app|ops|sandbox)/', ENTRY_FILES] },
    },
    {
      name: 'sync-parts-not-to-run',
      comment:
        'Inside sync/, run/ and engine.ts compose the parts (orders, chats, outbox, automation) over the foundations (support, budget, hand-off); a part never reaches back into the composition.',
      severity: 'error',
      from: { path: '^src/sync/(support|budget|hand-off|orders|chats|outbox|automation)/' },
      to: { path: '^src/sync/(run/|engine[.]ts$)' },
    },
    {
      name: 'sync-foundations-below-parts',
      comment: 'support/, budget/ and hand-off/ are what every part of sync stands on: they import no part.',
      severity: 'error',
      from: { path: '^src/sync/(support|budget|hand-off)/' },
      to: { path: '^src/sync/(orders|chats|outbox|automation)/' },
    },
    {
      name: 'bot-not-to-db-app-sandbox',
      comment: 'bot/ reaches storage and the store only through what sync hands it (sync/contract.ts); app wires bot, not the reverse.',
      severity: 'error',
      from: { path: '^src/bot/' },
      to: { path: ['^src/(db|app|sandbox)/', ENTRY_FILES] },
    },
    {
      name: 'bot-only-sync-contract',
      comment: "bot/ may see sync's types (sync/contract.ts), never its machinery: the engine is injected by app/.",
      severity: 'error',
      from: { path: '^src/bot/' },
      to: { path: '^src/sync/', pathNot: '^src/sync/contract[.]ts$' },
    },
    {
      name: 'sandbox-not-to-bridge',
      comment: 'sandbox/ emulates the store: it may share seller-api schemas, shared/ and log/, never the bridge it serves.',
      severity: 'error',
      from: { path: '^src/sandbox/' },
      to: { path: ['^src/(bot|sync|db|app|ops|core|config)/', ENTRY_FILES] },
    },
    {
      name: 'ops-not-to-bot-app-sync-internals',
      comment: "ops/ (doctor, backup, health, alerts) reads db, config, log, sync/contract.ts; bot, engine and sandbox are app's.",
      severity: 'error',
      from: { path: '^src/ops/' },
      to: { path: ['^src/(bot|app|sandbox|sync)/', ENTRY_FILES], pathNot: '^src/sync/contract[.]ts$' },
    },
    {
      name: 'config-only-seller-api-and-shared',
      comment:
        'config/ turns the environment into a checked Config; it needs the store contract (key shape, deliver field), the store names of core/store-ref.ts, log, shared/.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/', pathNot: ['^src/(config|seller-api|shared|log)/', '^src/core/store-ref[.]ts$'] },
    },
    {
      name: 'config-read-by-wiring-only',
      comment: 'Layers get their settings passed in; only app/, ops/ and the entry files read configuration.',
      severity: 'error',
      from: { path: '^src/(shared|i18n|log|seller-api|core|db|sales|sync|bot|sandbox)/' },
      to: { path: '^src/config/' },
    },
    {
      name: 'no-grammy-below-bot',
      comment: 'Telegram belongs to bot/ (and the doctor in ops/ and app/): the lower layers and the store emulator stay free of grammY.',
      severity: 'error',
      from: { path: '^src/(shared|log|seller-api|core|db|sales|config|sandbox)/' },
      to: { path: GRAMMY },
    },
    {
      name: 'only-entries-import-app',
      comment: 'app/ wires everything together; only the entry files (main, doctor, backup) start it, so nothing else may import it.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/app/', ENTRY_FILES] },
      to: { path: '^src/app/' },
    },
    {
      name: 'entries-not-imported',
      comment: 'main, doctor, backup and the sandbox CLI run on import (side effects): importing one would start it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: [ENTRY_FILES, SANDBOX_CLI] },
    },
    {
      name: 'src-not-to-test-bench-scripts',
      comment: 'The shipped code must not depend on tests, the benchmark or build scripts (they are not in the image).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|scripts)/' },
    },

    // ── Hygiene ───────────────────────────────────────
    {
      name: 'no-circular',
      comment: 'A cycle means two modules are one module split by accident; it also makes load order (and mocking) fragile.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A module nobody imports and that imports nothing is dead or forgotten; entry points, declarations and configs are exempt.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)[.][^/]+[.](js|cjs|mjs|ts|json)$', // dot files (this config, for one)
          '[.]d[.]ts$', // type declarations are picked up by tsc, not imported
          '(^|/)tsconfig[.]json$',
          '(^|/)vitest[.]config[.]ts$',
          ENTRY_FILES,
          SANDBOX_CLI,
          '^scripts/[^/]+[.]ts$', // run with tsx
          '^bench/run[.]ts$',
          '^bench/subject/(main|floor)[.]ts$', // forked as child processes by the benchmark
          '^test/', // tests, their helpers and child scripts are run by vitest or spawned, not imported
        ],
      },
      to: {},
    },
    {
      name: 'not-to-dev-dep',
      comment: 'The image installs with --omit=dev, so src/ imports dependencies only (type-only imports are erased by the build: exempt).',
      severity: 'error',
      from: { path: '^src/' },
      to: {
        dependencyTypes: ['npm-dev'],
        dependencyTypesNot: ['type-only'],
        pathNot: ['node_modules/@types/'],
      },
    },
    {
      name: 'no-non-package-json',
      comment: 'A package that is not in package.json works only by accident (hoisted by another package) and breaks on the next install.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing fails at run time; tsc catches most, this catches the rest.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^(dist|data|coverage)/'] },
    // Count `import type` edges too: a type-only import from grammY in sync/ breaks the layering just the same.
    tsPreCompilationDeps: true,
    // Imports name their .ts files (allowImportingTsExtensions); the tsconfig tells the resolver so.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
