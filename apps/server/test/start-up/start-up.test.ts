import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverDir } from '../../bench/server-process';
import { startPortal } from '../black-box/portal-process';
import { freePort, startServerProcess, type ServerProcess } from '../faults/server-process';

/**
 * `npm start`'s end (issue 26): the real server process (`src/server.ts`) prints one block a person
 * reads — URL, demo users, where the data lives, how to stop — and a port in use is one line naming
 * the fix with exit status 1, never a stack trace. Each test starts a real server process (migrations
 * on a fresh PGlite take seconds, more on a busy machine), hence their 3-minute limit.
 */

const started: Array<{ stop(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

/** Waits until the process has printed `text` (the block is written right after listen succeeds). */
async function waitForOutput(server: ServerProcess, text: string) {
  for (let i = 0; i < 100 && !server.output().includes(text); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server.output();
}

/** The lines of the start-up block: from the "ready" line to the closing rule. */
function block(output: string) {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => line.includes('Campaign portal ready:'));
  const end = lines.findIndex((line, i) => i > start && line.startsWith('──'));
  return start >= 0 && end > start ? lines.slice(start, end).join('\n') : '';
}

describe('start-up (issue 26)', () => {
  it('ends its start-up with the block: URL, where the data lives, how to stop; no demo users without the demo', async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-start-up-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', LOAD_DEMO: 'false' });
    started.push(server);
    const port = new URL(server.url).port;
    const printed = block(await waitForOutput(server, 'Ctrl+C'));
    expect(printed).toContain(`Campaign portal ready: http://localhost:${port}`);
    expect(printed).toContain(`Database: ${path.join(dataDir, 'pgdata')}`);
    expect(printed).toContain(`Files:    ${path.join(dataDir, 'storage')}`);
    expect(printed).toContain('Stop with Ctrl+C');
    expect(printed).not.toContain('demo.test');
  }, 180_000);

  it('lists the demo users on a restart of a demo database, with where their password comes from', async () => {
    const portal = await startPortal({ LOAD_DEMO: 'true' });
    started.push(portal);
    const printed = block(await waitForOutput(portal.process, 'Ctrl+C'));
    expect(printed).toContain('Demo users, password set at first start (DEMO_PASSWORD, default demo1234):');
    for (const email of ['staff@demo.test', 'agency@demo.test', 'dealer@demo.test']) expect(printed).toContain(email);
    if (process.env.TEST_DATABASE_URL) {
      expect(printed).toMatch(/Database: PostgreSQL at [^@\s]+\/\w+/);
      const password = new URL(process.env.TEST_DATABASE_URL).password;
      if (password) expect(printed).not.toContain(password);
    } else {
      expect(printed).toContain(`Database: ${path.join(portal.dataDir, 'pgdata')}`);
    }
  }, 180_000);

  it('a port in use is one line naming the fix and exit status 1, without a stack trace', async () => {
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-start-up-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOAD_DEMO: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', (status) => resolve(status)));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} is in use: stop the other process or start with PORT=${port + 1} npm start`,
      );
      expect(stdout).not.toContain('Campaign portal ready');
      expect(stdout + stderr).not.toMatch(/\n\s+at |EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  }, 180_000);
});
