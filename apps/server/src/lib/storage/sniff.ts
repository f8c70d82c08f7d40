import { fileTypeFromBuffer } from 'file-type';

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
