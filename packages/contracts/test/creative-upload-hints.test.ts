import { describe, expect, it } from 'vitest';
import {
  creativeAccept,
  creativeAllowedTypes,
  creativeFileError,
  creativeKindOf,
  creativeMessages,
  creativeUploadRules,
  nonInventoryProductCodes,
} from '../src';

/** The extensions a hint names ('JPG/JPEG' → jpg and jpeg), read back from its text before ', max'. */
function extensionsNamedBy(hint: string): string[] {
  const types = hint.slice(0, hint.indexOf(', max '));
  return types
    .split(', ')
    .flatMap((label) => label.split('/'))
    .map((e) => e.toLowerCase());
}

// Issue 25 item 7: 'JPG/JPEG, PNG, GIF, max 1MB' was shown for Mobile Display while GIF was refused.
describe('creative upload hints, the browser check and the server rule come from one definition', () => {
  for (const product of nonInventoryProductCodes) {
    const rule = creativeUploadRules[product];
    const allowed = creativeAllowedTypes[creativeKindOf[product]];

    it(`${product}: the hint names exactly the accepted types and the size limit`, () => {
      expect(rule.extensions).toEqual(allowed.extensions);
      expect(rule.mimeTypes).toEqual(allowed.mimeTypes);
      expect(new Set(extensionsNamedBy(rule.hint))).toEqual(new Set(allowed.extensions));
      expect(rule.hint).toMatch(new RegExp(`, max ${rule.maxMb}MB(,|$)`));
    });

    it(`${product}: the drop zone accepts exactly the allow-list`, () => {
      const accept = creativeAccept(product);
      expect(new Set(Object.keys(accept))).toEqual(new Set(allowed.mimeTypes));
      for (const extensions of Object.values(accept))
        expect(new Set(extensions)).toEqual(new Set(allowed.extensions.map((e) => `.${e}`)));
    });

    it(`${product}: the browser check accepts every type the hint names and refuses others and oversize files`, () => {
      for (const extension of extensionsNamedBy(rule.hint))
        for (const type of allowed.mimeTypes)
          expect(creativeFileError(product, { name: `ad.${extension}`, size: 10, type })).toBeNull();
      expect(creativeFileError(product, { name: 'ad.svg', size: 10, type: 'image/svg+xml' })).toBe(
        creativeMessages.wrongType,
      );
      const ext = allowed.extensions[0]!;
      expect(
        creativeFileError(product, {
          name: `ad.${ext}`,
          size: rule.maxMb * 1024 * 1024 + 1,
          type: allowed.mimeTypes[0]!,
        }),
      ).toBe(creativeMessages.tooLarge(rule.maxMb));
    });
  }

  it('Mobile Display names and accepts GIF', () => {
    expect(creativeUploadRules.MOB.hint).toMatch(/^PNG, JPG\/JPEG, GIF, WebP, max 1MB/);
    expect(creativeFileError('MOB', { name: 'ad.gif', size: 1000, type: 'image/gif' })).toBeNull();
  });
});
