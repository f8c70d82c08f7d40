import { describe, expect, it } from 'vitest';
import type { Draft } from '@portal/contracts';
import { localDraftKey, resumeState, typedSlice } from './kept-state';
import { initialWizardState, nonInventoryCampaignBody, type WizardState } from './wizard-state';

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

  it("takes the form the draft keeps (wizard_state) on a device without a copy: every field, the draft's identity from its columns", () => {
    const resumed = resumeState({ ...draft, wizard_state: { ...typed, linkCampaignId: null, pacingId: null } }, null);
    expect(resumed).toEqual(typed);
    // A save without the form (another client) cleared it: the columns.
    expect(resumeState({ ...draft, wizard_state: null }, null).campaignName).toBe('Saved name');
  });

  it('keys the copy by user, organization, dealership and draft (or `new` before it exists)', () => {
    expect(localDraftKey({ organizationId: 1, dealershipId: 106 }, 9, 42)).toBe(
      'portal.campaign-wizard.draft.9.1.106.42',
    );
    expect(localDraftKey({ organizationId: 1, dealershipId: 106 }, 9, 'new')).toBe(
      'portal.campaign-wizard.draft.9.1.106.new',
    );
  });
});

/** Issue 25 item 1: the autosave sends what the server accepts so far, never a whole step refused for one field. */
describe('typedSlice', () => {
  const today = '2026-11-25';
  it('leaves out a name and locations not given yet, and dates or a budget the flight rules refuse', () => {
    const half = { ...typed, campaignName: '  ', locations: [], startDate: '2026-11-20', budget: 1 };
    expect(typedSlice('details', half, today)).toEqual({ audiences: typed.audiences });
    expect(typedSlice('details', typed, today)).toEqual({
      audiences: typed.audiences,
      campaign_display_name: 'Typed after the last save',
      zip: '29601,Greenville-Spartanburg-Asheville-Anderson',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      budget: 7500,
    });
    expect(typedSlice('details', { ...typed, useCustomAudience: false }, today).audiences).toBeNull();
  });

  it('saves the objective once chosen, and the review notes', () => {
    expect(typedSlice('objective', { ...typed, objective: null }, today)).toEqual({});
    expect(typedSlice('objective', typed, today)).toEqual({ objective: 'awareness' });
    expect(typedSlice('review', typed, today)).toEqual({
      notes: 'Call before launch',
      campaign_display_name: 'Typed after the last save',
    });
  });
});
