import type { Plan, PlanCreateBody, PlanUpdateBody } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

export const planAdminKeys = { all: ['admin-plans'] as const };
/** The public plan list (`GET /api/plans`) other screens cache: refreshed after an edit. */
const PUBLIC_PLANS_KEY = ['billing', 'plans'] as const;

/** `GET /api/admin/plans`: every plan, offered or not. */
export const adminPlansQuery = () =>
  queryOptions({
    queryKey: planAdminKeys.all,
    queryFn: ({ signal }) => api.request<Plan[]>('/api/admin/plans', { signal }),
  });

export type PlanSave = { planId: number; body: PlanUpdateBody } | { planId: null; body: PlanCreateBody };

/** `POST /api/admin/plans` (new) or `POST /api/admin/plans/:plan_id` (changes). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: PlanSave) =>
      api.request<Plan>(save.planId === null ? '/api/admin/plans' : `/api/admin/plans/${save.planId}`, {
        method: 'POST',
        json: save.body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planAdminKeys.all });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PLANS_KEY });
    },
  });
}
