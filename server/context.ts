import type { Config } from './config';
import type { Database } from './db/client';
import { usersRepository, type UsersRepository } from './db/repositories/users.repository';
import { createLoginThrottle, type LoginThrottle } from './modules/auth/login-throttle';
import { authService, type AuthService } from './modules/auth/auth.service';
import { profileService } from './modules/auth/profile.service';
import { createSessionStore, type SessionStore } from './plugins/session';

/** Everything the modules share, built once per app. */
export type AppContext = {
  config: Config;
  database: Database;
  users: UsersRepository;
  sessions: SessionStore;
  throttle: LoginThrottle;
  auth: AuthService;
  profile: ReturnType<typeof profileService>;
};

export function createContext(config: Config, database: Database): AppContext {
  const users = usersRepository(database.db);
  const sessions = createSessionStore(database, config.adminEmails);
  const throttle = createLoginThrottle();
  return {
    config,
    database,
    users,
    sessions,
    throttle,
    auth: authService({ users, sessions, throttle }),
    profile: profileService({ users, sessions }),
  };
}
