/** The composition root: one instance of each repository and service, wired together. */
import type { Config } from './config';
import type { Database } from './db/connection';
import type { JobHandlers } from './jobs/queue';
import { AccountRepository } from './modules/account/repository';
import { AccountService } from './modules/account/service';
import { SettingsRepository } from './modules/settings/repository';
import { SettingsService } from './modules/settings/service';
import { UsersRepository } from './modules/users/repository';
import { UsersService } from './modules/users/service';

export interface Services {
  users: UsersService;
  account: AccountService;
  settings: SettingsService;
  jobHandlers: JobHandlers;
}

export function createServices(db: Database, config: Config): Services {
  const users = new UsersService(new UsersRepository(db.orm));
  const account = new AccountService(new AccountRepository(db.orm), users, config);
  const settings = new SettingsService(new SettingsRepository(db.orm), db);
  return {
    users,
    account,
    settings,
    jobHandlers: {
      'sessions.purge': async () => {
        await account.purge();
      },
    },
  };
}
