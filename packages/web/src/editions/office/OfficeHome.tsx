/**
 * The office works from the map of the network, and plans work from it: Plan tasks… on a box
 * selection, on what a search found and on a saved filter (the tasks feature's dialog; the button
 * shows for editors only). The inspect edition offers none of it. Report… sits beside it on what a
 * search found and on a saved filter, as in the inspect edition.
 */
import { PlanTasksAction } from '../../features/tasks/components/PlanTasksAction';
import { NetworkMapHome } from '../NetworkMapHome';
import { foundAssetsReport, savedFilterReport } from '../reportActions';
import { boxPlanChoices, foundPlanChoices, savedFilterPlanChoices } from './officePlanning';

export function OfficeHome() {
  return (
    <NetworkMapHome
      title="Office"
      renderSelectionActions={(selection) => <PlanTasksAction choices={boxPlanChoices(selection)} />}
      renderSearchResultActions={(found) => (
        <>
          <PlanTasksAction choices={() => foundPlanChoices(found)} />
          {foundAssetsReport(found)}
        </>
      )}
      renderSavedFilterActions={(filter) => (
        <>
          <PlanTasksAction
            variant="ghost"
            ariaLabel={`Plan tasks on ${filter.name}`}
            choices={savedFilterPlanChoices(filter)}
          />
          {savedFilterReport(filter)}
        </>
      )}
    />
  );
}
