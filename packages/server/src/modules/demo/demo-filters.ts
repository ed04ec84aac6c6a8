/**
 * Saved filters that come with the demo town: shared ones an administrator manages and everybody
 * can import (one of them advanced, to show that rule), and a private one of the editor.
 */
import type { FilterDefinition } from '@manway/core/api/filters';

export interface DemoSavedFilter {
  owner: 'admin' | 'editor';
  name: string;
  shared: boolean;
  definition: FilterDefinition;
}

export const DEMO_SAVED_FILTERS: readonly DemoSavedFilter[] = [
  {
    owner: 'admin',
    name: 'Very poor sections',
    shared: true,
    definition: {
      objectType: 'Section',
      combine: 'and',
      conditions: [{ property: 'conditionGrade', operator: 'ge', value: 4 }],
    },
  },
  {
    owner: 'admin',
    name: 'Uninspected manholes',
    shared: true,
    definition: {
      objectType: 'Node',
      combine: 'and',
      conditions: [
        { property: 'subtype', operator: 'eq', value: 'manhole' },
        { property: 'conditionGrade', operator: 'isEmpty' },
      ],
    },
  },
  {
    owner: 'admin',
    name: 'Old or brittle sections',
    shared: true,
    definition: {
      objectType: 'Section',
      combine: 'or',
      conditions: [
        { property: 'yearBuilt', operator: 'lt', value: 1960 },
        { property: 'material', operator: 'in', value: ['brick', 'vitrified clay'] },
      ],
    },
  },
  {
    owner: 'editor',
    name: 'Planned tasks',
    shared: false,
    definition: {
      objectType: 'Section',
      combine: 'and',
      conditions: [{ property: 'plannedTask', operator: 'eq', value: true }],
    },
  },
];
