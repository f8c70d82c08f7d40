import { describe, expect, it } from 'vitest';
import {
  browserUrl,
  describeDatabaseUrl,
  listenFailureMessage,
  startUpBlock,
  type StartUpFacts,
} from '../../src/lib/start-up-message';

const facts: StartUpFacts = {
  host: '0.0.0.0',
  port: 3000,
  dataDir: '/srv/portal/data',
  databaseUrl: undefined,
  s3Bucket: undefined,
  smtp: false,
  demo: { state: 'absent' },
};

describe('start-up block (issue 26)', () => {
  it('names the URL, where the data lives and how to stop; no demo users when there is no demo', () => {
    const block = startUpBlock(facts);
    expect(block).toContain('Campaign portal ready: http://localhost:3000');
    expect(block).toContain('Database: /srv/portal/data/pgdata');
    expect(block).toContain('Files:    /srv/portal/data/storage');
    expect(block).toContain('Email:    /srv/portal/data/outbox');
    expect(block).toContain('Ctrl+C');
    expect(block).not.toContain('demo.test');
  });

  it('lists the demo users with the default password when this start loaded the demo with it', () => {
    const block = startUpBlock({ ...facts, demo: { state: 'loaded-now', password: 'demo1234' } });
    expect(block).toMatch(/Demo users, password demo1234:/);
    for (const email of ['staff@demo.test', 'agency@demo.test', 'dealer@demo.test']) expect(block).toContain(email);
  });

  it('never prints a DEMO_PASSWORD that was set, and says the password is unknown on a restart', () => {
    const custom = startUpBlock({ ...facts, demo: { state: 'loaded-now', password: 'Secret-Demo-Pass-9' } });
    expect(custom).not.toContain('Secret-Demo-Pass-9');
    expect(custom).toContain('the DEMO_PASSWORD you set');
    const restart = startUpBlock({ ...facts, demo: { state: 'loaded-before' } });
    expect(restart).toContain('password set at first start (DEMO_PASSWORD, default demo1234)');
    expect(restart).toContain('dealer@demo.test');
  });

  it('shows the PostgreSQL host and database without user, password or options; S3 and SMTP instead of folders', () => {
    const block = startUpBlock({
      ...facts,
      databaseUrl: 'postgres://portal:p%40ss-w0rd@db.internal:5433/portal?sslmode=require&password=x',
      s3Bucket: 'portal-files',
      smtp: true,
    });
    expect(block).toContain('Database: PostgreSQL at db.internal:5433/portal');
    expect(block).not.toMatch(/p%40ss|p@ss|portal:|sslmode|password=/);
    expect(block).toContain('Files:    S3 bucket portal-files');
    expect(block).not.toContain('outbox');
    expect(describeDatabaseUrl('not a url')).toBe('the DATABASE_URL server');
  });

  it('shows localhost for wildcard and loopback hosts, the host itself otherwise', () => {
    expect(browserUrl('::', 3001)).toBe('http://localhost:3001');
    expect(browserUrl('127.0.0.1', 3001)).toBe('http://localhost:3001');
    expect(browserUrl('10.0.0.5', 80)).toBe('http://10.0.0.5:80');
    expect(browserUrl('fd00::5', 80)).toBe('http://[fd00::5]:80');
  });

  it('turns a taken or privileged port into one line with its fix, and leaves other errors alone', () => {
    const error = (code: string) => Object.assign(new Error(`listen ${code}`), { code });
    expect(listenFailureMessage(error('EADDRINUSE'), 3000)).toBe(
      'Port 3000 is in use: stop the other process or start with PORT=3001 npm start',
    );
    expect(listenFailureMessage(error('EACCES'), 80)).toMatch(
      /^Port 80 needs administrator rights: start with PORT=3000/,
    );
    expect(listenFailureMessage(error('ECONNRESET'), 3000)).toBeNull();
    expect(listenFailureMessage(new Error('other'), 3000)).toBeNull();
  });
});
