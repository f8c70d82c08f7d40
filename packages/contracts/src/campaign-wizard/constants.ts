/** Business constants of campaign creation (spec 001 §9). */
export const WIZARD_STEPS = 6;
export const RECOMMENDED_BUDGET = 5000;
export const UNDER_30K_PRICE = 30000;
export const MAX_AGE_OPTION_DAYS = 60;
export const MAX_THUMBNAILS = 10;
export const MAX_REVIEW_AUDIENCES = 3;
export const INVENTORY_PAGE_SIZE = 99999;
export const MAX_CREATIVE_SLOTS = 3;
export const CREATIVES_BUCKET = 'creatives';

export const objectives = ['awareness', 'consideration', 'conversion'] as const;
export type Objective = (typeof objectives)[number];
/** Objective texts (spec 001 §2.4), also used on the review page. */
export const objectiveTexts: Record<Objective, string> = {
  awareness: 'Get people to know your brand',
  consideration: 'Make people think about your brand',
  conversion: 'Get people wanting to see more',
};

export const inventoryProductCodes = ['VLA', 'DYN', 'INV', 'DYD'] as const;
export const nonInventoryProductCodes = ['MOB', 'OTT', 'VID', 'AUD'] as const;
export type InventoryProductCode = (typeof inventoryProductCodes)[number];
export type NonInventoryProductCode = (typeof nonInventoryProductCodes)[number];
export type WizardProductCode = InventoryProductCode | NonInventoryProductCode;
export const wizardProductCodes = [...inventoryProductCodes, ...nonInventoryProductCodes] as const;

/** Products of the wizard (spec 001 §2.5): name and description as shown on the product and review steps. */
export const wizardProducts: Record<WizardProductCode, { name: string; description: string }> = {
  VLA: {
    name: 'Google Vehicle Ads',
    description: 'Show your vehicles with photo, price and mileage right in Google search results.',
  },
  DYN: {
    name: 'Facebook Dynamic',
    description: 'Automatically promote the right vehicles to in-market shoppers on Facebook and Instagram.',
  },
  INV: {
    name: 'Inventory Search Marketing',
    description: 'Search ads generated from your inventory, kept in sync with what is on your lot.',
  },
  DYD: {
    name: 'Dynamic Inventory Display',
    description: 'Display banners across the web that feature your current vehicles and prices.',
  },
  MOB: { name: 'Mobile Display', description: 'Banner ads in apps and mobile sites near your dealership.' },
  OTT: { name: 'TV (OTT/CTV)', description: 'Your commercial on streaming TV apps and connected TVs.' },
  VID: { name: 'Video (Preroll)', description: 'Short video ads before online videos people choose to watch.' },
  AUD: { name: 'Digital Audio', description: 'Audio spots on streaming music and podcast platforms.' },
};

export const vehicleStates = ['New', 'Used', 'Certified used'] as const;
export type VehicleState = (typeof vehicleStates)[number];

/** Creative slots per non-inventory product (spec 001 §3 "Creative slot"). */
export const creativeSlots: Record<NonInventoryProductCode, number> = { MOB: 3, OTT: 1, VID: 2, AUD: 3 };

/** The kinds of creative a product takes: MOB images, OTT and VID video, AUD audio. */
export const creativeKinds = ['image', 'video', 'audio'] as const;
export type CreativeKind = (typeof creativeKinds)[number];

/**
 * THE allow-list of creative file types, one per kind (issue 18 item 10): the MIME types a creative
 * may be declared as and must be sniffed as (server: file-type on the stored bytes), and the file
 * name extensions the browser accepts. SVG, HTML, JavaScript and anything else are never stored. The
 * server's signing, upload and recording checks, the web wizard's file check and its hint all read
 * this one definition.
 */
export const creativeAllowedTypes: Record<
  CreativeKind,
  { mimeTypes: readonly string[]; extensions: readonly string[] }
