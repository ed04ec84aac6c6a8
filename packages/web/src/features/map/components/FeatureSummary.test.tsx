import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FeatureSummary } from './FeatureSummary';

describe('feature summary', () => {
  it('shows asset ID, type, subtype, material, size and condition, and opens the details', async () => {
    const onOpenDetails = vi.fn();
    render(
      <FeatureSummary
        feature={{
          layer: 'Node',
          id: 12,
          properties: { assetId: 'MH-0012', subtype: 'manhole', conditionGrade: 4, material: 'concrete', sizeMm: 1000 },
        }}
        onOpenDetails={onOpenDetails}
        onClose={() => {}}
      />,
    );
    const facts = [...screen.getByTestId('feature-summary').querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling!.textContent,
    ]);
    expect(facts).toEqual([
      ['Asset ID', 'MH-0012'],
      ['Type', 'Node'],
      ['Subtype', 'Manhole'],
      ['Material', 'concrete'],
      ['Size', '1000 mm'],
      ['Condition', '4 — Poor'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
    expect(onOpenDetails).toHaveBeenCalledOnce();
  });

  it('an asset never inspected and without size says so', () => {
    render(
      <FeatureSummary
        feature={{
          layer: 'Lateral',
          id: 3,
          properties: {
            assetId: 'L-3',
            subtype: 'property-lateral',
            conditionGrade: null,
            material: null,
            sizeMm: null,
          },
        }}
        onOpenDetails={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Not inspected')).toBeInTheDocument();
    expect(screen.getByText('Property lateral')).toBeInTheDocument();
  });
});
