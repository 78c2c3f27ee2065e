import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { ZodType, core } from 'zod';
import { AppError } from './errors';

/** A zod issue as one sentence that names the field it is about. */
export function describeIssue(issue: core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  // 'New password must…' names the field newPassword: compare without spaces or case.
  const squashed = issue.message.toLowerCase().replace(/\s+/g, '');
  if (!field || squashed.includes(field.toLowerCase())) return issue.message;
  return `${field}: ${issue.message}`;
}

/** Request validation with zod; the first problem becomes a 400 `{ error }` naming the field. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const first = result.error.issues[0];
    return { error: new AppError('bad_request', first ? describeIssue(first) : 'Invalid request') };
  };

/** Replies go through their zod schema, which also strips any field the contract does not name. */
export const zodSerializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));
