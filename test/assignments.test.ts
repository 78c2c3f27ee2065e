// Drills (issue 34 §1, decision 81): who may set, list and delete them, the issue's bad input, each status
// transition with the app's clock (open → done, open → late, open → missed, missed → late), everyone vs
// members named, the coach's filters and pages, a deleted attempt, and the notifications: assignment-new,
// and assignment-due claimed once by concurrent rounds and, on PostgreSQL, by two server instances; a
// member's own list kept in memory, changed at once by every change and, on PostgreSQL, on the other process.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentItem, AssignmentsResponse, AssignmentView } from '../common/contracts/assignments';
import type { Notification } from '../common/contracts/notifications';
import { apiCaller, createSecondInstance } from './helpers/app';
import { testDatabaseUrl } from './helpers/database';
import { at, buildUsers, HOUR, MINUTE, useTestAppWithCoach, type BuiltUser } from './helpers/factories';
import { uploadFrame } from './helpers/uploads';

/** The app's clock (config.clock), on a whole minute: tests move it forward only. */
let clock = Math.floor(Date.now() / MINUTE) * MINUTE;
const app = useTestAppWithCoach('drills-coach@example.com', 3, { clock: () => clock });
const { t, coach, call } = app;
const [ann, bob, cat] = app.members;

type Lesson = { thinkTank: string; topic: string; lesson: string };
const SYSTEMS: Lesson = { thinkTank: 'intellectual', topic: 'understanding-self', lesson: 'systems-theory' };
const FLOW: Lesson = { thinkTank: 'emotional', topic: 'emotion-neural-link', lesson: 'flow-state' };
const PHYSIOLOGICAL: Lesson = { thinkTank: 'physiological', topic: 'main', lesson: 'main' };

