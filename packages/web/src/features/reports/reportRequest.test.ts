import { describe, expect, it } from 'vitest';
import { REPORT_NAME_MAX_LENGTH } from '@manway/core/api/reports';
import { defaultReportName, filterSource, reportNameError, reportObjectType } from './reportRequest';

const NAME_MESSAGE = 'Report name should not contain the following characters: <>:"/\\?*';

describe('report names', () => {
  it('a name with any of < > : " / \\ ? * is refused with the spec’s message', () => {
    for (const character of '<>:"/\\?*') expect(reportNameError(`Harbour ${character} May`)).toBe(NAME_MESSAGE);
    expect(reportNameError('Harbour (May) – 2024')).toBeNull();
  });

  it('an empty name asks for one', () => {
    expect(reportNameError('   ')).toBe('Enter a report name.');
  });

  it('a default name is its subject and the day, with forbidden characters taken out', () => {
    const day = new Date(2024, 4, 3, 12);
    expect(defaultReportName('Inspection S-00001', day)).toBe('Inspection S-00001 2024-05-03');
    expect(defaultReportName('Poor pipes: "north" / east?', day)).toBe('Poor pipes north east 2024-05-03');
    const long = defaultReportName('x'.repeat(300), day);
    expect(long).toHaveLength(REPORT_NAME_MAX_LENGTH);
    expect(reportNameError(long)).toBeNull();
  });
});

describe('report sources', () => {
  it('a search result goes as the filter’s JSON text, as the search calls take it', () => {
    const filter = { objectType: 'Node', combine: 'and' as const, conditions: [] };
    expect(filterSource(filter, { ids: [3] })).toEqual({
      kind: 'filter',
      filter: JSON.stringify(filter),
      additionalRestrictions: '{"ids":[3]}',
    });
  });

  it('asset types and layers map to report object types', () => {
    expect(reportObjectType('Section')).toBe('section');
    expect(reportObjectType('lateral')).toBe('lateral');
    expect(reportObjectType('Observation')).toBeNull();
  });
});
