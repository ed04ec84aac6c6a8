-- Issue #17 (tasks). An asset has at most one open task, so a crew never finds two for one manhole
-- and two planners creating work on the same assets at once cannot both succeed: the second one's
-- INSERT … ON CONFLICT waits for the first and skips those assets. Completed and deleted tasks are
-- history and may repeat. The open states are core's OPEN_TASK_STATES (domain/workflow.ts).
CREATE UNIQUE INDEX tasks_one_open_per_asset_key ON tasks (asset_id)
  WHERE state IN ('planned', 'started', 'inspection-created');

-- A crew's work list (GET api/tasks?parentObjectType=User): the assignments of one user.
CREATE INDEX assignments_assigned_to_idx ON assignments (assigned_to) WHERE assigned_to IS NOT NULL;

