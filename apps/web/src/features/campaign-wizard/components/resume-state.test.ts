import { describe, expect, it } from 'vitest';
import type { Draft } from '@portal/contracts';
import { initialWizardState, nonInventoryCampaignBody, type WizardState } from '../utils/wizard-state';
import { localDraftKey, resumeState } from './campaign-wizard';

const draft: Draft = {
  link_campaign_id: 42,
  product_code: 'MOB',
  pacing_id: 1763200000,
  campaign_display_name: 'Saved name',
  notes: null,
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  budget: 5000,
  objective: 'awareness',
  zip: '29601',
  creatives: null,
  allowed_vehicle_states: null,
  is_incomplete: 1,
  updated_at: '2026-11-25T12:00:00.000Z',
} as Draft;

/** Every field the user set, including those the draft on the server has no column for. */
const typed: WizardState = {
  ...initialWizardState(),
  campaignType: 'non_inventory',
  termsAccepted: true,
  objective: 'awareness',
  pacingId: 1763200000,
  linkCampaignId: 42,
  product: 'MOB',
  customCreatives: true,
  creatives: {},
  campaignName: 'Typed after the last save',
  notes: 'Call before launch',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  datePreset: 'next_month',
  budget: 7500,
  useRecommendedBudget: false,
  locations: ['29601', 'Greenville-Spartanburg-Asheville-Anderson'],
  useCustomAudience: true,
  audiences: [{ id: 3, name: 'Conquest', size: 908 }],
  kpiGoals: { primaryKpi: 'CTR', secondaryKpi: null, tertiaryKpi: null },
};

/** Issue 25 items 1, 2: resuming takes the device's copy of the draft unless the server's is newer. */
describe('resumeState', () => {
  it("takes the device's copy with every field, so the creation body is what was entered", () => {
    const resumed = resumeState(draft, { state: typed, savedAt: '2026-11-25T12:00:03.000Z' });
    expect(resumed).toEqual(typed);
    expect(nonInventoryCampaignBody(resumed, 'EchoPark')).toMatchObject({
      campaign_display_name: 'Typed after the last save',
      budget: 7500,
      zip: '29601,Greenville-Spartanburg-Asheville-Anderson',
      audience: ['Conquest (908)'],
      primary_kpi: 'CTR',
      notes: 'Call before launch',
    });
  });

  it("takes the server's draft when it was edited later (another device), or the copy is of another draft", () => {
    const older = resumeState(draft, { state: typed, savedAt: '2026-11-25T11:00:00.000Z' });
    expect(older.campaignName).toBe('Saved name');
    expect(older.budget).toBe(5000);
    const other = resumeState(draft, { state: { ...typed, linkCampaignId: 41 }, savedAt: '2026-11-25T13:00:00.000Z' });
    expect(other.campaignName).toBe('Saved name');
    expect(resumeState(draft, null).campaignName).toBe('Saved name');
  });

  it('keys the copy by user, organization, dealership and draft', () => {
    expect(localDraftKey({ organizationId: 1, dealershipId: 106 }, 9, 42)).toBe(
      'portal.campaign-wizard.draft.9.1.106.42',
    );
  });
});
