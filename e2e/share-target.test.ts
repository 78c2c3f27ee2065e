// A clip shared to the installed app (issue 33 part 1, decision 63): the manifest's share target, the
// service worker keeping the shared files on the device, and Side by Side opening them.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';

const f = useBrowser();

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const VIDEO = { name: 'athlete.webm', mimeType: 'video/webm', buffer: fixture('athlete.webm') };
const IMAGE = { name: 'athlete.jpg', mimeType: 'image/jpeg', buffer: fixture('athlete.jpg') };
const PAGE = '/think-tanks/physiological';
type FilePayload = typeof VIDEO;

type Manifest = {
  share_target?: {
    action: string;
    method: string;
    enctype: string;
    params: { files?: { name: string; accept: string[] }[] };
  };
};

/** Waits until the service worker controls the page (it claims it once active). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * What a phone's share sheet does with the manifest's share target: a multipart POST of the files to
 * its action, as a navigation. Made here by a form of the page, in the field the manifest names.
 */
async function share(page: Page, files: FilePayload[]) {
  const manifest = (await page.evaluate(async () =>
    (await fetch('/manifest.webmanifest')).json(),
  )) as Manifest;
  const target = manifest.share_target!;
  await page.evaluate(
    ({ action, method, enctype, field }) => {
      const form = document.createElement('form');
      form.action = action;
      form.method = method;
      form.enctype = enctype;
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      input.multiple = true;
      input.id = 'share-sheet';
      form.append(input);
      document.body.append(form);
    },
    {
      action: target.action,
      method: target.method,
      enctype: target.enctype,
      field: target.params.files![0]!.name,
    },
  );
  await page.locator('#share-sheet').setInputFiles(files);
  await page.evaluate(() => (document.getElementById('share-sheet') as HTMLInputElement).form!.submit());
}

/** Every request the browser made from now on (the page's and the service worker's). */
function watchRequests(page: Page) {
  const requests: Request[] = [];
  page.context().on('request', (request) => requests.push(request));
  return requests;
}

/**
 * The requests of `requests` that reached the server with a body other than JSON (the only way a file
 * travels): any but GET and HEAD not answered by the service worker. (Chromium tells Playwright
 * neither the body nor its size of a form's file upload, so the method and the type are what is
 * checked.)
 */
async function sentToServer(requests: Request[]) {
  const out: string[] = [];
  for (const request of requests) {
    if (request.method() === 'GET' || request.method() === 'HEAD') continue;
    const type = (await request.headerValue('content-type').catch(() => null)) ?? '';
    if (type.startsWith('application/json')) continue;
    const response = await request.response().catch(() => null);
    if (response?.fromServiceWorker()) continue;
    out.push(`${request.method()} ${new URL(request.url()).pathname} ${type.split(';')[0]}`);
  }
  return out;
}

/**
 * The files in the server's uploads folder that hold exactly the bytes of one of `payloads`. Counted by
 * content, not by number: the server also writes files of its own meanwhile (a picture's smaller
 * version made when a page asks for it, a previous file's late work), and none of those is an upload.
 */
function serverCopies(payloads: FilePayload[]): string[] {
  const dir = path.join(inject('dataDir'), 'uploads');
  if (!fs.existsSync(dir)) return [];
  const sizes = new Set(payloads.map((p) => p.buffer.length));
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => {
      const size = fs.statSync(file, { throwIfNoEntry: false })?.size;
      if (size === undefined || !sizes.has(size)) return false;
      const bytes = fs.readFileSync(file);
      return payloads.some((p) => p.buffer.equals(bytes));
    })
    .sort();
}

const player = (page: Page, n: 1 | 2) => page.getByRole('region', { name: `Player ${n} - Member ${n}` });
const canvasOf = (page: Page, n: 1 | 2) =>
  page.getByRole('application', { name: `Player ${n} - Member ${n} canvas` });

async function waitForMedia(page: Page, n: 1 | 2, media: 'video' | 'image') {
  await page.waitForFunction(
    ({ name, media }) =>
      document.querySelector(`canvas[aria-label="${name}"]`)?.getAttribute('data-media') === media,
    { name: `Player ${n} - Member ${n} canvas`, media },
    { timeout: 30_000 },
  );
}

/** Whether an element is within the window (the fixed header and footer aside). */
const inView = (page: Page, locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** The names of the shares the worker keeps in Cache Storage. */
const keptShares = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('tribe36-share-')));

