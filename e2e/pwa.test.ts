// The installable app (issue 32 part 5, decision 61): the manifest and its icons, the service worker
// at /sw.js with the scope /, and its offline page when the network is gone.
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the installable app', () => {
  it('links a manifest served as application/manifest+json whose icons load at their sizes', async () => {
    const { page, baseURL } = f;
    await page.goto('/');
    const link = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(link).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#09090b');

    const res = await fetch(new URL(link!, baseURL));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Tribe36',
      short_name: 'Tribe36',
      start_url: '/',
      display: 'standalone',
      theme_color: '#09090b',
      background_color: '#09090b',
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.filter((i) => i.purpose === 'maskable')).toHaveLength(1);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, baseURL));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer())), icon.src).toBe(icon.sizes);
    }
  });

  it('registers /sw.js with the scope /, and shows the offline page for a page with the network off', async () => {
    const { page, context, baseURL } = f;
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(new URL('/', baseURL).href);
    // The worker takes the open page over (clients.claim) once it is active.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const sw = await fetch(new URL('/sw.js', baseURL));
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    await context.setOffline(true);
    await page.goto('/?back=1');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.title()).toBe('You are offline · Tribe36');
    // The address stays the page asked for: Try again asks for it again.
    expect(new URL(page.url()).search).toBe('?back=1');

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Standard Issue Comms' }).waitFor();
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
  });

  it('offers push on this device in Settings, off until the member turns it on, at 375 px', async () => {
    const { page, context, baseURL } = f;
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpViaApi(context, baseURL);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Notifications on this device' });
    const toggle = card.getByRole('switch', { name: /Push notifications/ });
    // Nothing is asked on load: the browser's permission is still undecided, the switch off and usable.
    await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await card.textContent()).toContain('Off on this device.');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('shows a push as a notification with its text, icon, tag and page (the worker’s push handler)', async () => {
    const { page, context, baseURL } = f;
    const origin = new URL(baseURL).origin;
    await context.grantPermissions(['notifications'], { origin });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect
      .poll(() => registrations.some((r) => r.scopeURL === `${origin}/` && !r.isDeleted))
      .toBe(true);
    const { registrationId } = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)!;
    // What the server pushes (common/contracts/push.ts), delivered as a push service would; a url off
    // this site is not kept.
    const deliver = (data: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(data) });
    await deliver({
      title: 'Ann mentioned you',
      body: '@bob look',
      url: '/?message=5',
      tag: 'notification-9',
    });
    await deliver({ title: 'Elsewhere', body: '', url: 'https://attacker.example/', tag: 'notification-10' });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: new URL(n.icon).pathname,
          url: (n.data as { url: string }).url,
        })),
      );
    // The worker shows each in a task of its own: on a loaded machine that can take more than a second.
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(2);
    expect(await shown()).toEqual(
      expect.arrayContaining([
        {
          title: 'Ann mentioned you',
          body: '@bob look',
          tag: 'notification-9',
          icon: '/icons/icon-192.png',
          url: '/?message=5',
        },
        { title: 'Elsewhere', body: '', tag: 'notification-10', icon: '/icons/icon-192.png', url: '/' },
      ]),
    );
  });

  it('moves an open tab to a clicked notification’s page without reloading it', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    // What sw.js posts to the tab it focuses on notificationclick.
    await page.evaluate(() =>
      navigator.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'tribe36:navigate', url: '/settings' } }),
      ),
    );
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  });
});
