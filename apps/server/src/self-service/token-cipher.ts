import crypto from 'node:crypto';

/**
 * Encrypts platform tokens at rest with AES-256-GCM. The 256-bit key is derived with HKDF-SHA256
 * from PLATFORM_TOKEN_KEY when set, else from the session secret, so a database dump alone never
 * reveals a token. Ciphertext format: `v1.{iv}.{tag}.{data}` (base64url), a random 96-bit IV each time.
 */
export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createTokenCipher(secret: string): TokenCipher {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'portal-platform-tokens', 'aes-256-gcm token key v1', 32));
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown token format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** HMAC-signed, expiring OAuth `state` (tenant, vendor, user): the callback trusts nothing else. */
export function signState(secret: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = crypto.createHmac('sha256', secret).update(`oauth-state.${body}`).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyState<T>(secret: string, state: string): T | null {
  const [body, mac] = state.split('.');
  if (!body || !mac) return null;
  const expected = crypto.createHmac('sha256', secret).update(`oauth-state.${body}`).digest('base64url');
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
