// Renders the app's icons (client/public/icons/*.png) from the brand mark (client/components/brand-mark.tsx,
// client/public/favicon.svg) in headless Chromium: run once when the mark changes, and commit the PNGs
// (decision 61). `node scripts/render-icons.mjs` (CHROMIUM_PATH if Chromium is not /usr/bin/chromium).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'client', 'public', 'icons');

const TILE = '#0a0a0b';
const BRAND = '#f97316';
const PEAKS =
  '<path d="M6 24 13.5 8l4.2 9 2.8-5L26 24z" fill="COLOR"/><path d="M11.2 24 16 14l4.8 10z" fill="INNER"/>';

/** The mark as the favicon draws it: a rounded tile, transparent corners. */
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${TILE}"/>${PEAKS.replace('COLOR', BRAND).replace('INNER', TILE)}</svg>`;
/**
 * Maskable (a launcher crops it to its own shape): the tile's colour to every edge, the peaks inside
 * the safe zone (the centre circle of 80 % of the width).
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TILE}"/><g transform="translate(16 16) scale(0.78) translate(-16 -16)">${PEAKS.replace('COLOR', BRAND).replace('INNER', TILE)}</g></svg>`;
/** The status-bar badge: only its alpha counts (Android draws it in one colour). */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M6 24 13.5 8l4.2 9 2.8-5L26 24zM11.2 24 16 24 20.8 24 16 14z" fill="#fff" fill-rule="evenodd"/></svg>`;

const icons = [
  { file: 'icon-192.png', svg: any, size: 192 },
  { file: 'icon-512.png', svg: any, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: maskable, size: 180 },
  { file: 'badge-96.png', svg: badge, size: 96 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, svg, size } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: path.join(out, file), omitBackground: true });
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