async function assign(body: Record<string, unknown>): Promise<AssignmentView> {
  const res = await call('POST', '/api/assignments', coach, {
    lesson: SYSTEMS,
    dueAt: at(clock + 48 * HOUR),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AssignmentView;
}
async function list(who: BuiltUser, query = ''): Promise<AssignmentsResponse> {
  const res = await call('GET', `/api/assignments${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AssignmentsResponse;
}
/** The member's own drill of assignment `id`, as they read it. */
async function drill(who: BuiltUser, id: string): Promise<AssignmentItem | undefined> {
  return (await list(who, '?limit=200')).items.find((i) => i.id === id);
}
/** Posts an attempt (a frame) to a lesson or the chat: its id. */
async function postAttempt(who: BuiltUser, where: Lesson | 'chat'): Promise<string> {
  const target = where === 'chat' ? { kind: 'chat' } : { kind: 'lesson', ...where };
  const res = await call('POST', '/api/attempts', who, {
    target,
    caption: 'My rep',
    imageUrl: await uploadFrame(t.app, who, [7, 8, 9]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return ((res.json().chatMessage ?? res.json().discussionMessage).attempt.id as string) ?? '';
}
async function notes(who: BuiltUser, kind: Notification['kind'], assignmentId: string) {
  const res = await call('GET', '/api/notifications?limit=50', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as Notification[]).filter(
    (n) => n.kind === kind && n.target.type === 'assignment' && n.target.assignmentId === assignmentId,
  );
}

describe('who may', () => {
  it('answers 401 to visitors', async () => {
    expect((await call('GET', '/api/assignments')).statusCode).toBe(401);
    expect((await call('POST', '/api/assignments', undefined, {})).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call('DELETE', `/api/assignments/${id}`)).statusCode).toBe(401);
  });

  it('refuses members who set or delete a drill, or read another member’s, with a sentence (403)', async () => {
    const res = await call('POST', '/api/assignments', ann, {
      lesson: SYSTEMS,
      memberIds: [bob.user.id],
      dueAt: at(clock + 48 * HOUR),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Only coaches can assign drills.');
    const set = await assign({ memberIds: [ann.user.id] });
    const del = await call('DELETE', `/api/assignments/${set.id}`, ann);
    expect(del.statusCode).toBe(403);
    expect(del.json().error).toBe('Only coaches can delete drills.');
    const other = await call('GET', `/api/assignments?member=${bob.user.id}`, ann);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe("Only coaches can see other members' drills.");
    // Naming themself is their own list.
    expect((await list(ann, `?member=${ann.user.id}`)).items.some((i) => i.id === set.id)).toBe(true);
  });
});

describe('bad input', () => {
  const post = (body: Record<string, unknown>) =>
    call('POST', '/api/assignments', coach, {
      lesson: SYSTEMS,
      memberIds: [ann.user.id],
      dueAt: at(clock + 48 * HOUR),
      ...body,
    });
  const refused = async (body: Record<string, unknown>, status: number, error: RegExp) => {
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toMatch(error);
  };

  it('a due time in the past, or not a date-time, is 400', async () => {
    await refused({ dueAt: at(clock - MINUTE) }, 400, /dueAt must be in the future/);
    await refused({ dueAt: at(clock) }, 400, /dueAt must be in the future/);
    await refused({ dueAt: 'tomorrow' }, 400, /dueAt must be an ISO 8601 date-time/);
    await refused({ dueAt: undefined }, 400, /dueAt is required/);
  });

  it('a lesson outside the curriculum is 404; the single-page Think Tanks are main/main', async () => {
    await refused({ lesson: { ...SYSTEMS, lesson: 'no-such-lesson' } }, 404, /Lesson not found/);
    await refused(
      { lesson: { thinkTank: 'intellectual', topic: 'main', lesson: 'main' } },
      404,
      /Lesson not found/,
    );
    await refused({ lesson: { thinkTank: 'nowhere', topic: 'x', lesson: 'y' } }, 404, /Lesson not found/);
    await refused(
      { lesson: { thinkTank: 'physiological', topic: 'main', lesson: 'x' } },
      404,
      /Lesson not found/,
    );
    await refused({ lesson: 'systems-theory' }, 400, /lesson must be/);
    const physio = await assign({ lesson: PHYSIOLOGICAL, memberIds: [ann.user.id] });
    expect(physio.lesson.title).toBe('Physiological');
    const spiritual = await assign({
      lesson: { thinkTank: 'spiritual', topic: 'main', lesson: 'main' },
      memberIds: [ann.user.id],
    });
    expect(spiritual.lesson.title).toBe('Spiritual');
  });

  it('members: named or everyone, exactly one; ids that name no active member are 400', async () => {
    await refused({ memberIds: undefined }, 400, /either memberIds or everyone/);
    await refused({ everyone: true }, 400, /either memberIds or everyone/);
    await refused({ memberIds: undefined, everyone: false }, 400, /everyone must be true/);
    await refused({ memberIds: [] }, 400, /memberIds must name at least one member/);
    await refused({ memberIds: ['bob'] }, 400, /memberIds must be a list of member ids/);
    const nobody = '00000000-0000-4000-8000-000000000000';
    await refused({ memberIds: [ann.user.id, nobody] }, 400, new RegExp(`no active member: ${nobody}`));
  });

  it('a note over 1000 characters, a NUL or an unknown field is 400', async () => {
    await refused({ note: 'x'.repeat(1001) }, 400, /note must be at most 1000 characters/);
    await refused({ note: 'a\u0000b' }, 400, /note must not contain a NUL character/);
    await refused({ colour: 'red' }, 400, /Unknown field: colour/);
  });

  it('the list’s filters and the delete’s id are checked', async () => {
    for (const [query, error] of [
      ['?status=late-ish', /status must be one of open, done, late, missed/],
      ['?member=bob', /member must be a member id/],
      ['?limit=0', /limit must be a whole number from 1 to 200/],
      ['?cursor=nope', /cursor must be a nextCursor/],
    ] as const) {
      const res = await call('GET', `/api/assignments${query}`, coach);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const malformed = await call('DELETE', '/api/assignments/nope', coach);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('id must be a drill id');
    const unknown = await call('DELETE', '/api/assignments/00000000-0000-4000-8000-000000000000', coach);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Drill not found');
  });
});

describe('statuses, with the app’s clock', () => {
  it('201 answers the drill as the coach sees it, open for each member', async () => {
    const set = await assign({ memberIds: [ann.user.id, bob.user.id], note: '  Three reps, slow.  ' });
    expect(set).toMatchObject({
      lesson: { ...SYSTEMS, title: '203 · Systems Theory' },
      note: 'Three reps, slow.',
      everyone: false,
      coach: { username: coach.user.username },
      timeZone: 'UTC',
    });
    expect(set.members.map((m) => [m.id, m.status]).sort()).toEqual(
      [
        [ann.user.id, 'open'],
        [bob.user.id, 'open'],
      ].sort(),
    );
  });

  it('open → done: an attempt to the lesson before the due time; another lesson or the chat does not count', async () => {
    const [m] = await buildUsers(t.app, 1);
    const set = await assign({ lesson: FLOW, memberIds: [m.user.id] });
    await postAttempt(m, SYSTEMS);
    await postAttempt(m, 'chat');
    expect((await drill(m, set.id))?.status).toBe('open');
    clock += HOUR;
    const attemptId = await postAttempt(m, FLOW);
    const done = await drill(m, set.id);
    expect(done).toMatchObject({ status: 'done', attemptId, completedAt: at(clock) });
    // Past the due time, done stays done.
    clock += 48 * HOUR;
    expect((await drill(m, set.id))?.status).toBe('done');
  });

  it('an attempt posted before the drill was assigned does not complete it', async () => {
    const [m] = await buildUsers(t.app, 1);
    await postAttempt(m, FLOW);
    const set = await assign({ lesson: FLOW, memberIds: [m.user.id] });
    expect((await drill(m, set.id))?.status).toBe('open');
  });

  it('open → late: the first attempt comes after the due time', async () => {
    const [m] = await buildUsers(t.app, 1);
    const set = await assign({ memberIds: [m.user.id], dueAt: at(clock + 2 * HOUR) });
    clock += 3 * HOUR;
    await postAttempt(m, SYSTEMS);
    expect((await drill(m, set.id))?.status).toBe('late');
  });

  it('open → missed → late: nothing by the due time, then an attempt', async () => {
    const [m] = await buildUsers(t.app, 1);
    const set = await assign({ memberIds: [m.user.id], dueAt: at(clock + 2 * HOUR) });
    expect((await drill(m, set.id))?.status).toBe('open');
    clock += 2 * HOUR; // On the due time itself it is still open.
    expect((await drill(m, set.id))?.status).toBe('open');
    clock += MINUTE;
    expect((await drill(m, set.id))?.status).toBe('missed');
    clock += HOUR;
    await postAttempt(m, SYSTEMS);
    const late = await drill(m, set.id);
    expect(late?.status).toBe('late');
    expect(late?.completedAt).toBe(at(clock));
  });

  it('a deleted attempt: the next attempt to the lesson completes it, else it is open again', async () => {
    const [m] = await buildUsers(t.app, 1);
    const set = await assign({ memberIds: [m.user.id] });
    const first = await postAttempt(m, SYSTEMS);
    const second = await postAttempt(m, SYSTEMS);
    expect((await drill(m, set.id))?.attemptId).toBe(first);
    expect((await call('DELETE', `/api/attempts/${first}`, m)).statusCode).toBe(200);
    expect(await drill(m, set.id)).toMatchObject({ status: 'done', attemptId: second });
    // A coach removing it works it out again the same way.
    expect((await call('DELETE', `/api/attempts/${second}?reason=Wrong%20clip`, coach)).statusCode).toBe(200);
    expect(await drill(m, set.id)).toMatchObject({ status: 'open', attemptId: null, completedAt: null });
    clock += 49 * HOUR;
    expect((await drill(m, set.id))?.status).toBe('missed');
  });
});

describe('everyone, the coach’s list, deletion', () => {
  it('everyone is every active member in good standing, coaches left out, at that moment', async () => {
    const [suspended] = await buildUsers(t.app, 1);
    const s = await call('POST', `/api/admin/members/${suspended.user.id}/suspend`, coach, {
      reason: 'Spam',
    });
    expect(s.statusCode, s.body).toBe(200);
    const set = await assign({ everyone: true });
    const ids = set.members.map((m) => m.id);
    expect(set.everyone).toBe(true);
    expect(ids).toEqual(expect.arrayContaining([ann.user.id, bob.user.id, cat.user.id]));
    expect(ids).not.toContain(coach.user.id);
    expect(ids).not.toContain(suspended.user.id);
    // A member who joins later is not given it.
    const [late] = await buildUsers(t.app, 1);
    expect(await drill(late, set.id)).toBeUndefined();
    expect((await drill(cat, set.id))?.status).toBe('open');
  });

  it('a member reads only their own; a coach reads all, by member and by status, a page at a time', async () => {
    const [m1, m2] = await buildUsers(t.app, 2);
    const a = await assign({ memberIds: [m1.user.id, m2.user.id], dueAt: at(clock + 30 * HOUR) });
    const b = await assign({ lesson: FLOW, memberIds: [m1.user.id], dueAt: at(clock + 40 * HOUR) });
    await postAttempt(m2, SYSTEMS);
    const own = await list(m1);
    expect(own.items.every((i) => i.member.id === m1.user.id)).toBe(true);
    expect(own.items.map((i) => i.id)).toEqual([b.id, a.id]); // Newest due first.
    expect(own.timeZone).toBe('UTC');

    const byMember = await list(coach, `?member=${m2.user.id}`);
    expect(byMember.items.map((i) => [i.id, i.status])).toEqual([[a.id, 'done']]);
    const open = await list(coach, `?member=${m1.user.id}&status=open`);
    expect(open.items.map((i) => i.id)).toEqual([b.id, a.id]);
    const done = await list(coach, '?status=done&limit=200');
    expect(done.items.some((i) => i.id === a.id && i.member.id === m2.user.id)).toBe(true);
    expect(done.items.every((i) => i.status === 'done')).toBe(true);
    const missed = await list(coach, '?status=missed&limit=200');
    expect(missed.items.every((i) => i.status === 'missed')).toBe(true);
    expect(missed.items.some((i) => i.id === a.id)).toBe(false);

    // Pages: one at a time, in the same order, nothing twice.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AssignmentsResponse = await list(
        coach,
        `?member=${m1.user.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([b.id, a.id]);
  });

  it('a coach deletes a drill: 204, gone from every list; again 404', async () => {
    const [m] = await buildUsers(t.app, 1);
    const set = await assign({ memberIds: [m.user.id] });
    const res = await call('DELETE', `/api/assignments/${set.id}`, coach);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await drill(m, set.id)).toBeUndefined();
    expect((await list(coach, `?member=${m.user.id}`)).items).toEqual([]);
    expect((await call('DELETE', `/api/assignments/${set.id}`, coach)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  // Every drill set before is past its due time from here: the rounds below see only their own.
  beforeAll(() => {
    clock += 1000 * HOUR;
  });

  it('assignment-new: each member assigned, from the coach, with the lesson and the due time', async () => {
    const [m1, m2] = await buildUsers(t.app, 2);
    const set = await assign({ memberIds: [m1.user.id, m2.user.id], dueAt: '2099-06-01T17:30:00.000Z' });
    for (const m of [m1, m2]) {
      const [n, ...more] = await notes(m, 'assignment-new', set.id);
      expect(more).toEqual([]);
      expect(n!.actor?.username).toBe(coach.user.username);
      expect(n!.excerpt).toBe('203 · Systems Theory — due Mon, 1 Jun 2099, 17:30 (UTC)');
    }
    expect(await notes(coach, 'assignment-new', set.id)).toEqual([]);
    expect(await notes(cat, 'assignment-new', set.id)).toEqual([]);
  });

  it('assignment-due: 24 h before, to members still open, once even when two rounds run at once', async () => {
    const [open1, open2, doneM] = await buildUsers(t.app, 3);
    const set = await assign({
      memberIds: [open1.user.id, open2.user.id, doneM.user.id],
      dueAt: at(clock + 30 * HOUR),
    });
    await postAttempt(doneM, SYSTEMS);
    // Not yet within a day: nothing.
    expect(await t.app.ctx.assignments.remindDue()).toBe(0);
    expect(await notes(open1, 'assignment-due', set.id)).toEqual([]);
    clock += 7 * HOUR; // 23 h before.
    const [a, b] = await Promise.all([t.app.ctx.assignments.remindDue(), t.app.ctx.assignments.remindDue()]);
    expect(a + b).toBe(2);
    expect(await t.app.ctx.assignments.remindDue()).toBe(0);
    for (const m of [open1, open2]) {
      const [n, ...more] = await notes(m, 'assignment-due', set.id);
      expect(more).toEqual([]);
      expect(n!.actor).toBeNull();
      expect(n!.excerpt).toMatch(/^203 · Systems Theory — due /);
    }
    expect(await notes(doneM, 'assignment-due', set.id)).toEqual([]);
  });

  it('a drill set less than a day before its due time gets no reminder (its notification says when)', async () => {
    const [m] = await buildUsers(t.app, 1);
    const set = await assign({ memberIds: [m.user.id], dueAt: at(clock + 5 * HOUR) });
    expect(await t.app.ctx.assignments.remindDue()).toBe(0);
    expect(await notes(m, 'assignment-due', set.id)).toEqual([]);
    expect(await notes(m, 'assignment-new', set.id)).toHaveLength(1);
  });

  it.skipIf(!testDatabaseUrl)(
    'two server instances on one database: each reminder claimed once',
    async () => {
      const other = await createSecondInstance(t);
      try {
        const members = await buildUsers(t.app, 4);
        const set = await assign({ memberIds: members.map((m) => m.user.id), dueAt: at(clock + 30 * HOUR) });
        clock += 7 * HOUR;
        const counts = await Promise.all([
          t.app.ctx.assignments.remindDue(),
          other.app.ctx.assignments.remindDue(),
          t.app.ctx.assignments.remindDue(),
          other.app.ctx.assignments.remindDue(),
        ]);
        expect(counts.reduce((s, n) => s + n, 0)).toBe(4);
        for (const m of members) expect(await notes(m, 'assignment-due', set.id)).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );
});

describe('a member’s own list, kept in memory (decision 81)', () => {
  const shown = (r: AssignmentsResponse) => r.items.map((i) => [i.id, i.status, i.attemptId]);
  /** Reads `who`'s own list through `read` until `ok` holds, for at most 10 s: the last answer. */
  async function until(
    read: () => Promise<AssignmentsResponse>,
    ok: (r: AssignmentsResponse) => boolean,
  ): Promise<AssignmentsResponse> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const r = await read();
      if (ok(r) || Date.now() > deadline) return r;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('is kept: a change the database does not announce is not seen until an announced one', async () => {
    const [m] = await buildUsers(t.app, 1);
    const first = await assign({ memberIds: [m.user.id] });
    expect(shown(await list(m))).toEqual([[first.id, 'open', null]]);
    // Behind the triggers' back (replica role): the kept rows are answered.
    await t.app.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from assignment_members where user_id = ${m.user.id}::uuid`);
    });
    expect(shown(await list(m))).toEqual([[first.id, 'open', null]]);
    const second = await assign({ memberIds: [m.user.id] });
    expect(shown(await list(m))).toEqual([[second.id, 'open', null]]);
  });

  it('changes at once after a drill is set, completed, reopened by a deletion, and deleted', async () => {
    const [m] = await buildUsers(t.app, 1);
    expect((await list(m)).items).toEqual([]);
    const set = await assign({ memberIds: [m.user.id] });
    expect(shown(await list(m))).toEqual([[set.id, 'open', null]]);
    const attemptId = await postAttempt(m, SYSTEMS);
    expect(shown(await list(m))).toEqual([[set.id, 'done', attemptId]]);
    expect((await call('DELETE', `/api/attempts/${attemptId}`, m)).statusCode).toBe(200);
    expect(shown(await list(m))).toEqual([[set.id, 'open', null]]);
    expect((await call('DELETE', `/api/assignments/${set.id}`, coach)).statusCode).toBe(204);
    expect((await list(m)).items).toEqual([]);
  });

  it('open turns missed when the clock passes the due time, with no change', async () => {
    const [m] = await buildUsers(t.app, 1);
    const set = await assign({ memberIds: [m.user.id], dueAt: at(clock + 2 * HOUR) });
    expect(shown(await list(m))).toEqual([[set.id, 'open', null]]);
    clock += 2 * HOUR;
    expect(shown(await list(m))).toEqual([[set.id, 'open', null]]);
    clock += MINUTE;
    expect(shown(await list(m))).toEqual([[set.id, 'missed', null]]);
  });

  it('a member’s new name and the community’s time zone show', async () => {
    const [m] = await buildUsers(t.app, 1);
    await assign({ memberIds: [m.user.id] });
    expect((await list(m)).timeZone).toBe('UTC');
    expect((await call('PATCH', '/api/auth/profile', m, { name: 'Renamed Member' })).statusCode).toBe(200);
    const renamed = await until(
      () => list(m),
      (r) => r.items[0]?.member.name === 'Renamed Member',
    );
    expect(renamed.items[0]?.member.name).toBe('Renamed Member');
    try {
      const res = await call('PATCH', '/api/admin/community', coach, { timeZone: 'Europe/Paris' });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (
          await until(
            () => list(m),
            (r) => r.timeZone === 'Europe/Paris',
          )
        ).timeZone,
      ).toBe('Europe/Paris');
    } finally {
      await call('PATCH', '/api/admin/community', coach, { timeZone: 'UTC' });
    }
    expect(
      (
        await until(
          () => list(m),
          (r) => r.timeZone === 'UTC',
        )
      ).timeZone,
    ).toBe('UTC');
  });

  it.skipIf(!testDatabaseUrl)(
    'two server instances on one database: a list kept by one changes after a change made on the other',
    async () => {
      const other = await createSecondInstance(t);
      const callOther = apiCaller(() => other.app);
      const listOther = async (who: BuiltUser) => {
        const res = await callOther('GET', '/api/assignments', who);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as AssignmentsResponse;
      };
      try {
        const [m] = await buildUsers(t.app, 1);
        expect((await listOther(m)).items).toEqual([]);
        const set = await assign({ memberIds: [m.user.id] });
        const seen = await until(
          () => listOther(m),
          (r) => r.items.length === 1,
        );
        expect(shown(seen)).toEqual([[set.id, 'open', null]]);
        const attemptId = await postAttempt(m, SYSTEMS);
        expect(
          shown(
            await until(
              () => listOther(m),
              (r) => r.items[0]?.status === 'done',
            ),
          ),
        ).toEqual([[set.id, 'done', attemptId]]);
        expect((await call('DELETE', `/api/attempts/${attemptId}`, m)).statusCode).toBe(200);
        expect(
          shown(
            await until(
              () => listOther(m),
              (r) => r.items[0]?.status === 'open',
            ),
          ),
        ).toEqual([[set.id, 'open', null]]);
        expect((await call('DELETE', `/api/assignments/${set.id}`, coach)).statusCode).toBe(204);
        expect(
          (
            await until(
              () => listOther(m),
              (r) => r.items.length === 0,
            )
          ).items,
        ).toEqual([]);
      } finally {
        await other.close();
      }
    },
  );
});
