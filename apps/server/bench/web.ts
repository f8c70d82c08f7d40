import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The JavaScript a first visit to `path` downloads before its numbers are on screen, as the browser
 * sees it: every script response from navigation until `readyText` is visible (entry, route and
 * layout chunks and their static imports; code loaded later — charts, maps, dialogs — is not
 * counted). Sizes are raw and gzip level 9 of each body.
 */
export async function firstLoadJs(
  browser: Browser,
  options: { baseUrl: string; cookie?: { name: string; value: string }; path: string; readyText: string },
): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  const context = await browser.newContext({ baseURL: options.baseUrl });
  if (options.cookie) await context.addCookies([{ ...options.cookie, url: options.baseUrl }]);
  const page = await context.newPage();
  const bodies: Array<Promise<Buffer>> = [];
  let ready = false;
  page.on('response', (response) => {
    if (!ready && response.request().resourceType() === 'script') bodies.push(response.body());
  });
  await page.goto(options.path);
  await page.getByText(options.readyText, { exact: false }).first().waitFor({ state: 'visible', timeout: 60_000 });
  ready = true;
  const buffers = await Promise.all(bodies);
  await context.close();
  return {
    files: buffers.length,
    rawBytes: buffers.reduce((sum, b) => sum + b.length, 0),
    gzipBytes: buffers.reduce((sum, b) => sum + zlib.gzipSync(b, { level: 9 }).length, 0),
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * Milliseconds from navigation start until `numberText` (a figure the API returned, formatted as the
 * page formats it) is visible, in a fresh signed-in context with a cold cache. Median of `runs`.
 */
export async function timeToNumbers(
  browser: Browser,
  options: { baseUrl: string; cookie: { name: string; value: string }; path: string; numberText: string; runs: number },
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const context = await browser.newContext({ baseURL: options.baseUrl });
    await context.addCookies([{ ...options.cookie, url: options.baseUrl }]);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(options.path, { waitUntil: 'commit' });
    await page.getByText(options.numberText, { exact: false }).first().waitFor({ state: 'visible', timeout: 60_000 });
    times.push(performance.now() - started);
    await context.close();
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]!);
}

/**
 * Headless Chromium printing a report page to PDF (Playwright `page.pdf()`), the way BI tools
 * produce PDFs: navigation, data, charts, then print. Returns the milliseconds of the whole job and
 * of the print call alone.
 */
export async function chromiumPrintPdf(
  browser: Browser,
  options: { baseUrl: string; cookie: { name: string; value: string }; path: string; readySelector: string },
): Promise<{ totalMs: number; printMs: number; bytes: number }> {
  const context = await browser.newContext({ baseURL: options.baseUrl });
  await context.addCookies([{ ...options.cookie, url: options.baseUrl }]);
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(options.path);
  await page.locator(options.readySelector).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const printStarted = performance.now();
  const pdf = await page.pdf({ format: 'Letter', printBackground: true });
  const done = performance.now();
  await context.close();
  return { totalMs: Math.round(done - started), printMs: Math.round(done - printStarted), bytes: pdf.length };
}

/**
 * Lighthouse performance score (0–100) of `url` in headless Chromium, signed in with `cookie`, with
 * Lighthouse's desktop preset (the portal is a desktop tool for agency and dealership staff): desktop
 * viewport, its standard simulated network and no CPU slowdown.
 */
export async function lighthouseScore(url: string, cookieHeader: string): Promise<number | null> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  try {
    const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: { Cookie: cookieHeader },
      },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError || lhr.categories.performance?.score == null) {
      console.error(`Lighthouse could not score ${url}: ${lhr?.runtimeError?.message ?? 'no performance score'}`);
      return null;
    }
    return Math.round(lhr.categories.performance.score * 100);
  } finally {
    chrome.kill();
  }
}
