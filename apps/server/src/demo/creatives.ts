import { productCatalog, type ProductCode } from '@portal/contracts';
import { between, rngFor, shuffled } from './common';
import type { Dealership } from './dealerships';

/**
 * Synthetic creatives of the demo campaigns and their banner art. The art is plain SVG written to
 * assets/demo-creatives (served by the server as /demo-creatives/<file>.svg, lib/shared-assets.ts); the files are committed and
 * `npx tsx apps/server/src/demo/write-creative-art.ts` rewrites them from this module.
 */

export const CREATIVE_URL_PREFIX = '/demo-creatives/';

interface Offer {
  key: string;
  headline: string;
  line: string;
  cta: string;
}

const OFFERS: Offer[] = [
  {
    key: 'used-inventory',
    headline: 'Used Inventory',
    line: 'Quality pre-owned cars, trucks and SUVs',
    cta: 'Shop Now',
  },
  {
    key: 'certified',
    headline: 'Certified Pre-Owned',
    line: 'Inspected, reconditioned and ready to drive',
    cta: 'View Inventory',
  },
  { key: 'trade-in', headline: 'Trade-In Bonus', line: 'Get a firm offer on your trade today', cta: 'Value My Trade' },
  { key: 'truck-month', headline: 'Truck Month', line: 'Pickups priced to move this month', cta: 'See Trucks' },
  { key: 'suv-event', headline: 'SUV Event', line: 'Room for the whole family', cta: 'Shop SUVs' },
  { key: 'financing', headline: 'Easy Financing', line: 'Options for every credit situation', cta: 'Get Pre-Approved' },
  { key: 'service', headline: 'Service Special', line: 'Oil change and tire rotation deals', cta: 'Book Service' },
  { key: 'weekend-sale', headline: 'Weekend Sale', line: 'Extended hours Friday through Sunday', cta: 'Visit Us' },
];

/** The offer of each code's first creative (others are drawn from the rest). */
const FIRST_OFFER: Partial<Record<ProductCode, string>> = {
  DYD: 'used-inventory',
  DYN: 'used-inventory',
  FBD: 'used-inventory',
  FDS: 'used-inventory',
  FML: 'used-inventory',
  TTI: 'used-inventory',
  DSL: 'trade-in',
  FDL: 'trade-in',
  LBP: 'trade-in',
  LOP: 'weekend-sale',
  MOB: 'certified',
  AZD: 'certified',
  NAT: 'financing',
  AUD: 'service',
  MVD: 'suv-event',
  TRV: 'truck-month',
};

/** Creative sizes by family (display sizes are the IAB ones of the site list). */
const DISPLAY_SIZES = ['300x250', '728x90', '320x50', '160x600', '300x600'];
/** Sizes an app placement can show: banner and medium rectangle. */
export const APP_SIZES = new Set(['320x50', '300x250']);

function sizesFor(code: ProductCode): string[] {
  switch (productCatalog[code].family) {
    case 'display':
      return DISPLAY_SIZES;
    case 'video':
      return code === 'MVD'
        ? ['1080x1920', '1280x720']
        : code === 'VID' || code === 'TRV'
          ? ['1920x1080', '1280x720']
          : ['1920x1080'];
    case 'audio':
      // Companion banners of the audio spots.
      return ['300x250', '640x640'];
    case 'social':
      return code === 'TIK' || code === 'TTI' ? ['1080x1920'] : ['1080x1080', '1200x628', '1080x1920'];
    default:
      return [];
  }
}

export interface CreativeSpec {
  id: string;
  name: string;
  size: string;
  file: string;
  /** Share of the campaign's delivery (before the daily jitter). */
  weight: number;
  dealership: Dealership;
  offer: Offer;
  version: number;
  /** Video poster frame (gets a play mark). */
  video: boolean;
}

/**
 * 2-5 creatives for display, video, audio and social campaigns; none for the other families. The
 * PRNG is seeded by the campaign id only, so the set never depends on `today`.
 */
