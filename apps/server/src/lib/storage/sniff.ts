import { fileTypeFromBuffer } from 'file-type';
import { creativeAllowedTypes, type CreativeKind } from '@portal/contracts';

const aliases: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-aac': 'audio/aac',
};
const normalise = (mime: string) => {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return aliases[base] ?? base;
};

/** Types file-type recognises reliably: a file declared as one of these must sniff as it. */
const sniffable = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/aac',
]);

/**
 * Whether the bytes agree with the declared content type (content sniffed with file-type): a
 * sniffable type must be detected as itself; any other declared type is refused when the bytes are
 * detected as a different top-level kind (an image declared as video, an executable, …).
 */
export async function contentMatchesType(bytes: Uint8Array, declared: string): Promise<boolean> {
  const expected = normalise(declared);
  // A truncated header makes file-type throw (end of stream): that is "not recognised", never a 500.
  const detected = await fileTypeFromBuffer(bytes.subarray(0, 4100)).catch(() => undefined);
  const mime = detected ? normalise(detected.mime) : null;
  if (sniffable.has(expected)) return mime === expected || (expected === 'audio/aac' && mime === 'audio/mp4');
  if (!mime) return true;
  return mime.split('/')[0] === expected.split('/')[0];
}

/**
 * What the bytes of each creative kind may be sniffed as (file-type's MIME names): the server's side
 * of `creativeAllowedTypes` (packages/contracts). Anything else — SVG, HTML, JavaScript, an
 * unrecognised body — is refused, whatever type it was declared as (issue 18 item 10).
 */
const sniffedCreativeTypes: Record<CreativeKind, ReadonlySet<string>> = {
  image: new Set(creativeAllowedTypes.image.mimeTypes.map(normalise)),
  video: new Set(creativeAllowedTypes.video.mimeTypes.map(normalise)),
  // WMA is an ASF container; AAC may come in an MP4 (m4a) container.
  audio: new Set([
    ...creativeAllowedTypes.audio.mimeTypes.map(normalise),
    'audio/x-ms-asf',
    'application/vnd.ms-asf',
    'audio/mp4',
    'audio/x-m4a',
  ]),
};

/** The MIME type file-type sniffs from the first bytes (normalised), or null when it recognises none. */
export async function sniffType(bytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes.subarray(0, 4100)).catch(() => undefined);
  return detected ? normalise(detected.mime) : null;
}

/**
 * Whether a creative may be stored as `kind`: the declared type is on the kind's allow-list
 * (`creativeAllowedTypes`) and the sniffed content is a type of that kind (`contentMatchesType` as
 * well, so a PNG declared as JPEG is still refused).
 */
export async function isAllowedCreative(bytes: Uint8Array, declared: string, kind: CreativeKind): Promise<boolean> {
  if (!creativeAllowedTypes[kind].mimeTypes.includes(declared.split(';')[0]!.trim().toLowerCase())) return false;
  const sniffed = await sniffType(bytes);
  return sniffed !== null && sniffedCreativeTypes[kind].has(sniffed) && (await contentMatchesType(bytes, declared));
}
