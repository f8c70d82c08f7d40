import { baseOption, MAP_AREA_COLOR, MAP_BORDER_COLOR } from './base';
import type { Bounds, BuildOptions, ChartOption } from './types';

/** The GeoJSON of `GET /api/reference/dma-boundaries`: one feature per DMA with `dma_code` and `dma_name`. */
export interface DmaFeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: { dma_code: number | string; dma_name: string; [key: string]: unknown };
    geometry: { type: string; coordinates: unknown };
  }[];
}

/** What `prepareDmaGeoJson` gives: the map to register, and per DMA code its name and bounds. */
export interface DmaMapData {
  /** Register this with `echarts.registerMap(name, geoJson)`; features are named by their DMA code as text. */
  geoJson: DmaFeatureCollection;
  names: Record<string, string>;
  bounds: Record<string, Bounds>;
}

function extendBounds(bounds: Bounds, coordinates: unknown): void {
  if (!Array.isArray(coordinates)) return;
  if (typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
    const [lon, lat] = coordinates as [number, number];
    bounds[0] = Math.min(bounds[0], lon);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lon);
    bounds[3] = Math.max(bounds[3], lat);
    return;
  }
  for (const part of coordinates) extendBounds(bounds, part);
}

/**
 * Prepares the DMA boundaries for ECharts: each feature gets `properties.name` = its DMA code as
 * text (ECharts matches data to regions by that name), and the names and bounding boxes per code
 * are collected for `dmaMapChart`. The input is not modified.
 */
export function prepareDmaGeoJson(source: DmaFeatureCollection): DmaMapData {
  const names: Record<string, string> = {};
  const bounds: Record<string, Bounds> = {};
  const features = source.features.map((feature) => {
    const code = String(feature.properties.dma_code);
    names[code] = feature.properties.dma_name;
    const box: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
    extendBounds(box, feature.geometry.coordinates);
    if (Number.isFinite(box[0])) bounds[code] = box;
    return { ...feature, properties: { ...feature.properties, name: code } };
  });
  return { geoJson: { type: 'FeatureCollection', features }, names, bounds };
}

/** The union of boxes, padded by a share of its size (at least `minPad` degrees). */
export function paddedBounds(boxes: readonly Bounds[], share = 0.15, minPad = 0.3): Bounds | null {
  if (boxes.length === 0) return null;
  const union: Bounds = [Infinity, Infinity, -Infinity, -Infinity];
  for (const box of boxes) {
    union[0] = Math.min(union[0], box[0]);
    union[1] = Math.min(union[1], box[1]);
    union[2] = Math.max(union[2], box[2]);
    union[3] = Math.max(union[3], box[3]);
  }
  const padLon = Math.max((union[2] - union[0]) * share, minPad);
  const padLat = Math.max((union[3] - union[1]) * share, minPad);
  return [union[0] - padLon, union[1] - padLat, union[2] + padLon, union[3] + padLat];
}

/** ECharts' `boundingCoords`: `[[west, north], [east, south]]`. */
function boundingCoords(box: Bounds): number[][] {
  return [
    [box[0], box[3]],
    [box[2], box[1]],
  ];
}

/** How much a degree of longitude is narrower than a degree of latitude at the box's middle. */
function aspectScaleOf(box: Bounds): number {
  const middle = ((box[1] + box[3]) / 2) * (Math.PI / 180);
  return Math.round(Math.max(0.2, Math.cos(middle)) * 1000) / 1000;
}

/**
 * Widens or heightens a box around its centre so that, drawn with `aspectScale`, it has the
 * drawing area's width ÷ height: the map then fills the chart instead of a narrow strip of it.
 */
export function fitBoundsToAspect(box: Bounds, aspect: number): Bounds {
  const scale = aspectScaleOf(box);
  const lonSpan = box[2] - box[0];
  const latSpan = box[3] - box[1];
  const centreLon = (box[0] + box[2]) / 2;
  const centreLat = (box[1] + box[3]) / 2;
  if ((lonSpan * scale) / latSpan < aspect) {
    const half = (aspect * latSpan) / scale / 2;
    return [centreLon - half, box[1], centreLon + half, box[3]];
  }
  const half = (lonSpan * scale) / aspect / 2;
  return [box[0], centreLat - half, box[2], centreLat + half];
}

/** The view settings of a map fitted to `box` (null: the whole map). */
function viewOf(box: Bounds | null, aspect: number) {
  if (!box) return {};
  const fitted = fitBoundsToAspect(box, aspect);
  return { boundingCoords: boundingCoords(fitted), aspectScale: aspectScaleOf(fitted), clip: true };
}

