-- The tenant's users, administered by its admins (users/userAdminRoutes.ts).
--
-- active: a deactivated user cannot sign in, and their tokens no longer count (sessions_valid_from is
-- set when they are deactivated). must_change_password: the password is a one-time password an admin
-- handed out; signing in with it requires a new one (auth/authRoutes.ts). last_login_at: the last
-- successful sign-in. Users who were there before keep everything: active, their password theirs.
ALTER TABLE users
  ADD COLUMN active boolean NOT NULL DEFAULT true,
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
  ADD COLUMN last_login_at timestamptz;

-- Every change an admin makes to a user, and every password a user sets, with who made it: never
-- changed, never pruned. `change` holds the fields with their old and new values, e.g.
-- {"role": {"from": "operator", "to": "admin"}}, or the event, e.g. {"created": {...}}.
CREATE TABLE user_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  changed_by uuid NOT NULL REFERENCES users (id),
  changed_at timestamptz NOT NULL,
  change jsonb NOT NULL
);

CREATE INDEX user_changes_user_idx ON user_changes (tenant_id, user_id, id);
