import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The PDF's text as poppler's pdftotext reads it (`-layout`: lines as laid out). */
export function pdfText(pdf: Buffer): string {
  const file = path.join(
    os.tmpdir(),
    `pdf-text-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`,
  );
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-']).toString();
  } finally {
    fs.rmSync(file, { force: true });
  }
}
