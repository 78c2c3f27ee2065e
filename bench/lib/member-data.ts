// A member with a few weeks of data, for bench/first-load.ts (issue 35, docs/decisions.md decision 69):
// the production build (dist/server/main.js) on a new data folder, seeded only through its HTTP API and
// its documented admin command (`npm run admin -- grant`, dist/server/admin.js), never by writing the
// database. The same data for every build; a step a build's API does not have (an older baseline)
// is left out and reported.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startBuiltServer, type BuiltServer } from './built-server';
import { signUp } from './harness';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures');

/** The curriculum's places the pages open (common/curriculum.ts). */
export const AREA = 'intellectual';
export const TOPIC = 'understanding-self';
export const VIDEO_LESSON = 'what-constitutes-intelligence';
/** Lessons the member marked done: three of the topic's and two of the next topic's. */
const DONE_LESSONS = [
  [TOPIC, 'what-constitutes-intelligence'],
  [TOPIC, 'categories-of-intelligence'],
  [TOPIC, 'systems-theory'],
  ['optimal-self', 'goal-targeting'],
  ['optimal-self', 'old-selves'],
] as const;

export const CHAT_MESSAGES = 50;
/** Every PHOTO_EVERY-th message of the room is a photo (each a file of its own). */
export const PHOTO_EVERY = 5;

export type Account = { email: string; cookie: string; username: string };

export type MemberServer = {
  base: string;
  /** The member whose pages are measured. */
  member: Account;
  /** Another member, whose profile is public: /member/<username>. */
  other: Account;
  /** The coach (an admin) who gave the lesson its video. */
  coach: Account;
  /** What was seeded, and what this build's API did not take. */
  seeded: string[];
  skipped: string[];
  close(): Promise<void>;
};

/**
 * `dir`'s build on a new data folder: three accounts registered (the member, another member, a coach),
 * the coach made an admin with the build's admin command (the server stopped for it: the embedded
 * database allows one process), then, the server started again on the same folder, the data.
 */
export async function startMemberServer(dir: string, label: string): Promise<MemberServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribe36-bench-members-'));
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let server: BuiltServer | undefined;
  try {
    server = await startBuiltServer(dir, { dataDir });
    const register = async (who: string): Promise<Account> => {
      const email = `first-load-${who}@example.com`;
      const cookie = await signUp(server!.base, email);
      const me = await call(server!.base, cookie, 'GET', '/api/auth/me');
      return { email, cookie, username: (me.json as { user: { username: string } }).user.username };
    };
    const member = await register('member');
    const other = await register('other');
    const coach = await register('coach');
    await server.close();
    server = undefined;
    grantAdmin(dir, dataDir, coach.email);
    server = await startBuiltServer(dir, { dataDir });
    const { seeded, skipped } = await seed(server.base, { member, other, coach });
    const running = server;
    return {
      base: running.base,
      member,
      other,
      coach,
      seeded,
      skipped,
      async close() {
        await running.close();
        remove();
      },
    };
  } catch (error) {
    await server?.close();
    remove();
    throw new Error(`${label}: ${(error as Error).message}`, { cause: error });
  }
}

/** `npm run admin -- grant <email>` as the build runs it: dist/server/admin.js on the data folder. */
function grantAdmin(dir: string, dataDir: string, email: string) {
  const r = spawnSync(process.execPath, [path.join(dir, 'dist', 'server', 'admin.js'), 'grant', email], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`admin grant ${email}: ${r.stdout}${r.stderr}`);
}

type Answer = { status: number; json: unknown; text: string };

/** One API request with the account's cookie: a JSON body, a form, or raw bytes. */
async function call(
  base: string,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
  contentType?: string,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const headers: Record<string, string> = { cookie };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body instanceof Uint8Array) {
      payload = new Uint8Array(body);
      headers['content-type'] = contentType ?? 'application/octet-stream';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(url, base), { method, headers, body: payload });
    const text = await res.text();
    // The room's limit on posts (20 in 10 s a member): wait as the answer says, then post again.
    if (res.status === 429 && attempt < 10) {
      const seconds = Number(res.headers.get('retry-after')) || 2;
      await new Promise((r) => setTimeout(r, seconds * 1000));
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }
}

