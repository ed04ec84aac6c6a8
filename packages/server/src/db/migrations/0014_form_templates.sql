-- Issue #16. Form templates as data (main-app spec section 3): one per asset type, and one per standard
-- for inspections and observations. The product ships its own ('shipped', refreshed at start-up when
-- the shipped definition changes) and never touches a 'custom' one an installation made. One template
-- per object type and standard: NULLS NOT DISTINCT (PostgreSQL 15+) makes the asset types' NULL
-- standard count as one value.
CREATE TABLE form_templates (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  object_type text NOT NULL
    CHECK (object_type IN ('node', 'section', 'lateral', 'inspection', 'observation', 'connected-subject')),
  standard_id text REFERENCES standards (id) ON DELETE CASCADE,
  label text,
  -- The FormTemplate of packages/core/src/forms/template.ts: tabs of fields with their rules.
  definition jsonb NOT NULL,
  source text NOT NULL CHECK (source IN ('shipped', 'custom')),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT form_templates_type_standard_key UNIQUE NULLS NOT DISTINCT (object_type, standard_id)
);

-- An inspection's header form shows when it was last modified, like an asset's.
ALTER TABLE inspections ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
