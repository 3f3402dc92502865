/** The real server as a child process (src/main.ts through tsx, as `npm start` runs its bundle). */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { DATABASE_URL: _a, DATA_DIR: _b, OWNER_EMAIL: _c, OWNER_PASSWORD: _d, JWT_SECRET: _e, DEMO: _f, REDIS_URL: _g, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  // SERVER_LOG_DIR=/some/dir keeps each server's log there, to read after a failed run.
  const logFile = process.env.SERVER_LOG_DIR ? join(process.env.SERVER_LOG_DIR, `server-${child.pid}.log`) : undefined;
  const collect = (d: Buffer) => {
    output += d;
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/[^"\s]+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 20);
    void exited.then(({ code, signal }) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output, exited };
}
