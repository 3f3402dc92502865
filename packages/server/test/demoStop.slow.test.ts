/**
 * `npm run demo` stopped with Ctrl-C: a terminal sends SIGINT to the whole process group, at any
 * moment (while the demo is still being drawn, or while it serves). The port and the data folder
 * must be free at once, and the next start must work and print the demo's logins again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeDatabase } from './helpers';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Demo {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The demo as `npm run demo` runs it, in a process group of its own, as a terminal's job is. */
function startDemo(env: NodeJS.ProcessEnv): Demo {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--demo'], { cwd: serverDir, env, detached: true });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitFor(demo: Demo, pattern: RegExp, timeoutMs = 90_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(demo.output());
    if (match) return match;
    if (demo.child.exitCode !== null || Date.now() > deadline) throw new Error(`never saw ${pattern}:\n${demo.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Ctrl-C: SIGINT to every process of the group. */
function pressCtrlC(demo: Demo): void {
  process.kill(-demo.child.pid!, 'SIGINT');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe(`Ctrl-C on the demo (${describeDatabase})`, () => {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const { DATABASE_URL: _a, OWNER_EMAIL: _b, OWNER_PASSWORD: _c, JWT_SECRET: _d, DEMO: _e, PORT: _f, ...base } = process.env;
    if (describeDatabase === 'postgres') {
      const database = await createTestDatabase();
      env = { ...base, DATABASE_URL: database.url, HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
      cleanup = database.close;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'rental-demo-stop-'));
      env = { ...base, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  it('stops while it is still starting, and the next start fills the demo as if nothing happened', async () => {
    const early = startDemo({ ...env, PORT: '0' });
    await waitFor(early, /Database: /);
    pressCtrlC(early);
    const stopped = await early.exited;
    expect(stopped.code === 0 || stopped.signal === 'SIGINT', early.output()).toBe(true);

    const next = startDemo({ ...env, PORT: '0' });
    try {
      await waitFor(next, /running at http:\/\/[^"\s]+:(\d+)/);
      expect(next.output()).toMatch(/Demo owner: demo\.owner@example\.com \/ \S+"/);
    } finally {
      pressCtrlC(next);
      await next.exited;
    }
  });

  it('frees its port and its data at once, and a restart serves again and prints the logins again', async () => {
    const first = startDemo({ ...env, PORT: '0' });
    const [, port] = await waitFor(first, /running at http:\/\/[^"\s]+:(\d+)/);
    const firstLogin = /Demo owner: demo\.owner@example\.com \/ (\S+?)"/.exec(first.output())?.[1];
    expect(firstLogin).toBeTruthy();
    // A browser's idle keep-alive connection must not hold the stop.
    const held = await fetch(`http://127.0.0.1:${port}/health`, { keepalive: true });
    expect(held.status).toBe(200);

    pressCtrlC(first);
    expect(await first.exited, first.output()).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('Stopped.');
    expect(await portIsFree(Number(port))).toBe(true);

    const second = startDemo({ ...env, PORT: port! });
    try {
      await waitFor(second, /running at http:\/\//);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(second.output()).toContain('Demo data skipped: the database already has cars.');
      expect(second.output()).toContain(`Demo owner: demo.owner@example.com / ${firstLogin}`);
    } finally {
      pressCtrlC(second);
      expect(await second.exited, second.output()).toEqual({ code: 0, signal: null });
    }
  });
});
