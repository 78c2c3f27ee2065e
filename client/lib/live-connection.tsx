import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { SESSION_ENDED_EVENT } from '@common/contracts/chat-stream';
import type { LiveThread } from '@common/contracts/live';
import { LIVE_PATH, threadKeyOf } from '@common/contracts/live-values';
import { currentUserQueryOptions, useCurrentUser } from './current-user';

/**
 * One live connection per tab (docs/decisions.md decision 58): a single EventSource to GET /api/live
 * carrying the member's notifications always, and what the mounted pages declared they show (the chat,
 * the open discussion). Pages declare with `useLiveTopics`, listen with `useLiveEvent`, and read whether
 * it is open with `useLiveState` (to poll only while it is not).
 */

/** What a page shows live. */
export interface LiveTopics {
  chat?: boolean;
  discussion?: LiveThread;
}

/**
 * 'off': no connection (not a member signed in, or no EventSource); 'connecting': opening, or opening
 * again with other topics; 'open': delivering what the mounted pages declared; 'closed': dropped (the
 * browser or this module tries again) or ended with the session.
 */
export type LiveState = 'off' | 'connecting' | 'open' | 'closed';

type Handler = (data: unknown) => void;

const RETRY_MIN_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/** The chat's message events: unnamed, with an `id:` line (the chat's place). */
const MESSAGE = 'message';

/** The URL for `topics`, and with it the connection's identity: a change of it reopens. */
export function liveUrl(topics: LiveTopics, lastEventId?: string): string {
  const query = new URLSearchParams();
  if (topics.chat) query.set('chat', '1');
  if (topics.discussion) query.set('discussion', threadKeyOf(topics.discussion));
  if (topics.chat && lastEventId) query.set('lastEventId', lastEventId);
  const search = query.toString();
  return search === '' ? LIVE_PATH : `${LIVE_PATH}?${search}`;
}

/**
 * The union of what the mounted pages declared: the chat when any asks for it, and the discussion
 * declared last (a tab shows one at a time; a page opened on top of another wins).
 */
export function unionOf(declared: Iterable<LiveTopics>): LiveTopics {
  const union: LiveTopics = {};
  for (const t of declared) {
    if (t.chat) union.chat = true;
    if (t.discussion) union.discussion = t.discussion;
  }
  return union;
}

/**
 * The connection, outside React: declarations and handlers come and go; it (re)opens the EventSource
 * when what is wanted changes (once per turn of the event loop, however many pages declared). When the
 * browser drops the stream it reconnects by itself, sending Last-Event-ID; when the server refused it
 * outright (EventSource gave up) it opens a fresh one later, with a growing delay. A reopen with other
 * topics keeps the chat's place (`lastEventId=`), so no chat message is lost across it. When the server
 * says the session ended it stays closed until `setEnabled` turns it on again (a new sign-in).
 */