/**
 * A step the build's API does not have (an older baseline): its route answers 404 or 405. The seeding's
 * own requests name things that exist, so this build never answers them so; the summary line the bench
 * prints lists every step left out, and why.
 */
class NotInThisBuild extends Error {}

async function ok(answer: Promise<Answer>, what: string): Promise<Answer> {
  const a = await answer;
  if (a.status >= 200 && a.status < 300) return a;
  if (a.status === 404 || a.status === 405) throw new NotInThisBuild(`${what}: ${a.status}`);
  throw new Error(`${what}: ${a.status} ${a.text.slice(0, 300)}`);
}

function form(field: string, bytes: Uint8Array<ArrayBuffer>, type: string, name: string) {
  const f = new FormData();
  f.append(field, new Blob([bytes], { type }), name);
  return f;
}

const PROFILES: Record<'member' | 'other' | 'coach', Record<string, unknown>> = {
  member: {
    name: 'Jordan Reyes',
    age: 19,
    height: '5\'11"',
    weight: '172 lb',
    school: 'Lincoln High School',
    hometown: 'Fresno, CA',
    background: 'Shortstop for four years, switching to centre field this season.',
    goalOne: 'Cut my sprint time to first base by a tenth.',
    goalTwo: 'Read pitchers earlier: finish the intellectual Think Tank.',
    goalThree: 'Keep a training journal every day.',
    privacyLevel: 'selective',
  },
  other: {
    name: 'Sam Okafor',
    age: 21,
    school: 'Valley College',
    hometown: 'Oakland, CA',
    background: 'Pitcher, left-handed. Recovering from a shoulder strain.',
    injuryHistory: 'Shoulder strain, 2025.',
    goalOne: 'Throw a consistent changeup.',
    privacyLevel: 'public',
  },
  coach: { name: 'Coach Rivera', privacyLevel: 'public' },
};

const CHAT_LINES = [
  'Anyone else doing the sprint drills this week?',
  'Finished the systems theory lesson, the feedback loop part was great.',
  'Rain here today, training indoors.',
  'Here is my setup for the swing recordings.',
  'Good session this morning! Legs are done.',
  'What camera angle works best for the pitching analysis?',
  'Side on, about 10 m away, at hip height.',
  'Thanks coach, trying that tomorrow.',
  'Did the visualization exercise before the game, felt calmer.',
  'Who is watching the game tonight?',
];

