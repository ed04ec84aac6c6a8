-- WebSync: the scheduler's task schedules, the sync-agent tasks they create (the log), and each sync
-- user's settings. A schedule row is claimed with FOR UPDATE SKIP LOCKED when due, and a task is unique
-- per schedule and occurrence, so two server processes never create the same run twice.
ALTER TABLE users ADD COLUMN organization text;

CREATE TABLE sync_schedules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  scenario text NOT NULL CHECK (scenario IN ('GettingPlannedTasks', 'SendingCompletedTasks', 'GettingAssets', 'GettingUsers', 'GettingProjects')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The 'Schedule' column, written when the schedule is saved so it can be sorted on.
  schedule_text text NOT NULL,
  task_settings jsonb NOT NULL,
  task_schedule jsonb NOT NULL,
  last_start_time timestamptz,
  -- NULL once a schedule has no more occurrences.
  next_start_time timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX sync_schedules_due_idx ON sync_schedules (next_start_time) WHERE next_start_time IS NOT NULL;
CREATE INDEX sync_schedules_user_idx ON sync_schedules (user_id);

CREATE TABLE sync_agent_tasks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scenario text NOT NULL CHECK (scenario IN ('GettingPlannedTasks', 'SendingCompletedTasks', 'GettingAssets', 'GettingUsers', 'GettingProjects', 'GettingDatabaseStructure')),
  status text NOT NULL DEFAULT 'Scheduled'
    CHECK (status IN ('Scheduled', 'InProgress', 'FinishedSuccessfully', 'FinishedWithErrors', 'Failed', 'Cancelled')),
  schedule_id bigint REFERENCES sync_schedules (id) ON DELETE SET NULL,
  schedule_name text,
  scheduled_for timestamptz,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  login text NOT NULL,
  task_settings jsonb,
  started timestamptz,
  finished timestamptz,
  current_operation text,
  is_transferring_media boolean NOT NULL DEFAULT false,
  percentage_complete integer NOT NULL DEFAULT 0 CHECK (percentage_complete BETWEEN 0 AND 100),
  server_log text NOT NULL DEFAULT '',
  client_log text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sync_agent_tasks_occurrence_key ON sync_agent_tasks (schedule_id, scheduled_for);
CREATE INDEX sync_agent_tasks_scheduled_for_idx ON sync_agent_tasks (scheduled_for DESC, id);
CREATE INDEX sync_agent_tasks_status_idx ON sync_agent_tasks (status);

CREATE TABLE sync_user_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
