// @vitest-environment happy-dom
import type { Plan, PlanFeatures } from '@salomtv/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../shared/testing/render-in-app';
import { PlanComparison } from './plan-comparison';

const none: PlanFeatures = {
  new_movies: false,
  salomtv_special: false,
  america_tv_shows: false,
  hollywood_movies: false,
  video_quality: true,
  add_free_entertainment: false,
};

function plan(
  id: number,
  name: string,
  cap: 480 | 720 | 1080,
  streams: number,
  features: Partial<PlanFeatures>,
): Plan {
  return {
    plan_id: id,
    code: name.toLowerCase(),
    name,
    names: {},
    monthly_price_cents: 500 * id,
    yearly_price_cents: null,
    currency: 'USD',
    prices: { USD: { month: 500 * id, year: null } },
    quality_cap: cap,
    quality_label: cap === 480 ? 'SD' : cap === 720 ? 'HD' : 'FHD',
    features: { ...none, ...features },
    max_streams: streams,
    max_profiles: 5,
    offered: true,
    sort_order: id,
  };
}

const plans = [
  plan(1, 'Basic', 480, 1, { new_movies: true }),
  plan(2, 'Standard', 720, 2, { new_movies: true, salomtv_special: true }),
  plan(3, 'Premium', 1080, 4, {
    new_movies: true,
    salomtv_special: true,
    hollywood_movies: true,
    add_free_entertainment: true,
  }),
];

/** The cells of the row headed `feature`, as a screen reader reads them. */
function rowCells(feature: string): string[] {
  const header = screen.getByRole('rowheader', { name: feature });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${feature}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.replace(/[✓✕]/g, '').trim() ?? '');
}

/** The marks a sighted viewer sees in the row headed `feature`. */
const rowMarks = (feature: string) =>
  (screen.getByRole('rowheader', { name: feature }).closest('tr')?.textContent ?? '').replace(/[^✓✕]/g, '');

describe('the pricing table', () => {
  it('has a column per plan and each feature once', () => {
    renderInApp(<PlanComparison plans={plans} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Feature', 'Basic', 'Standard', 'Premium']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Video Quality',
      'Screens at the same time',
      'Ad-free Entertainment',
      'New Movies',
      'SalomTV Special',
      'American TV Shows',
      'Hollywood Movies',
    ]);
  });

  it('gives each plan its quality and screens', () => {
    renderInApp(<PlanComparison plans={plans} />);
    expect(rowCells('Video Quality')).toEqual(['SD 480p', 'HD 720p', 'FHD 1080p']);
    expect(rowCells('Screens at the same time')).toEqual(['1', '2', '4']);
  });

  it('marks a collection with a check or a cross per plan, in words for screen readers', () => {
    renderInApp(<PlanComparison plans={plans} />);
    expect(rowMarks('SalomTV Special')).toBe('✕✓✓');
    expect(rowCells('SalomTV Special')).toEqual(['Not included', 'Included', 'Included']);
    expect(rowMarks('Hollywood Movies')).toBe('✕✕✓');
    expect(rowCells('Ad-free Entertainment')).toEqual(['Not included', 'Not included', 'Included']);
  });

  it('says a feature every plan has alike once, across the plans', () => {
    renderInApp(<PlanComparison plans={plans} />);
    expect(rowMarks('New Movies')).toBe('✓');
    expect(rowCells('New Movies')).toEqual(['In every plan']);
    expect(rowMarks('American TV Shows')).toBe('✕');
    expect(rowCells('American TV Shows')).toEqual(['In no plan']);
  });

  it('names each plan in the viewer’s language where it has a name in it', () => {
    const named = plans.map((item) => (item.name === 'Basic' ? { ...item, names: { Uz: 'Asosiy' } } : item));
    renderInApp(<PlanComparison plans={named} />, { language: { keyword: 'Uz' } });
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['Asosiy', 'Standard', 'Premium']);
  });

  it('keeps the rows in place while the plans load', () => {
    renderInApp(<PlanComparison plans={undefined} />);
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
  });
});
