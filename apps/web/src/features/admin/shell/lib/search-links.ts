import type { AdminSearchReply } from '@salomtv/contract';

export interface SearchLink {
  to: string;
  label: string;
  detail: string;
}

/** The admin search's answer as groups of links to the screens where each thing is edited. */
export function searchGroups(reply: AdminSearchReply): { label: string; items: SearchLink[] }[] {
  return [
    {
      label: 'Titles',
      items: reply.titles.map((title) => ({
        to: `/editmovies?movie_id=${title.movie_id}`,
        label: title.title || `Untitled #${title.movie_id}`,
        detail: title.status,
      })),
    },
    {
      label: 'Users',
      items: reply.users.map((user) => ({
        to: `/viewuser?user_id=${user.user_id}`,
        label: user.name || user.phone_number,
        detail: [user.name ? user.phone_number : user.email, user.role === 'admin' ? 'admin' : null]
          .filter(Boolean)
          .join(' · '),
      })),
    },
    {
      label: 'Posts',
      items: reply.posts.map((post) => ({
        to: `/post?edit=${post.post_id}`,
        label: post.title,
        detail: post.status,
      })),
    },
  ];
}
