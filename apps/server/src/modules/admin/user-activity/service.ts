import type { AccountDetails } from '../../accounts/module.js';
import type { SubscriptionView } from '../../billing/module.js';
import type { LibraryActivity } from '../../catalog/module.js';

/** One viewer's plan and watching, for the admin's user page (users, billing and library meet here). */
export class UserActivityService {
  constructor(
    private readonly users: AccountDetails,
    private readonly subscriptions: SubscriptionView,
    private readonly library: LibraryActivity,
  ) {}

  async activity(userId: number) {
    await this.users.detail(userId); // 404 for an unknown user
    const [subscription, watching] = await Promise.all([
      this.subscriptions.view(userId),
      this.library.accountContinueWatching(userId),
    ]);
    return { subscription, continue_watching: watching.items };
  }
}
