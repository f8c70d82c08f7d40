import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CREATIVES_PATH, SHARED_ASSETS_DIR } from '../lib/shared-assets';
import { buildDemoFiles } from './build-demo-files';

/**
 * Rewrites the demo creatives' banner art in assets/demo-creatives (lib/shared-assets.ts) from the builder
 * (`npx tsx apps/server/src/demo/write-creative-art.ts`). The set of creatives depends on the plan,
 * never on `today`, so any date gives the same files. Run it after changing creatives.ts or the
 * plan; the demo unit test fails while the committed files differ from the builder's.
 */

const CREATIVE_ART_DIR = path.join(SHARED_ASSETS_DIR, DEMO_CREATIVES_PATH);

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-art-'));
  try {
    const { creativeArt } = await buildDemoFiles(tmp, { today: '2025-11-20' });
    fs.mkdirSync(CREATIVE_ART_DIR, { recursive: true });
    const keep = new Set(creativeArt.map((a) => a.file));
    for (const file of fs.readdirSync(CREATIVE_ART_DIR)) {
      if (file.endsWith('.svg') && !keep.has(file)) fs.rmSync(path.join(CREATIVE_ART_DIR, file));
    }
    for (const { file, svg } of creativeArt) fs.writeFileSync(path.join(CREATIVE_ART_DIR, file), svg);
    console.info(`Wrote ${creativeArt.length} SVG files to ${CREATIVE_ART_DIR}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
