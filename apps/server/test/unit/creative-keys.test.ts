import { describe, expect, it } from 'vitest';
import { isSafeStorageKey } from '../../src/lib/storage/keys';
import { newCreativeKey } from '../../src/repositories/creative-uploads';

describe('creative storage keys (issue 18 item 2)', () => {
  it('are random under the organization and dealership, with the file name kept for display', () => {
    const a = newCreativeKey(1, 101, 'banner-300x250.png');
    const b = newCreativeKey(1, 101, 'banner-300x250.png');
    expect(a).toMatch(
      /^creatives\/1\/101\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\/banner-300x250\.png$/,
    );
    expect(b).not.toBe(a);
  });

  it('turn any file name into one safe path segment', () => {
    for (const name of [
      '../../session-secret',
      '..',
      '.hidden.png',
      'a/b\\c.png',
      'ünïcode ñame.mp4',
      '\u0000x.png',
      '%2e%2e%2fx.png',
    ]) {
      const key = newCreativeKey(2, 9001, name);
      expect(isSafeStorageKey(key), `${name} → ${key}`).toBe(true);
      expect(key.split('/')).toHaveLength(5);
      expect(key.split('/')[4]).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);
    }
    expect(newCreativeKey(2, 9001, '..').endsWith('/creative')).toBe(true);
    expect(newCreativeKey(2, 9001, `${'x'.repeat(300)}.webm`).split('/')[4]).toHaveLength(100);
  });
});