export function planCreatives(
  campaignId: number,
  code: ProductCode,
  dealership: Dealership,
  { appOnly = false } = {},
): CreativeSpec[] {
  // A display campaign that ran (almost) only in apps has only the sizes apps show.
  const sizes = appOnly && productCatalog[code].family === 'display' ? [...APP_SIZES] : sizesFor(code);
  if (sizes.length === 0) return [];
  const random = rngFor(campaignId, 'creatives');
  const count = 2 + Math.floor(random() * 4);
  const first = OFFERS.find((o) => o.key === FIRST_OFFER[code]) ?? OFFERS[Math.floor(random() * OFFERS.length)]!;
  const others = shuffled(
    OFFERS.filter((o) => o !== first),
    random,
  );
  // Display: the first creative is always a 300x250, so app placements have something to show.
  const sizeOrder =
    productCatalog[code].family === 'display'
      ? [
          '300x250',
          ...shuffled(
            sizes.filter((size) => size !== '300x250'),
            random,
          ),
        ]
      : shuffled(sizes, random);
  const baseVersion = 1 + Math.floor(random() * 2);
  const specs: CreativeSpec[] = [];
  for (let k = 0; k < count; k++) {
    const offer = k < 2 ? first : (others[(k - 2) % others.length] ?? first);
    const size = sizeOrder[k % sizeOrder.length] ?? sizes[0]!;
    const version = baseVersion + specs.filter((s) => s.offer === offer && s.size === size).length;
    specs.push({
      id: `cr-${campaignId}-${k + 1}`,
      name: `${offer.headline} ${size} v${version}`,
      size,
      file: `${dealership.id}-${offer.key}-${size}-v${version}.svg`,
      // Zipf-like, so one creative clearly leads.
      weight: between(random, 0.85, 1.15) / (k + 1) ** 1.1,
      dealership,
      offer,
      version,
      video: productCatalog[code].family === 'video',
    });
  }
  return specs;
}

// ---------------------------------------------------------------------------------------------
// Banner art

const PALETTES = [
  { bg: '#0b2545', accent: '#f4a259', text: '#ffffff', sub: '#cfd8e3' },
  { bg: '#1b4332', accent: '#ffd166', text: '#ffffff', sub: '#d8f3dc' },
  { bg: '#3d0c11', accent: '#f6bd60', text: '#ffffff', sub: '#f5e1e3' },
  { bg: '#f7f7f2', accent: '#c1121f', text: '#14213d', sub: '#4a4e69' },
  { bg: '#22223b', accent: '#4cc9f0', text: '#ffffff', sub: '#c9cbe0' },
  { bg: '#003049', accent: '#fcbf49', text: '#ffffff', sub: '#cde4ef' },
];

const FONT = 'Helvetica, Arial, sans-serif';
/** Average glyph width of a bold sans-serif, in ems: enough to keep text inside the banner. */
const EM_WIDTH = 0.6;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The largest font size up to `max` at which `text` fits in `width`. */
const fitSize = (text: string, width: number, max: number) =>
  Math.max(6, Math.min(max, Math.floor(width / (EM_WIDTH * Math.max(1, text.length)))));

/** Greedy word wrap at an estimated glyph width. */
function wrap(text: string, width: number, size: number): string[] {
  const perLine = Math.max(1, Math.floor(width / (EM_WIDTH * size)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

interface TextBlock {
  lines: string[];
  size: number;
  color: string;
  weight?: number;
}

function textLines(x: number, y: number, block: TextBlock, anchor: 'start' | 'middle' = 'start'): string {
  return block.lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${Math.round(y + i * block.size * 1.15)}" font-size="${block.size}"${
          block.weight ? ` font-weight="${block.weight}"` : ''
        } fill="${block.color}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
}

function button(x: number, y: number, w: number, h: number, label: string, fill: string, color: string): string {
  const size = fitSize(label, w * 0.85, Math.floor(h * 0.5));
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(h / 4)}" fill="${fill}"/>` +
    `<text x="${x + w / 2}" y="${Math.round(y + h / 2 + size * 0.35)}" font-size="${size}" font-weight="700" fill="${color}" text-anchor="middle">${escapeXml(label)}</text>`
  );
}

