import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  buildFilterPayload,
  pacingIdAt,
  todayInZone,
  WIZARD_STEPS,
  wizardMessages,
  type Draft,
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
import { tenantKey } from '@/lib/query-keys';
import { useAudiences } from '../api/list-audiences';
import {
  hasInput,
  localDraftKey,
  readLocalDraft,
  readSessionCopy,
  resumeState,
  sessionKey,
  typedSlice,
  writeLocalDraft,
} from '../utils/kept-state';
import {
  detailsData,
  initialWizardState,
  inventoryCampaignBody,
  nonInventoryCampaignBody,
  stepOrder,
  type WizardState,
} from '../utils/wizard-state';
import { DetailsStep } from './details-step';
import { DraftSummary } from './draft-summary';
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

/** How long typing pauses before the draft is saved (ms). */
const AUTOSAVE_DELAY_MS = 800;

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

  // Entering the wizard: restore after a reload, or offer to resume an unfinished draft; before a
  // draft exists, the steps typed on this device come back (issue 25 item 1).
  useEffect(() => {
    let cancelled = false;
    const draftId = Number(search.get('draft'));
    const entering = !search.get('step');
    void (async () => {
      if (entering) sessionStorage.removeItem(sessionKey(ids));
      const saved = entering ? null : readSessionCopy(ids);
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
        const kept = readLocalDraft(localDraftKey(ids, userId, 'new'));
        const restored = kept && hasInput(kept.state) ? { ...kept.state, linkCampaignId: null } : null;
        setState(restored ?? initialWizardState());
        const keptStep = restored?.campaignType ? Math.min(kept?.step ?? 1, 2) : 1;
        if (keptStep > 1) setSearch({ step: String(keptStep) }, { replace: true });
        else if (!entering) setSearch({}, { replace: true });
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

  // Every change is kept on this device at once: the session copy (a reload) and the device copy of
  // the draft, or of the steps before it exists (`new`, with the step it is on).
  useEffect(() => {
    if (!state) return;
    sessionStorage.setItem(sessionKey(ids), JSON.stringify(state));
    if (props.userId === undefined) return;
    const savedAt = new Date().toISOString();
    if (state.linkCampaignId)
      writeLocalDraft(localDraftKey(ids, props.userId, state.linkCampaignId), { state, savedAt });
    else if (hasInput(state)) writeLocalDraft(localDraftKey(ids, props.userId, 'new'), { state, savedAt, step });
    else localStorage.removeItem(localDraftKey(ids, props.userId, 'new'));
  }, [state, step, ids.organizationId, ids.dealershipId, props.userId]); // eslint-disable-line react-hooks/exhaustive-deps

  // What is typed is saved to the draft too, once typing pauses (issue 25 items 1, 2): the step's
  // columns the server accepts so far and the whole form (`wizard_state`). A refused save is tried
  // again with the form alone; a failed one is not shown (the device's copy keeps everything;
  // Continue saves again and shows its errors).
  const stepName = state ? stepOrder[state.campaignType ?? 'non_inventory'][step - 1] : undefined;
  const autosaved = useRef<string | null>(null);
  useEffect(() => {
    if (!state?.linkCampaignId || !stepName || busyRef.current) return;
    if (stepName === 'launch' || stepName === 'success') return;
    const data = { ...typedSlice(stepName, state, today), wizard_state: state };
    const body = JSON.stringify(data);
    if (body === autosaved.current) return;
    const draftId = state.linkCampaignId;
    const timer = window.setTimeout(() => {
      patchDraft(ids, draftId, data)
        .catch(() => patchDraft(ids, draftId, { wizard_state: state }))
        .then(
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

  const forgetLocal = (draftId: number | 'new' | null) => {
    if (draftId) localStorage.removeItem(localDraftKey(ids, userId, draftId));
  };

  /** A step's save to the draft, always with the whole form (issue 25 item 2). */
  const saveToDraft = (draftId: number, data: object, form: WizardState = state) =>
    patchDraft(ids, draftId, { ...data, wizard_state: form });

  const refreshLists = () =>
    queryClient.invalidateQueries({ queryKey: tenantKey(ids.organizationId, ids.dealershipId, 'campaigns') });

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
          wizard_state: { ...state, pacingId },
        });
        for (const link of links) await recordCreative(ids, draftId, link);
        // The steps typed before the draft existed are its own copy from now on.
        forgetLocal('new');
      } else {
        // Another product, or creatives added or removed: the draft records exactly these.
        await saveToDraft(draftId, { product_code: state.product, creatives: links.join(',') });
      }
      update({ linkCampaignId: draftId, pacingId });
      await refreshLists();
      goTo(3, draftId);
      return { ...state, linkCampaignId: draftId, pacingId };
    });

  const saveAndGo = (data: object, next: number) =>
    run(async () => {
      if (state.linkCampaignId) await saveToDraft(state.linkCampaignId, data);
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
          await saveToDraft(state.linkCampaignId!, {
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
      sessionStorage.removeItem(sessionKey(ids));
      forgetLocal(state.linkCampaignId);
      await refreshLists();
      props.onClose();
    });

  const closeAfterCreation = () => {
    sessionStorage.removeItem(sessionKey(ids));
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