export interface DmaMapInput extends BuildOptions {
  /** The name the DMA GeoJSON was registered under (prepared with `prepareDmaGeoJson`). */
  mapName: string;
  rows: readonly { dma_code: number; dma: string; impressions: number }[];
  /**
   * DMA names by code from `prepareDmaGeoJson`: regions are labelled with them, except the DMAs of
   * `rows`, labelled with the row's name (the API's, in full: issue 20 §2).
   */
  names?: Record<string, string>;
  /** DMA bounds by code from `prepareDmaGeoJson`: the view is fitted to the DMAs with delivery. */
  bounds?: Record<string, Bounds>;
  /** Width ÷ height of the chart, to fit the view to (default 2). */
  aspect?: number;
}

/**
 * Impressions per DMA as a choropleth. With `bounds`, the view is zoomed to the DMAs that have
 * delivery (a dealership's campaign reaches a few neighbouring markets, not the whole country).
 */
export function dmaMapChart({
  mapName,
  rows,
  names: boundaryNames = {},
  bounds,
  aspect = 2,
  ...options
}: DmaMapInput): ChartOption {
  // Region names must stay unique (ECharts matches data by name): a boundary name that another
  // code's row also uses gets its code.
  const rowNames = new Set(rows.map((row) => row.dma));
  const names: Record<string, string> = {};
  for (const [code, name] of Object.entries(boundaryNames))
    names[code] = rowNames.has(name) ? `${name} (${code})` : name;
  for (const row of rows) names[String(row.dma_code)] = row.dma;
  const max = Math.max(1, ...rows.map((row) => row.impressions));
  const delivered = rows.filter((row) => row.impressions > 0);
  const box = bounds
    ? paddedBounds(delivered.map((row) => bounds[String(row.dma_code)]).filter((b): b is Bounds => b !== undefined))
    : null;
  return {
    ...baseOption(options),
    tooltip: { trigger: 'item' },
    visualMap: {
      type: 'continuous',
      min: 0,
      max,
      left: 8,
      bottom: 8,
      itemHeight: 100,
      text: ['High', 'Low'],
      calculable: false,
      inRange: { color: ['#d0ebff', '#1864ab'] },
      textStyle: { color: '#495057' },
    },
    series: [
      {
        type: 'map',
        name: 'Impressions',
        map: mapName,
        roam: false,
        nameMap: names,
        // Leave room on the left for the visual map's scale.
        left: 56,
        right: 8,
        top: 8,
        bottom: 8,
        ...viewOf(box, aspect),
        itemStyle: { areaColor: MAP_AREA_COLOR, borderColor: MAP_BORDER_COLOR, borderWidth: 0.5 },
        emphasis: { label: { show: true, color: '#212529' }, itemStyle: { areaColor: '#ffd43b' } },
        label: { show: false },
        data: rows.map((row) => ({ name: row.dma, value: row.impressions })),
      },
    ],
  };
}

interface PointsInput extends BuildOptions {
  /** A registered base map (e.g. the DMA boundaries) drawn under the points. */
  mapName: string;
  /** Width ÷ height of the chart, to fit the view to (default 2). */
  aspect?: number;
}

function geoComponent(mapName: string, points: readonly { latitude: number; longitude: number }[], aspect: number) {
  const box = paddedBounds(
    points.map((point) => [point.longitude, point.latitude, point.longitude, point.latitude] as Bounds),
    0.25,
    // Points a few miles apart still get the surrounding DMAs' outlines around them.
    0.8,
  );
  return {
    map: mapName,
    roam: false,
    left: 8,
    right: 8,
    top: 8,
    bottom: 8,
    ...viewOf(box, aspect),
    itemStyle: { areaColor: MAP_AREA_COLOR, borderColor: MAP_BORDER_COLOR, borderWidth: 0.5 },
    emphasis: { disabled: true },
    silent: true,
  };
}

/** A place on a point map: its name, where it is and its figure (visits, attendees). */
interface Place {
  name: string;
  latitude: number;
  longitude: number;
  value: number;
}

/** One pin of a point map: a place, or places that would sit on top of each other. */
export interface PlaceCluster {
  /** The places' names, largest figure first. */
  names: string[];
  /** Where the pin is: the place with the largest figure. */
  latitude: number;
  longitude: number;
  /** The places' figures summed. */
  value: number;
}

/**
 * Places that would overlap on the drawn map grouped into one pin (issue 20 §2): the view is fitted
 * to all places as the chart fits it, and a place closer than a sixteenth of the view’s width to a pin
 * already placed (largest figures first) joins that pin. So every pin can carry its label.
 */
export function clusterPlaces(places: readonly Place[], aspect: number): PlaceCluster[] {
  const box = paddedBounds(
    places.map((p) => [p.longitude, p.latitude, p.longitude, p.latitude] as Bounds),
    0.25,
    0.8,
  );
  const clusters: PlaceCluster[] = [];
  if (!box) return clusters;
  const fitted = fitBoundsToAspect(box, aspect);
  const scale = aspectScaleOf(fitted);
  const reach = ((fitted[2] - fitted[0]) * scale) / 16;
  const ordered = places
    .map((place, index) => ({ place, index }))
    .sort((a, b) => b.place.value - a.place.value || a.index - b.index);
  for (const { place } of ordered) {
    const near = clusters.find(
      (c) => Math.hypot((c.longitude - place.longitude) * scale, c.latitude - place.latitude) < reach,
    );
    if (near) {
      near.names.push(place.name);
      near.value += place.value;
    } else
      clusters.push({ names: [place.name], latitude: place.latitude, longitude: place.longitude, value: place.value });
  }
  return clusters;
}

