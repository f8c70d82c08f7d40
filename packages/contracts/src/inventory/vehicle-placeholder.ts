/**
 * The picture shown for a vehicle without a photo (issue 20 §6): a plain SVG, 400 × 240, with a
 * car's side outline and the vehicle's own words ("2019 Ford Edge" on the first line, the rest —
 * trim, body — on the second), so a reader sees which vehicle it is and that the photo is missing,
 * never a stock image of another car. Generated, no external fonts or images; the same markup in the
 * web app (as a data URL) and in the PDF (pdfmake `svg`).
 */

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Cuts `text` to `max` characters at a word boundary, with an ellipsis when it was longer. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Splits a vehicle description into the placeholder's two lines: year, make and the model's first
 * word, then the rest (at most 34 characters each).
 */
export function vehiclePlaceholderLines(description: string): [string, string] {
  const words = description.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length === 0) return ['Vehicle', ''];
  const headCount = /^\d{4}$/.test(words[0]!) ? Math.min(words.length, 3) : Math.min(words.length, 2);
  return [clip(words.slice(0, headCount).join(' '), 34), clip(words.slice(headCount).join(' '), 34)];
}

/** The placeholder's SVG markup for a vehicle description such as "2019 Ford Edge Titanium". */
export function vehiclePlaceholderSvg(description: string): string {
  const [first, second] = vehiclePlaceholderLines(description);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="240" viewBox="0 0 400 240">',
    '<rect width="400" height="240" fill="#f1f3f5"/>',
    // A side view of a car: body, cabin and two wheels.
    '<path d="M92 128 L124 96 Q132 88 146 88 L246 88 Q258 88 268 98 L298 126 L322 132 Q334 136 334 148 L334 160 L66 160 L66 146 Q66 132 80 130 Z" fill="#ced4da"/>',
    '<path d="M134 124 L152 102 L196 102 L196 124 Z M206 124 L206 102 L250 102 Q256 102 262 108 L278 124 Z" fill="#f8f9fa"/>',
    '<circle cx="124" cy="162" r="20" fill="#868e96"/><circle cx="124" cy="162" r="8" fill="#dee2e6"/>',
    '<circle cx="278" cy="162" r="20" fill="#868e96"/><circle cx="278" cy="162" r="8" fill="#dee2e6"/>',
    `<text x="200" y="40" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="#343a40">${escapeXml(first)}</text>`,
    second
      ? `<text x="200" y="64" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="15" fill="#495057">${escapeXml(second)}</text>`
      : '',
    '<text x="200" y="218" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="13" fill="#495057">No photo available</text>',
    '</svg>',
  ].join('');
}

/** The placeholder as a `data:` URL for an `<img>`. */
export const vehiclePlaceholderDataUrl = (description: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(vehiclePlaceholderSvg(description))}`;
