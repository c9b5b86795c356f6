/**
 * Docker cannot build here, so the packaging files are checked against the code they package:
 * the command of `npm start`, the variables the config module knows, the path the health server
 * serves, and the data folder. The HEALTHCHECK command itself is run against a real health server.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../src/config/index.ts';
import { HEALTH_PATH, startHealthServer, type HealthServer } from '../../src/ops/health-server.ts';
import { DIST_DIR, ENTRY_POINTS, startArgs } from '../../scripts/build.ts';

const REPO = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(REPO, path), 'utf8');

const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
const dockerfile = read('Dockerfile');
const compose = read('docker-compose.yml');
const unit = read('deploy/seller-telegram-bridge.service');
const envExample = read('.env.example');
const dockerignore = read('.dockerignore');

/** `tsx src/backup.ts` → `src/backup.ts` */
const scriptEntry = (script: string): string => {
  const entry = packageJson.scripts[script]?.split(/\s+/).find((word) => word.endsWith('.ts'));
  if (!entry) throw new Error(`no .ts entry in npm script ${script}`);
  return entry;
};

/** The final stage of a multi-stage Dockerfile: what the image actually runs with. */
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** Instruction arguments, with `\` line continuations joined. */
function instructions(text: string, name: string): string[] {
  const joined = text.replace(/\\\n/g, ' ');
  return [...joined.matchAll(new RegExp(`^${name}\\s+(.+)$`, 'gm'))].map((match) => match[1]!.trim());
}

function dockerEnv(name: string): string | undefined {
  for (const args of instructions(finalStage, 'ENV')) {
    const match = new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(args);
    if (match) return match[1];
  }
  return undefined;
}

function unitValues(key: string): string[] {
  return [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!.trim());
}

describe('the start command', () => {
  const args = startArgs();

  it('runs the bundle of src/main.ts that prestart builds, and npm run backup and restore run their entries', () => {
    expect(ENTRY_POINTS.main).toBe('src/main.ts');
    expect(args.at(-1)).toBe(`${DIST_DIR}/main.mjs`);
    expect(packageJson.scripts.prestart).toBe(packageJson.scripts.build);
    expect(packageJson.scripts.build).toBe('tsx scripts/build.ts');
    for (const entry of Object.values(ENTRY_POINTS)) expect(existsSync(resolve(REPO, entry)), entry).toBe(true);
    expect(scriptEntry('backup')).toBe(ENTRY_POINTS.backup);
    expect(scriptEntry('restore')).toBe(ENTRY_POINTS.restore);
  });

  it('is what the Docker image runs, built in the build stage', () => {
    const [cmd] = instructions(finalStage, 'CMD');
    expect(JSON.parse(cmd!)).toEqual(['node', ...args]);
    const buildStage = dockerfile.slice(0, dockerfile.lastIndexOf('\nFROM '));
    expect(instructions(buildStage, 'RUN')).toContain('npm run build');
    expect(instructions(finalStage, 'COPY')).toContain(`--from=build /app/${DIST_DIR} ./${DIST_DIR}`);
    // The bundle finds the bot's words beside dist/ (src/shared/locales.ts).
    expect(instructions(finalStage, 'COPY')).toContain('locales ./locales');
    expect(instructions(finalStage, 'USER')).toEqual(['node']);
  });

  it('draws charts in the image: the renderer, its native binary and the font come with the production modules', () => {
    // The font is a file in node_modules (src/sales/chart-font.ts), the rasteriser a prebuilt optional package of
    // @resvg/resvg-js: both reach the image only as runtime dependencies installed in the build stage and copied over.
    for (const name of ['vega', '@resvg/resvg-js', '@expo-google-fonts/pt-sans'])
      expect(packageJson.dependencies[name], name).toBeDefined();
    const buildStage = dockerfile.slice(0, dockerfile.lastIndexOf('\nFROM '));
    expect(instructions(buildStage, 'RUN').some((run) => run.startsWith('npm ci --omit=dev'))).toBe(true);
    expect(instructions(finalStage, 'COPY')).toContain('--from=build /app/node_modules ./node_modules');
    expect(dockerignore).toMatch(/^node_modules$/m);
    expect(scriptEntry('export')).toBe(ENTRY_POINTS.export);
  });

  it('is what the systemd unit runs, in the install folder', () => {
    const [execStart] = unitValues('ExecStart');
    expect(execStart).toMatch(/^\/\S*\/node /);
    expect(execStart!.split(/\s+/).slice(1)).toEqual(args);
    expect(unitValues('WorkingDirectory')).toEqual(['/opt/seller-telegram-bridge']);
  });
});

describe('the data folder', () => {
  it('is the Docker volume, owned by the user the image runs as', () => {
    const databasePath = dockerEnv('DATABASE_PATH');
    expect(databasePath).toBe('/data/bridge.sqlite');
    expect(instructions(finalStage, 'VOLUME')).toEqual([posix.dirname(databasePath!)]);
    expect(finalStage).toMatch(new RegExp(`chown node:node ${posix.dirname(databasePath!)}`));
  });

  it('is the compose volume, whatever .env says', () => {
    const databasePath = /^\s+DATABASE_PATH:\s*(\S+)\s*$/m.exec(compose)?.[1];
    expect(databasePath).toBe(dockerEnv('DATABASE_PATH'));
    expect(compose).toMatch(new RegExp(`^\\s+- [\\w-]+:${posix.dirname(databasePath!)}\\s*$`, 'm'));
    expect(compose).toMatch(/^\s+env_file:\s*\.env\s*$/m);
    expect(compose).toMatch(/^\s+restart:\s*unless-stopped\s*$/m);
  });

  it('is the one folder the systemd unit may write', () => {
    const databasePath = unitValues('Environment')
      .map((assignment) => /^DATABASE_PATH=(\S+)$/.exec(assignment)?.[1])
      .find((path) => path !== undefined);
    expect(databasePath).toBeDefined();
    const folder = posix.dirname(databasePath!);
    expect(unitValues('ReadWritePaths')).toEqual([folder]);
    expect(`/var/lib/${unitValues('StateDirectory')[0]}`).toBe(folder);
    expect(unitValues('ProtectSystem')).toEqual(['strict']);
  });
});

describe('the systemd unit', () => {
  it('runs as a dedicated user, restarts on failure, reads an environment file, and is hardened', () => {
    const [user] = unitValues('User');
    expect(user).toBeDefined();
    expect(user).not.toBe('root');
    expect(unitValues('Restart')).toEqual(['on-failure']);
    expect(unitValues('EnvironmentFile')).toHaveLength(1);
    expect(unitValues('NoNewPrivileges')).toEqual(['yes']);
    expect(unitValues('ProtectHome')).toEqual(['yes']);
    expect(unitValues('PrivateTmp')).toEqual(['yes']);
    expect(unitValues('CapabilityBoundingSet')).toEqual(['']);
    // V8 cannot run with it.
    expect(unitValues('MemoryDenyWriteExecute')).toEqual([]);
  });

  const analyze = (() => {
    try {
      execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!analyze)('passes systemd-analyze verify without a warning', () => {
    const result = promisify(execFile)('systemd-analyze', ['verify', resolve(REPO, 'deploy/seller-telegram-bridge.service')]);
    return result.then(({ stderr }) => {
      // It warns only about what this machine lacks (the user, node at that path), never about syntax.
      const problems = stderr
        .split('\n')
        .filter((line) => line.trim() !== '')
        .filter((line) => !/Failed to resolve user|Command .* is not executable|No such file or directory/.test(line));
      expect(problems).toEqual([]);
    });
  });
});

describe('the health check', () => {
  const servers: HealthServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  const [healthcheck] = instructions(finalStage, 'HEALTHCHECK');
  const command = JSON.parse(/CMD\s+(\[.*\])$/.exec(healthcheck ?? '')?.[1] ?? 'null') as string[] | null;

  /** Runs the image's HEALTHCHECK command with this machine's node; resolves to its exit status. */
  const runHealthcheck = (port: number) =>
    promisify(execFile)(process.execPath, command!.slice(1), { env: { HEALTH_PORT: String(port) }, timeout: 10_000 }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );

  it('asks the health server path on HEALTH_PORT, which the image and compose set', () => {
    expect(command?.[0]).toBe('node');
    expect(command?.join(' ')).toContain(HEALTH_PATH);
    const port = dockerEnv('HEALTH_PORT');
    expect(port).toBe('8080');
    expect(compose).toMatch(new RegExp(`^\\s+HEALTH_PORT:\\s*"?${port}"?\\s*$`, 'm'));
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: `1:${'a'.repeat(35)}`, HEALTH_PORT: port }, ['--sandbox']).healthPort).toBe(8080);
  });

  it('passes against a healthy bridge and fails against an unhealthy or absent one', async () => {
    let ok = true;
    const server = await startHealthServer({ port: 0, check: () => (ok ? { ok } : { ok, reason: 'store down' }) });
    servers.push(server);
    expect(await runHealthcheck(server.port)).toBe(0);
    ok = false;
    expect(await runHealthcheck(server.port)).toBe(1);
    const port = server.port;
    await servers.pop()!.close();
    expect(await runHealthcheck(port)).toBe(1);
  });
});

describe('.env.example', () => {
  /** `NAME=value` and `# NAME=value` lines: every variable the example mentions. */
  const mentioned = [...envExample.matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => ({ name: m[1]!, value: m[2]! }));

  it('lists exactly the variables the config module reads, once each', () => {
    const names = mentioned.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('shows the real defaults: uncommenting every line changes nothing', () => {
    const required = {
      TELEGRAM_BOT_TOKEN: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1',
      TELEGRAM_CHAT_ID: '42',
      SELLER_API_URL: 'https://store.example/v1',
      SELLER_API_KEY: `svc_sk_${'x'.repeat(40)}`,
    };
    const uncommented = parseEnv(envExample.replace(/^#\s*([A-Z][A-Z0-9_]*=)/gm, '$1'));
    const withExample = loadConfig({ ...uncommented, ...required }, []);
    const withoutExample = loadConfig(required, []);
    expect(JSON.stringify(withExample)).toBe(JSON.stringify(withoutExample));
    expect(withExample.pollIntervalMs).toBe(withoutExample.pollIntervalMs);
  });

  it('as copied, stops start-up at the first required variable', () => {
    expect(() => loadConfig(parseEnv(envExample), [])).toThrow(ConfigError);
    expect(() => loadConfig(parseEnv(envExample), [])).toThrow(/^TELEGRAM_BOT_TOKEN: is required/);
  });
});

describe('.dockerignore', () => {
  it('keeps secrets, the database and host binaries out of the build context', () => {
    const patterns = dockerignore.split('\n').map((line) => line.trim());
    for (const pattern of ['.env', 'data', 'node_modules', '**/*.sqlite']) expect(patterns).toContain(pattern);
    expect(patterns).toContain('!.env.example');
    // The image needs these, so they must not be ignored.
    for (const needed of ['src', 'package.json', 'package-lock.json', 'tsconfig.json']) expect(patterns).not.toContain(needed);
  });
});
