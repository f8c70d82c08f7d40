import { describe, expect, it } from 'vitest';
import {
  dmaMapChart,
  clusterPlaces,
  eventLocationsChart,
  fitBoundsToAspect,
  prepareDmaGeoJson,
  walkInLocationsChart,
  type DmaFeatureCollection,
} from '../src';

const square = (west: number, south: number, size: number) => [
  [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
    [west, south],
  ],
];

const dmaGeoJson: DmaFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { dma_code: 635, dma_name: 'Austin, TX' },
      geometry: { type: 'Polygon', coordinates: square(-98, 30, 1) },
    },
    {
      type: 'Feature',
      properties: { dma_code: 618, dma_name: 'Houston, TX' },
      geometry: { type: 'MultiPolygon', coordinates: [square(-96, 29, 2)] },
    },
    {
      type: 'Feature',
      properties: { dma_code: 501, dma_name: 'New York, NY' },
      geometry: { type: 'Polygon', coordinates: square(-74, 40, 1) },
    },
  ],
};

describe('geo charts', () => {
  it('prepares the DMA GeoJSON: names by code, bounds, features named by code', () => {
    const prepared = prepareDmaGeoJson(dmaGeoJson);
    expect(prepared.names).toEqual({ '635': 'Austin, TX', '618': 'Houston, TX', '501': 'New York, NY' });
    expect(prepared.bounds['618']).toEqual([-96, 29, -94, 31]);
    expect(prepared.geoJson.features.map((f) => f.properties.name)).toEqual(['635', '618', '501']);
    expect(dmaGeoJson.features[0]!.properties).not.toHaveProperty('name');
  });

  it('DMA map: one region value per row, named as the API names it, fitted to the delivered DMAs', () => {
    const { names, bounds } = prepareDmaGeoJson(dmaGeoJson);
    const rows = [
      { dma_code: 618, dma: 'Houston', impressions: 900 },
      { dma_code: 635, dma: 'Austin', impressions: 300 },
    ];
    const option = dmaMapChart({ mapName: 'dma', rows, names, bounds, animation: false });
    const series = (option.series as { type: string; map: string; data: unknown[]; boundingCoords: number[][] }[])[0]!;
    expect(series).toMatchObject({ type: 'map', map: 'dma' });
    // The rows' names (the API's, in full) label their regions; the others keep the boundaries' names.
    expect(series.data).toEqual([
      { name: 'Houston', value: 900 },
      { name: 'Austin', value: 300 },
    ]);
    expect((series as unknown as { nameMap: Record<string, string> }).nameMap).toEqual({
      '618': 'Houston',
      '635': 'Austin',
      '501': 'New York, NY',
    });
    // Austin and Houston span −98…−94 and 29…31; New York is outside the view.
    const [[west, north], [east, south]] = series.boundingCoords as [[number, number], [number, number]];
    expect(west).toBeLessThan(-98);
    expect(east).toBeGreaterThan(-94);
    expect(east).toBeLessThan(-74);
    expect(south).toBeLessThan(29);
    expect(north).toBeGreaterThan(31);
    expect(option.visualMap).toMatchObject({ min: 0, max: 900 });
  });

  it('DMA map: region names stay unique when a row takes a name another code’s boundary has', () => {
    const { names } = prepareDmaGeoJson(dmaGeoJson);
    const option = dmaMapChart({
      mapName: 'dma',
      rows: [{ dma_code: 618, dma: 'New York, NY', impressions: 1 }],
      names,
    });
    const nameMap = (option.series as { nameMap: Record<string, string> }[])[0]!.nameMap;
    expect(nameMap['618']).toBe('New York, NY');
    expect(nameMap['501']).toBe('New York, NY (501)');
  });

  it('walk-in locations: [longitude, latitude, visits] per location', () => {
    const rows = [
      { location_name: 'Main showroom', latitude: 30.27, longitude: -97.74, visits: 120 },
      { location_name: 'Service center', latitude: 31.1, longitude: -97.3, visits: 30 },
    ];
    const option = walkInLocationsChart({ mapName: 'dma', rows });
    const data = (option.series as { data: { name: string; value: number[] }[] }[])[0]!.data;
    expect(data.map((point) => [point.name, point.value])).toEqual([
      ['Main showroom', [-97.74, 30.27, 120]],
      ['Service center', [-97.3, 31.1, 30]],
    ]);
    expect(option.geo).toMatchObject({ map: 'dma', clip: true });
  });

  it('event locations: effect scatter when animated, plain scatter for PDFs', () => {
    const rows = [{ event_name: 'Spring Sale Event', latitude: 29.76, longitude: -95.37, attendees: 340 }];
    const animated = eventLocationsChart({ mapName: 'dma', rows });
    const still = eventLocationsChart({ mapName: 'dma', rows, animation: false });
    const first = (option: typeof animated) =>
      (option.series as { type: string; data: { name: string; value: number[] }[] }[])[0]!;
    expect(first(animated).type).toBe('effectScatter');
    expect(first(still).type).toBe('scatter');
    expect(first(still).data[0]).toMatchObject({ name: 'Spring Sale Event', value: [-95.37, 29.76, 340] });
  });

  it('places that would overlap are one pin with their count as its label; every pin is labelled', () => {
    const rows = [
      { event_name: 'Truck Month Kickoff', latitude: 29.76, longitude: -95.37, attendees: 78 },
      { event_name: 'Service Clinic', latitude: 29.762, longitude: -95.372, attendees: 214 },
      { event_name: 'Spring Sale Event', latitude: 30.27, longitude: -97.74, attendees: 50 },
    ];
    const option = eventLocationsChart({ mapName: 'dma', rows, animation: false });
    const series = (
      option.series as {
        label: { show: boolean };
        data: { name: string; value: number[]; label?: { formatter: string } }[];
      }[]
    )[0]!;
    expect(series.label.show).toBe(true);
    expect(series.data.map((pin) => [pin.name, pin.value, pin.label?.formatter])).toEqual([
      // The two Houston events, 300 m apart: one pin where the larger is, attendees summed.
      ['Service Clinic · Truck Month Kickoff', [-95.372, 29.762, 292], 'Service Clinic + 1 more event'],
      ['Spring Sale Event', [-97.74, 30.27, 50], undefined],
    ]);
    // A pin right of the view's middle (Houston, east of Austin) is labelled on its left, so the label
    // stays on the map (the PDF's walk-in map cut 'Mungenast St. Louis Honda' at its right edge).
    expect((series.data as Array<{ label?: { position?: string } }>).map((pin) => pin.label?.position)).toEqual([
      'left',
      'right',
    ]);
    expect(clusterPlaces([], 2)).toEqual([]);
    const walkIns = walkInLocationsChart({
      mapName: 'dma',
      rows: [
        { location_name: 'Main showroom', latitude: 30.27, longitude: -97.74, visits: 120 },
        { location_name: 'Used car lot', latitude: 30.2705, longitude: -97.7405, visits: 30 },
      ],
    });
    const pins = (walkIns.series as { data: { name: string; label?: { formatter: string } }[] }[])[0]!.data;
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({
      name: 'Main showroom · Used car lot',
      label: { formatter: 'Main showroom + 1 more location' },
    });
  });

  it('fits a view box to the chart: same centre, drawn width ÷ height as asked', () => {
    const box = fitBoundsToAspect([-98, 30, -97, 31], 2);
    const scale = Math.cos((30.5 * Math.PI) / 180);
    expect((box[0] + box[2]) / 2).toBeCloseTo(-97.5);
    expect(((box[2] - box[0]) * scale) / (box[3] - box[1])).toBeCloseTo(2, 2);
    const tall = fitBoundsToAspect([-100, 30, -90, 31], 2);
    expect(((tall[2] - tall[0]) * Math.cos((30.5 * Math.PI) / 180)) / (tall[3] - tall[1])).toBeCloseTo(2, 1);
    expect(tall[0]).toBe(-100);
  });
});
