import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  buildFilterPayload,
  pacingIdAt,
  todayInZone,
  WIZARD_STEPS,
  wizardMessages,
  wizardProducts,
  type Draft,
  type WizardProductCode,
  formatInstant,
  formatLongDate,
  todayHere,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { createInventoryCampaign, createNonInventoryCampaign } from '../api/create-campaign';
import { recordCreative } from '../api/creatives';
import { createDraft, discardDraft, incompleteDraftsQueryOptions, patchDraft, type TenantIds } from '../api/drafts';
import { getInventoryDataProvidersQueryOptions, useInventory, useInventorySummary } from '../api/get-inventory';
import { dealershipKey } from '../api/keys';
import { useAudiences } from '../api/list-audiences';
import {
  detailsData,
  initialWizardState,
  inventoryCampaignBody,
  nonInventoryCampaignBody,
  stateFromDraft,
  stepOrder,
  type WizardState,
} from '../utils/wizard-state';
import { DetailsStep } from './details-step';
import { FiltersStep } from './filters-step';
import { LaunchStep, SuccessStep } from './finish-steps';
import { ObjectiveStep } from './objective-step';
import { ProductStep } from './product-step';
import { ReviewStep } from './review-step';
import { TypeStep } from './type-step';

export interface CampaignWizardProps extends TenantIds {
  dealershipName: string | undefined;
  /** The dealership organization's IANA time zone: "today" of the date rules (issue 25 item 5); the browser's until known. */
  timeZone: string | undefined;
  /** Back from step 1, and Cancel of the filter step: the create page (source chooser). */
  onBackToSource: () => void;
  /** Close, Cancel of the objective step, 'Hold on, not yet', after creation: the campaigns list. */
  onClose: () => void;
  termsPath: string;
  inventoryPagePath: string;
  audienceDetailsPath: (id: number) => string;
  createAudiencePath: string;
  /** The signed-in user's id: the key of the draft's copy on this device (issue 25 item 1). */
  userId: number | undefined;
  /** Told whether the state holds input not yet saved to the draft (issue 25 item 1: closing asks first). */
  onDirtyChange?: (dirty: boolean) => void;
}

const storageKey = (ids: TenantIds) => `portal.campaign-wizard.${ids.organizationId}.${ids.dealershipId}`;

/**
 * The copy of a draft's state kept on this device (issue 25 items 1, 2): every change is written to
 * `localStorage` under the user, dealership and draft, so closing the tab, a crash or a failed save
 * loses nothing; resuming the draft (here or in another tab) fills every field from it, including
 * those the draft on the server has no column for (the date preset, the recommended-budget switch,
 * the creatives toggle, KPI goals). Removed when the draft is discarded or the campaign created.
 */
export const localDraftKey = (ids: TenantIds, userId: number | string, draftId: number) =>
  `portal.campaign-wizard.draft.${userId}.${ids.organizationId}.${ids.dealershipId}.${draftId}`;

interface LocalDraft {
  state: WizardState;
  /** When it was written (ISO instant): a newer draft on the server (edited elsewhere) wins. */
  savedAt: string;
}

function readLocalDraft(key: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const copy = JSON.parse(raw) as LocalDraft;
    return { ...copy, state: { ...initialWizardState(), ...copy.state } };
  } catch {
    return null;
  }
}

/** The draft's state to resume with: the device's copy unless the server's draft was edited after it. */
export function resumeState(draft: Draft, local: LocalDraft | null): WizardState {
  const fromServer = stateFromDraft(draft);
  if (!local || local.state.linkCampaignId !== draft.link_campaign_id) return fromServer;
  if (draft.updated_at && new Date(draft.updated_at).getTime() > new Date(local.savedAt).getTime() + 5_000)
    return fromServer;
  return local.state;
}

/**
 * The part of the state the current step saves to the draft as the user types (debounced): only the
 * fields already given, so a half-filled step saves what it has.
 */
