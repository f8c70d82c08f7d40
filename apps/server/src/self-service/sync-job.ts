import { addDays, localDate, VENDOR_GOOGLE_ADS } from '@portal/contracts';
import { recordPausePlay } from '../repositories/annotations';
import type { App } from '../types';
import type { JobDefinition } from '../jobs/job-definition';
import {
  campaignsToRefresh,
  findSelfServiceCampaignById,
  setImportStatus,
  setStatusName,
  upsertDailyRows,
  upsertProductRows,
} from '../repositories/self-service';
import { recordSyncRun } from '../repositories/trust/record';
import { requestAlertEvaluation, SYNC_EVALUATION_DELAY_SECONDS } from '../jobs/alert-evaluation';
import { grantCampaign } from './account-scope';
import { withPlatform } from './platform-access';

export const SYNC_JOB = 'self-service-sync';
export const REFRESH_JOB = 'self-service-refresh';
/** A live campaign's daily refresh re-reads this many recent days (platforms restate late conversions). */
const REFRESH_DAYS = 7;

/** The refresh's cron (in SYNC_ZONE): every `everyHours` hours on the hour, from midnight. */
export const refreshCron = (everyHours: number) => (everyHours === 1 ? '0 * * * *' : `0 */${everyHours} * * *`);

const syncQueue = {
  policy: 'stately' as const,
  retryLimit: 4,
  retryDelay: 30,
  retryBackoff: true,
};
const queuesReady = new WeakMap<App, Promise<void>>();

/**
 * Enqueues the sync of one campaign; one queued job per campaign at a time (stately queue keyed by
 * campaign). Creates the queue first when this process has not (idempotent).
 */
export async function enqueueSync(app: App, campaignId: number) {
  let ready = queuesReady.get(app);
  if (!ready) {
    ready = app.jobs.createQueue(SYNC_JOB, { name: SYNC_JOB, ...syncQueue });
    queuesReady.set(app, ready);
  }
  await ready;
  await app.jobs.send(SYNC_JOB, { campaignId }, { singletonKey: `campaign-${campaignId}` });
}

/**
 * Pulls one campaign's daily metrics and product rows (docs/self-service.md). First run: pending →
 * initial_load → available, backfilling from the flight start to yesterday; later runs refresh the
 * last days. Idempotent (rows are upserted). A failure is retried with backoff; the last failure
 * ends as `failed` with the reason kept.
 */
export async function syncCampaign(app: App, campaignId: number, job: { retryCount: number; retryLimit: number }) {
  const campaign = await findSelfServiceCampaignById(app.db, { campaignId });
  if (!campaign) return;
  const yesterday = addDays(localDate(app.adPlatforms.clock(), 'America/Chicago'), -1);
  const live = campaign.status === 'available' && campaign.lastSyncedAt !== null;
  const startedAt = app.adPlatforms.clock();
  const run = {
    source: campaign.vendorId === VENDOR_GOOGLE_ADS ? 'google_ads' : 'meta',
    organizationId: campaign.organizationId,
    campaignId: campaign.id,
    startedAt,
  } as const;
  let rowsLoaded = 0;
  try {
    if (!live) await setImportStatus(app.db, { campaignId: campaign.id, status: 'initial_load' });
    const from = live ? maxDate(campaign.startDate, addDays(yesterday, -(REFRESH_DAYS - 1))) : campaign.startDate;
    const to = campaign.endDate && campaign.endDate < yesterday ? campaign.endDate : yesterday;
    await withPlatform(app, grantCampaign(campaign), async (connector, token, account) => {
      const onPlatform = (await connector.listCampaigns(token, account)).find(
        (c) => c.id === campaign.vendorCampaignId,
      );
      if (!onPlatform)
        throw new Error(`Campaign ${campaign.vendorCampaignId} is no longer in account ${campaign.accountName}`);
      if (onPlatform.statusName !== campaign.statusName) {
        // Switched on the platform itself (the portal's own switch updates both): the automatic
        // pause/play note on the campaign's charts (issue 21 §4).
        await setStatusName(app.db, { campaignId: campaign.id, statusName: onPlatform.statusName });
        await recordPausePlay(app.db, {
          campaignId: campaign.id,
          paused: onPlatform.statusName === 'paused',
          now: app.clock(),
        });
      }
      if (from <= to) {
        const range = { startDate: from, endDate: to };
        const daily = await connector.dailyMetrics(token, account, campaign.vendorCampaignId, range);
        await upsertDailyRows(app.db, { campaignId: campaign.id, rows: daily });
        const products = await connector.productRows(token, account, campaign.vendorCampaignId, range);
        await upsertProductRows(app.db, { campaignId: campaign.id, rows: products });
        rowsLoaded = daily.length + products.length;
      }
    });
    await setImportStatus(app.db, {
      campaignId: campaign.id,
      status: 'available',
      extra: {
        failureReason: null,
        lastSyncedAt: app.adPlatforms.clock(),
      },
    });
    await recordSyncRun(app.db, { ...run, finishedAt: app.adPlatforms.clock(), status: 'ok', rowsLoaded });
    await requestAlertEvaluation(app, { afterSeconds: SYNC_EVALUATION_DELAY_SECONDS });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    app.log.warn({ campaignId, retryCount: job.retryCount, reason }, 'self-service sync failed');
    await recordSyncRun(app.db, { ...run, finishedAt: app.adPlatforms.clock(), status: 'failed', error: reason });
    await requestAlertEvaluation(app, { afterSeconds: SYNC_EVALUATION_DELAY_SECONDS });
    if (job.retryCount >= job.retryLimit) {
      await setImportStatus(app.db, {
        campaignId: campaign.id,
        status: 'failed',
        extra: { failureReason: reason.slice(0, 500) },
      });
      return;
    }
    throw error;
  }
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

export const selfServiceJobs: JobDefinition[] = [
  {
    name: SYNC_JOB,
    queue: syncQueue,
    handler: (app, data, job) => syncCampaign(app, (data as { campaignId: number }).campaignId, job),
  },
  {
    name: REFRESH_JOB,
    queue: { retryLimit: 2 },
    schedule: { cron: refreshCron(1), tz: 'America/Chicago' },
    /** Hourly by default (server.ts sets SELF_SERVICE_SYNC_EVERY_HOURS): re-sync every live or failed campaign, its last 7 days again. */
    handler: async (app) => {
      for (const { id } of await campaignsToRefresh(app.db)) await enqueueSync(app, id);
    },
  },
];
