/** Tables of the admin module (posts, feedback tickets, notifications, audit log, admin settings, web vitals). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the admin module
export interface AdminTables {}
