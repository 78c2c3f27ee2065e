import { AppError } from '../lib/errors';
import { admissionPolicies } from './admission.policy';
import { assignmentPolicies } from './assignments.policy';
import { attemptPolicies } from './attempts.policy';
import { contentPolicies } from './content.policy';
import { eventPolicies } from './events.policy';
import { lessonPolicies } from './lessons.policy';
import { memberPolicies } from './members.policy';
import { reportPolicies } from './reports.policy';
import type { PolicyActor, Rule } from './policy';

export type { PolicyActor, Rule } from './policy';

/**
 * Every rule of who may do what to whom (decision 53), by verb: one file per area, each rule with the
 * one sentence its refusal answers. Routes guard with `allowedTo(verb)` (./guard.ts), services call
 * `authorize(actor, verb, subject)`; both answer the same. A new rule goes into its area's file (or a
 * new `<area>.policy.ts` spread in here) with its unit test beside it.
 */
export const policies = {
  ...lessonPolicies,
  ...attemptPolicies,
  ...assignmentPolicies,
  ...contentPolicies,
  ...memberPolicies,
  ...admissionPolicies,
  ...reportPolicies,
  ...eventPolicies,
} satisfies Record<string, Rule<never>>;

export type Verb = keyof typeof policies;
type SubjectOf<V extends Verb> = (typeof policies)[V] extends Rule<infer S> ? S : never;
/** The subject argument: none for a rule over nothing (admin-only), else the subject. */
type SubjectArgs<V extends Verb> = [SubjectOf<V>] extends [void] ? [] : [subject: SubjectOf<V>];
/** Verbs whose rule needs no subject: the ones a route can guard by itself. */
export type SubjectlessVerb = { [V in Verb]: [SubjectOf<V>] extends [void] ? V : never }[Verb];

/** Whether `actor` may `verb` (the subject, when the rule has one). */
export function can<V extends Verb>(actor: PolicyActor, verb: V, ...subject: SubjectArgs<V>): boolean {
  const r = policies[verb] as Rule<unknown>;
  return r.allow(actor, subject[0]);
}

/** Throws the rule's refusal (AppError, 403 unless the rule says otherwise) unless `actor` may. */
export function authorize<V extends Verb>(actor: PolicyActor, verb: V, ...subject: SubjectArgs<V>): void {
  const r = policies[verb] as Rule<unknown>;
  if (!r.allow(actor, subject[0])) throw new AppError(r.code ?? 'forbidden', r.message);
}

/** The sentence a refusal of `verb` answers with (for tests and the client's copy). */
export const refusalOf = (verb: Verb): string => policies[verb].message;
