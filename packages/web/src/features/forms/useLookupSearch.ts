import { useCallback } from 'react';
import type { LookupValue } from '@manway/core/forms/template';
import { useAppDispatch } from '../../shell/store/hooks';
import { searchFormLookup } from './api/objectForms';

/** How many hits a lookup field lists for one text. */
export const LOOKUP_LIMIT = 20;

/** The search a lookup field runs as the user types: GET api/lookup/{objectType}. */
export function useLookupSearch(): (objectType: string, text: string, assetSubtype?: string) => Promise<LookupValue[]> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (objectType, text, assetSubtype) => {
      const read = dispatch(
        searchFormLookup.initiate(
          { objectType, search: text, assetSubtype, limit: LOOKUP_LIMIT },
          { subscribe: false },
        ),
      );
      const answer = await read;
      // A failed search has told the user through the global handling; the field lists no hits.
      return answer.data ?? [];
    },
    [dispatch],
  );
}
