import { buildFilterPayload, flightErrors, type Draft } from '@portal/contracts';
import type { TenantIds } from '../api/drafts';
import { initialWizardState, isInventoryProduct, stateFromDraft, type WizardState } from './wizard-state';

/**
 * Where the wizard keeps what the user typed (issue 25 items 1, 2), so closing the tab, a crash, a
 * failed save or another device loses nothing:
 * - the session copy (`sessionStorage`, per organization and dealership): a reload keeps the step's
 *   state;
 * - the device copy (`localStorage`, per user, organization, dealership and draft — `new` before the
 *   draft exists, with the step it was on): every change, written at once;
 * - the draft on the server: its columns (saved by Continue, and by the autosave once typing pauses)
 *   and `wizard_state`, the whole form as the user left it, for a resume on another device.
 */

/** The session copy's key. */
export const sessionKey = (ids: TenantIds) => `portal.campaign-wizard.${ids.organizationId}.${ids.dealershipId}`;

/** The device copy's key: of a draft, or `new` for the steps before the draft exists. */
export const localDraftKey = (ids: TenantIds, userId: number | string, draftId: number | 'new') =>
  `portal.campaign-wizard.draft.${userId}.${ids.organizationId}.${ids.dealershipId}.${draftId}`;

export interface LocalDraft {
  state: WizardState;
  /** When it was written (ISO instant): a draft on the server edited later (another device) wins. */
  savedAt: string;
  /** The step it was on (the copy made before the draft exists reopens there). */
  step?: number;
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** The session copy, completed with today's defaults for fields an older copy lacks. */
export function readSessionCopy(ids: TenantIds): WizardState | null {
  const state = parse<Partial<WizardState>>(sessionStorage.getItem(sessionKey(ids)));
  return state ? { ...initialWizardState(), ...state } : null;
}

export function readLocalDraft(key: string): LocalDraft | null {
  const copy = parse<LocalDraft>(localStorage.getItem(key));
  return copy?.state ? { ...copy, state: { ...initialWizardState(), ...copy.state } } : null;
}

/** Writes the device copy; a full or refused storage keeps the session copy and the draft on the server. */
export function writeLocalDraft(key: string, copy: LocalDraft) {
  try {
    localStorage.setItem(key, JSON.stringify(copy));
  } catch {
    // Nothing more to do: the other copies remain.
  }
}

/** Whether a state before the draft exists holds anything the user chose. */
export const hasInput = (state: WizardState) =>
  state.termsAccepted || state.campaignType !== null || state.product !== null;

/**
 * The draft as the server keeps it: its `wizard_state` (every field as the user left it, issue 25
 * item 2) when the wizard saved one last, else its columns (`stateFromDraft`). The draft's identity
 * (id, pacing id, product) always comes from its columns.
 */
export function stateFromServer(draft: Draft): WizardState {
  const form = draft.wizard_state;
  if (!form) return stateFromDraft(draft);
  const product = draft.product_code as WizardState['product'];
  return {
    ...initialWizardState(),
    ...form,
    linkCampaignId: draft.link_campaign_id,
    pacingId: draft.pacing_id,
    product,
    campaignType: product && isInventoryProduct(product) ? 'inventory' : 'non_inventory',
    termsAccepted: true,
  };
}

/** The draft's state to resume with: the device's copy unless the server's draft was edited after it. */
export function resumeState(draft: Draft, local: LocalDraft | null): WizardState {
  const fromServer = stateFromServer(draft);
  if (!local || local.state.linkCampaignId !== draft.link_campaign_id) return fromServer;
  if (draft.updated_at && new Date(draft.updated_at).getTime() > new Date(local.savedAt).getTime() + 5_000)
    return fromServer;
  return local.state;
}

/**
 * The draft columns the current step saves as the user types (debounced): only the fields given so
 * far that the server accepts — a name or a location not chosen yet is left out, and so are dates
 * and a budget the flight rules refuse (`today`: the dealership's day). The whole form goes with
 * it as `wizard_state` in any case.
 */
export function typedSlice(step: string, state: WizardState, today: string): Record<string, unknown> {
  switch (step) {
    case 'objective':
      return state.objective ? { objective: state.objective } : {};
    case 'filters':
      return { ...buildFilterPayload(state.filters) };
    case 'details': {
      const data: Record<string, unknown> = {
        audiences: state.useCustomAudience && state.audiences.length ? state.audiences : null,
      };
      const name = state.campaignName.trim();
      if (name) data.campaign_display_name = name;
      if (state.locations.length) data.zip = state.locations.join(',');
      if (!state.product) return data;
      const refused = new Set(
        flightErrors(
          state.product,
          { start_date: state.startDate, end_date: state.endDate, budget: state.budget },
          today,
        ).map((p) => p.path),
      );
      if (state.startDate && state.endDate && !refused.has('start_date') && !refused.has('end_date'))
        Object.assign(data, { start_date: state.startDate, end_date: state.endDate });
      if (state.budget !== null && !refused.has('budget')) data.budget = state.budget;
      return data;
    }
    case 'review': {
      const name = state.campaignName.trim();
      return { notes: state.notes, ...(name ? { campaign_display_name: name } : {}) };
    }
    default:
      return {};
  }
}
