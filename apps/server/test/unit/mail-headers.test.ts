import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mailboxPattern, reportRequestSchema } from '@portal/contracts';
import { createMailer, UnsafeMailHeaderError } from '../../src/lib/mail';
import { clientKey } from '../../src/auth/login-throttle';

/** Issue 18 item 8: header injection through any message the mailer sends; item 7: client address keys. */
describe('mail headers', () => {
  const outbox = () => fsp.mkdtemp(path.join(os.tmpdir(), 'portal-mail-test-'));

  it('turns CR/LF and other control characters in the subject and file names into spaces: no extra header in the .eml', async () => {
    const dir = await outbox();
    const mailer = createMailer({ from: 'Portal <reports@portal.test>', outboxDir: dir });
    await mailer.send({
      id: 'header-test',
      to: 'agency@demo.test',
      subject: 'Report\r\nBcc: evil@attacker.example\r\n\r\nInjected body',
      text: 'Body\n',
      attachments: [
        { filename: 'a\r\nBcc: evil@attacker.example.csv', content: Buffer.from('x'), contentType: 'text/csv' },
      ],
    });
    const eml = await fsp.readFile(path.join(dir, 'header-test.eml'), 'utf8');
    const headers = eml
      .split('\n\n')[0]!
      .replace(/\n[ \t]+/g, ' ')
      .split('\n');
    expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
    expect(headers.filter((h) => /^to:/i.test(h))).toEqual(['To: agency@demo.test']);
    expect(headers.find((h) => /^subject:/i.test(h))).toBe('Subject: Report Bcc: evil@attacker.example Injected body');
    expect(eml).not.toMatch(/^Bcc:/im);
  });

  it.each([
    'agency@demo.test\r\nBcc: evil@attacker.example',
    'agency@demo.test, evil@attacker.example',
    '"agency@demo.test" <evil@attacker.example>',
    'Agency <agency@demo.test>',
    '\u0430gency@demo.test',
    'agency@demo.test ',
  ])('refuses the recipient %j', async (to) => {
    const mailer = createMailer({ from: 'Portal <reports@portal.test>', outboxDir: await outbox() });
    await expect(mailer.send({ to, subject: 's', text: 't' })).rejects.toBeInstanceOf(UnsafeMailHeaderError);
  });

  it('the report request accepts one plain mailbox only', () => {
    const request = { campaigns: [1], metrics: {}, reportFormat: 'csv', period: 'last_month' } as const;
    expect(reportRequestSchema.safeParse({ ...request, email: 'First.Last+tag@sub.example.co' }).success).toBe(true);
    expect(reportRequestSchema.safeParse({ ...request, email: 'a@xn--bcher-kva.example' }).success).toBe(true);
    for (const email of ['a@b', 'a@@b.co', 'a@b.co>', '<a@b.co>', 'a b@c.co', 'a@-b.co', 'a@b_c.co', 'ä@b.co'])
      expect(mailboxPattern.test(email), email).toBe(false);
  });
});

describe('client address keys for sign-in throttling', () => {
  it('keeps IPv4, reads IPv4-mapped IPv6 as IPv4 and takes IPv6 by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('one path for outgoing mail', () => {
  it('only the report delivery (recipient rule and limits), the sign-in notice, the account emails and the notices to users call the mailer', () => {
    const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src');
    const callers = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /\.mailer\.send\(|\bmailer\s*\.\s*send\(/.test(fs.readFileSync(path.join(src, file), 'utf8')))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    // A new caller must check its recipients as `sendReportOnce` does (docs/reports.md), then be added here.
    // Account emails (issue 23) go only to the account's own address or to the invited address an
    // administrator typed (one plain mailbox, `userEmailSchema`).
    // Issue 21: the alert digest and a failed schedule's notice go only to active users of the
    // portal (their own stored address), never to an address a request names.
    expect(callers).toEqual([
      'accounts/account-emails.ts',
      'auth/security-notices.ts',
      'jobs/alert-notifications.ts',
      'reports/deliveries.ts',
      'reports/delivery-failures.ts',
    ]);
  });
});
