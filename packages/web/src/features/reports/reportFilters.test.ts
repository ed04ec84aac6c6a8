import { describe, expect, it } from 'vitest';
import { initialListFilters, presetRange, reportFilters } from './reportFilters';

const may15 = new Date('2024-05-15T10:00:00Z');

describe('report date presets', () => {
  it('Last 30 days runs from midnight of the 29th day before today, open at the end', () => {
    expect(presetRange('last30Days', may15, 'Europe/Zurich')).toEqual({ createdFrom: '2024-04-16T00:00:00.000+02:00' });
  });

  it('This month runs from midnight of its first day, open at the end', () => {
    expect(presetRange('thisMonth', may15, 'Europe/Zurich')).toEqual({ createdFrom: '2024-05-01T00:00:00.000+02:00' });
  });

  it('Last month runs from its first midnight up to, not including, the first midnight of this month', () => {
    expect(presetRange('lastMonth', may15, 'Europe/Zurich')).toEqual({
      createdFrom: '2024-04-01T00:00:00.000+02:00',
      createdTo: '2024-05-01T00:00:00.000+02:00',
    });
  });

  it('All reports has no dates', () => {
    expect(presetRange('all', may15, 'Europe/Zurich')).toEqual({});
  });

  it('the month is the one on the user’s calendar, not UTC’s', () => {
    // 23:30 UTC on 31 March is already 1 April in Zurich, and still 31 March in New York.
    const lateMarch = new Date('2024-03-31T23:30:00Z');
    expect(presetRange('thisMonth', lateMarch, 'Europe/Zurich')).toEqual({
      createdFrom: '2024-04-01T00:00:00.000+02:00',
    });
    expect(presetRange('thisMonth', lateMarch, 'America/New_York')).toEqual({
      createdFrom: '2024-03-01T00:00:00.000-05:00',
    });
  });

  it('Last month keeps each end in the offset of its own day across a clock change', () => {
    expect(presetRange('lastMonth', new Date('2024-04-10T12:00:00Z'), 'Europe/Zurich')).toEqual({
      createdFrom: '2024-03-01T00:00:00.000+01:00',
      createdTo: '2024-04-01T00:00:00.000+02:00',
    });
  });

  it('Last month in January is December of the year before', () => {
    expect(presetRange('lastMonth', new Date('2024-01-10T12:00:00Z'), 'UTC')).toEqual({
      createdFrom: '2023-12-01T00:00:00.000Z',
      createdTo: '2024-01-01T00:00:00.000Z',
    });
  });

  it('Last 30 days early in March reaches back into February of a leap year', () => {
    expect(presetRange('last30Days', new Date('2024-03-05T12:00:00Z'), 'UTC')).toEqual({
      createdFrom: '2024-02-05T00:00:00.000Z',
    });
  });
});

describe('report list filters', () => {
  it('open on My Reports of the last 30 days, any format, any name', () => {
    const filters = initialListFilters(may15, 'UTC');
    expect(filters).toMatchObject({ preset: 'last30Days', owner: 'mine', format: null, name: '' });
    expect(reportFilters(filters)).toEqual({ createdFrom: '2024-04-16T00:00:00.000Z', createdBy: 'me' });
  });

  it('All Reports of any date sends no filter at all; a format and a name are sent as chosen', () => {
    expect(reportFilters({ preset: 'all', range: {}, owner: 'all', creator: null, format: null, name: '' })).toEqual(
      {},
    );
    expect(
      reportFilters({ preset: 'all', range: {}, owner: 'all', creator: null, format: 'XLS', name: 'harbour' }),
    ).toEqual({
      format: 'XLS',
      nameFilter: 'harbour',
    });
  });

  it('All Reports of one creator sends that creator; My Reports sends the caller whatever creator was chosen', () => {
    const base = { preset: 'all' as const, range: {}, creator: 'u-7', format: null, name: '' };
    expect(reportFilters({ ...base, owner: 'all' })).toEqual({ createdBy: 'u-7' });
    expect(reportFilters({ ...base, owner: 'mine' })).toEqual({ createdBy: 'me' });
  });
});