/** A simple banner: dealership name, the offer's headline and line, and a call-to-action button. */
export function creativeSvg(spec: Pick<CreativeSpec, 'size' | 'dealership' | 'offer' | 'version' | 'video'>): string {
  const [w = 300, h = 250] = spec.size.split('x').map(Number);
  const palette = PALETTES[(spec.dealership.id + spec.version * 7 + spec.offer.key.length) % PALETTES.length]!;
  const { offer } = spec;
  const name = spec.dealership.shortName;
  const pad = Math.max(8, Math.round(Math.min(w, h) * 0.08));
  let body = '';
  if (w / h >= 4) {
    // Leaderboard and mobile banner: one row of text, the button on the right; the offer line
    // only where the banner is tall enough to read it.
    const bw = Math.round(Math.min(w * 0.24, h * 2.6));
    const bh = Math.round(h * 0.5);
    const textWidth = w - bw - pad * 3;
    const withLine = h >= 80;
    const nameSize = fitSize(name, textWidth, Math.floor(h * (withLine ? 0.16 : 0.24)));
    const headlineSize = fitSize(offer.headline, textWidth, Math.floor(h * (withLine ? 0.32 : 0.42)));
    const lineSize = fitSize(offer.line, textWidth, Math.floor(h * 0.15));
    const total = nameSize + headlineSize + (withLine ? lineSize : 0) + Math.round(h * 0.08) * (withLine ? 2 : 1);
    let y = Math.round((h - total) / 2) + nameSize;
    body += textLines(pad, y, { lines: [name], size: nameSize, color: palette.sub });
    y += Math.round(h * 0.08) + headlineSize * 0.85;
    body += textLines(pad, y, { lines: [offer.headline], size: headlineSize, color: palette.text, weight: 700 });
    if (withLine) {
      y += Math.round(h * 0.08) + lineSize;
      body += textLines(pad, y, { lines: [offer.line], size: lineSize, color: palette.sub });
    }
    body += button(w - bw - pad, Math.round((h - bh) / 2), bw, bh, offer.cta, palette.accent, palette.bg);
  } else {
    // Rectangles, skyscrapers, posters: stacked and centred, the button at the bottom.
    const inner = w - pad * 2;
    const nameSize = Math.min(fitSize(name, inner, Math.floor(h * 0.06)), Math.floor(w * 0.09));
    const headlineSize = Math.max(
      10,
      Math.min(Math.floor(h * 0.13), Math.floor(inner / (EM_WIDTH * Math.min(offer.headline.length, 11)))),
    );
    const headline = wrap(offer.headline, inner, headlineSize);
    const lineSize = Math.max(8, Math.min(Math.floor(headlineSize * 0.45), Math.floor(h * 0.05)));
    const line = wrap(offer.line, inner, lineSize);
    const bh = Math.round(Math.min(h * 0.13, w * 0.16));
    const buttonSize = Math.floor(bh * 0.5);
    const bw = Math.min(inner, Math.round(EM_WIDTH * buttonSize * offer.cta.length + bh * 1.2));
    const gap = Math.round(Math.min(w, h) * 0.05);
    const mark = spec.video ? Math.round(Math.min(w, h) * 0.07) : 0;
    const groupHeight =
      headline.length * headlineSize * 1.15 + gap + line.length * lineSize * 1.15 + (mark ? gap + mark * 2 : 0);
    const top = pad + nameSize + gap;
    const bottom = h - pad - bh - gap;
    let y = Math.round(top + Math.max(0, (bottom - top - groupHeight) / 2));
    body += textLines(w / 2, pad + nameSize, { lines: [name], size: nameSize, color: palette.sub }, 'middle');
    body += `<rect x="${Math.round(w / 2 - inner * 0.2)}" y="${y}" width="${Math.round(inner * 0.4)}" height="${Math.max(2, Math.round(h * 0.008))}" fill="${palette.accent}"/>`;
    y += headlineSize + Math.round(gap * 0.6);
    body += textLines(w / 2, y, { lines: headline, size: headlineSize, color: palette.text, weight: 700 }, 'middle');
    y += Math.round((headline.length - 1) * headlineSize * 1.15 + gap + lineSize);
    body += textLines(w / 2, y, { lines: line, size: lineSize, color: palette.sub }, 'middle');
    if (mark) {
      // Video poster frame: a play mark under the offer line.
      const cx = Math.round(w / 2);
      const cy = Math.round(y + (line.length - 1) * lineSize * 1.15 + gap + mark);
      body += `<circle cx="${cx}" cy="${cy}" r="${mark}" fill="${palette.accent}" opacity="0.9"/><path d="M${Math.round(cx - mark * 0.35)} ${Math.round(cy - mark * 0.5)}L${Math.round(cx + mark * 0.55)} ${cy}L${Math.round(cx - mark * 0.35)} ${Math.round(cy + mark * 0.5)}Z" fill="${palette.bg}"/>`;
    }
    body += button(Math.round((w - bw) / 2), h - pad - bh, bw, bh, offer.cta, palette.accent, palette.bg);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${FONT}">` +
    `<title>${escapeXml(`${name} - ${offer.headline} ${spec.size}`)}</title>` +
    `<rect width="${w}" height="${h}" fill="${palette.bg}"/>` +
    `<path d="M${Math.round(w * 0.62)} 0H${w}V${h}H${Math.round(w * 0.38)}Z" fill="${palette.accent}" opacity="0.12"/>` +
    `<rect x="0.5" y="0.5" width="${w - 1}" height="${h - 1}" fill="none" stroke="${palette.accent}" stroke-opacity="0.5"/>` +
    body +
    `</svg>\n`
  );
}
