import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpViaApi, useBrowser } from './fixtures/browser';
import {
  chatLog,
  messageBox,
  newestMessage,
  openChat,
  postViaApi,
  secondMember,
  scrollUpUntilDrawn,
  sendText,
  uniqueText,
} from './fixtures/chat';

const f = useBrowser();

/** The query strings of the GET /api/chat/community requests a page makes (polls and pages, not the stream). */
function recordMessageRequests(page: Page) {
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/chat/community' && request.method() === 'GET') searches.push(url.search);
  });
  return searches;
}

/** The distance in pixels between the end of the list and what is shown. */
const distanceFromEnd = (page: Page) =>
  chatLog(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

describe('community chat delivery', () => {
  it('reaches another member through the stream, with their polling switched off', async () => {
    const { page, context, baseURL } = f;
    const a = await signUpViaApi(context, baseURL);
    const b = await secondMember(f, () => window.localStorage.setItem('tribe36-chat-polling', 'off'));
    try {
      const bRequests = recordMessageRequests(b.page);
      await openChat(b.page);
      await b.page.locator('[data-stream="open"]').waitFor();
      expect(await b.page.getByText('Live', { exact: true }).isVisible()).toBe(true);

      await openChat(page);
      const text = uniqueText('Stream check');
      const askedBefore = bRequests.length;
      await sendText(page, text);
      // A sees their own message at once, and the box is empty again.
      await chatLog(page).getByText(text, { exact: true }).waitFor();
      expect(await messageBox(page).inputValue()).toBe('');

      await chatLog(b.page).getByText(text, { exact: true }).waitFor();
      // B asked for nothing meanwhile: the stream brought it, without a reload or a poll.
      expect(bRequests.slice(askedBefore)).toEqual([]);
      const sender = newestMessage(b.page).getByRole('link', { name: a.user.name });
      expect(await sender.getAttribute('href')).toBe(`/member/${a.user.username}`);
      expect(await newestMessage(b.page).locator('time').textContent()).toBe('Just now');
    } finally {
      await b.context.close();
    }
  });

  it('still arrives by polling when the stream is blocked', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const b = await secondMember(f);
    try {
      let streamTries = 0;
      await b.page.route(
        (url) => url.pathname === '/api/live',
        (route) => {
          streamTries += 1;
          return route.abort();
        },
      );
      const bRequests = recordMessageRequests(b.page);
      await openChat(b.page);
      await openChat(page);
      const text = uniqueText('Polling check');
      await sendText(page, text);
      await chatLog(b.page).getByText(text, { exact: true }).waitFor();
      expect(streamTries).toBeGreaterThan(0);
      expect(await b.page.locator('[data-stream="open"]').count()).toBe(0);
      // It came with a poll for what is newer than the newest message held.
      expect(bRequests.some((search) => /^\?after=\d+$/.test(search))).toBe(true);
      // Asked again with the ETag it was given, an unchanged room answers 304.
      const unchanged = await b.page.waitForResponse(
        (res) => /\/api\/chat\/community\?after=\d+$/.test(res.url()) && res.status() === 304,
        { timeout: 10_000 },
      );
      expect(await unchanged.request().headerValue('if-none-match')).toBeTruthy();
    } finally {
      await b.context.close();
    }
  });
});

