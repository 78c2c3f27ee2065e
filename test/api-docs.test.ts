import fs from 'node:fs';
import path from 'node:path';
import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_DOCS_PATH, DOCUMENT_ENV, OPENAPI_PATH, type OpenApiDocument } from '../server/plugins/api-docs';
import { createTestApp, type TestApp } from './helpers/app';

// The OpenAPI document (decision 35): generated from the routes' zod contracts, served at /api/docs
// when API_DOCS is set and never otherwise, and committed as docs/openapi.json.

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// Every Fastify instance the app builds reports its routes here as they are added (as in fuzz.test.ts):
// the route table the document is compared with, taken from Fastify rather than from the document's plugin.
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>();
  const fastify = ((options?: object) => {
    const app = real.default(options as never);
    app.addHook('onRoute', ({ method, url }) => {
      for (const m of [method].flat()) registered.push({ method: m, url });
    });
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: fastify };
});

/** `/api/media/:id` as OpenAPI writes it: `/api/media/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What OpenAPI 3 requires of a document's structure (the parts this API uses). */
function structureProblems(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!/^3\.\d+\.\d+$/.test(doc.openapi)) problems.push(`openapi is ${doc.openapi}`);
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string') {
    problems.push('info needs a title and a version');
  }
  for (const [url, item] of Object.entries(doc.paths ?? {})) {
    if (!url.startsWith('/')) problems.push(`path ${url} does not start with /`);
    const templated = [...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    for (const [method, op] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${url}`;
      if (!HTTP_METHODS.includes(method)) problems.push(`${where}: not an HTTP method`);
      const responses = Object.entries(op.responses ?? {});
      if (responses.length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of responses) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
        if (typeof response.description !== 'string') problems.push(`${where} ${status}: no description`);
      }
      const params = op.parameters ?? [];
      for (const p of params) {
        if (!['path', 'query', 'header', 'cookie'].includes(p.in))
          problems.push(`${where}: parameter in ${p.in}`);
        if (p.in === 'path' && p.required !== true)
          problems.push(`${where}: path parameter ${p.name} not required`);
      }
      for (const name of templated) {
        if (!params.some((p) => p.in === 'path' && p.name === name)) {
          problems.push(`${where}: path parameter ${name} not described`);
        }
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (typeof media.schema !== 'object') problems.push(`${where}: request body ${type} has no schema`);
      }
    }
  }
  return problems;
}

describe('the API document, with API_DOCS set', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    registered.length = 0;
    t = await createTestApp({ ...DOCUMENT_ENV });
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(async () => t?.close());

  it('lists every API route Fastify registered, and nothing else', () => {
    // HEAD is left out: Fastify adds one beside every GET by itself, and the document lists the GET.
    const routes = registered
      .filter(
        ({ method, url }) => method !== 'HEAD' && url.startsWith('/api/') && !url.startsWith(API_DOCS_PATH),
      )
      .map(({ method, url }) => `${method} ${openApiPath(url)}`);
    const documented = Object.entries(doc.paths).flatMap(([url, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${url}`),
    );
    // The table was collected: routes of several modules, parameters included.
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/chat/community',
        'GET /api/media/{id}',
        'PUT /api/videos/upload/{token}',
      ]),
    );
    expect(documented.sort()).toEqual([...new Set(routes)].sort());
  });

  it('describes requests and answers with the zod contracts', () => {
    const post = doc.paths['/api/chat/community']!.post!;
    const body = post.requestBody!.content!['application/json']!.schema as { properties: object };
    expect(Object.keys(body.properties).sort()).toEqual(['content', 'messageType', 'replyToId']);
    const created = post.responses!['201']!.content!['application/json']!.schema as { properties: object };
    expect(Object.keys(created.properties)).toEqual(
      expect.arrayContaining(['id', 'content', 'createdAt', 'user']),
    );
    expect(post.responses!['400']!.content!['application/json']!.schema).toMatchObject({
      properties: { error: { type: 'string' } },
    });
    expect(post.tags).toEqual(['chat']);
  });

  it('is a structurally valid OpenAPI 3 document', () => {
    expect(structureProblems(doc)).toEqual([]);
  });

  it('is what docs/openapi.json holds (npm run docs:api writes it)', () => {
    const committed = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '..', 'docs', 'openapi.json'), 'utf8'),
    );
    expect(committed, 'docs/openapi.json is stale: run `npm run docs:api` and commit it').toEqual(doc);
  });

  it('has a readable page at /api/docs, with no script, under the site CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<code>/api/chat/community</code>');
    expect(res.body).toContain(`href="${OPENAPI_PATH}"`);
    // Every operation of the document is on the page.
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(res.body.match(/<section>/g)).toHaveLength(operations);
  });
});

describe('the API document, in the production configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    // What `npm start`, the Docker image and the cluster run with: API_DOCS unset.
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  it('is not served', async () => {
    expect(t.config.apiDocs).toBe(false);
    for (const url of [API_DOCS_PATH, OPENAPI_PATH]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });
});
