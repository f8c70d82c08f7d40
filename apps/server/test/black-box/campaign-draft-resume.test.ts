import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@portal/contracts';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 25 item 2 against the real portal process: the details step's chosen audiences are kept by
 * the draft, so resuming it (GET .../campaigns/incomplete) brings them back with every other field
 * of the step instead of creating the campaign with `audience: ["None"]`.
 */
describe('black-box: a resumed draft keeps every details field (issue 25 item 2)', () => {
  let portal: Portal;
  let agency: PortalSession;
  let base: string;
  beforeAll(async () => {
    portal = await startPortal();
    agency = await portal.signIn('agency@demo.test');
    base = `/api/agencies/${agency.user.organization_id}/dealership/101`;
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('saves the audiences with the details and answers them on resume', async () => {
    const dealership = (await (await agency.fetch(base)).json()) as { organization: { time_zone: string } };
    const today = todayInZone(new Date(), dealership.organization.time_zone);
    const created = await agency.fetch(`${base}/campaigns`, {
      method: 'POST',
      json: { pacing_id: 1763200000, product_code: 'MOB', objective: 'awareness', is_incomplete: 1 },
    });
    expect(created.status).toBe(201);
    const { link_campaign_id: id } = (await created.json()) as { link_campaign_id: number };
    const audiences = (
      (await (await agency.fetch(`${base}/audiences`)).json()) as {
        data: Array<{ _id: number; audience_name: string; audience_size: number }>;
      }
    ).data
      .slice(0, 2)
      .map((a) => ({ id: a._id, name: a.audience_name, size: a.audience_size }));
    expect(audiences).toHaveLength(2);
    const details = {
      start_date: today,
      end_date: today,
      zip: '29601,Greenville-Spartanburg-Asheville-Anderson',
      campaign_display_name: 'Resumed',
      budget: 5000,
      audiences,
    };
    const saved = await agency.fetch(`${base}/campaigns/${id}`, {
      method: 'PATCH',
      json: { link_campaign_id: id, data: details },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const incomplete = (await (await agency.fetch(`${base}/campaigns/incomplete?pageSize=100`)).json()) as {
      data: Array<Record<string, unknown>>;
    };
    const draft = incomplete.data.find((d) => d.link_campaign_id === id);
    expect(draft).toMatchObject({ ...details, objective: 'awareness', product_code: 'MOB' });
  });
});
