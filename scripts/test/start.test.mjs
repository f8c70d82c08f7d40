import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm start (issue 26)', () => {
  it('names a port in use with its fix and exits 1 before installing or building', async () => {
    const taken = net.createServer();
    await new Promise((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address();
    try {
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const status = await new Promise((resolve) => child.on('close', resolve));
      expect(status).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} is in use: stop the other process or start with PORT=${port + 1} npm start`,
      );
      expect(stdout).toBe('');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
