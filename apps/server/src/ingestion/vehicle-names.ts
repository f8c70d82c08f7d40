/**
 * Make, model and trim of a vehicle as the inventory step lists them (issue 25 item 10). Feeds
 * split a listing's title at the first space ('Alfa' / 'Romeo Giulia Base', 'Land' / 'Rover Range
 * Rover Sport …') or put the trim into the model ('CX-5 Grand Touring'); this puts each part where
 * it belongs, so the make and model tiles list 'Alfa Romeo' and 'CX-5'. Used where vehicles come in:
 * the demo loader (`demo/dealerships.ts`) and the dealership's feed (`POST .../inventory/feed`).
 */

/** Makes of more than one word (the first word alone is what a title split leaves). */
const MULTI_WORD_MAKES = ['Alfa Romeo', 'Aston Martin', 'Land Rover', 'Rolls-Royce', 'Rolls Royce'];

/** Makes written in the manufacturer's own capitals; any other all-caps make is title-cased. */
const MAKE_SPELLINGS = new Map(
  ['BMW', 'GMC', 'MINI', 'FIAT', 'INFINITI', 'RAM', 'Mercedes-Benz', 'McLaren', 'smart'].map((make) => [
    make.toLowerCase(),
    make,
  ]),
);

/**
 * Models of more than one word (longest first); any other model is its first word, with a following
 * load rating or engine number ('Silverado 1500', 'ES 350', 'GLC 300').
 */
const MULTI_WORD_MODELS = [
  'Range Rover Sport',
  'Range Rover Evoque',
  'Range Rover Velar',
  'Range Rover',
  'Discovery Sport',
  'Continental Flying Spur',
  'Grand Cherokee',
  'Grand Caravan',
  'Grand Wagoneer',
  'Wrangler Unlimited',
  'Outlander Sport',
  'Santa Fe',
  'Town & Country',
  'Model S',
  'Model 3',
  'Model X',
  'Model Y',
  'Mustang Mach-E',
  'Cruze Limited',
  'Escalade ESV',
  'Yukon XL',
  'Suburban 1500',
  'Transit Connect',
  'Crown Victoria',
  'Corolla Cross',
  'Land Cruiser',
].sort((a, b) => b.length - a.length);

/** A make as the tiles show it: 'INFINITI' kept, 'TOYOTA' → 'Toyota', 'ram' → 'RAM'. */
function spellMake(make: string): string {
  const known = MAKE_SPELLINGS.get(make.toLowerCase());
  if (known) return known;
  if (make === make.toUpperCase() && make.length > 3)
    return make.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (letter) => letter.toUpperCase());
  return make;
}

/** Where a model word is followed by a number that belongs to the model (not a trim). */
const MODEL_NUMBER = /^\d{3,4}(HD)?$/;

/**
 * `{ make, model, trim }` normalised: a multi-word make joined back ('Alfa' + 'Romeo Giulia Base' →
 * 'Alfa Romeo' / 'Giulia' / 'Base'), the make's usual spelling, and — when the feed has no trim —
 * the trim split off the model at the model's known words ('CX-5 Grand Touring' → 'CX-5' /
 * 'Grand Touring', 'Grand Cherokee Limited' → 'Grand Cherokee' / 'Limited'). A trim the feed gives
 * is kept as it is; whitespace is collapsed; an empty trim is null.
 */
export function normalizeVehicleName(vehicle: { make: string; model: string; trim?: string | null }): {
  make: string;
  model: string;
  trim: string | null;
} {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  let make = clean(vehicle.make);
  let model = clean(vehicle.model);
  let trim: string | null = clean(vehicle.trim) || null;
  for (const full of MULTI_WORD_MAKES) {
    const [first, ...rest] = full.split(' ');
    const tail = rest.join(' ');
    if (make.toLowerCase() === first!.toLowerCase() && model.toLowerCase().startsWith(`${tail.toLowerCase()} `)) {
      make = full;
      model = model.slice(tail.length + 1);
      break;
    }
    if (make.toLowerCase() === full.toLowerCase()) {
      make = full;
      break;
    }
  }
  make = spellMake(make);
  if (trim === null) {
    const words = model.split(' ');
    const known = MULTI_WORD_MODELS.find(
      (name) => model.toLowerCase() === name.toLowerCase() || model.toLowerCase().startsWith(`${name.toLowerCase()} `),
    );
    let length = known ? known.split(' ').length : 1;
    if (!known && words.length > 1 && /^\p{L}[\p{L}-]*$/u.test(words[0]!) && MODEL_NUMBER.test(words[1]!)) length = 2;
    // 'C-Class C 300': the class is the model, the rest the trim.
    if (words.length > length) {
      trim = words.slice(length).join(' ');
      model = words.slice(0, length).join(' ');
    }
  }
  return { make, model, trim };
}
