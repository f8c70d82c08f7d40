import {
  audienceList,
  buildFilterPayload,
  emptyFilterState,
  inventoryProductCodes,
  restoreFilterState,
  vendorCampaignName,
  wizardProducts,
  type CreateInventoryCampaignBody,
  type CreateNonInventoryCampaignBody,
  type Draft,
  type InventorySummary,
  type NonInventoryProductCode,
  type WizardFormState,
  type WizardProductCode,
} from '@portal/contracts';

export type CampaignKind = 'inventory' | 'non_inventory';

/** A chosen saved audience: its id, name and numeric size. */
export type ChosenAudience = WizardFormState['audiences'][number];

/**
 * The wizard draft state of spec 001 §3: the contracts' `wizardFormStateSchema`, which the draft
 * keeps as `wizard_state` (issue 25 item 2), so what the server stores is exactly this.
 */
export type WizardState = WizardFormState;

export function initialWizardState(): WizardState {
  return {
    campaignType: null,
    termsAccepted: false,
    objective: null,
    pacingId: null,
    linkCampaignId: null,
    product: null,
    customCreatives: false,
    creatives: {},
    campaignName: '',
    notes: '',
    startDate: null,
    endDate: null,
    datePreset: null,
    budget: null,
    useRecommendedBudget: false,
    locations: [],
    useCustomAudience: false,
    audiences: [],
    filters: emptyFilterState(),
    kpiGoals: { primaryKpi: null, secondaryKpi: null, tertiaryKpi: null },
  };
}

/** Step names in order (docs/campaign-wizard.md): readings B/C for inventory, reading A for non-inventory. */
export const stepOrder: Record<CampaignKind, readonly string[]> = {
  inventory: ['type', 'product', 'filters', 'details', 'review', 'success'],
  non_inventory: ['type', 'product', 'objective', 'details', 'review', 'launch'],
};

export const isInventoryProduct = (code: string) => (inventoryProductCodes as readonly string[]).includes(code);

/** The wizard state prefilled from an unfinished draft (spec 001 §4: yes → prefill and jump to step 3). */
export function stateFromDraft(draft: Draft, base: WizardState = initialWizardState()): WizardState {
  const product = draft.product_code as WizardProductCode;
  const inventory = isInventoryProduct(product);
  const links = (draft.creatives ?? '').split(',').filter(Boolean);
  return {
    ...base,
    campaignType: inventory ? 'inventory' : 'non_inventory',
    termsAccepted: true,
    objective: draft.objective,
    pacingId: draft.pacing_id,
    linkCampaignId: draft.link_campaign_id,
    product,
    customCreatives: links.length > 0,
    creatives: links.length ? { [product]: links } : {},
    campaignName: draft.campaign_display_name ?? '',
    notes: draft.notes ?? '',
    startDate: draft.start_date,
    endDate: draft.end_date,
    budget: draft.budget,
    // Joined with ',' (spec 001 §7); a market's own comma is followed by a space ('Columbia, SC').
    locations: (draft.zip ?? '').split(/,(?! )/).filter(Boolean),
    useCustomAudience: (draft.audiences ?? []).length > 0,
    audiences: draft.audiences ?? [],
    filters: inventory ? restoreFilterState(draft) : emptyFilterState(),
  };
}

/** The details step's slice of the draft (spec 001 §7 "Draft update"). */
export function detailsData(state: WizardState) {
  return {
    start_date: state.startDate!,
    end_date: state.endDate!,
    zip: state.locations.join(','),
    campaign_display_name: state.campaignName.trim(),
    budget: state.budget!,
    audiences: state.useCustomAudience && state.audiences.length ? state.audiences : null,
  };
}

const commonBody = (state: WizardState, dealershipName: string) => ({
  link_campaign_id: state.linkCampaignId!,
  vendor_campaign_name: vendorCampaignName(dealershipName, state.campaignName.trim(), state.product!, state.pacingId!),
  notes: state.notes,
  budget: state.budget!,
  zip: state.locations.join(','),
  product: wizardProducts[state.product!].name,
  pacing_id: state.pacingId!,
  campaign_display_name: state.campaignName.trim(),
  start_date: state.startDate!,
  end_date: state.endDate!,
});

/** Body of `POST .../create-inventory-campaign` (spec 001 §7). */
export function inventoryCampaignBody(
  state: WizardState,
  dealershipName: string,
  summary: InventorySummary | undefined,
  /** Names of the summary's providers, from `GET /api/admin/inventory_data_providers`. */
  providerNames: string[],
): CreateInventoryCampaignBody {
  return {
    ...commonBody(state, dealershipName),
    ...buildFilterPayload(state.filters),
    is_active: 1,
    product_code: state.product as CreateInventoryCampaignBody['product_code'],
    inventory_data_providers: providerNames.join(','),
    inventory_data_provider_clients: summary?.inventoryDataProviderClients.join(',') ?? '',
  };
}

/** Body of `POST .../create-noninventory-campaign` (spec 001 §7). */
export function nonInventoryCampaignBody(state: WizardState, dealershipName: string): CreateNonInventoryCampaignBody {
  return {
    ...commonBody(state, dealershipName),
    campaign_type: 'Non Inventory Campaign',
    objective: state.objective!,
    audience: audienceList(state.useCustomAudience, state.audiences),
    primary_kpi: state.kpiGoals.primaryKpi,
    secondary_kpi: state.kpiGoals.secondaryKpi,
    tertiary_kpi: state.kpiGoals.tertiaryKpi,
    product_code: state.product as NonInventoryProductCode,
    creatives: state.customCreatives ? (state.creatives[state.product!] ?? []).join(',') : '',
  };
}