function typedSlice(step: string, state: WizardState): object | null {
  switch (step) {
    case 'objective':
      return state.objective ? { objective: state.objective } : null;
    case 'filters':
      return buildFilterPayload(state.filters);
    case 'details': {
      const data: Record<string, unknown> = {
        zip: state.locations.join(','),
        campaign_display_name: state.campaignName.trim(),
        audiences: state.useCustomAudience && state.audiences.length ? state.audiences : null,
      };
      if (state.startDate && state.endDate)
        Object.assign(data, { start_date: state.startDate, end_date: state.endDate });
      if (state.budget !== null) data.budget = state.budget;
      return data;
    }
    case 'review':
      return { notes: state.notes, campaign_display_name: state.campaignName.trim() };
    default:
      return null;
  }
}

/** How long typing pauses before the draft is saved (ms). */
const AUTOSAVE_DELAY_MS = 800;

function loadSaved(ids: TenantIds): WizardState | null {
  try {
    const raw = sessionStorage.getItem(storageKey(ids));
    return raw ? ({ ...initialWizardState(), ...JSON.parse(raw) } as WizardState) : null;
  } catch {
    return null;
  }
}

const usDate = (isoDate: string | null) => (isoDate ? formatLongDate(isoDate) : null);

/**
 * Which draft the resume question is about (issue 25 item 4): product, name, flight and when it
 * was last edited (the browser's local time).
 */
