import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal-process';

/**
 * Issue 18 item 7, against the real portal process over HTTP: five wrong passwords used to lock the
 * account for everyone — the owner's right password was refused while an attacker kept it locked.
 * Now failures slow the (email, client address) pair with growing delays, the owner signs in from
 * another address, an account-wide ceiling slows a distributed attack without locking the owner
 * out, and the owner gets one email per throttling episode. Client addresses are simulated with
 * X-Forwarded-For (TRUST_PROXY=true); the first delay is 1 s (LOGIN_THROTTLE_SECONDS) so the growth
 * can be watched.
 */
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal({ TRUST_PROXY: 'true', LOGIN_THROTTLE_SECONDS: '1' });
});
afterAll(async () => {
  await portal?.stop();
});

const signIn = (email: string, password: string, address: string) =>
  portal.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The outbox messages (`.eml` text) addressed to `email`. */
async function outboxTo(email: string): Promise<string[]> {
  const dir = path.join(portal.dataDir, 'outbox');
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => fsp.readFile(path.join(dir, name), 'utf8')));
  return texts.filter((text) => new RegExp(`^To: ${email.replace('.', '\\.')}$`, 'mi').test(text));
}

/** Waits (at most 10 s) until the outbox holds a message to `email`; the notice is sent after the answer. */
async function waitForMail(email: string): Promise<string[]> {
  for (let i = 0; i < 100; i += 1) {
    const found = await outboxTo(email);
    if (found.length > 0) return found;
    await sleep(100);
  }
  return outboxTo(email);
}

describe('sign-in throttling over HTTP (issue 18 item 7)', () => {
  it('wrong passwords from one address slow that address with growing delays, not the owner elsewhere', async () => {
    const email = 'dealer@demo.test';
    const attacker = '203.0.113.7';
    for (let i = 0; i < 5; i += 1) expect((await signIn(email, 'wrong-password', attacker)).status).toBe(401);

    // The attacker's address is slowed, even with the right password …
    const first = await signIn(email, 'demo1234', attacker);
    expect(first.status).toBe(429);
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    const firstWait = Number(first.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThanOrEqual(1);

    // … while the owner, from their own address, signs in with the right password.
    const owner = await signIn(email, 'demo1234', '198.51.100.20');
    expect(owner.status).toBe(200);
    expect(owner.headers.getSetCookie().some((c) => c.startsWith('portal_session='))).toBe(true);

    // Each further failure after the delay doubles it.
    await sleep(firstWait * 1000 + 200);
    expect((await signIn(email, 'wrong-password', attacker)).status).toBe(401);
    const second = await signIn(email, 'wrong-password', attacker);
    expect(second.status).toBe(429);
    const secondWait = Number(second.headers.get('retry-after'));
    expect(secondWait).toBeGreaterThan(firstWait);
    await sleep(secondWait * 1000 + 200);
    expect((await signIn(email, 'wrong-password', attacker)).status).toBe(401);
    const third = await signIn(email, 'wrong-password', attacker);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(secondWait);

    // An IPv6 attacker rotating inside its /64 is one address.
    const v6 = (n: number) => `2001:db8:1:2::${n.toString(16)}`;
    for (let i = 0; i < 5; i += 1) expect((await signIn(email, 'wrong-password', v6(i + 1))).status).toBe(401);
    expect((await signIn(email, 'demo1234', v6(99))).status).toBe(429);

    // The owner was told once, however many addresses were slowed in this episode.
    const mails = await waitForMail(email);
    expect(mails.length, mails.join('\n')).toBe(1);
    expect(mails[0]).toMatch(/^Subject: Failed sign-ins to your campaign portal account$/m);
    expect(mails[0]).toContain(attacker);
    await sleep(500);
    expect((await outboxTo(email)).length).toBe(1);
  });

  it('a distributed attack past the account ceiling slows every address from its first failure, never the right password from a new one', async () => {
    const email = 'agency@demo.test';
    // 50 failures (the ceiling) from 13 addresses, at most 4 each: no address reaches its own threshold of 5.
    for (let n = 0; n < 50; n += 1)
      expect((await signIn(email, 'wrong-password', `192.0.2.${1 + Math.floor(n / 4)}`)).status).toBe(401);
    // Past the ceiling, a new address is slowed after its first failure …
    expect((await signIn(email, 'wrong-password', '192.0.2.100')).status).toBe(401);
    const slowed = await signIn(email, 'demo1234', '192.0.2.100');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // … and the owner's right password from an address that has not failed still signs in.
    expect((await signIn(email, 'demo1234', '192.0.2.200')).status).toBe(200);
    expect((await waitForMail(email)).length).toBe(1);
  });

  it('an unknown email is slowed the same way and nobody is mailed', async () => {
    const email = 'nobody@demo.test';
    for (let i = 0; i < 5; i += 1) expect((await signIn(email, 'wrong-password', '203.0.113.50')).status).toBe(401);
    const slowed = await signIn('NOBODY@demo.test', 'whatever-1', '203.0.113.50');
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('1');
    await sleep(500);
    expect(await outboxTo(email)).toEqual([]);
  });
});
