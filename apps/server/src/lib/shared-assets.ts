import { fileURLToPath } from 'node:url';

/**
 * The repository's shared assets folder (`assets/` at the root), read by the server and never
 * written by it at run time: the demo creatives' banner art (`assets/demo-creatives/*.svg`, written
 * by `demo/write-creative-art.ts` and committed). The server serves that folder under
 * `/demo-creatives/` (plugins/external/shared-assets.ts) and the PDF reads its ad previews from it
 * (exports/pdf/ad-previews.ts); the web app shows them by those URLs and has no copy of its own.
 */
export const SHARED_ASSETS_DIR = fileURLToPath(new URL('../../../../assets/', import.meta.url));

/** The URL path the demo creatives are served under; an image_url `/demo-creatives/x.svg` is `assets/demo-creatives/x.svg`. */
export const DEMO_CREATIVES_PATH = '/demo-creatives/';
