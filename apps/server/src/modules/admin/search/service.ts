import type { AdminSearchReply } from '@salomtv/contract';
import type { AdminSearchRepo } from './repo.js';

const PER_KIND = 5;

export class AdminSearchService {
  constructor(private readonly repo: AdminSearchRepo) {}

  async search(text: string): Promise<AdminSearchReply> {
    const query = text.trim();
    const [titles, users, posts] = await Promise.all([
      this.repo.titles(query, PER_KIND),
      this.repo.users(query, PER_KIND),
      this.repo.posts(query, PER_KIND),
    ]);
    return {
      titles,
      users: users.map((user) => ({
        user_id: user.user_id,
        name: [user.first_name, user.last_name].filter(Boolean).join(' ') || null,
        phone_number: user.phone_number,
        email: user.email,
        role: user.role,
      })),
      posts,
    };
  }
}
