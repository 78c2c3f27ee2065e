import type { PreparedAnswer } from './lib/prepared-answer';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { usersRepository, type UsersRepository } from './db/repositories/users.repository';
import { createLoginThrottle, type LoginThrottle } from './modules/auth/login-throttle';
import { createRateEventStore, type RateEventStore } from './lib/rate-event-store';
import { authService, type AuthService } from './modules/auth/auth.service';
import { createDeviceCookies, DEVICE_KEY_SECRET, newDeviceKey } from './modules/auth/device-cookie';
import { secretsRepository } from './db/repositories/secrets.repository';
import { profileService } from './modules/auth/profile.service';
import { adminService, type AdminService } from './modules/admin/admin.service';
import { mediaService } from './modules/media/media.service';
import { mediaDurationMender, type MediaDurationMender } from './modules/media/media-durations';
import { membersService, type MembersService } from './modules/members/members.service';
import { mediaRepository } from './db/repositories/media.repository';
import type { BlobStore } from './storage/blob';
import { createMediaStore, type MediaStore } from './storage/media-store';
import { lessonVideoLengths } from './storage/video-length';
import { chatRepository } from './db/repositories/chat.repository';
import { recordingsRepository } from './db/repositories/recordings.repository';
import { recordingsService, type RecordingsService } from './modules/recordings/recordings.service';
import { discussionsRepository, lessonsRepository } from './db/repositories/lessons.repository';
import { lessonsService, type LessonsService } from './modules/lessons/lessons.service';
import { discussionsService, type DiscussionsService } from './modules/discussions/discussions.service';
import { progressRepository } from './db/repositories/progress.repository';
import { progressService, type ProgressService } from './modules/progress/progress.service';
import { createChatFeed, namedEventFrame, type ChatFeed } from './modules/chat/chat.feed';
import { createMemberCount, type MemberCount } from './storage/member-count';
import { createProgressCache, type ProgressCache } from './storage/progress-cache';
import { MEMBERS_EVENT } from '../common/contracts/chat-stream';
import { chatService, type ChatService } from './modules/chat/chat.service';
import { chatReadsService, type ChatReadsService } from './modules/chat/chat-reads.service';
import { chatReadsRepository } from './db/repositories/chat-reads.repository';
import { createSessionStore, type Actor, type SessionStore } from './storage/session-store';
import { createMailer, type Mailer } from './mail/mailer';
import { accountTokensRepository } from './db/repositories/account-tokens.repository';
import {
  emailConfirmationService,
  type EmailConfirmationService,
} from './modules/auth/email-confirmation.service';
import { accountLinks, type AccountLinks } from './modules/auth/account-links';
import { createLinkOrigin, type LinkOrigin } from './lib/link-origin';
import { passwordResetService, type PasswordResetService } from './modules/auth/password-reset.service';
import { accountService, type AccountService } from './modules/auth/account.service';
import { accountsRepository } from './db/repositories/accounts.repository';
import { attemptsRepository } from './db/repositories/attempts.repository';
import { attemptsService, type AttemptsService } from './modules/attempts/attempts.service';
import { assignmentsRepository } from './db/repositories/assignments.repository';
import { assignmentsService, type AssignmentsService } from './modules/assignments/assignments.service';
import { createDrillsCache } from './modules/assignments/assignments.cache';
import { moderationRepository } from './db/repositories/moderation.repository';
import { auditLog, type AuditLog } from './audit/audit-log';
import { attemptRemoval } from './audit/attempt-removal';
import { communityRepository } from './db/repositories/community.repository';
import { communityService, type CommunityService } from './modules/community/community.service';
import { reportsRepository } from './db/repositories/reports.repository';
import { reportsService, type ReportsService } from './modules/reports/reports.service';
import { createBlockStore, type BlockStore } from './storage/block-store';
import { createLiveHub, type LiveHub } from './live/live-hub';
import { liveAttempts, liveDiscussions } from './live/live-discussions';
import { createPresence, type Presence } from './storage/presence';
import { presentDiscussionMessage } from './presenters/discussion.presenter';
import { notificationMailRepository } from './db/repositories/notification-mail.repository';
import {
  notificationMailService,
  type NotificationMailService,
} from './modules/notification-mail/notification-mail.service';
import {
  createUnsubscribeTokens,
  newUnsubscribeKey,
  UNSUBSCRIBE_KEY_SECRET,
} from './modules/notification-mail/unsubscribe-token';
import { mentionsRepository } from './db/repositories/mentions.repository';
import { notificationsRepository } from './db/repositories/notifications.repository';
import { notificationsService, type NotificationsService } from './notifications/notifications.service';
import { pushRepository } from './db/repositories/push.repository';
import { pushService, type PushService } from './modules/push/push.service';
import { leaderboardRepository } from './db/repositories/leaderboard.repository';
import { leaderboardService, type LeaderboardService } from './modules/leaderboard/leaderboard.service';
import { eventsRepository } from './db/repositories/events.repository';
import { eventsService, type EventsService } from './modules/events/events.service';
import { eventReminders, type EventReminders } from './modules/events/event-reminders';

