-- Foundation: schema version, users and sessions, settings, object types, licences.
CREATE EXTENSION IF NOT EXISTS postgis;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  login text NOT NULL CHECK (length(login) BETWEEN 1 AND 200),
  display_name text NOT NULL,
  email text,
  -- NULL for accounts that only sign in through single sign-on.
  password_hash text,
  role text NOT NULL CHECK (role IN ('administrator', 'editor', 'regular', 'guest')),
  websync boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX users_login_key ON users (lower(login));

-- Only a hash of the session token is stored, so a copy of the database cannot be used to sign in.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  id_token text,
  ip text,
  user_agent text,
  CHECK (expires_at <= absolute_expires_at)
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  login_key text NOT NULL,
  ip text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_login_idx ON login_failures (login_key, ip, failed_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, failed_at);

CREATE TABLE user_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE system_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE object_types (
  key text PRIMARY KEY,
  type_name text NOT NULL UNIQUE,
  connectivity_type text NOT NULL CHECK (connectivity_type IN ('Node', 'Section', 'Lateral', 'Area', 'Point')),
  geometry_type text NOT NULL CHECK (geometry_type IN ('Point', 'LineString', 'Polygon')),
  sort_order integer NOT NULL DEFAULT 0
);
INSERT INTO object_types (key, type_name, connectivity_type, geometry_type, sort_order) VALUES
  ('node', 'Node', 'Node', 'Point', 1),
  ('section', 'Section', 'Section', 'LineString', 2),
  ('lateral', 'Lateral', 'Lateral', 'LineString', 3);

-- One row per registered application (edition); an edition without a row is not registered.
CREATE TABLE licences (
  application text PRIMARY KEY CHECK (application IN ('web-office', 'web-inspect', 'web-settings', 'web-websync')),
  seats integer NOT NULL CHECK (seats >= 0),
  editing boolean NOT NULL DEFAULT false,
  expires_at timestamptz
);
