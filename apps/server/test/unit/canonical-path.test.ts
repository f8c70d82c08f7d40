import { describe, expect, it } from 'vitest';
import { nonCanonicalReason, pageWithoutTrailingSlash } from '../../src/lib/canonical-path';
import { redactUrl } from '../../src/lib/logger';

describe('nonCanonicalReason (issue 18 item 1)', () => {
  it('accepts canonical targets, reserved escapes and any query', () => {
    for (const target of [
      '/',
      '/api/agencies/1/dealership/101/campaigns',
      '/api/agencies/1/dealership/101/campaigns?startDate=2026-10-01&sorting=%5B%7B%22id%22%3A%22name%22%7D%5D',
      '/api/files/recordings/a%20b.mp3?expires=1&signature=x',
      '/api/files/creatives/a%2Fb.png',
      '/dashboard/agency/1/dealership/101',
      '/assets/index-abc123.js',
      '/api/x?q=%61&r=..&s=//',
    ])
      expect(nonCanonicalReason(target), target).toBeNull();
  });

  it('refuses every other spelling of a path', () => {
    const refused: Record<string, RegExp> = {
      '/%61pi/agencies/1': /needs no encoding/,
      '/%41PI/agencies/1': /needs no encoding/,
      '/api/agencies/%31/dealership/101': /needs no encoding/,
      '/api/x%2e': /needs no encoding/,
      '/api/x%7E': /needs no encoding/,
      '/%2e/api/x': /needs no encoding/,
      '//api/x': /empty segment/,
      '/api//x': /empty segment/,
      '/api/x/': /empty segment/,
      '/./api/x': /dot segment/,
      '/api/x/../y': /dot segment/,
      '/api/x/.': /dot segment/,
      '/api/x#y': /fragment/,
      '/api\\x': /backslash/,
      'http://evil.example/api/x': /not a path/,
      '*': /not a path/,
    };
    for (const [target, reason] of Object.entries(refused)) expect(nonCanonicalReason(target), target).toMatch(reason);
  });
});

describe('redactUrl', () => {
  it('redacts credential parameters by the name the query parser reads', () => {
    expect(redactUrl('/api/files/a.mp3?expires=1&signature=abc')).toBe(
      '/api/files/a.mp3?expires=1&signature=[redacted]',
    );
    expect(redactUrl('/api/files/a.mp3?sign%61ture=abc&expires=1')).toBe(
      '/api/files/a.mp3?sign%61ture=[redacted]&expires=1',
    );
    expect(redactUrl('/cb?CODE=1&state=2&other=3')).toBe('/cb?CODE=[redacted]&state=[redacted]&other=3');
    expect(redactUrl('/cb?code')).toBe('/cb?code');
    expect(redactUrl('/x/signature=abc')).toBe('/x/signature=abc');
  });
});

describe('tenantIdOf (the tenant check reads raw path ids, before validation)', () => {
  it('reads plain decimal ids of 32 bits and nothing else', async () => {
    const { tenantIdOf, isTenantRoute } = await import('../../src/plugins/app/auth');
    expect(tenantIdOf('101')).toBe(101);
    expect(tenantIdOf('2147483647')).toBe(2_147_483_647);
    for (const raw of ['0', '2147483648', '0x65', '1e2', ' 101', '101 ', '+101', '1.0', '01', '', 'abc', undefined])
      expect(tenantIdOf(raw), String(raw)).toBe(0);
    expect(isTenantRoute('/api/agencies/:organization_id/dealership/:dealership_id/campaigns')).toBe(true);
    expect(isTenantRoute('/api/organizations')).toBe(false);
    expect(isTenantRoute(undefined)).toBe(false);
  });
});

describe('pageWithoutTrailingSlash', () => {
  it('sends a page address typed with a trailing slash to its canonical form', () => {
    expect(pageWithoutTrailingSlash('GET', '/campaigns/')).toBe('/campaigns');
    expect(pageWithoutTrailingSlash('HEAD', '/dashboard/agency/1/dealership/101//?tab=2')).toBe(
      '/dashboard/agency/1/dealership/101?tab=2',
    );
  });

  it('never forgives an API path, another method or another defect', () => {
    for (const [method, target] of [
      ['GET', '/api/agencies/1/'],
      ['GET', '/API/agencies/1/'],
      ['GET', '/Api/'],
      ['GET', '/%61pi/agencies/1/'],
      ['POST', '/campaigns/'],
      ['GET', '/campaigns'],
      ['GET', '/'],
      ['GET', '/./campaigns/'],
      ['GET', '//evil.example/'],
    ] as const)
      expect(pageWithoutTrailingSlash(method, target), `${method} ${target}`).toBeNull();
  });
});