export function createLiveConnection(options: { onSessionEnded: () => void }) {
  const declarations = new Map<number, LiveTopics>();
  const handlers = new Map<string, Set<Handler>>();
  const stateListeners = new Set<() => void>();
  let nextDeclaration = 1;
  let enabled = false;
  let ended = false;
  let source: EventSource | undefined;
  /** The topics `source` was opened with. */
  let openTopics: LiveTopics = {};
  let openKey: string | undefined;
  /** Event names `source` has a listener for. */
  let attached = new Set<string>();
  let sourceState: Exclude<LiveState, 'off'> = 'connecting';
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;
  let reconcileQueued = false;
  /** The id of the last chat message delivered (the chat's place), while the chat is among the topics. */
  let lastChatId: string | undefined;
  let state: LiveState = 'off';

  const wantedKey = () => liveUrl(unionOf(declarations.values()));

  function publish() {
    const next: LiveState =
      !enabled || typeof EventSource === 'undefined'
        ? 'off'
        : !source
          ? ended
            ? 'closed'
            : 'connecting'
          : sourceState === 'open' && openKey !== wantedKey()
            ? 'connecting'
            : sourceState;
    if (next === state) return;
    state = next;
    for (const l of stateListeners) l();
  }

  function dispatch(name: string, event: MessageEvent<string>) {
    if (name === MESSAGE && event.lastEventId) lastChatId = event.lastEventId;
    const set = handlers.get(name);
    if (!set || set.size === 0) return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      console.error(`Unreadable live event ${name}`, error);
      return;
    }
    for (const h of [...set]) {
      try {
        h(data);
      } catch (error) {
        console.error(`Live event ${name} handler failed`, error);
      }
    }
  }

  function attach(name: string) {
    if (!source || attached.has(name) || name === SESSION_ENDED_EVENT) return;
    attached.add(name);
    source.addEventListener(name, (event) => dispatch(name, event as MessageEvent<string>));
  }

  function close() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = undefined;
    openKey = undefined;
    attached = new Set();
  }

  function open() {
    close();
    const topics = unionOf(declarations.values());
    // The chat's place is kept only while the chat stays among the topics.
    if (!topics.chat || !openTopics.chat) lastChatId = topics.chat ? lastChatId : undefined;
    openTopics = topics;
    openKey = liveUrl(topics);
    sourceState = 'connecting';
    const es = new EventSource(liveUrl(topics, lastChatId), { withCredentials: true });
    source = es;
    es.onopen = () => {
      if (source !== es) return;
      retryMs = RETRY_MIN_MS;
      sourceState = 'open';
      publish();
    };
    es.onerror = () => {
      if (source !== es) return;
      sourceState = 'closed';
      publish();
      if (es.readyState !== EventSource.CLOSED) return; // the browser tries again by itself
      source = undefined;
      openKey = undefined;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        reconcile();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    es.addEventListener(SESSION_ENDED_EVENT, () => {
      if (source !== es) return;
      ended = true;
      close();
      sourceState = 'closed';
      publish();
      options.onSessionEnded();
    });
    attach(MESSAGE);
    for (const name of handlers.keys()) attach(name);
    publish();
  }

  function reconcile() {
    reconcileQueued = false;
    if (!enabled || ended || typeof EventSource === 'undefined') {
      close();
      publish();
      return;
    }
    if (retryTimer !== undefined) return publish(); // waiting to try again: it opens with the topics then
    if (!source || openKey !== wantedKey()) open();
    else publish();
  }

  function reconcileSoon() {
    publish();
    if (reconcileQueued) return;
    reconcileQueued = true;
    queueMicrotask(reconcile);
  }

  return {
    /** Whether a member is signed in: the connection is open only then. A new sign-in after a session ended reopens it. */
    setEnabled(on: boolean) {
      if (on === enabled) return;
      enabled = on;
      ended = false;
      retryMs = RETRY_MIN_MS;
      // Closed at once, so that another member signing in next opens a connection of their own.
      if (!on) close();
      reconcileSoon();
    },
    declare(topics: LiveTopics): () => void {
      const id = nextDeclaration++;
      declarations.set(id, topics);
      reconcileSoon();
      return () => {
        declarations.delete(id);
        reconcileSoon();
      };
    },
    on(name: string, handler: Handler): () => void {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      attach(name);
      return () => void set.delete(handler);
    },
    subscribeState(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    getState: (): LiveState => state,
    /** The topics the open connection carries (for tests and the chat's catch-up). */
    topics: (): LiveTopics => (source ? openTopics : {}),
    dispose() {
      enabled = false;
      close();
      publish();
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;

const LiveContext = createContext<LiveConnection | null>(null);

/**
 * Mounted once, around the app: the tab's one live connection, open while a member is signed in (and
 * approved: a member waiting for approval has nothing live to receive).
 */
export function LiveConnectionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [connection] = useState(() =>
    createLiveConnection({
      // Signed out elsewhere: ask who is signed in, which turns the page into the visitor's.
      onSessionEnded: () => void queryClient.invalidateQueries(currentUserQueryOptions()),
    }),
  );
  const { user } = useCurrentUser();
  const member = user !== null && user.membership === 'active' && !user.mustChangePassword;
  const memberId = member ? user.id : null;
  useEffect(() => {
    if (memberId === null) return;
    connection.setEnabled(true);
    return () => connection.setEnabled(false);
  }, [connection, memberId]);
  useEffect(() => () => connection.dispose(), [connection]);
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>;
}

function useConnection(): LiveConnection | null {
  return useContext(LiveContext);
}

/** Calls `handler` with each event `name`'s data (parsed JSON) while mounted; the latest handler is called. */
export function useLiveEvent(name: string, handler: (data: unknown) => void): void {
  const connection = useConnection();
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!connection) return;
    return connection.on(name, (data) => ref.current(data));
  }, [connection, name]);
}

/** Declares what this page shows live, while mounted: the connection carries the union of every page's. */
export function useLiveTopics(topics: LiveTopics): void {
  const connection = useConnection();
  const chat = topics.chat ?? false;
  const thread = topics.discussion ? threadKeyOf(topics.discussion) : undefined;
  useEffect(() => {
    if (!connection) return;
    const [thinkTank = '', topic = '', lesson = ''] = thread?.split('/') ?? [];
    return connection.declare({
      ...(chat ? { chat: true } : {}),
      ...(thread ? { discussion: { thinkTank, topic, lesson } } : {}),
    });
  }, [connection, chat, thread]);
}

const offState = () => 'off' as const;
const noSubscription = () => () => {};

/** The connection's state; 'open' only while it carries every topic the mounted pages declared. */
export function useLiveState(): LiveState {
  const connection = useConnection();
  return useSyncExternalStore(
    connection ? connection.subscribeState : noSubscription,
    connection ? connection.getState : offState,
    offState,
  );
}
