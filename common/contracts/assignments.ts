import { z } from 'zod';
import {
  ASSIGNMENT_MEMBERS_MAX,
  ASSIGNMENT_NOTE_MAX_LENGTH,
  ASSIGNMENT_STATUSES,
  ASSIGNMENTS_LIMIT_DEFAULT,
  ASSIGNMENTS_LIMIT_MAX,
} from './assignments-values';
import { slug, text } from './fields';

export * from './assignments-values';

/**
 * Drills (issue 34 §1, decision 81): a coach assigns a lesson to members, or to everyone, due at a
 * time; an attempt the member posts to that lesson completes it.
 */

/** A lesson of the curriculum (a single-page Think Tank is `main/main`). */
export const assignmentLessonRef = z.object(
  {
    thinkTank: slug('lesson.thinkTank'),
    topic: slug('lesson.topic'),
    lesson: slug('lesson.lesson'),
  },
  { error: 'lesson must be { thinkTank, topic, lesson }' },
);

const memberId = text('memberIds[]').pipe(z.uuid({ error: 'memberIds must be a list of member ids' }));

/** POST /api/assignments: members named or everyone, exactly one of them. */
export const createAssignmentBody = z
  .object(
    {
      memberIds: z
        .array(memberId, { error: 'memberIds must be a list of member ids' })
        .min(1, { error: 'memberIds must name at least one member' })
        .max(ASSIGNMENT_MEMBERS_MAX, {
          error: `memberIds must name at most ${ASSIGNMENT_MEMBERS_MAX} members (assign it to everyone instead)`,
        })
        .optional(),
      everyone: z.literal(true, { error: 'everyone must be true when given' }).optional(),
      dueAt: text('dueAt').pipe(
        z.iso.datetime({ offset: true, error: 'dueAt must be an ISO 8601 date-time with its offset' }),
      ),
      note: text('note')
        .trim()
        .max(ASSIGNMENT_NOTE_MAX_LENGTH, {
          error: `note must be at most ${ASSIGNMENT_NOTE_MAX_LENGTH} characters`,
        })
        .optional(),
      // Last: a request is told the first field that is wrong, so another field's error (a NUL in the
      // note, say) is not hidden behind a lesson given in the wrong shape.
      lesson: assignmentLessonRef,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field: ${issue.keys.join(', ')}`
          : 'Request body must be a JSON object',
    },
  )
  .strict()
  .refine((b) => (b.memberIds === undefined) !== (b.everyone === undefined), {
    error: 'Give either memberIds or everyone: true (one of them)',
  });
export type CreateAssignmentBody = z.infer<typeof createAssignmentBody>;

export const assignmentStatus = z.enum(ASSIGNMENT_STATUSES);

/** GET /api/assignments: a coach may filter by member and status; both page by `cursor`. */
export const assignmentsQuery = z.object({
  member: text('member')
    .pipe(z.uuid({ error: 'member must be a member id' }))
    .optional(),
  status: z
    .enum(ASSIGNMENT_STATUSES, { error: `status must be one of ${ASSIGNMENT_STATUSES.join(', ')}` })
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ASSIGNMENTS_LIMIT_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${ASSIGNMENTS_LIMIT_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${ASSIGNMENTS_LIMIT_MAX}` })
    .max(ASSIGNMENTS_LIMIT_MAX, { error: `limit must be a whole number from 1 to ${ASSIGNMENTS_LIMIT_MAX}` })
    .default(ASSIGNMENTS_LIMIT_DEFAULT),
  cursor: text('cursor')
    .regex(/^\d+_[0-9a-f-]{36}_[0-9a-f-]{36}$/, { error: 'cursor must be a nextCursor this list gave' })
    .optional(),
});
export type AssignmentsQuery = z.infer<typeof assignmentsQuery>;

export const assignmentIdParams = z.object({
  id: text('id').pipe(z.uuid({ error: 'id must be a drill id' })),
});

const lessonView = z.object({
  thinkTank: z.string(),
  topic: z.string(),
  lesson: z.string(),
  /** '214 · Interception Deception', or the area's name for a single-page Think Tank. */
  title: z.string(),
});
const personView = z.object({ id: z.string(), name: z.string(), username: z.string() });

/** One member's drill: the assignment, the member, and how they stand. */
export const assignmentItem = z.object({
  id: z.string(),
  lesson: lessonView,
  dueAt: z.string(),
  note: z.string().nullable(),
  everyone: z.boolean(),
  createdAt: z.string(),
  /** The coach who set it; null once their account is gone. */
  coach: personView.omit({ id: true }).nullable(),
  member: personView,
  status: assignmentStatus,
  /** When the attempt that completed it was posted. */
  completedAt: z.string().nullable(),
  /** That attempt (null while open or missed). */
  attemptId: z.string().nullable(),
});
export type AssignmentItem = z.infer<typeof assignmentItem>;

/** GET /api/assignments: newest due first; `timeZone` is the community's, for showing due times. */
export const assignmentsResponse = z.object({
  items: z.array(assignmentItem),
  nextCursor: z.string().nullable(),
  timeZone: z.string(),
});
export type AssignmentsResponse = z.infer<typeof assignmentsResponse>;

/** POST /api/assignments' 201: the assignment as the coach sees it, with each member's status. */
export const assignmentView = z.object({
  id: z.string(),
  lesson: lessonView,
  dueAt: z.string(),
  note: z.string().nullable(),
  everyone: z.boolean(),
  createdAt: z.string(),
  coach: personView.omit({ id: true }).nullable(),
  members: z.array(personView.extend({ status: assignmentStatus })),
  timeZone: z.string(),
});
export type AssignmentView = z.infer<typeof assignmentView>;