/** Where services log what happens outside a request (Fastify's logger). */
export type ServiceLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** The instance's own state: `draining` from a SIGTERM on (server/main.ts), when readiness fails at once. */
export type Lifecycle = { draining: boolean };

/** Everything the modules share, built once per app. */
export type AppContext = {
  config: Config;
  lifecycle: Lifecycle;
  database: Database;
  users: UsersRepository;
  sessions: SessionStore;
  /**
   * Every limit's counts (sign-in, registration, password reset, chat and discussion posts): in
   * PostgreSQL, shared by every process on it, or in memory on the embedded database (decision 29).
   */
  limits: RateEventStore;
  throttle: LoginThrottle;
  auth: AuthService;
  profile: ReturnType<typeof profileService>;
  blobs: BlobStore;
  media: MediaStore;
  mediaAccess: ReturnType<typeof mediaService>;
  /** Gives stored WebM files their Duration (migration 0010), in the background. */
  mediaDurations: MediaDurationMender;
  members: MembersService;
  /** How many members there are, kept current across processes; told of joins and deletions. */
  memberCount: MemberCount;
  admin: AdminService;
  chatFeed: ChatFeed;
  chat: ChatService;
  /** Where each member stopped reading the chat (decision 59). */
  chatReads: ChatReadsService;
  lessons: LessonsService;
  discussions: DiscussionsService;
  /** Each member's own lesson progress and 'Continue' (issue 18). */
  progress: ProgressService;
  /** Members' progress answers in memory, kept true across processes (decision 40). */
  progressCache: ProgressCache<PreparedAnswer>;
  recordings: RecordingsService;
  /** Attempts posted back to a lesson or the chat, and the coaches' review (issue 18). */
  attempts: AttemptsService;
  /** Drills a coach assigns, completed by attempts, with their reminders (decision 81). */
  assignments: AssignmentsService;
  /** Outgoing mail, through the database outbox (decision 17). */
  mail: Mailer;
  /** Proving members' e-mail addresses (decision 2). */
  emailConfirmation: EmailConfirmationService;
  /** The mailed single-use links (decisions 2 and 18). */
  accountLinks: AccountLinks;
  /** The origin mailed links start with, settled by server/main.ts once listening (decision 46). */
  linkOrigin: LinkOrigin;
  /** Forgotten passwords (decision 18). */
  passwordReset: PasswordResetService;
  /** The member's own account: a new address, deletion (decision 18). */
  account: AccountService;
  /** The moderation audit: `record` every moderation action, in its transaction (decision 53). */
  audit: AuditLog;
  /** Who gets in (admission, join requests, invitations) and suspensions (decision 54). */
  community: CommunityService;
  /** Members' reports and the coaches' queue, and blocks (decision 55). */
  reports: ReportsService;
  /** Whom each member blocks, in memory, true across processes (decision 55). */
  blocks: BlockStore;
  /** This process's live streams and the lesson discussions they show, told of changes on any process (decision 58). */
  live: LiveHub;
  /** Who has a live stream open on any process (decision 58): `isActive`, `activeAmong`. */
  presence: Presence;
  /**
   * Mail a member wants (decision 60): preferences, the batches of what is still unread while the
   * member is away, the weekly digest, one-click unsubscribe; a worker in every process.
   */
  notificationMail: NotificationMailService;
  /**
   * What concerns each member (decision 56): `create` after an action commits, `subscribe` for a
   * member's live listeners on this process (the hub), `onCreated` for mail and push.
   */
  notifications: NotificationsService;
  /** Web push to members' devices (decision 61): VAPID keys, subscriptions, pushes of new notifications. */
  push: PushService;
  /** The leaderboard and streaks, kept in memory and forgotten on the database's NOTIFY (decision 83). */
  leaderboard: LeaderboardService;
  /** Sessions, RSVPs, .ics files and calendar feeds (decision 82). */
  events: EventsService;
  /** The sessions' reminders, 24 h and 10 minutes before, a round in every process (decision 82). */
  eventReminders: EventReminders;
};

