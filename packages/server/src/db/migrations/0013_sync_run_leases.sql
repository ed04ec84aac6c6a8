-- Issue #14. A sync run's claim on its task carries a token: the page it writes, its logs and its
-- end are accepted only while the task still holds that token, so a run that stalled past its
-- lease and was replaced by a later run writes nothing more (no interleaved pages or cursors).
ALTER TABLE sync_agent_tasks ADD COLUMN lease_token uuid;
