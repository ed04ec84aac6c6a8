-- Issue #21 (shared links): an object, a search or a dashboard shared as a link that only signed-in
-- users may open (main-app sections 3 and 6). The link is its random token; it is valid until
-- expires_at (null: 'always valid') and until its owner or an administrator revokes it. A revoked or
-- expired link is kept, so opening it says which, and its owner's list shows it.
CREATE TABLE shared_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 32 random bytes in base64url: unguessable, and safe in a URL as it is.
  token text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{43}$'),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('object', 'search', 'dashboard')),
  -- kind object: the object's type (its canonical type name) and id.
  object_type text CHECK (length(object_type) <= 100),
  object_id bigint,
  -- kind search: the search as it was run (its filter definition and restrictions) and what it found
  -- then, stored as they were rather than derived again from a saved filter that may since have changed.
  search jsonb,
  -- kind dashboard: the dashboard; null once it is deleted (the link then says it no longer exists).
  dashboard_id bigint REFERENCES dashboards (id) ON DELETE SET NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz CHECK (expires_at > created_at),
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  CHECK (
    CASE kind
      WHEN 'object' THEN object_type IS NOT NULL AND object_id IS NOT NULL AND search IS NULL AND dashboard_id IS NULL
      WHEN 'search' THEN search IS NOT NULL AND object_type IS NULL AND object_id IS NULL AND dashboard_id IS NULL
      ELSE object_type IS NULL AND object_id IS NULL AND search IS NULL
    END
  )
);
-- A user's list, newest first; an administrator's list of everyone's reads the table by the same order.
CREATE INDEX shared_links_owner_idx ON shared_links (owner_id, created_at DESC);
CREATE INDEX shared_links_created_idx ON shared_links (created_at DESC);
