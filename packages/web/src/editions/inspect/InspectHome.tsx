/**
 * The crew's home: the map of the network with their work in the sidebar (the running session,
 * their tasks nearest first and numbered on the map, an inspection of any other asset), and
 * Inspect this asset in an asset's details. The tasks, inspections, forms and location features
 * meet here; Report… on what a search found and on a saved filter is the reports feature's.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ObjectDetails } from '@manway/core/api/objects';
import type { TaskSummary } from '@manway/core/api/work';
import { nextSortPoint, type LonLatPoint } from '@manway/core/rules/nearest-first';
import { AssetSelector, type PickedAsset } from '../../features/forms/components/AssetSelector';
import { useCreateInspectionMutation } from '../../features/inspections/api/inspectionCommands';
import { SessionManager } from '../../features/inspections/components/SessionManager';
import { useUserPosition } from '../../features/location/useUserPosition';
import type { MapTools } from '../../features/map/components/MapPage';
import { MAP_LAYERS, type MapLayerId } from '../../features/map/styleTable';
import { MyWork } from '../../features/tasks/components/MyWork';
import { assignmentsOf, taskStage } from '../../features/tasks/taskLabels';
import { useAppSelector } from '../../shell/store/hooks';
import { Button } from '../../ui/controls/Button';
import { NetworkMapHome } from '../NetworkMapHome';
import { foundAssetsReport, savedFilterReport } from '../reportActions';
import './inspect.css';

const isMapLayer = (type: string): type is MapLayerId => (MAP_LAYERS as readonly string[]).includes(type);

/** Creates an inspection of an asset outside any task, then opens it. */
function useInspectAsset() {
  const navigate = useNavigate();
  const [create, creating] = useCreateInspectionMutation();
  const inspect = useCallback(
    async (asset: Pick<PickedAsset, 'type' | 'id'>) => {
      // A refusal has told the user through the global handling.
      const row = await create({ parentObjectType: asset.type, parentObjectId: asset.id })
        .unwrap()
        .catch(() => null);
      if (row) navigate(`/inspections/${row.id}`);
    },
    [create, navigate],
  );
  return [inspect, creating.isLoading] as const;
}

function MyWorkPanel({ tools }: { tools: MapTools }) {
  const navigate = useNavigate();
  const { fix } = useUserPosition(true);
  const [sortPoint, setSortPoint] = useState<LonLatPoint | null>(null);
  const next = nextSortPoint(sortPoint, fix && { longitude: fix.longitude, latitude: fix.latitude });
  if (next !== sortPoint) setSortPoint(next);
  const [assignments, setAssignments] = useState<{ id: number; label: string }[]>([]);
  const [selecting, setSelecting] = useState(false);
  const [inspect, creating] = useInspectAsset();

  const onListed = useCallback(
    (tasks: readonly TaskSummary[]) => {
      tools.showWorkMarks(
        tasks.flatMap((task, index) =>
          task.position
            ? [
                {
                  lonLat: [task.position.longitude, task.position.latitude] as const,
                  label: String(index + 1),
                  colour: taskStage(task).colour,
                },
              ]
            : [],
        ),
      );
      setAssignments(assignmentsOf(tasks));
    },
    [tools],
  );
  useEffect(() => () => tools.showWorkMarks([]), [tools]);
  // The crew's first position brings the map to their street, where the nearest work is; later
  // moves leave the map where the crew put it.
  const centred = useRef(false);
  useEffect(() => {
    if (centred.current || !sortPoint) return;
    centred.current = true;
    tools.centreOn([sortPoint.longitude, sortPoint.latitude]);
  }, [sortPoint, tools]);

  const showOnMap = (task: TaskSummary) => {
    if (!task.position) return;
    tools.centreOn([task.position.longitude, task.position.latitude]);
    if (isMapLayer(task.assetType)) tools.openDetails({ layer: task.assetType, id: task.assetId });
  };

  return (
    <div className="mw-inspect-work">
      <SessionManager assignments={assignments} />
      <MyWork
        near={sortPoint}
        onOpen={(task) => navigate(`/tasks/${task.id}`)}
        onShowOnMap={showOnMap}
        onListed={onListed}
      />
      <Button onClick={() => setSelecting(true)}>Inspect another asset…</Button>
      {selecting && (
        <AssetSelector
          title="Inspect another asset"
          proceedText="Create inspection"
          busy={creating}
          onPick={(asset) => void inspect(asset)}
          onCancel={() => setSelecting(false)}
        />
      )}
    </div>
  );
}

function InspectThisAsset({ object }: { object: ObjectDetails }) {
  const [inspect, creating] = useInspectAsset();
  return (
    <Button className="mw-inspect-this" variant="primary" disabled={creating} onClick={() => void inspect(object)}>
      Inspect this asset
    </Button>
  );
}

export function InspectHome() {
  const isGuest = useAppSelector((state) => state.settings.data?.isGuest ?? true);
  return (
    <NetworkMapHome
      title="Inspect"
      renderWorkPanel={isGuest ? undefined : (tools) => <MyWorkPanel tools={tools} />}
      renderObjectActions={(object) =>
        !isGuest && isMapLayer(object.type) ? (
          <InspectThisAsset key={`${object.type}:${object.id}`} object={object} />
        ) : null
      }
      renderSearchResultActions={foundAssetsReport}
      renderSavedFilterActions={savedFilterReport}
    />
  );
}
