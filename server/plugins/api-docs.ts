import type { FastifyInstance } from 'fastify';

/**
 * The API's OpenAPI document, generated from the same zod contracts (common/contracts) that validate
 * the requests and serialize the answers, and a page that lists its operations (decision 35). Served
 * only when API_DOCS is set (`npm run dev` sets it); `npm run docs:api` writes it to docs/openapi.json.
 */

/** The page that lists the operations. */
export const API_DOCS_PATH = '/api/docs';
/** The OpenAPI document itself. */
export const OPENAPI_PATH = '/api/docs/openapi.json';

/**
 * The environment the committed docs/openapi.json is generated with (scripts/openapi.ts) and checked
 * against (test/api-docs.test.ts): the document on, and every route that only some configurations
 * register (GET /api/metrics needs METRICS_TOKEN) registered. The token is never used.
 */
export const DOCUMENT_ENV: Readonly<Record<string, string>> = {
  API_DOCS: 'true',
  METRICS_TOKEN: 'openapi-document-only',
};

const isDocumented = (url: string) => url.startsWith('/api/') && !url.startsWith(API_DOCS_PATH);

/** `/api/chat/community/stream` → `chat`: operations are grouped by their first path segment. */
const tagOf = (url: string) => url.split('/')[2] ?? 'api';

/**
 * Registers @fastify/swagger, which records each route as it is added: call it before the routes.
 * Client pages, static files and the docs themselves are left out.
 */
export async function registerApiDocs(app: FastifyInstance) {
  // Loaded only here: a server without API_DOCS never loads them (decision 21 counts its memory).
  const [{ default: fastifySwagger }, { createJsonSchemaTransform }] = await Promise.all([
    import('@fastify/swagger'),
    import('fastify-type-provider-zod'),
  ]);
  const zodToJson = createJsonSchemaTransform({ skipList: [] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tribe36 API',
        version: '1',
        description:
          'Generated from the zod contracts in common/contracts. Every error answer is `{ "error": "…" }` ' +
          'with a sentence for the member. State changes from a browser must come from this origin ' +
          '(Origin or Sec-Fetch-Site is checked).',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'tribe36_session',
            description: 'Set by sign-in; `__Host-tribe36_session` when PUBLIC_URL is https.',
          },
        },
      },
    },
    transform: (route) => {
      if (!isDocumented(route.url)) return { schema: { hide: true }, url: route.url };
      const { schema, url } = zodToJson(route);
      return { schema: { ...schema, tags: schema?.tags ?? [tagOf(url)] }, url };
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  app.get(API_DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocsPage(app.swagger() as OpenApiDocument)),
  );
}

type SchemaObject = Record<string, unknown>;

type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: SchemaObject }[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: SchemaObject }> }>;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function renderOperation(method: string, path: string, op: Operation): string {
  const parts = [
    `<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
  ];
  if (op.summary) parts.push(`<p>${escapeHtml(op.summary)}</p>`);
  if (op.description) parts.push(`<p>${escapeHtml(op.description)}</p>`);
  for (const p of op.parameters ?? []) {
    parts.push(schemaBlock(`${p.in} parameter ${p.name}${p.required ? ' (required)' : ''}`, p.schema ?? {}));
  }
  for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(schemaBlock(`request body (${type})`, schema ?? {}));
  }
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const content = Object.entries(response.content ?? {});
    if (content.length === 0) parts.push(`<p class="response">${escapeHtml(status)}: no body</p>`);
    for (const [type, { schema }] of content) parts.push(schemaBlock(`${status} (${type})`, schema ?? {}));
  }
  return `<section>${parts.join('\n')}</section>`;
}

/**
 * A page of this origin with no script (the CSP allows only this origin's scripts, and a viewer
 * bundle would be a dependency of its own): the operations by group, each schema folded.
 */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const groups = [...byTag].map(
    ([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${ops.join('\n')}`,
  );
  const toc = [...byTag.keys()]
    .map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
section { border-top: 1px solid #ccc; padding: 0.5rem 0; }
h3 { font-size: 1rem; margin: 0.5rem 0; }
.method { display: inline-block; min-width: 4.5rem; font-family: monospace; }
pre { background: #f4f4f4; padding: 0.5rem; overflow-x: auto; }
summary { cursor: pointer; }
</style>
</head>
<body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description ?? '')}</p>
<p>OpenAPI ${escapeHtml(doc.openapi)} document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a></p>
<nav>${toc}</nav>
${groups.join('\n')}
</body>
</html>
`;
}
