import { userActivityReplySchema } from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import type { UserActivityService } from './service.js';

export function userActivityRoutes(app: AppInstance, activity: UserActivityService): void {
  app.get('/api/web/user/:user_id/activity', {
    config: { access: 'admin' },
    schema: {
      tags: ['users'],
      params: z.object({ user_id: z.coerce.number().int().positive() }),
      response: { 200: userActivityReplySchema },
    },
    handler: (request) => activity.activity(request.params.user_id),
  });
}
