export interface SelectOption<Id extends string = string> {
  id: Id;
  /** The label shown to the user. */
  value: string;
}

/** Options in the map's own order, which is the order its author meant them to be offered in. */
export function toSelectOptions<Id extends string>(
  labels: Readonly<Record<Id, string>> | ReadonlyMap<Id, string>,
): SelectOption<Id>[] {
  const entries: [Id, string][] =
    labels instanceof Map ? [...labels.entries()] : (Object.entries(labels) as [Id, string][]);
  return entries.map(([id, value]) => ({ id, value }));
}
