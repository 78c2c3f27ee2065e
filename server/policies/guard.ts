import type { FastifyRequest } from 'fastify';
import { actorOf, requireMember } from '../plugins/session-cookie';
import { authorize, type SubjectlessVerb } from './index';

/**
 * A route's guard for a rule with no subject (an admin-only action): a visitor gets 401 as from
 * `requireMember`, a member the rule's own refusal, the same sentence the service would give.
 */
export function allowedTo(verb: SubjectlessVerb) {
  return async function guard(request: FastifyRequest) {
    await requireMember(request);
    authorize(actorOf(request), verb);
  };
}
