import { membershipRefusal } from '../policies/admission.policy';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import zlib from 'node:zlib';
import { ERRORS } from '../../common/contracts/errors';
import { isMediaUrl, smallMediaUrl } from '../../common/media-url';
import { MEMBER_FRAME_PATH, MEMBER_PICTURE_SLOT, memberPageUsername } from '../../common/member-page-path';
import type { Actor, SessionStore } from '../storage/session-store';

/** The built pages (scripts/build.mjs): the home page prerendered signed out, and the layout shell. */
export const HOME_PAGE = 'index.html';
export const SHELL_PAGE = 'shell.html';
/**
 * In memberPagesDir (scripts/prerender.mjs): `{ "/think-tanks/…": "<file>.html" }`, and a page's other
 * frames as `{ "/profile#email-unconfirmed": "<file>.html" }` (a request's path never has a `#`).
 */
export const MEMBER_PAGES_INDEX = 'pages.json';

export type ClientOptions = {
  /** The session cookie's name: a request carrying it gets the shell, not the signed-out home page. */
  sessionCookie: string;
  /** The Think Tank pages prerendered for members (docs/decisions.md decision 33); may be missing. */
  memberPagesDir: string;
  /** Tells a live session from a visitor's, an expired or a revoked one. */
  sessions: Pick<SessionStore, 'resolve'>;
  /**
   * The picture of a member's page as GET /api/members/username/:username would give it to `actor`, or
   * null (refused, or none): written into that page's frame (decision 75). Without it, no picture.
   */
  memberPicture?: (actor: Actor, username: string) => Promise<string | null>;
};

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The prerendered member pages by path, or none (a build before them, or no build). */
function readMemberPages(dir: string): ReadonlyMap<string, string> {
  const index = path.join(dir, MEMBER_PAGES_INDEX);
  if (!fs.existsSync(index)) return new Map();
  const files = JSON.parse(fs.readFileSync(index, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(files));
}

/**
 * Serves the built client (docs/decisions.md decision 19) and falls back to a page for client routes; any
 * unknown /api path (or a missing file asset) answers 404 JSON. Every text file goes out as the
 * build's brotli or gzip copy, chosen by Accept-Encoding (`Vary: Accept-Encoding`).
 */
export async function registerClient(app: FastifyInstance, clientDir: string, opts: ClientOptions) {
  const hasClient = fs.existsSync(path.join(clientDir, HOME_PAGE));
  // Builds before the prerender had no shell: the home page's file serves every route then.
  const shellPage = fs.existsSync(path.join(clientDir, SHELL_PAGE)) ? SHELL_PAGE : HOME_PAGE;
  const memberPages = hasClient ? readMemberPages(opts.memberPagesDir) : new Map<string, string>();
  const memberPagesPrefix = path.resolve(opts.memberPagesDir) + path.sep;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are the same files in another encoding, never pages of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; a member's page is theirs alone (no shared cache keeps
        // it); everything else is revalidated.
        const value = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : path.resolve(filePath).startsWith(memberPagesPrefix)
            ? 'private, no-cache'
            : 'no-cache';
        res.header('cache-control', value);
      },
    });
  }

  /**
   * A member's page prerendered (a Think Tank page, the own profile's frame: docs/decisions.md decisions
   * 33 and 68) when the session cookie names a live session (and not one held at the password-change
   * step); otherwise null. A visitor, a forged, expired or revoked cookie, or a store that cannot
   * answer, gets what it got before: members-only text never leaks. Of a page's frames, the one for
   * this session: the profile's with the e-mail note's outline while the address is unconfirmed.
   */
  async function memberPageFor(
    request: FastifyRequest,
    url: string,
  ): Promise<{ file: string; picture: string | null } | null> {
    // `#` names a page's other frame in the index, never a path of its own; another member's page
    // (/member/<username>) has one frame for all (decision 75).
    const member = url.includes('#') ? null : memberPageUsername(url);
    const file = url.includes('#')
      ? undefined
      : (memberPages.get(url) ?? (member === null ? undefined : memberPages.get(MEMBER_FRAME_PATH)));
    const token = request.cookies?.[opts.sessionCookie];
    if (!file || !token) return null;
    try {
      const actor = await opts.sessions.resolve(token);
      if (!actor || actor.user.mustChangePassword || membershipRefusal(actor.user, actor.isAdmin)) {
        return null;
      }
      if (member !== null) {
        // What the API would show this viewer of the member: their picture, or nothing at all. An admin
        // gets the frame without the Report and Block row, which they do not get either.
        const picture = (await opts.memberPicture?.(actor, member)) ?? null;
        return {
          file: (actor.isAdmin && memberPages.get(`${MEMBER_FRAME_PATH}#admin`)) || file,
          picture: picture && isMediaUrl(picture) ? smallMediaUrl(picture) : null,
        };
      }
      const variant = actor.user.emailConfirmedAt === null ? 'email-unconfirmed' : null;
      return { file: (variant && memberPages.get(`${url}#${variant}`)) || file, picture: null };
    } catch (err) {
      request.log.warn({ err }, 'session lookup for a prerendered member page failed: sending the shell');
      return null;
    }
  }

  const frameHtml = new Map<string, string>();
  /**
   * Another member's frame with their picture in its slot (decision 75), compressed as the browser
   * accepts (the files' own compressed copies are of the frame without it). Null when the frame has no
   * slot (a build before it): the frame as it is, then.
   */
  function frameWithPicture(request: FastifyRequest, file: string, picture: string) {
    let html = frameHtml.get(file);
    if (html === undefined) {
      html = fs.readFileSync(path.join(opts.memberPagesDir, file), 'utf8');
      frameHtml.set(file, html);
    }
    if (!html.includes(MEMBER_PICTURE_SLOT)) return null;
    const body = Buffer.from(
      html.replace(MEMBER_PICTURE_SLOT, () => `src="${escapeAttribute(picture)}" fetchpriority="high"`),
    );
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
      return { encoding: 'br', body: zlib.brotliCompressSync(body, { params }) };
    }
    if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: zlib.gzipSync(body) };
    return { encoding: null, body };
  }

  /** The signed-out home page is prerendered; a member (or any other route) gets the layout shell. */
  const pageFor = (request: FastifyRequest, url: string) =>
    url === '/' && !request.cookies?.[opts.sessionCookie] ? HOME_PAGE : shellPage;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !path.extname(url);
    if (wantsPage) {
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie').type('text/html');
      const memberPage = await memberPageFor(request, url);
      if (memberPage) {
        const filled = memberPage.picture && frameWithPicture(request, memberPage.file, memberPage.picture);
        if (filled) {
          reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie, Accept-Encoding');
          if (filled.encoding) reply.header('content-encoding', filled.encoding);
          return reply.send(filled.body);
        }
        return reply.sendFile(memberPage.file, opts.memberPagesDir);
      }
      return reply.sendFile(pageFor(request, url));
    }
    return reply.code(404).send({ error: ERRORS.notFound });
  });
}
