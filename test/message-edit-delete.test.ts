// Authors edit and delete their own chat and discussion messages; coaches delete anyone's with a reason
// that the author alone is shown, kept in the audit (issue 31, parts 1 and 2, decision 53).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../common/contracts/chat';
import type { DiscussionMessage } from '../common/contracts/lessons';
import type { AuditResponse } from '../common/contracts/moderation';
import { apiCaller, listenOnTwoServers, type TestApp } from './helpers/app';
import { createTestAppWithCoach, postChatMessage, type BuiltUser } from './helpers/factories';
import { openStream } from './helpers/sse';
import { pngBytes, uploadFile } from './helpers/uploads';

let t: TestApp;
let coach: BuiltUser;
let ann: BuiltUser;
let bob: BuiltUser;
beforeAll(async () => {
  ({
    t,
    coach,
    members: [ann, bob],
  } = await createTestAppWithCoach('coach@example.com', 2));
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t.app);
const say = (who: BuiltUser, content: string, messageType = 'text') =>
  postChatMessage(t.app, who, content, { messageType });
const room = async (who: BuiltUser) =>
  (await call('GET', '/api/chat/community', who)).json() as ChatMessage[];
const auditEntries = async () =>
  ((await call('GET', '/api/admin/audit?limit=100', coach)).json() as AuditResponse).entries;

const uploadPhoto = (who: BuiltUser) =>
  uploadFile(t.app, who, { name: 'p.png', type: 'image/png', bytes: pngBytes(4, 4, [9, 8, 7]) });
/** Posts a photo attempt to systems-theory's discussion as `who`: 201, its message and its photo's URL. */
async function postAttempt(who: BuiltUser, caption: string) {
  const imageUrl = await uploadPhoto(who);
  const posted = await call('POST', '/api/attempts', who, {
    target: {
      kind: 'lesson',
      thinkTank: 'intellectual',
      topic: 'understanding-self',
      lesson: 'systems-theory',
    },
    imageUrl,
    caption,
    angles: [],
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return { imageUrl, message: posted.json().discussionMessage as DiscussionMessage };
}

describe('PATCH /api/chat/community/:id', () => {
  it('lets the author edit a text message: new content, editedAt, in the room for everyone', async () => {
    const m = await say(ann, 'frist try');
    expect(m.editedAt).toBeUndefined();
    const res = await call('PATCH', `/api/chat/community/${m.id}`, ann, { content: '  first try ' });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as ChatMessage;
    expect(edited).toMatchObject({ id: m.id, content: 'first try', createdAt: m.createdAt });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(m.createdAt));
    const seen = (await room(bob)).find((x) => x.id === m.id);
    expect(seen).toMatchObject({ content: 'first try', editedAt: edited.editedAt });
  });

  it('refuses anyone but the author, a coach included, with 403', async () => {
    const m = await say(ann, 'mine');
    for (const who of [bob, coach]) {
      const res = await call('PATCH', `/api/chat/community/${m.id}`, who, { content: 'theirs' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only its author can edit a message' });
    }
    expect((await call('PATCH', `/api/chat/community/${m.id}`, undefined, { content: 'x' })).statusCode).toBe(
      401,
    );
    expect((await room(bob)).find((x) => x.id === m.id)?.content).toBe('mine');
  });

  it('answers 404 for an unknown or deleted message and 400 for blank text as a new message does', async () => {
    const unknown = await call('PATCH', '/api/chat/community/999999999', ann, { content: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Message not found' });
    const m = await say(ann, 'short-lived');
    const blank = await call('PATCH', `/api/chat/community/${m.id}`, ann, { content: '   ' });
    const blankNew = await call('POST', '/api/chat/community', ann, { content: '   ', messageType: 'text' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual(blankNew.json());
    expect((await call('PATCH', '/api/chat/community/abc', ann, { content: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/chat/community/${m.id}`, ann)).statusCode).toBe(200);
    const after = await call('PATCH', `/api/chat/community/${m.id}`, ann, { content: 'again' });
    expect(after.statusCode).toBe(404);
  });

  it('refuses to edit a photo message (its content is a file) with 400', async () => {
    const m = await say(ann, await uploadPhoto(ann), 'photo');
    const res = await call('PATCH', `/api/chat/community/${m.id}`, ann, { content: 'a caption' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Only a text message can be edited/);
  });
});

describe('DELETE /api/chat/community/:id', () => {
  it('lets the author delete their message: gone for everyone, a second delete 404', async () => {
    const m = await say(ann, 'oops');
    const other = await call('DELETE', `/api/chat/community/${m.id}`, bob);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'Only its author or an administrator can delete a message' });
    expect((await call('DELETE', `/api/chat/community/${m.id}`, ann)).json()).toEqual({ ok: true });
    expect((await room(bob)).some((x) => x.id === m.id)).toBe(false);
    expect((await room(ann)).some((x) => x.id === m.id)).toBe(false);
    expect((await call('DELETE', `/api/chat/community/${m.id}`, ann)).statusCode).toBe(404);
    // The author's own deletion leaves no tombstone and no audit entry.
    const removed = (await call('GET', '/api/chat/community/removed', ann)).json() as ChatMessage[];
    expect(removed.some((x) => x.id === m.id)).toBe(false);
    expect((await auditEntries()).some((e) => e.subject?.ref === String(m.id))).toBe(false);
  });

  it("deletes a photo message's file, unless another message still shows it", async () => {
    const url = await uploadPhoto(ann);
    const first = await say(ann, url, 'photo');
    const second = await say(ann, url, 'photo');
    expect((await call('GET', url, bob)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/chat/community/${first.id}`, ann)).statusCode).toBe(200);
    expect((await call('GET', url, bob)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/chat/community/${second.id}`, ann)).statusCode).toBe(200);
    expect((await call('GET', url, ann)).statusCode).toBe(404);
  });

  it("a coach removes someone's message with a reason: gone for others, a tombstone for its author, in the audit", async () => {
    const m = await say(bob, 'buy cheap watches');
    const res = await call(
      'DELETE',
      `/api/chat/community/${m.id}?reason=${encodeURIComponent('Spam')}`,
      coach,
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const who of [ann, bob, coach]) expect((await room(who)).some((x) => x.id === m.id)).toBe(false);
    const mine = (await call('GET', '/api/chat/community/removed', bob)).json() as ChatMessage[];
    expect(mine.find((x) => x.id === m.id)).toMatchObject({
      content: 'buy cheap watches',
      removed: { reason: 'Spam' },
    });
    const others = (await call('GET', '/api/chat/community/removed', ann)).json() as ChatMessage[];
    expect(others.some((x) => x.id === m.id)).toBe(false);
    expect((await call('PATCH', `/api/chat/community/${m.id}`, bob, { content: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/chat/community/${m.id}`, coach)).statusCode).toBe(404);
    const entry = (await auditEntries()).find(
      (e) => e.subject?.kind === 'chat' && e.subject.ref === String(m.id),
    );
    expect(entry).toMatchObject({
      action: 'message.removed',
      actor: { id: coach.user.id, username: coach.user.username },
      target: { id: bob.user.id, username: bob.user.username },
      reason: 'Spam',
      details: { messageType: 'text', content: 'buy cheap watches' },
    });
  });

  it('a reply to a removed message is refused as a reply to a message that is not in the room', async () => {
    const m = await say(bob, 'removed soon');
    await call('DELETE', `/api/chat/community/${m.id}`, coach);
    const reply = await call('POST', '/api/chat/community', coach, {
      content: 'x',
      messageType: 'text',
      replyToId: m.id,
    });
    expect(reply.statusCode).toBe(400);
  });

  it('refuses a reason over 500 characters with 400 naming it', async () => {
    const m = await say(bob, 'x');
    const res = await call('DELETE', `/api/chat/community/${m.id}?reason=${'a'.repeat(501)}`, coach);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/reason/);
  });
});

describe('lesson discussion messages', () => {
  const thread = '/api/discussions/intellectual/understanding-self/systems-theory';
  const post = async (who: BuiltUser, text: string) => {
    const res = await call('POST', thread, who, { text });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DiscussionMessage;
  };
  const list = async (who: BuiltUser) => (await call('GET', thread, who)).json() as DiscussionMessage[];

  it('the author edits: editedAt, the same text for every reader; others 403; blank 400', async () => {
    const m = await post(ann, 'the hips go frist');
    const res = await call('PATCH', `${thread}/messages/${m.id}`, ann, { text: 'the hips go first' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, text: 'the hips go first' });
    expect((await list(bob)).find((x) => x.id === m.id)).toMatchObject({
      text: 'the hips go first',
      editedAt: (res.json() as DiscussionMessage).editedAt,
    });
    for (const who of [bob, coach]) {
      const refused = await call('PATCH', `${thread}/messages/${m.id}`, who, { text: 'no' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Only its author can edit a message' });
    }
    const blank = await call('PATCH', `${thread}/messages/${m.id}`, ann, { text: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'text must not be blank' });
  });

  it('answers 404 for a message of another thread, an unknown one, or one deleted', async () => {
    const m = await post(ann, 'here');
    const elsewhere = '/api/discussions/emotional/alter-ego/assessing-data';
    expect((await call('PATCH', `${elsewhere}/messages/${m.id}`, ann, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `${elsewhere}/messages/${m.id}`, ann)).statusCode).toBe(404);
    expect((await call('PATCH', `${thread}/messages/999999999`, ann, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `${thread}/messages/${m.id}`, ann)).statusCode).toBe(200);
    expect((await list(bob)).some((x) => x.id === m.id)).toBe(false);
    expect((await call('PATCH', `${thread}/messages/${m.id}`, ann, { text: 'x' })).statusCode).toBe(404);
  });

  it('a coach removes a message with a reason: its author alone sees the tombstone; the audit keeps the text', async () => {
    const m = await post(bob, 'rude words');
    const other = await call('DELETE', `${thread}/messages/${m.id}`, ann);
    expect(other.statusCode).toBe(403);
    expect((await call('DELETE', `${thread}/messages/${m.id}?reason=Be%20kind`, coach)).statusCode).toBe(200);
    expect((await list(ann)).some((x) => x.id === m.id)).toBe(false);
    expect((await list(coach)).some((x) => x.id === m.id)).toBe(false);
    expect((await list(bob)).find((x) => x.id === m.id)).toMatchObject({
      text: 'rude words',
      removed: { reason: 'Be kind' },
    });
    const entry = (await auditEntries()).find(
      (e) => e.subject?.kind === 'discussion' && e.subject.ref === String(m.id),
    );
    expect(entry).toMatchObject({
      action: 'message.removed',
      target: { username: bob.user.username },
      reason: 'Be kind',
      details: { text: 'rude words', thread: { thinkTank: 'intellectual', lesson: 'systems-theory' } },
    });
  });

  it("a coach removes an attempt with a reason: its files go, its author sees 'removed', the audit keeps its caption", async () => {
    const { imageUrl, message } = await postAttempt(bob, 'my squat');
    const attemptId = message.attempt!.id;
    const res = await call('DELETE', `/api/attempts/${attemptId}?reason=Not%20a%20squat`, coach);
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(ann)).some((x) => x.id === message.id)).toBe(false);
    expect((await list(bob)).find((x) => x.id === message.id)).toMatchObject({
      text: 'my squat',
      attempt: null,
      removed: { reason: 'Not a squat' },
    });
    expect((await call('GET', imageUrl, bob)).statusCode).toBe(404);
    const entry = (await auditEntries()).find((e) => e.subject?.ref === attemptId);
    expect(entry).toMatchObject({
      action: 'message.removed',
      subject: { kind: 'attempt' },
      target: { username: bob.user.username },
      reason: 'Not a squat',
      details: { caption: 'my squat', discussionMessageIds: [message.id] },
    });
  });

  it("deleting an attempt's message deletes the attempt", async () => {
    const { message } = await postAttempt(ann, 'take two');
    const edit = await call('PATCH', `${thread}/messages/${message.id}`, ann, { text: 'new caption' });
    expect(edit.statusCode).toBe(400);
    expect((await call('DELETE', `${thread}/messages/${message.id}`, ann)).statusCode).toBe(200);
    expect((await list(ann)).some((x) => x.id === message.id)).toBe(false);
    expect((await call('DELETE', `/api/attempts/${message.attempt!.id}`, ann)).statusCode).toBe(404);
  });
});

describe('the chat streams of two server processes', () => {
  let base: string;
  let secondBase: string;
  let closeSecond: () => Promise<void>;
  beforeAll(async () => {
    ({ base, secondBase, close: closeSecond } = await listenOnTwoServers(t));
  });
  afterAll(async () => {
    await closeSecond?.();
  });

  it('an edit and a deletion made on one reach the streams of both within 2 s', async () => {
    const here = openStream(base, bob.cookie);
    const there = openStream(secondBase, bob.cookie);
    await expect.poll(() => here.status()).toBe(200);
    await expect.poll(() => there.status()).toBe(200);
    const m = await say(ann, 'live message');
    await expect.poll(() => there.events.map((e) => e.id)).toContain(m.id);
    expect(
      (await call('PATCH', `/api/chat/community/${m.id}`, ann, { content: 'live, edited' })).statusCode,
    ).toBe(200);
    for (const s of [here, there]) {
      await expect
        .poll(() => s.edited.find((e) => e.id === m.id)?.content, { timeout: 2_000 })
        .toBe('live, edited');
    }
    expect(there.edited.find((e) => e.id === m.id)?.editedAt).toBeTruthy();
    expect((await call('DELETE', `/api/chat/community/${m.id}?reason=test`, coach)).statusCode).toBe(200);
    for (const s of [here, there]) await expect.poll(() => s.deleted, { timeout: 2_000 }).toContain(m.id);
    here.close();
    there.close();
  });

  it("the other process's poll answers the edit and leaves the deleted message out", async () => {
    const m = await say(ann, 'polled');
    const read = async () =>
      (
        (await (
          await fetch(`${secondBase}/api/chat/community`, { headers: { cookie: bob.cookie } })
        ).json()) as ChatMessage[]
      ).find((x) => x.id === m.id);
    // The other process learns of the post through NOTIFY, a moment later (within 2 s, as its streams).
    await expect.poll(async () => (await read())?.content, { timeout: 2_000 }).toBe('polled');
    await call('PATCH', `/api/chat/community/${m.id}`, ann, { content: 'polled, edited' });
    await expect.poll(async () => (await read())?.content, { timeout: 2_000 }).toBe('polled, edited');
    await call('DELETE', `/api/chat/community/${m.id}`, ann);
    await expect.poll(async () => (await read()) === undefined, { timeout: 2_000 }).toBe(true);
  });
});
