// @vitest-environment happy-dom
import type { Plan, PlanChangePreview } from '@salomtv/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderInApp } from '../../../shared/testing/render-in-app';
import { PlanChangeConfirm } from './plan-change-confirm';

const plan = (plan_id: number, name: string, cents: number): Plan => ({
  plan_id,
  code: name.toLowerCase(),
  name,
  names: {},
  monthly_price_cents: cents,
  yearly_price_cents: null,
  currency: 'USD',
  prices: { USD: { month: cents, year: null } },
  quality_cap: 1080,
  quality_label: 'FHD',
  features: {
    new_movies: true,
    salomtv_special: true,
    america_tv_shows: true,
    hollywood_movies: true,
    video_quality: true,
    add_free_entertainment: true,
  },
  max_streams: 4,
  max_profiles: 5,
  offered: true,
  sort_order: plan_id,
});
const premium = plan(4, 'Premium', 2900);
const basic = plan(1, 'Basic', 900);

const preview: PlanChangePreview = {
  kind: 'upgrade',
  plan: premium,
  amount_due_now_cents: 2000,
  currency: 'USD',
  effective_at: '2030-01-01T00:00:00.000Z',
  interval: 'month',
  renewal_price_cents: 2900,
  next_billing_date: '2030-02-01T00:00:00.000Z',
};

describe('confirming a change of plan', () => {
  it('does not ask for the preview of a change already made (the server would refuse it)', async () => {
    let changed = false;
    const calls = fakeServer(({ method, path }) => {
      if (path === '/api/billing/change-plan/preview')
        return changed
          ? { status: 409, body: { error: { code: 'conflict', message: 'You are already on this plan' } } }
          : { body: preview };
      if (method === 'POST' && path === '/api/billing/change-plan') {
        changed = true;
        return { body: {} };
      }
      return { body: {} };
    });
    const onDone = vi.fn();
    renderInApp(<PlanChangeConfirm plan={premium} current={basic} onDone={onDone} onCancel={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('upgrade'));
    // Give any refetch the time to go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path === '/api/billing/change-plan/preview')).toHaveLength(1);
  });
});
