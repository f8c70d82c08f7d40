import { describe, expect, it } from 'vitest';
import { safeNextPath, switchDealershipPath } from './paths';

describe('paths', () => {
  it('keeps a next redirect inside the app', () => {
    expect(safeNextPath('/dashboard/agency/1/dealership/2/campaigns/list?x=1')).toBe(
      '/dashboard/agency/1/dealership/2/campaigns/list?x=1',
    );
    expect(safeNextPath('https://evil.test/')).toBe('/');
    expect(safeNextPath('//evil.test/')).toBe('/');
    expect(safeNextPath('/\\evil.test')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('/login?next=/x')).toBe('/');
  });

  it('keeps the current tab when switching dealership', () => {
    const base = '/dashboard/agency/1/dealership/2/campaigns';
    expect(switchDealershipPath(`${base}/self-service/list`, '', 1, 7)).toBe(
      '/dashboard/agency/1/dealership/7/campaigns/self-service/list',
    );
    expect(switchDealershipPath(`${base}/breakdown`, '?dateFilter=3_month', 1, 7)).toBe(
      '/dashboard/agency/1/dealership/7/campaigns/breakdown',
    );
    expect(switchDealershipPath(`${base}/list`, '?startDate=2026-01-01&endDate=2026-01-31&sorting=[]', 1, 7)).toBe(
      '/dashboard/agency/1/dealership/7/campaigns/list?startDate=2026-01-01&endDate=2026-01-31',
    );
    expect(switchDealershipPath(`${base}/dyd/100001/`, '', 1, 7)).toBe(
      '/dashboard/agency/1/dealership/7/campaigns/list',
    );
  });
});