describe('sharing a clip to the app', () => {
  it('declares a share target for videos and images, posted as multipart/form-data to /share', async () => {
    const res = await fetch(new URL('/manifest.webmanifest', f.baseURL));
    const manifest = (await res.json()) as Manifest;
    expect(manifest.share_target).toEqual({
      action: '/share',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'clips', accept: ['video/*', 'image/*'] }] },
    });
  });

  it('opens a shared video in Player 1 and an image in Player 2 through the service worker, uploading nothing', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await controlled(page);
    const requests = watchRequests(page);
    const copiesBefore = serverCopies([VIDEO, IMAGE]);

    await share(page, [VIDEO, IMAGE]);
    await page.waitForURL((url) => url.pathname === PAGE);
    await waitForMedia(page, 1, 'video');
    await waitForMedia(page, 2, 'image');

    // The POST never left the browser: the worker answered it, and nothing with a body reached the server.
    const post = requests.find((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/share');
    expect(post, 'the share was posted').toBeDefined();
    expect((await post!.response())?.fromServiceWorker()).toBe(true);
    expect(await sentToServer(requests)).toEqual([]);
    expect(serverCopies([VIDEO, IMAGE]), 'no copy of the shared files on the server').toEqual(copiesBefore);

    const notice = page.getByRole('status').filter({ hasText: 'Opened the shared' });
    expect(await notice.textContent()).toContain(
      'Opened the shared athlete.webm in Player 1 - Member 1 and athlete.jpg in Player 2 - Member 2.',
    );
    // The marker is gone from the address, the kept files from the device, and Player 1 is in view.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => keptShares(page)).toEqual([]);
    await expect.poll(() => inView(page, notice)).toBe(true);
    const box = (await player(page, 1).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(page.viewportSize()!.height / 3);
    // The video plays from the file though its copy on the device was deleted: its length (2 s) is
    // known and a frame near its end can be shown.
    const seek = player(page, 1).getByRole('slider', { name: 'Seek' });
    await expect
      .poll(async () => Number(await seek.getAttribute('max')), { timeout: 15_000 })
      .toBeGreaterThan(1.9);
    await seek.fill('1.8');
    await expect.poll(async () => Number(await seek.inputValue()), { timeout: 15_000 }).toBeCloseTo(1.8, 1);
  });

  it('keeps the shared clip while a signed-out member signs in, then opens it', async () => {
    const { page, context, baseURL } = f;
    const { email } = await signUpViaApi(context, baseURL);
    await context.clearCookies();
    await page.goto('/');
    await controlled(page);

    await share(page, [VIDEO]);
    // A members' page sends a visitor home to sign in (decision 47); the clip waits on the device.
    const login = page.getByRole('dialog', { name: 'Login to Tribe36' });
    await login.waitFor();
    expect(await keptShares(page)).toHaveLength(1);
    await login.getByLabel('Username').fill(email);
    await login.getByLabel('Password').fill('secret-pass');
    await login.getByRole('button', { name: 'Login', exact: true }).click();

    await page.waitForURL((url) => url.pathname === PAGE);
    await waitForMedia(page, 1, 'video');
    expect(await canvasOf(page, 2).getAttribute('data-media')).toBe('none');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => keptShares(page)).toEqual([]);
  });

  it('says which shared file is neither a video nor an image, and opens nothing', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    await page.goto('/');
    await controlled(page);
    await share(page, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.waitForURL((url) => url.pathname === PAGE);
    const notice = page.getByRole('status').filter({
      hasText: 'notes.txt is not a video or an image: Side by Side opens videos and images only.',
    });
    await notice.waitFor();
    expect(await canvasOf(page, 1).getAttribute('data-media')).toBe('none');
    await expect.poll(() => keptShares(page)).toEqual([]);
    // Scrolled to, far down the page as Side by Side is.
    await expect.poll(() => inView(page, notice)).toBe(true);
  });

  it('without the service worker, the server sends the page, which says the clip did not arrive', async () => {
    const { browser, baseURL } = f;
    // A browser that has no worker running for the app: the POST reaches the server.
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await signUpViaApi(context, baseURL);
      await page.goto('/');
      const requests = watchRequests(page);
      await share(page, [VIDEO]);
      await page.waitForURL((url) => url.pathname === PAGE);
      await page.getByRole('status').filter({ hasText: 'The shared clip did not reach Tribe36' }).waitFor();
      // Here the file did go to the server (which dropped it): what the test above finds none of.
      expect(await sentToServer(requests)).toEqual(['POST /share multipart/form-data']);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(await canvasOf(page, 1).getAttribute('data-media')).toBe('none');
    } finally {
      await context.close();
    }
  });
});