export function DraftSummary({ draft }: { draft: Draft }) {
  const product = wizardProducts[draft.product_code as WizardProductCode]?.name ?? draft.product_code;
  const start = usDate(draft.start_date);
  const end = usDate(draft.end_date);
  return (
    <dl aria-label="Unfinished campaign" style={{ margin: 0 }}>
      {[
        ['Product', product],
        ['Name', draft.campaign_display_name || 'Not named yet'],
        ['Dates', start && end ? `${start} – ${end}` : 'Not chosen yet'],
        ['Last edited', formatInstant(draft.updated_at, 'longDateTime')],
      ].map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed" w={90}>
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </dl>
  );
}

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : wizardMessages.failed;

/**
 * The campaign wizard (spec 001 §2.2–§2.8, §4): the step is in the URL (`?step=N&draft=ID`), the
 * state in session storage and in the draft on the server, so a reload keeps both.
 */
export function CampaignWizard(props: CampaignWizardProps) {
  const ids: TenantIds = { organizationId: props.organizationId, dealershipId: props.dealershipId };
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const urlStep = Number(search.get('step') ?? '1');
  const step = Number.isInteger(urlStep) && urlStep >= 1 && urlStep <= WIZARD_STEPS ? urlStep : 1;
  const [state, setState] = useState<WizardState | null>(null);
  const [resume, setResume] = useState<Draft | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const today = props.timeZone ? todayInZone(new Date(), props.timeZone) : todayHere();
  const userId = props.userId ?? 'anonymous';

  const inventorySummary = useInventorySummary(ids.organizationId, ids.dealershipId);
  const inventory = useInventory(ids.organizationId, ids.dealershipId, state?.campaignType === 'inventory');
  const audiences = useAudiences(ids.organizationId, ids.dealershipId, Boolean(state?.useCustomAudience));

  const goTo = useCallback(
    (next: number, draftId?: number | null) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('step', String(next));
          if (draftId) params.set('draft', String(draftId));
          return params;
        },
        { replace: false },
      ),
    [setSearch],
  );

  // Entering the wizard: restore after a reload, or offer to resume an unfinished draft.
  useEffect(() => {
    let cancelled = false;
    const draftId = Number(search.get('draft'));
    const entering = !search.get('step');
    void (async () => {
      if (entering) sessionStorage.removeItem(storageKey(ids));
      const saved = entering ? null : loadSaved(ids);
      if (saved && (!draftId || saved.linkCampaignId === draftId)) {
        if (!cancelled) setState(saved);
        return;
      }
      let drafts: Draft[];
      try {
        drafts = (await queryClient.fetchQuery(incompleteDraftsQueryOptions(ids))).data;
      } catch {
        drafts = [];
      }
      if (cancelled) return;
      const draft = draftId ? drafts.find((d) => d.link_campaign_id === draftId) : undefined;
      if (draft) setState(resumeState(draft, readLocalDraft(localDraftKey(ids, userId, draft.link_campaign_id))));
      else {
        setState(initialWizardState());
        if (!entering) setSearch({}, { replace: true });
        if (drafts[0]) setResume(drafts[0]);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs once on entry: later URL changes are the wizard's own navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What the draft on the server holds: the state as of the last successful save (or as loaded).
  const savedSnapshot = useRef<string | null>(null);
  useEffect(() => {
    if (!state) return;
    const snapshot = JSON.stringify(state);
    savedSnapshot.current ??= snapshot;
    props.onDirtyChange?.(snapshot !== savedSnapshot.current);
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!state) return;
    sessionStorage.setItem(storageKey(ids), JSON.stringify(state));
    if (state.linkCampaignId && props.userId !== undefined) {
      const copy: LocalDraft = { state, savedAt: new Date().toISOString() };
      try {
        localStorage.setItem(localDraftKey(ids, props.userId, state.linkCampaignId), JSON.stringify(copy));
      } catch {
        // A full storage keeps the session copy and the draft on the server.
      }
    }
  }, [state, ids.organizationId, ids.dealershipId, props.userId]); // eslint-disable-line react-hooks/exhaustive-deps

  // What is typed is saved to the draft too, once typing pauses (issue 25 item 1). A failed save is
  // not shown (the device's copy keeps everything; Continue saves again and shows its errors).
  const stepName = state ? stepOrder[state.campaignType ?? 'non_inventory'][step - 1] : undefined;
  const autosaved = useRef<string | null>(null);
  useEffect(() => {
    if (!state?.linkCampaignId || !stepName || busyRef.current) return;
    const data = typedSlice(stepName, state);
    if (!data) return;
    const body = JSON.stringify(data);
    if (body === autosaved.current) return;
    const draftId = state.linkCampaignId;
    const timer = window.setTimeout(() => {
      patchDraft(ids, draftId, data).then(
        () => (autosaved.current = body),
        () => undefined,
      );
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, stepName]); // eslint-disable-line react-hooks/exhaustive-deps

  // A step beyond what the state supports (e.g. a hand-edited URL) falls back to step 1.
  useEffect(() => {
    if (state && step > 1 && !state.campaignType) setSearch({}, { replace: true });
  }, [state, step, setSearch]);

  if (!state) return <PageLoader />;
  // The example ads show one of the dealership's own vehicles (issue 25 item 9), a priced one when there is one.
  const vehicles = state.campaignType === 'inventory' ? inventory.data?.data : undefined;
  const exampleVehicle = vehicles?.find((v) => v.price !== null) ?? vehicles?.[0];
  const kind = state.campaignType ?? 'non_inventory';
  const name = stepOrder[kind][step - 1]!;
  const update = (patch: Partial<WizardState>) => setState((s) => (s ? { ...s, ...patch } : s));

  /** Runs one save at a time (a double click does nothing twice); keeps the user's input on failure. */
  const run = async (work: () => Promise<WizardState | void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      // The draft now holds what was on screen when the save ran (or the state the save produced).
      const saved = await work();
      savedSnapshot.current = JSON.stringify(saved ?? state);
      props.onDirtyChange?.(false);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const forgetLocal = (draftId: number | null) => {
    if (draftId) localStorage.removeItem(localDraftKey(ids, userId, draftId));
  };

  const refreshLists = () =>
    queryClient.invalidateQueries({ queryKey: [...dealershipKey(ids.organizationId, ids.dealershipId), 'campaigns'] });

  const saveProduct = () =>
    run(async () => {
      const links = state.customCreatives ? (state.creatives[state.product!] ?? []) : [];
      let draftId = state.linkCampaignId;
      let pacingId = state.pacingId;
      if (!draftId) {
        pacingId = pacingIdAt(new Date());
        draftId = await createDraft(ids, {
          pacing_id: pacingId,
          product_code: state.product!,
          is_incomplete: 1,
          ...(links.length ? { creatives: links.join(',') } : {}),
        });
      } else {
        await patchDraft(ids, draftId, { product_code: state.product });
      }
      for (const link of links) await recordCreative(ids, draftId, link);
      update({ linkCampaignId: draftId, pacingId });
      await refreshLists();
      goTo(3, draftId);
      return { ...state, linkCampaignId: draftId, pacingId };
    });

  const saveAndGo = (data: object, next: number) =>
    run(async () => {
      if (state.linkCampaignId) await patchDraft(ids, state.linkCampaignId, data);
      goTo(next);
    });

  const finishReview = () =>
    run(async () => {
      const toast = notifications.show({ loading: true, message: wizardMessages.saving, autoClose: false });
      try {
        if (state.campaignType === 'inventory') {
          const providerIds = inventorySummary.data?.inventoryDataProviders.inventory_data_provider_ids ?? [];
          const providers = providerIds.length
            ? (await queryClient.fetchQuery(getInventoryDataProvidersQueryOptions(providerIds))).data
            : [];
          await createInventoryCampaign(
            ids,
            inventoryCampaignBody(
              state,
              props.dealershipName ?? '',
              inventorySummary.data,
              providers.map((p) => p.name),
            ),
          );
        } else {
          await patchDraft(ids, state.linkCampaignId!, {
            notes: state.notes,
            campaign_display_name: state.campaignName.trim(),
          });
        }
        notifications.update({
          id: toast,
          loading: false,
          color: 'green',
          message: wizardMessages.saved,
          autoClose: 3000,
        });
      } catch (error) {
        notifications.hide(toast);
        throw error;
      }
      await refreshLists();
      goTo(6);
    });

  const launch = () =>
    run(async () => {
      const toast = notifications.show({ loading: true, message: wizardMessages.creating, autoClose: false });
      try {
        await createNonInventoryCampaign(ids, nonInventoryCampaignBody(state, props.dealershipName ?? ''));
      } catch {
        notifications.update({
          id: toast,
          loading: false,
          color: 'red',
          message: wizardMessages.failed,
          autoClose: 5000,
        });
        return;
      }
      notifications.update({
        id: toast,
        loading: false,
        color: 'green',
        message: wizardMessages.created,
        autoClose: 3000,
      });
      sessionStorage.removeItem(storageKey(ids));
      forgetLocal(state.linkCampaignId);
      await refreshLists();
      props.onClose();
    });

  const closeAfterCreation = () => {
    sessionStorage.removeItem(storageKey(ids));
    forgetLocal(state.linkCampaignId);
    props.onClose();
  };

  const answerResume = (yes: boolean) =>
    run(async () => {
      const draft = resume!;
      if (yes) {
        setState(resumeState(draft, readLocalDraft(localDraftKey(ids, userId, draft.link_campaign_id))));
        setResume(null);
        goTo(3, draft.link_campaign_id);
        return;
      }
      await discardDraft(ids, draft.link_campaign_id);
      forgetLocal(draft.link_campaign_id);
      setResume(null);
      setConfirmDiscard(false);
      await refreshLists();
    });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Step {step}/{WIZARD_STEPS}
          </Text>
        </Group>
        <Progress value={(step / WIZARD_STEPS) * 100} aria-label={`Step ${step} of ${WIZARD_STEPS}`} />
      </Stack>

      {name === 'type' ? (
        <TypeStep
          campaignType={state.campaignType}
          termsAccepted={state.termsAccepted}
          inventorySize={inventorySummary.data?.totalVehicles}
          inventoryLoading={inventorySummary.isPending}
          termsPath={props.termsPath}
          inventoryPagePath={props.inventoryPagePath}
          onChange={(patch) => {
            // Another type means another product list: the product (and its creatives) start over.
            if (patch.campaignType && patch.campaignType !== state.campaignType)
              update({ ...patch, product: null, creatives: {}, customCreatives: false });
            else update(patch);
          }}
          onBack={props.onBackToSource}
          onNext={() => goTo(2)}
        />
      ) : null}
      {name === 'product' ? (
        <ProductStep
          ids={ids}
          kind={kind}
          state={state}
          onChange={update}
          onBack={() => goTo(1)}
          onNext={() => void saveProduct()}
          submitting={busy}
          dealershipName={props.dealershipName}
          exampleVehicle={exampleVehicle}
        />
      ) : null}
      {name === 'objective' ? (
        <ObjectiveStep
          objective={state.objective}
          onChange={(objective) => update({ objective })}
          onCancel={props.onClose}
          onNext={() => void saveAndGo({ objective: state.objective }, 4)}
          submitting={busy}
        />
      ) : null}
      {name === 'filters' ? (
        <FiltersStep
          filters={state.filters}
          vehicles={inventory.data?.data}
          loading={inventory.isPending}
          error={inventory.isError}
          onRetry={() => void inventory.refetch()}
          onChange={(filters) => update({ filters })}
          onCancel={props.onBackToSource}
          onNext={() => void saveAndGo(buildFilterPayload(state.filters), 4)}
          submitting={busy}
        />
      ) : null}
      {name === 'details' ? (
        <DetailsStep
          state={state}
          today={today}
          audiences={{
            data: audiences.data?.data,
            loading: audiences.isPending,
            error: audiences.error,
            refetch: () => void audiences.refetch(),
          }}
          detailsPath={props.audienceDetailsPath}
          createAudiencePath={props.createAudiencePath}
          onChange={update}
          onBack={() => goTo(3)}
          onNext={() => void saveAndGo(detailsData(state), 5)}
          submitting={busy}
        />
      ) : null}
      {name === 'review' ? (
        <ReviewStep
          state={state}
          onNotes={(notes) => update({ notes })}
          onEdit={(target) => goTo(target)}
          onBack={() => goTo(4)}
          onNext={() => void finishReview()}
          submitting={busy}
          dealershipName={props.dealershipName}
          exampleVehicle={exampleVehicle}
          ids={ids}
        />
      ) : null}
      {name === 'launch' ? <LaunchStep onCreate={() => void launch()} onHold={props.onClose} creating={busy} /> : null}
      {name === 'success' ? <SuccessStep onClose={closeAfterCreation} /> : null}

      <Modal
        opened={resume !== null}
        onClose={() => setResume(null)}
        title={confirmDiscard ? 'Discard the unfinished campaign?' : 'Unfinished campaign'}
        centered
        withCloseButton={false}
        closeOnClickOutside={false}
      >
        {resume ? (
          <Stack>
            {confirmDiscard ? (
              <Text>
                The draft and its uploaded creatives are deleted for good. You start a new campaign from the beginning.
              </Text>
            ) : (
              <Text>{wizardMessages.resume}</Text>
            )}
            <DraftSummary draft={resume} />
            <Group justify="flex-end">
              {confirmDiscard ? (
                <>
                  <Button variant="default" onClick={() => setConfirmDiscard(false)} disabled={busy}>
                    Keep it
                  </Button>
                  <Button color="red" onClick={() => void answerResume(false)} loading={busy}>
                    Discard draft
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="default" onClick={() => setConfirmDiscard(true)}>
                    No
                  </Button>
                  <Button onClick={() => void answerResume(true)} disabled={busy}>
                    Yes
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
