-- Stable global ids for what the sync agent copies between an Office and a Field system. Local ids
-- (bigint identities, user uuids) differ between the two databases; a global id is minted once where a
-- record is born and travels with it, so a copy is an upsert by global id and a re-run copies nothing
-- twice. Object types, subtypes, standards and observation codes keep their natural keys.
ALTER TABLE users ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE users ADD CONSTRAINT users_global_id_key UNIQUE (global_id);
ALTER TABLE assets ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE assets ADD CONSTRAINT assets_global_id_key UNIQUE (global_id);
ALTER TABLE projects ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE projects ADD CONSTRAINT projects_global_id_key UNIQUE (global_id);
ALTER TABLE tasks ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE tasks ADD CONSTRAINT tasks_global_id_key UNIQUE (global_id);
ALTER TABLE assignments ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE assignments ADD CONSTRAINT assignments_global_id_key UNIQUE (global_id);
ALTER TABLE inspection_sessions ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE inspection_sessions ADD CONSTRAINT inspection_sessions_global_id_key UNIQUE (global_id);
ALTER TABLE inspections ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE inspections ADD CONSTRAINT inspections_global_id_key UNIQUE (global_id);
ALTER TABLE observations ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE observations ADD CONSTRAINT observations_global_id_key UNIQUE (global_id);
ALTER TABLE subjects ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE subjects ADD CONSTRAINT subjects_global_id_key UNIQUE (global_id);

-- The agent's hold on a task: a run renews its lease after every page, so a task whose process died
-- (lease expired) is picked up again by the next dispatch and resumes from its progress.
ALTER TABLE sync_agent_tasks
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN cancel_requested boolean NOT NULL DEFAULT false;
CREATE INDEX sync_agent_tasks_dispatch_idx ON sync_agent_tasks (status, scheduled_for) WHERE status IN ('Scheduled', 'InProgress');

-- How far a task got in each of its steps (one step per exported kind): the last global id copied,
-- written in the same transaction as the page it ends, so a restarted run continues after it.
CREATE TABLE sync_agent_progress (
  task_id bigint NOT NULL REFERENCES sync_agent_tasks (id) ON DELETE CASCADE,
  step text NOT NULL,
  after text,
  done boolean NOT NULL DEFAULT false,
  copied integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  PRIMARY KEY (task_id, step)
);
