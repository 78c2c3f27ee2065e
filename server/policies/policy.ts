import type { ErrorCode } from '../lib/errors';

/**
 * Who acts, as the rules read it: a session's actor (server/storage/session-store.ts `Actor`) fits.
 * Rules of pending or suspended members (issue 31, part 4) read what they need of `user`.
 */
export type PolicyActor = { user: { id: string }; isAdmin: boolean };

/**
 * One rule of who may do what (decision 53): whether `actor` may, given the subject it acts on, and
 * the one sentence every refusal of it answers with, whichever layer refuses (a route's guard or a
 * service).
 */
export type Rule<S> = {
  allow(actor: PolicyActor, subject: S): boolean;
  message: string;
  /** The refusal's code: 'forbidden' (403) unless the rule says otherwise. */
  code?: ErrorCode;
};

/** A rule over `S` (no subject: `rule({...})` alone). */
export const rule = <S = void>(r: Rule<S>): Rule<S> => r;

/** The rule of admin-only actions: administrators may, nobody else, with this refusal. */
export const adminOnly = (message: string): Rule<void> => rule({ allow: (actor) => actor.isAdmin, message });

/** What is someone's own: a message, an attempt (its author's id). */
export type Authored = { userId: string };

export const isAuthor = (actor: PolicyActor, subject: Authored) => subject.userId === actor.user.id;
