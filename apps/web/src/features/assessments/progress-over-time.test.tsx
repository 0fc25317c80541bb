import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '@/test/i18n';
import { ProgressOverTime } from './progress-over-time';
import { trendPoint } from './test-helpers';

beforeAll(async () => {
  await setupTestI18n('en');
});

describe('progress over time', () => {
  it('places the assessments by date on the chart and lists them in the table', () => {
    const points = [
      trendPoint({ id: 'a', title: 'January', sample_date: '2026-01-01', current: false, mlu_m: 1.5 }),
      trendPoint({ id: 'b', title: 'Early January', sample_date: '2026-01-11', current: false, mlu_m: 1.8 }),
      trendPoint({ id: 'c', title: 'April', sample_date: '2026-04-11', current: true, mlu_m: 2.6 }),
    ];
    const { container } = render(
      <MemoryRouter>
        <ProgressOverTime points={points} />
      </MemoryRouter>,
    );
    const chart = screen.getByRole('img', { name: /MLU in morphemes over 3 assessments/ });
    // The morpheme points (r = 3.5): ten days after the first sits near it, not half-way.
    const xs = [...container.querySelectorAll('circle[r="3.5"]')].map((c) => Number(c.getAttribute('cx')));
    expect(xs).toHaveLength(3);
    expect((xs[1]! - xs[0]!) / (xs[2]! - xs[0]!)).toBeCloseTo(10 / 100, 2);
    expect(chart).toBeInTheDocument();
    expect(screen.getByRole('table', { name: "The student's assessments, oldest first" })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('says there is nothing to compare with one assessment', () => {
    render(
      <MemoryRouter>
        <ProgressOverTime points={[trendPoint()]} />
      </MemoryRouter>,
    );
    expect(
      screen.getByText("This is the student's only assessment so far: there is nothing to compare yet."),
    ).toBeInTheDocument();
  });
});