> = {
  image: {
    mimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  },
  video: { mimeTypes: ['video/mp4', 'video/webm', 'video/quicktime'], extensions: ['mp4', 'webm', 'mov'] },
  audio: {
    mimeTypes: [
      'audio/mpeg',
      'audio/mp3',
      'audio/x-ms-wma',
      'audio/aac',
      'audio/x-aac',
      'audio/ogg',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
      'audio/vnd.wave',
    ],
    extensions: ['mp3', 'mpeg', 'wma', 'aac', 'ogg', 'wav'],
  },
};

/** The kind of creative each non-inventory product takes. */
export const creativeKindOf: Record<NonInventoryProductCode, CreativeKind> = {
  MOB: 'image',
  OTT: 'video',
  VID: 'video',
  AUD: 'audio',
};

/** How an extension is named in a hint ('jpg' and 'jpeg' together as 'JPG/JPEG', 'webp' as 'WebP'). */
const extensionLabels: Record<string, string> = { jpg: 'JPG/JPEG', jpeg: '', webp: 'WebP' };

/**
 * The accepted types and size limit as a hint names them, generated from the allow-list (issue 25
 * item 7), e.g. 'PNG, JPG/JPEG, GIF, WebP, max 1MB'.
 */
export function creativeTypesHint(extensions: readonly string[], maxMb: number): string {
  const labels = extensions.map((e) => extensionLabels[e] ?? e.toUpperCase()).filter(Boolean);
  return `${labels.join(', ')}, max ${maxMb}MB`;
}

function uploadRule(kind: CreativeKind, maxMb: number, recommendation: string) {
  const { mimeTypes, extensions } = creativeAllowedTypes[kind];
  return { kind, mimeTypes, extensions, maxMb, hint: `${creativeTypesHint(extensions, maxMb)}, ${recommendation}` };
}

/**
 * Upload rules per product (spec 001 §5, issue 18 item 10): the accepted extensions and MIME types
 * (those of the product's creative kind in `creativeAllowedTypes`), the size limit in MB and the hint,
 * whose types and size are generated from the same rule (issue 25 item 7), followed by the spec's
 * recommendations.
 */
export const creativeUploadRules: Record<
  NonInventoryProductCode,
  { kind: CreativeKind; extensions: readonly string[]; mimeTypes: readonly string[]; maxMb: number; hint: string }
> = {
  MOB: uploadRule('image', 1, 'recommended 300x250, 320x50, 300x50'),
  OTT: uploadRule('video', 100, '1080p (1920x1080), 1.6-3.2 MBPS recommended'),
  VID: uploadRule(
    'video',
    100,
    'min height 144px up to 4096x2160, aspect ratios 16:9, 9:16, 4:3, length 15s or 30s. Excluded types: intermediate, HDV 720p60, Go2Meeting3, Avid Meridien, lossless WMA, Cineform, SWF',
  ),
  AUD: uploadRule('audio', 100, 'length 30 or 15 sec'),
};

export const creativeMessages = {
  wrongType: 'Please see below for accepted file types',
  tooLarge: (mb: number) => `File size must not exceed ${mb}MB`,
  spaces: 'Remove spaces from file name',
  /** The same content (SHA-256) is already among the draft's creatives (issue 25 item 8). */
  duplicate: 'This file is already added',
} as const;

export const wizardMessages = {
  required: 'This field is required',
  terms: 'Please accept the Terms of Service before continuing.',
  termsHint: 'You must accept the terms to continue',
  objective: 'Please select an objective',
  campaignType: 'Please choose a campaign type',
  product: 'Please choose a product',
  dmaNotFound: 'DMA not found',
  resume: 'Do you want to continue with your unfinished campaign?',
  saving: 'Saving campaign',
  saved: 'Campaign saved!',
  creating: 'Creating campaign...',
  created: 'Campaign created!',
  failed: 'An error has occured',
} as const;
