/**
 * The settings edition's Saved filters page: the search feature's saved-filter calls behind the
 * filter-admin page. Features do not import each other, so the edition joins the two.
 */
import { SavedFiltersAdminPage } from '../../features/filter-admin/components/SavedFiltersAdminPage';
import {
  useDeleteSavedFilterMutation,
  useGetAvailableFiltersQuery,
  useImportFilterMutation,
  useListSavedFiltersQuery,
  useOrderSavedFiltersMutation,
  useUpdateSavedFilterMutation,
} from '../../features/search/api/savedFilters';

export function SavedFiltersSettingsPage() {
  // Read each time the page opens: other administrators share and unshare without this one's doing.
  const filters = useListSavedFiltersQuery(undefined, { refetchOnMountOrArgChange: true });
  const available = useGetAvailableFiltersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [order] = useOrderSavedFiltersMutation();
  const [update] = useUpdateSavedFilterMutation();
  const [remove] = useDeleteSavedFilterMutation();
  const [importFilter] = useImportFilterMutation();
  return (
    <SavedFiltersAdminPage
      filters={{ data: filters.data, failed: filters.isError }}
      available={{ data: available.data, failed: available.isError }}
      refresh={() => {
        void filters.refetch();
        void available.refetch();
      }}
      order={(names) => order(names).unwrap()}
      update={(name, change) => update({ name, update: change }).unwrap()}
      remove={(name) => remove(name).unwrap()}
      importFilter={(name) => importFilter(name).unwrap()}
    />
  );
}