/** The member's few weeks of data, each through the API as the app's own pages send it. */
async function seed(
  base: string,
  { member, other, coach }: { member: Account; other: Account; coach: Account },
): Promise<{ seeded: string[]; skipped: string[] }> {
  const seeded: string[] = [];
  const skipped: string[] = [];
  const step = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
      seeded.push(what);
    } catch (error) {
      if (!(error instanceof NotInThisBuild)) throw error;
      skipped.push(`${what} (${error.message})`);
    }
  };
  const accounts = { member, other, coach };

  await step('profiles with a picture each (member: selective, other and coach: public)', async () => {
    for (const [who, account] of Object.entries(accounts) as [keyof typeof accounts, Account][]) {
      await ok(call(base, account.cookie, 'PATCH', '/api/auth/profile', PROFILES[who]), `${who}'s profile`);
      const picture = photoPng(400, 400, who.length * 7);
      await ok(
        call(
          base,
          account.cookie,
          'POST',
          '/api/auth/upload-profile-picture',
          form('profilePicture', picture, 'image/png', `${who}.png`),
        ),
        `${who}'s picture`,
      );
    }
  });

  await step('a voiceover recording on the calendar', async () => {
    const recording = new FormData();
    recording.append('sourceVideoUrl', '');
    recording.append('duration', '3');
    recording.append('recordingType', 'voiceover');
    recording.append('audioFile', fixtureBlob('voice.webm', 'audio/webm'), 'voiceover.webm');
    recording.append('screenFile', fixtureBlob('clip.webm', 'video/webm'), 'screen.webm');
    await ok(call(base, member.cookie, 'POST', '/api/recordings/upload', recording), 'recording');
  });

  await step(`a video on ${AREA}/${TOPIC}/${VIDEO_LESSON}, uploaded by the coach`, async () => {
    const ticket = await ok(call(base, coach.cookie, 'POST', '/api/videos/upload-url'), 'upload URL');
    const { uploadURL } = ticket.json as { uploadURL: string };
    const video = fs.readFileSync(path.join(FIXTURES, 'athlete-faststart.mp4'));
    await ok(call(base, coach.cookie, 'PUT', uploadURL, new Uint8Array(video), 'video/mp4'), 'video upload');
    await ok(
      call(base, coach.cookie, 'POST', '/api/lesson-videos/upload', {
        thinkTank: AREA,
        topicSlug: TOPIC,
        lessonSlug: VIDEO_LESSON,
        uploadURL,
      }),
      'video registration',
    );
  });

  await step(`${DONE_LESSONS.length} lessons done, the video lesson visited at 0:05`, async () => {
    for (const [topic, lesson] of DONE_LESSONS)
      await ok(call(base, member.cookie, 'PUT', `/api/progress/${AREA}/${topic}/${lesson}`), 'lesson done');
    await ok(
      call(base, member.cookie, 'PUT', `/api/progress/${AREA}/${TOPIC}/${VIDEO_LESSON}/visit`, {
        positionSeconds: 5,
      }),
      'lesson visit',
    );
  });

  const photos = Math.floor(CHAT_MESSAGES / PHOTO_EVERY);
  await step(`${CHAT_MESSAGES} chat messages (${photos} photos) from the three`, async () => {
    const posters = [member, other, coach];
    for (let i = 0; i < CHAT_MESSAGES; i++) {
      const poster = posters[i % posters.length]!;
      let body: { content: string; messageType: string };
      if ((i + 1) % PHOTO_EVERY === 0) {
        const upload = await ok(
          call(
            base,
            poster.cookie,
            'POST',
            '/api/upload',
            form('file', photoPng(640, 480, i), 'image/png', `photo-${i}.png`),
          ),
          'chat photo',
        );
        body = { content: (upload.json as { url: string }).url, messageType: 'photo' };
      } else {
        body = { content: CHAT_LINES[i % CHAT_LINES.length]!, messageType: 'text' };
      }
      await ok(call(base, poster.cookie, 'POST', '/api/chat/community', body), 'chat message');
    }
  });
  return { seeded, skipped };
}

const fixtureBlob = (name: string, type: string) =>
  new Blob([new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)))], { type });

/**
 * A photo-like PNG made here, different for each `seed`: a sky and ground gradient, a sun, and a little
 * grain (a flat picture would compress to nothing), so its bytes are of a small real photo's order.
 */
export function photoPng(width: number, height: number, seed: number): Uint8Array<ArrayBuffer> {
  const hue = (seed * 47) % 360;
  const tint = (shift: number) => 0.5 + 0.5 * Math.cos(((hue + shift) * Math.PI) / 180);
  const [tr, tg, tb] = [tint(0), tint(120), tint(240)];
  const sun = { x: width * (0.2 + ((seed * 13) % 60) / 100), y: height * 0.3, r: height * 0.12 };
  let grain = seed * 2654435761;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    rows[o++] = 0; // filter: none
    const horizon = y > height * 0.6;
    for (let x = 0; x < width; x++) {
      const t = y / height;
      let r = horizon ? 60 + 80 * tr * (1 - t) : 120 + 120 * tr * (1 - t);
      let g = horizon ? 90 + 90 * tg * t : 160 + 80 * tg * (1 - t);
      let b = horizon ? 40 + 40 * tb : 200 + 55 * tb * t;
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2) [r, g, b] = [250, 235, 170];
      grain = (grain * 1103515245 + 12345) >>> 0;
      const n = ((grain >>> 16) % 9) - 4;
      rows[o++] = clamp(r + n);
      rows[o++] = clamp(g + n);
      rows[o++] = clamp(b + n);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter choice, not interlaced
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