/**
 * The pins of a point map, each labelled beside it: a place by its name, a cluster by its count
 * ('Kickoff + 2 more events'); the tooltip names every place of a pin and their summed figure.
 */
function pins(places: readonly Place[], aspect: number, plural: string) {
  const box = paddedBounds(
    places.map((p) => [p.longitude, p.latitude, p.longitude, p.latitude] as Bounds),
    0.25,
    0.8,
  );
  // A pin right of the view's middle carries its label on its left, so the label stays on the map.
  const middle = box ? (fitBoundsToAspect(box, aspect)[0] + fitBoundsToAspect(box, aspect)[2]) / 2 : 0;
  return clusterPlaces(places, aspect).map((cluster) => ({
    name: cluster.names.join(' · '),
    value: [cluster.longitude, cluster.latitude, cluster.value],
    label: {
      position: cluster.longitude > middle ? ('left' as const) : ('right' as const),
      // The largest place names the pin, and how many more it holds: 'Main showroom + 2 more locations'.
      ...(cluster.names.length > 1
        ? {
            formatter: `${cluster.names[0]} + ${cluster.names.length - 1} more ${cluster.names.length > 2 ? plural : plural.replace(/s$/, '')}`,
          }
        : {}),
    },
  }));
}

function pointLabels() {
  // Long names break onto lines of at most 120 px rather than running off the map.
  const label = {
    position: 'right' as const,
    formatter: '{b}',
    color: '#212529',
    fontSize: 11,
    width: 120,
    overflow: 'break' as const,
  };
  return {
    label: { show: true, ...label },
    emphasis: { label: { show: true, ...label } },
    labelLayout: { hideOverlap: true },
  };
}

function symbolSize(value: number, max: number): number {
  return Math.round(8 + 18 * Math.sqrt(Math.max(0, value) / Math.max(1, max)));
}

/**
 * Walk-in locations on a map, sized by visits, each pin labelled; locations that would overlap are one
 * pin ('Main showroom + 1 more location', `clusterPlaces`). Each point's value is `[longitude, latitude, visits]`.
 */
export function walkInLocationsChart({
  mapName,
  rows,
  aspect = 2,
  ...options
}: PointsInput & {
  rows: readonly { location_name: string; latitude: number; longitude: number; visits: number }[];
}): ChartOption {
  const places = rows.map((row) => ({ ...row, name: row.location_name, value: row.visits }));
  const data = pins(places, aspect, 'locations');
  const max = Math.max(0, ...data.map((pin) => pin.value[2]!));
  return {
    ...baseOption(options),
    tooltip: { trigger: 'item', formatter: '{b}: {@[2]} visits' },
    geo: geoComponent(mapName, rows, aspect),
    series: [
      {
        type: 'scatter',
        name: 'Walk-ins',
        coordinateSystem: 'geo',
        itemStyle: { color: '#fa5252', opacity: 0.85, borderColor: '#ffffff', borderWidth: 1 },
        ...pointLabels(),
        data: data.map((pin) => ({ ...pin, symbolSize: symbolSize(pin.value[2]!, max) })),
      },
    ],
  };
}

/**
 * Promoted events on a map, sized by attendees, each pin labelled; events that would overlap are one
 * pin ('Kickoff + 2 more events', `clusterPlaces`). Each point's value is `[longitude, latitude, attendees]`.
 */
export function eventLocationsChart({
  mapName,
  rows,
  aspect = 2,
  ...options
}: PointsInput & {
  rows: readonly { event_name: string; latitude: number; longitude: number; attendees: number }[];
}): ChartOption {
  const places = rows.map((row) => ({ ...row, name: row.event_name, value: row.attendees }));
  const data = pins(places, aspect, 'events');
  const max = Math.max(0, ...data.map((pin) => pin.value[2]!));
  const animated = options.animation ?? true;
  return {
    ...baseOption(options),
    tooltip: { trigger: 'item', formatter: '{b}: {@[2]} attendees' },
    geo: geoComponent(mapName, rows, aspect),
    series: [
      {
        // The ripple effect is an animation: plain points when animation is off (PDFs, screenshots).
        type: animated ? 'effectScatter' : 'scatter',
        name: 'Events',
        coordinateSystem: 'geo',
        itemStyle: { color: '#7950f2', borderColor: '#ffffff', borderWidth: 1 },
        ...pointLabels(),
        data: data.map((pin) => ({ ...pin, symbolSize: symbolSize(pin.value[2]!, max) })),
      },
    ],
  };
}
