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

/**
 * Upload rules per product (spec 001 §5, issue 18 item 10): the accepted extensions and MIME types
 * (those of the product's creative kind in `creativeAllowedTypes`), the size limit in MB and the hint.
 */
export const creativeUploadRules: Record<
  NonInventoryProductCode,
  { kind: CreativeKind; extensions: readonly string[]; mimeTypes: readonly string[]; maxMb: number; hint: string }
> = {
  MOB: {
    kind: 'image',
    ...creativeAllowedTypes.image,
    maxMb: 1,
    hint: 'JPG/JPEG, PNG, GIF, max 1MB, recommended 300x250, 320x50, 300x50',
  },
  OTT: {
    kind: 'video',
    ...creativeAllowedTypes.video,
    maxMb: 100,
    hint: '1080p (1920x1080), 1.6-3.2 MBPS recommended',
  },
  VID: {
    kind: 'video',
    ...creativeAllowedTypes.video,
    maxMb: 100,
    hint: 'Min height 144px up to 4096x2160, aspect ratios 16:9, 9:16, 4:3, length 15s or 30s. Excluded types: intermediate, HDV 720p60, Go2Meeting3, Avid Meridien, lossless WMA, Cineform, SWF',
  },
  AUD: {
    kind: 'audio',
    ...creativeAllowedTypes.audio,
    maxMb: 100,
    hint: 'MP3, WMA, AAC, OGG, WAV, max 100MB, length 30 or 15 sec',
  },
};

export const creativeMessages = {
  wrongType: 'Please see below for accepted file types',
  tooLarge: (mb: number) => `File size must not exceed ${mb}MB`,
  spaces: 'Remove spaces from file name',
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
