import { describe, expect, it } from 'vitest';
import { parseDataChange } from '../../src/db/change-notifications';
import { ChangeAwareCache } from '../../src/lib/change-aware-cache';
import { responseCacheChange } from '../../src/plugins/external/http-cache';

/** The scoped drops of lib/change-aware-cache.ts and the payloads of db/change-notifications.ts (issue 24 §1). */
const A = { organizationId: 1, dealershipId: 101 };
const B = { organizationId: 1, dealershipId: 102 };
const C = { organizationId: 2, dealershipId: 9001 };

function filled() {
  const cache = new ChangeAwareCache<{ v: string }>({ max: 100 });
  cache.setListening(true);
  for (const [key, scope] of [
    ['a', A],
    ['b', B],
    ['c', C],
  ] as const)
    cache.set(key, { v: key }, cache.begin(), scope);
  cache.set('unscoped', { v: 'u' }, cache.begin());
  const kept = () => ['a', 'b', 'c', 'unscoped'].filter((key) => cache.get(key));
  return { cache, kept };
}

describe('ChangeAwareCache scopes', () => {
  it('a dealership’s change drops its values (and unscoped ones) and keeps the other dealerships’', () => {
    const { cache, kept } = filled();
    cache.invalidate({ organizationId: 1, dealershipId: 101 });
    expect(kept()).toEqual(['b', 'c']);
    expect(cache.size).toBe(2);
  });

  it('an organization’s change drops every dealership of it; a change of everything drops all', () => {
    const { cache, kept } = filled();
    cache.invalidate({ organizationId: 1, dealershipId: null });
    expect(kept()).toEqual(['c']);
    cache.invalidate();
    expect(kept()).toEqual([]);
  });

  it('does not keep a value computed across a change of its scope, keeps one computed across another’s', () => {
    const cache = new ChangeAwareCache<{ v: string }>({ max: 100 });
    cache.setListening(true);
    const since = cache.begin();
    cache.invalidate({ organizationId: 1, dealershipId: 102 });
    cache.set('a', { v: 'a' }, since, A);
    cache.set('b', { v: 'b' }, since, B);
    cache.set('unscoped', { v: 'u' }, since);
    expect(cache.get('a')).toEqual({ v: 'a' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('unscoped')).toBeUndefined();
    const later = cache.begin();
    cache.invalidate({ organizationId: 2, dealershipId: null });
    cache.set('c', { v: 'c' }, later, C);
    expect(cache.get('c')).toBeUndefined();
  });

  it('forgets the scope of values the LRU evicts, and serves nothing while not listening', () => {
    const cache = new ChangeAwareCache<{ v: string }>({ max: 2 });
    cache.setListening(true);
    cache.set('a', { v: 'a' }, cache.begin(), A);
    cache.set('b', { v: 'b' }, cache.begin(), B);
    cache.set('c', { v: 'c' }, cache.begin(), C); // evicts a
    cache.set('a2', { v: 'a2' }, cache.begin(), A); // evicts b
    cache.invalidate({ organizationId: 1, dealershipId: 101 });
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('c')).toEqual({ v: 'c' });
    cache.setListening(false);
    expect(cache.get('c')).toBeUndefined();
    cache.set('c', { v: 'c' }, cache.begin(), C);
    cache.setListening(true);
    expect(cache.get('c')).toBeUndefined();
  });
});

describe('change payloads', () => {
  it('reads kind, organization and dealership; empty fields and unknown payloads reach everything', () => {
    expect(parseDataChange('campaigns:1:101')).toEqual({ kind: 'campaigns', organizationId: 1, dealershipId: 101 });
    expect(parseDataChange('self-service:3:')).toEqual({ kind: 'self-service', organizationId: 3, dealershipId: null });
    expect(parseDataChange('campaigns::')).toEqual({ kind: 'campaigns', organizationId: null, dealershipId: null });
    expect(parseDataChange('')).toEqual({ kind: 'data', organizationId: null, dealershipId: null });
  });

  it('the response cache ignores drafts and report-job bookkeeping only', () => {
    expect(responseCacheChange('drafts:1:101')).toBeNull();
    expect(responseCacheChange('report-jobs::')).toBeNull();
    expect(responseCacheChange('campaigns:1:101')).toEqual({ kind: 'campaigns', organizationId: 1, dealershipId: 101 });
    expect(responseCacheChange('')).toEqual({ kind: 'data', organizationId: null, dealershipId: null });
  });
});
