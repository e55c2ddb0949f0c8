-- The views of the orders list that operators saved under a name (me/savedViewRoutes.ts): each the
-- signed-in user's own, read and changed by them alone. `definition` holds the view's days, filter,
-- sort and columns exactly as checked (shared/savedViewRules.ts), e.g.
-- {"range": {"preset": "thisWeek"}, "status": ["new"], "q": "", "sort": "-begin", "stations": [],
--  "services": [], "priceMin": null, "priceMax": null, "columns": ["number", "status", "begin"]}.
-- Times are written by the backend, to the millisecond.
CREATE TABLE saved_views (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  name text NOT NULL,
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- A user's views have different names, compared without regard to case; also the user's views by name.
CREATE UNIQUE INDEX saved_views_user_name_key ON saved_views (user_id, lower(name));
