import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { addDays, localDate, monthStart } from '@portal/contracts';

describe('configuration', () => {
  it('takes the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_PASSWORD: 'demo1234', LOAD_DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it('reads the report email and Google service account settings', () => {
    expect(loadConfig({})).toMatchObject({
      MAIL_FROM: 'Campaign portal <reports@localhost>',
      GOOGLE_SHEETS_ROOT_URL: 'https://sheets.googleapis.com/',
    });
    const config = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.test:587',
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'svc@p.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
    });
    expect(config.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY).toBe(
      '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.test' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadConfig({ GOOGLE_SERVICE_ACCOUNT_EMAIL: 'svc@p.iam.gserviceaccount.com' })).toThrow(
      /must be set together/,
    );
  });

  it('runs one API process by default; WEB_CONCURRENCY above 1 only with PostgreSQL', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/portal' }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('reads DATABASE_REPLICA_URLS as a comma-separated list of PostgreSQL URLs, only with DATABASE_URL', () => {
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toEqual([]);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/portal',
        DATABASE_REPLICA_URLS: 'postgres://r1/portal, postgresql://r2:5433/portal,',
      }).DATABASE_REPLICA_URLS,
    ).toEqual(['postgres://r1/portal', 'postgresql://r2:5433/portal']);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/portal' })).toThrow(
      /DATABASE_REPLICA_URLS needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db/portal', DATABASE_REPLICA_URLS: 'mysql://r1/portal' }),
    ).toThrow(/DATABASE_REPLICA_URLS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('refuses wrong values, naming each variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL must be a postgres/);
      expect(message).toMatch(/SESSION_SECRET must be at least 32/);
    }
  });
});

describe('file storage configuration', () => {
  it('defaults to local storage; S3 settings parse when given', () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(
      loadConfig({
        S3_BUCKET: 'portal-files',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({ S3_BUCKET: 'portal-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true });
  });

  it('refuses a bad endpoint and one S3 key without the other', () => {
    expect(() => loadConfig({ S3_BUCKET: 'portal-files', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('job configuration', () => {
  it('defaults to a 5-minute expiry, 30 s retry delay and 30 s maintenance; refuses an expiry under 5 s', () => {
    expect(loadConfig({})).toMatchObject({
      JOB_EXPIRE_SECONDS: 300,
      JOB_RETRY_DELAY_SECONDS: 30,
      JOB_MAINTENANCE_SECONDS: 30,
    });
    expect(loadConfig({ JOB_EXPIRE_SECONDS: '20', JOB_MAINTENANCE_SECONDS: '1' })).toMatchObject({
      JOB_EXPIRE_SECONDS: 20,
      JOB_MAINTENANCE_SECONDS: 1,
    });
    expect(() => loadConfig({ JOB_EXPIRE_SECONDS: '2' })).toThrow(/JOB_EXPIRE_SECONDS/);
    expect(() => loadConfig({ JOB_MAINTENANCE_SECONDS: '0' })).toThrow(/JOB_MAINTENANCE_SECONDS/);
  });
});

describe('dates', () => {
  it('gives the calendar day in a time zone', () => {
    const instant = new Date('2026-11-22T03:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-11-22');
    expect(localDate(instant, 'America/Chicago')).toBe('2026-11-21');
  });

  it('adds days across month and year ends, and finds the month start', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(monthStart('2026-11-22')).toBe('2026-11-01');
  });
});
