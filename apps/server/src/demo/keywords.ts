import { compareText, getOrInsert, rngFor, shuffled, type EntityRow } from './common';
import type { CampaignOutput } from './sources';

/**
 * Readable search terms for the demo's AdWords keywords (docs/demo-data.md "Keyword text"). The
 * AdWords file has real keyword ids and daily numbers but almost no strings (3 of 903, and those
 * name an outdoor shop), so a report would list bare numeric ids. Each search campaign's keywords
 * get automotive search terms built from its dealership's real inventory (makes and models, most
 * listed first), its town and its name: e.g. "mazda cx-5 for sale", "used honda greenville",
 * "echopark greenville reviews". The terms are shuffled per campaign (seeded by its id) and dealt to
 * its keyword ids in numeric order, one distinct term per keyword id. Only the `keyword` text is
 * synthetic; ids, dates, impressions and clicks stay the source's.
 */
export function nameKeywords(
  keywords: EntityRow<'campaign_keywords'>[],
  outputs: CampaignOutput[],
  inventory: EntityRow<'inventory_vehicles'>[],
): void {
  const idsByCampaign = new Map<number, Set<number>>();
  for (const row of keywords) {
    getOrInsert(idsByCampaign, Number(row.client_campaign_id), () => new Set()).add(Number(row.keyword_id));
  }
  const termOf = new Map<string, string>();
  for (const output of outputs) {
    const ids = idsByCampaign.get(output.planned.id);
    if (!ids) continue;
    const dealershipId = output.planned.dealership.id;
    const vehicles = inventory.filter((v) => Number(v.dealership_id) === dealershipId);
    const terms = shuffled(searchTerms(output, vehicles), rngFor(output.planned.id, 'keyword-terms'));
    const sortedIds = [...ids].sort((a, b) => a - b);
    const used = new Set<string>();
    const extras = ['near me', 'deals', 'price', 'best price', 'cheap', 'reviews', 'hours', 'inventory'];
    sortedIds.forEach((id, n) => {
      let term = terms[n % terms.length] ?? 'used cars near me';
      for (let k = 0; used.has(term); k++) {
        const base = terms[n % terms.length] ?? 'used cars';
        term = `${base} ${extras[k % extras.length]}${k >= extras.length ? ` ${Math.floor(k / extras.length) + 1}` : ''}`;
      }
      used.add(term);
      termOf.set(`${output.planned.id}|${id}`, term);
    });
  }
  for (const row of keywords) {
    row.keyword = termOf.get(`${row.client_campaign_id}|${row.keyword_id}`) ?? row.keyword;
  }
}

/** The candidate terms of one search campaign: brand, make, model and local terms, lower case. */
function searchTerms(output: CampaignOutput, vehicles: EntityRow<'inventory_vehicles'>[]): string[] {
  const dealership = output.planned.dealership;
  const town = (dealership.town || dealership.state).toLowerCase();
  const byCount = <K extends string>(values: K[]) => {
    const counts = new Map<K, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([value]) => value);
  };
  const makes = byCount(vehicles.map((v) => String(v.make ?? '').trim()).filter(Boolean)).slice(0, 6);
  const models = byCount(
    vehicles.filter((v) => v.make && v.model).map((v) => `${String(v.make).trim()} ${String(v.model).trim()}`),
  ).slice(0, 12);
  const name = dealership.shortName.toLowerCase();
  const terms = [
    name,
    `${name} reviews`,
    `used cars ${town}`,
    `car dealership near me`,
    `certified pre-owned ${town}`,
    `trade in my car ${town}`,
    `car loans ${town}`,
    `suv for sale near me`,
    `truck for sale ${town}`,
    ...makes.flatMap((make) => [
      `${make} dealer near me`,
      `${make} dealership ${town}`,
      `used ${make} ${town}`,
      `${make} service ${town}`,
      `certified ${make}`,
    ]),
    ...models.flatMap((model) => [
      `${model} for sale`,
      `used ${model} near me`,
      `${model} price`,
      `${model} lease deals`,
    ]),
  ];
  return [...new Set(terms.map((t) => t.toLowerCase().replace(/\s+/g, ' ').trim()))];
}
