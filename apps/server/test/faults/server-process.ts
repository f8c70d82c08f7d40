import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { inject } from 'vitest';
import { serverDir, waitUntilUp } from '../../bench/server-process';

/** A free TCP port on 127.0.0.1 (the system picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGKILL: the process dies at once, in the middle of whatever it does (`kill -9`). */
  kill9(): Promise<void>;
  /** SIGTERM, as a deployment stops it. */
  stop(): Promise<void>;
}

/**
 * Starts the real portal server — the compiled bundle of `npm start` (`src/server.ts` built by
 * scripts/build.mjs once per run in global-setup.ts), run by this Node without tsx — as its own process on
 * `env` (DATABASE_URL, DATA_DIR, … on top of this process's environment, without the demo) and
 * waits until /api/health answers.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', inject('serverBundle')], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOAD_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/api/health`);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url, child, output: () => output, kill9: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
