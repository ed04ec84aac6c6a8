/**
 * What a plan is made on, as the places that offer "Plan tasks…" hand it over: the assets of a box
 * drawn on the map, what a search found, or a saved filter. Each becomes one or more choices (one per
 * asset type: a task is planned on one type at a time), each with the server's TaskSelection and the
 * words the dialog shows for it.
 */
import type { TaskSelection } from '@manway/core/api/work';
import type { Wgs84Extent } from '@manway/core/domain/extent';

export type PlanObjectType = Extract<TaskSelection, { kind: 'ids' }>['objectType'];

export const PLAN_OBJECT_TYPES: readonly PlanObjectType[] = ['Node', 'Section', 'Lateral'];

const NOUNS: Record<PlanObjectType, [one: string, many: string]> = {
  Node: ['manhole', 'manholes'],
  Section: ['pipe section', 'pipe sections'],
  Lateral: ['lateral', 'laterals'],
};

const TYPE_NAMES: Record<PlanObjectType, string> = { Node: 'Manholes', Section: 'Pipe sections', Lateral: 'Laterals' };

/** '1 manhole', '2,000 pipe sections'. */
export function assetCount(type: PlanObjectType, n: number): string {
  return `${n.toLocaleString('en')} ${NOUNS[type][n === 1 ? 0 : 1]}`;
}

/** 'pipe sections', as a saved filter's type reads. */
export function assetNouns(type: PlanObjectType): string {
  return NOUNS[type][1];
}

export interface PlanChoice {
  /** Its name where the user picks one of several: 'Manholes (12)'. */
  label: string;
  /** What the plan is made on, in words: '12 manholes selected'. */
  description: string;
  selection: TaskSelection;
}

export interface BoxContents {
  /** The features the selection list holds. */
  items: readonly { objectType: PlanObjectType; id: number }[];
  /** How many of each type the box touched; more than the list holds when the list was cut. */
  found: Partial<Record<PlanObjectType, number>>;
  /** The box drawn, in WGS 84; null when it is not known. */
  extent: Wgs84Extent | null;
}

/**
 * One choice per asset type in the box. A type the list holds in full is planned on its ids; one the
 * selection limit cut is planned on the box itself, so the assets the list left out are not lost.
 */
export function boxChoices({ items, found, extent }: BoxContents): PlanChoice[] {
  const choices: PlanChoice[] = [];
  for (const type of PLAN_OBJECT_TYPES) {
    const ids = items.filter((item) => item.objectType === type).map((item) => item.id);
    const inBox = Math.max(found[type] ?? 0, ids.length);
    if (inBox === 0) continue;
    if (ids.length < inBox && extent) {
      choices.push({
        label: `${TYPE_NAMES[type]} (${inBox.toLocaleString('en')} in the box)`,
        description: `Every ${NOUNS[type][0]} in the box drawn: ${assetCount(type, inBox)} on the map, more than the selection list holds`,
        selection: { kind: 'extent', objectType: type, extent: [...extent] },
      });
    } else if (ids.length > 0) {
      choices.push({
        label: `${TYPE_NAMES[type]} (${ids.length.toLocaleString('en')})`,
        description: `${assetCount(type, ids.length)} selected`,
        selection: { kind: 'ids', objectType: type, ids },
      });
    }
  }
  return choices;
}

/** What a search found, by id; `of` is how many it found when the ids are only the first of them. */
export function searchResultsChoice(type: PlanObjectType, ids: readonly number[], of?: string): PlanChoice {
  return {
    label: TYPE_NAMES[type],
    description:
      of === undefined
        ? `${assetCount(type, ids.length)} found by the search`
        : `The first ${assetCount(type, ids.length)} of the ${of} found by the search`,
    selection: { kind: 'ids', objectType: type, ids: [...ids] },
  };
}

/** Whatever a saved filter finds when the plan is made, counted by the server. */
export function savedFilterChoice(name: string, type: PlanObjectType): PlanChoice {
  return {
    label: TYPE_NAMES[type],
    description: `Saved filter "${name}" (${assetNouns(type)})`,
    selection: { kind: 'saved-filter', name },
  };
}