describe('the message box', () => {
  it('makes a new line with Shift+Enter, sends with Enter, and never sends blank text', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/community') {
        posts.push(request.postData() ?? '');
      }
    });
    await openChat(page);
    const first = uniqueText('Line one');
    await messageBox(page).fill(first);
    await messageBox(page).press('Shift+Enter');
    await messageBox(page).pressSequentially('line two');
    expect(await messageBox(page).inputValue()).toBe(`${first}\nline two`);
    expect(posts).toEqual([]);

    // Blank text: neither Enter nor the (disabled) send button posts it.
    const draft = await messageBox(page).inputValue();
    await messageBox(page).fill('   \n  ');
    await messageBox(page).press('Enter');
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    expect(posts).toEqual([]);

    await messageBox(page).fill(draft);
    await messageBox(page).press('Enter');
    const sent = chatLog(page).locator('p', { hasText: first });
    await sent.waitFor();
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!)).toEqual({ content: `${first}\nline two`, messageType: 'text' });
    // The new line is kept on screen.
    expect(await sent.innerText()).toBe(`${first}\nline two`);
    expect(await messageBox(page).getAttribute('maxlength')).toBe('2000');
  });

  it('shows markup as text and runs nothing, and makes web links clickable', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openChat(page);
    const attack = '<img src=x onerror=alert(1)>';
    await sendText(page, attack);
    await chatLog(page).getByText(attack, { exact: true }).waitFor();
    const link = uniqueText('https://example.com/tribe?x=1');
    const [url] = link.split(' ');
    await sendText(page, `Read ${link}.`);
    await chatLog(page).getByText(`Read ${link}.`).waitFor();

    // After a reload it comes from the server, and is still only text.
    await page.reload();
    await chatLog(page).getByText(attack, { exact: true }).last().waitFor();
    expect(await chatLog(page).locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);

    const anchor = chatLog(page).getByRole('link', { name: url! });
    expect(await anchor.getAttribute('href')).toBe(url);
    expect(await anchor.getAttribute('target')).toBe('_blank');
    expect(await anchor.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('scrolling', () => {
  it("follows new messages at the end, and offers 'New messages' to a member reading older ones", async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    const b = await secondMember(f);
    try {
      // Enough messages for the list to scroll.
      for (let i = 0; i < 12; i += 1) await postViaApi(b.context, baseURL, uniqueText(`Filler ${i}`));
      await openChat(page);
      await page.locator('[data-stream="open"]').waitFor();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);

      // At the end, a new message is followed.
      const followed = await postViaApi(b.context, baseURL, uniqueText('Followed'));
      await chatLog(page).getByText(followed.content).waitFor();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
      expect(await page.getByRole('button', { name: 'New messages' }).count()).toBe(0);

      // Scrolled up to read, the list stays put and says there is more.
      // The new message comes once the list has had its scroll event, as after a member's own scroll
      // (on a loaded machine the event could otherwise come after the message).
      const reading = await chatLog(page).evaluate(
        (el) =>
          new Promise<number>((resolve) => {
            el.addEventListener('scroll', () => requestAnimationFrame(() => resolve(el.scrollTop)), {
              once: true,
            });
            el.scrollBy(0, -200);
          }),
      );
      // What the member reads stays where it is (older messages the room held may still be going in
      // above it, decision 73: then the list scrolls by as much as they take, and nothing moves).
      const read = chatLog(page).getByText(followed.content);
      const readAt = async () => (await read.boundingBox())!.y - (await chatLog(page).boundingBox())!.y;
      const before = await readAt();
      const unseen = await postViaApi(b.context, baseURL, uniqueText('Unseen'));
      await page.getByRole('button', { name: 'New messages' }).waitFor();
      expect(await chatLog(page).evaluate((el) => el.scrollTop)).toBeGreaterThanOrEqual(reading);
      expect(Math.abs((await readAt()) - before)).toBeLessThan(1);

      await page.getByRole('button', { name: 'New messages' }).click();
      await expect.poll(() => distanceFromEnd(page)).toBeLessThan(2);
      expect(await chatLog(page).getByText(unseen.content).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'New messages' }).waitFor({ state: 'detached' });
    } finally {
      await b.context.close();
    }
  });

  it('loads older messages at the top and keeps the same messages in view', async () => {
    const { page, context, baseURL } = f;
    await signUpViaApi(context, baseURL);
    // More than a page (100) in the room: 6 members × 20 (the rate limit per member).
    const senders = await Promise.all(Array.from({ length: 6 }, () => secondMember(f)));
    try {
      const marker = uniqueText('Oldest of the batch');
      await postViaApi(senders[0]!.context, baseURL, marker);
      for (const [n, sender] of senders.entries()) {
        for (let i = n === 0 ? 1 : 0; i < 20; i += 1) {
          await postViaApi(sender.context, baseURL, uniqueText(`Batch ${n}.${i}`));
        }
      }
      const pages = recordMessageRequests(page);
      await openChat(page);
      const rows = chatLog(page).locator('li[data-message-id]');
      // As it opens the room draws its newest messages, not the 100 it holds (decision 90)…
      expect(await rows.count()).toBeLessThan(100);
      // …and the rest as the member scrolls up to them, before it asks for the page before them.
      const held = (await (await context.request.get(`${baseURL}/api/chat/community`)).json()) as {
        id: number;
      }[];
      const firstId = String(held[0]!.id);
      await scrollUpUntilDrawn(page, rows.nth(99));
      expect(await chatLog(page).getByText(marker).count()).toBe(0);
      // At the top, the page before them.
      await expect
        .poll(async () => {
          if (!pages.includes(`?before=${firstId}`))
            await chatLog(page).evaluate((el) => {
              el.scrollTo(0, 1);
              el.scrollTo(0, 0);
            });
          return pages.includes(`?before=${firstId}`);
        })
        .toBe(true);
      await chatLog(page).getByText(marker).waitFor({ state: 'attached' });
      // The message that was first is still where the member was looking: near the top of the view.
      const kept = chatLog(page).locator(`li[data-message-id="${firstId}"]`);
      const [logBox, keptBox] = await Promise.all([chatLog(page).boundingBox(), kept.boundingBox()]);
      expect(Math.abs(keptBox!.y - logBox!.y)).toBeLessThan(80);
      expect(await chatLog(page).locator('li[data-message-id]').count()).toBeGreaterThan(100);
    } finally {
      await Promise.all(senders.map((s) => s.context.close()));
    }
  });
});
