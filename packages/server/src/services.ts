/** The composition root: one instance of each repository and service, wired together. */
import type { Config } from './config';
import type { Database } from './db/connection';
import type { JobHandlers } from './jobs/queue';
import { AccountRepository } from './modules/account/repository';
import { AccountService } from './modules/account/service';
import { DemoRepository } from './modules/demo/repository';
import { DemoService } from './modules/demo/service';
import { SettingsRepository } from './modules/settings/repository';
import { SettingsService } from './modules/settings/service';
import { UsersRepository } from './modules/users/repository';
import { UsersService } from './modules/users/service';

export interface Services {
  users: UsersService;
  account: AccountService;
  settings: SettingsService;
  demo: DemoService;
  jobHandlers: JobHandlers;
}

export function createServices(db: Database, config: Config): Services {
  const users = new UsersService(new UsersRepository(db.orm));
  const account = new AccountService(new AccountRepository(db.orm), users, config);
  const settings = new SettingsService(new SettingsRepository(db.orm), db);
  const demo = new DemoService(new DemoRepository(db));
  return {
    users,
    account,
    settings,
    demo,
    jobHandlers: {
      'sessions.purge': async () => {
        await account.purge();
      },
    },
  };
}