/** Wires the services over the database and the blob store (openBlobStore). */
export function createContext(
  config: Config,
  database: Database,
  blobs: BlobStore,
  log: ServiceLog,
): AppContext {
  const users = usersRepository(database.db);
  const sessions = createSessionStore(database, config.adminEmails);
  const limits = createRateEventStore(database);
  const throttle = createLoginThrottle({ store: limits });
  const secrets = secretsRepository(database.db);
  const devices = createDeviceCookies(() => secrets.getOrCreate(DEVICE_KEY_SECRET, newDeviceKey));
  const mediaRepo = mediaRepository(database.db);
  const media = createMediaStore(blobs, mediaRepo);
  const adminEmails = config.adminEmails;
  const mail = createMailer({ database, config });
  const accounts = accountsRepository(database.db);
  const linkOrigin = createLinkOrigin(config);
  const links = accountLinks(
    accountTokensRepository(database.db),
    config.clock ?? Date.now,
    () => linkOrigin.current,
  );
  const emailConfirmation = emailConfirmationService({ links, users, sessions, mail });
  const chatRepo = chatRepository(database.db);
  const progressRepo = progressRepository(database.db);
  const lessonsRepo = lessonsRepository(database.db);
  const videoLengths = lessonVideoLengths({ repo: lessonsRepo, media });
  const chatFeed = createChatFeed(database, chatRepo);
  const reportsRepo = reportsRepository(database.db);
  const blocks = createBlockStore(database, reportsRepo);
  // What a member reads leaves out the members they block (decision 55).
  const hidden = (viewerId: string) => blocks.hidden(viewerId);
  const memberCount = createMemberCount(database, users);
  // The live streams' lesson discussions (decision 58) and who has one open.
  const live = createLiveHub(database, discussionsRepository(database.db), presentDiscussionMessage);
  const presence = createPresence(database, { log });
  const notifications = notificationsService({
    database,
    repo: notificationsRepository(database.db),
    blocks,
    adminEmails: config.adminEmails,
    now: () => (config.clock ?? Date.now)(),
    log,
  });
  const pushRepo = pushRepository(database.db);
  const push = pushService({
    repo: pushRepo,
    secret: (name, make) => secrets.getOrCreate(name, make),
    allowedEndpoints: config.push.allowedEndpoints,
    subject: config.publicUrl?.startsWith('https://')
      ? config.publicUrl
      : `mailto:${config.mail.from.address}`,
    // Members with an open live stream on any process (decision 58) get no push.
    activeAmong: (userIds) => presence.activeAmong(userIds),
    pushWanted: async (userIds, kind) => {
      const prefs = await notifications.preferencesOf(userIds, kind);
      return new Set(userIds.filter((u) => prefs.get(u)?.push));
    },
    draining: () => context.lifecycle.draining,
    timeoutMs: config.push.timeoutMs,
    log,
  });
  notifications.onCreated((rows) => push.notificationsCreated(rows));
  const progressCache = createProgressCache<PreparedAnswer>(database);
  const attemptsRepo = attemptsRepository(database.db);
  const moderationRepo = moderationRepository(database.db);
  const audit = auditLog(moderationRepo);
  const transaction = <T>(fn: (tx: Db) => Promise<T>): Promise<T> => database.db.transaction(fn);
  // Drills (decision 81): completed when an attempt to their lesson is posted, worked out again when one goes.
  const assignments = assignmentsService({
    repo: assignmentsRepository(database.db),
    adminEmails,
    now: () => (config.clock ?? Date.now)(),
    produce: notifications.producers,
    log,
    cache: createDrillsCache(database),
  });
  const attempts = attemptsService({
    repo: attemptsRepo,
    chatRepo,
    feed: chatFeed,
    media,
    limits,
    adminEmails,
    progress: progressCache,
    log,
    removal: attemptRemoval({ repo: moderationRepo, audit, transaction }),
    produce: notifications.producers,
    drills: assignments,
    // A caption's mentions (decision 57), as a text message's.
    mentionTargets: mentionsRepository(database.db).resolve,
    notify: (...args: Parameters<NotificationsService['create']>) => notifications.create(...args),
  });
  // Edits and deletions of messages (decision 53): an attempt's message deletes its attempt; a message
  // gone may have been a coach's first reply to an attempt (decision 52).
  const messageChanges = {
    audit,
    transaction,
    removeAttempt: (actor: Actor, attemptId: string, reason?: string) =>
      attempts.remove(actor, attemptId, reason),
    repliesRemoved: (removed: { chat?: readonly number[]; discussion?: readonly number[] }) =>
      attempts.repliesRemoved(removed),
  };
  const communityRepo = communityRepository(database.db);
  const leaderboard = leaderboardService({
    database,
    repo: leaderboardRepository(database.db),
    timeZone: async () => (await communityRepo.settings()).timeZone,
    adminEmails,
    blocks,
    now: () => (config.clock ?? Date.now)(),
    staleMs: config.leaderboard?.staleMs,
    keepMs: config.leaderboard?.keepMs,
  });
  const community = communityService({
    repo: communityRepo,
    users,
    sessions,
    memberCount,
    mail,
    chat: chatFeed,
    blobs,
    audit,
    adminEmails,
    origin: () => linkOrigin.current,
    now: links.now,
    log,
    produce: notifications.producers,
  });
  // Mentions and discussion replies (decision 57): the members handles name, and their notifications.
  const mentioning = {
    mentionTargets: mentionsRepository(database.db).resolve,
    notify: (...args: Parameters<NotificationsService['create']>) => notifications.create(...args),
    prepareMentions: (userIds: readonly string[], actorId: string) =>
      notifications.prepare('mention', userIds, actorId),
  };
  const notificationMailRepo = notificationMailRepository(database.db);
  const notificationMail = notificationMailService({
    repo: notificationMailRepo,
    mail,
    tokens: createUnsubscribeTokens(() => secrets.getOrCreate(UNSUBSCRIBE_KEY_SECRET, newUnsubscribeKey)),
    origin: () => linkOrigin.current,
    now: () => (config.clock ?? Date.now)(),
    batchMs: config.notifyMail.batchMs,
    pollMs: config.notifyMail.pollMs,
    // A live stream open on any process (decision 58): nothing is mailed while the member looks.
    isActive: (userId) => presence.isActive(userId),
    transaction,
    log,
  });
  // New notifications made on this process are batched for mail (decision 60).
  notifications.onCreated((rows) => {
    notificationMail
      .schedule(rows)
      .catch((err: unknown) => log.warn({ err }, 'notification mail could not be scheduled'));
  });
  // Sessions and their reminders (decision 82).
  const eventsRepo = eventsRepository(database.db);
  const events = eventsService({
    repo: eventsRepo,
    produce: notifications.producers,
    limits,
    adminEmails,
    origin: () => linkOrigin.current,
    now: () => (config.clock ?? Date.now)(),
    timeZone: async () => (await communityRepo.settings()).timeZone,
  });
  const reminders = eventReminders({
    repo: eventsRepo,
    produce: notifications.producers,
    now: () => (config.clock ?? Date.now)(),
    log,
  });
  // The member count changes live on every open chat stream (issue 15).
  memberCount.onChange((count) => chatFeed.broadcast(namedEventFrame(MEMBERS_EVENT, { count })));
  const context: AppContext = {
    config,
    lifecycle: { draining: false },
    database,
    users,
    sessions,
    limits,
    throttle,
    auth: authService({
      users,
      sessions,
      throttle,
      devices,
      confirmation: emailConfirmation,
      memberCount,
      accounts,
      mail,
      now: links.now,
      admission: community,
    }),
    profile: profileService({ users, sessions, media }),
    blobs,
    media,
    mediaAccess: mediaService({ media, voiceoverFilePosted: attemptsRepo.voiceoverFilePosted }),
    mediaDurations: mediaDurationMender({ repo: mediaRepo, blobs, log }),
    members: membersService({
      users,
      adminEmails,
      memberCount,
      blocks,
      streakOf: (userId) => leaderboard.streakOf(userId),
    }),
    memberCount,
    admin: adminService({ users, sessions, adminEmails, progress: progressRepo, accounts, now: links.now }),
    chatFeed,
    chat: chatService({
      repo: chatRepo,
      feed: chatFeed,
      media,
      limits,
      log,
      hidden,
      ...messageChanges,
      ...mentioning,
      produce: notifications.producers,
    }),
    chatReads: chatReadsService({ repo: chatReadsRepository(database.db), hidden }),
    lessons: lessonsService({
      repo: lessonsRepo,
      media,
      lengths: videoLengths,
      publicUrl: config.publicUrl,
      produce: notifications.producers,
    }),
    discussions: discussionsService({
      ...messageChanges,
      ...mentioning,
      log,
      hidden,
      repo: discussionsRepository(database.db),
      limits,
      videoLengths,
      attempts,
      progress: progressCache,
      produce: notifications.producers,
    }),
    progressCache,
    progress: progressService({
      repo: progressRepo,
      adminEmails,
      cache: progressCache,
      replies: attemptsRepo,
    }),
    recordings: recordingsService({
      repo: recordingsRepository(database.db),
      media,
      chat: { postsRecording: attemptsRepo.postedInChat, removed: chatFeed.removed },
    }),
    attempts,
    assignments,
    mail,
    accountLinks: links,
    linkOrigin,
    emailConfirmation,
    passwordReset: passwordResetService({ links, users, accounts, sessions, devices, throttle, mail, log }),
    account: accountService({
      links,
      users,
      accounts,
      sessions,
      memberCount,
      throttle,
      blobs,
      chat: chatFeed,
      mail,
      adminEmails,
      log,
    }),
    audit,
    community,
    blocks,
    live,
    presence,
    notificationMail,
    notifications,
    push,
    leaderboard,
    events,
    eventReminders: reminders,
    reports: reportsService({
      repo: reportsRepo,
      users,
      adminEmails,
      audit,
      blocks,
      removeChatMessage: (actor, id, reason) => context.chat.remove(actor, id, reason),
      removeDiscussionMessage: (actor, slot, id, reason) =>
        context.discussions.remove(actor, slot, id, reason),
      suspend: (actor, id, body) => community.suspend(actor, id, body),
      produce: notifications.producers,
    }),
  };
  // Every change of a discussion reaches the live streams on its thread, on every process (decision 58).
  context.discussions = liveDiscussions(context.discussions, live);
  context.attempts = liveAttempts(context.attempts, live, database.db);
  return context;
}
