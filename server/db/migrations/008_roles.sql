-- Roles (shared/Role.ts), and the colours as the tenant's own instead of each user's.
--
-- Users who were there before roles become operators: they keep everything they did on orders; the
-- tenant's colours and its users are an admin's. The colours a tenant's users had set (the most
-- recently changed user's) become the tenant's.

ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'operator' CHECK (role IN ('viewer', 'operator', 'admin'));

ALTER TABLE tenants
  ADD COLUMN theme_color1 text,
  ADD COLUMN theme_color2 text,
  ADD COLUMN theme_color3 text;

UPDATE tenants t
   SET theme_color1 = u.theme_color1, theme_color2 = u.theme_color2, theme_color3 = u.theme_color3
  FROM (
    SELECT DISTINCT ON (tenant_id) tenant_id, theme_color1, theme_color2, theme_color3
      FROM users
     WHERE theme_color1 IS NOT NULL OR theme_color2 IS NOT NULL OR theme_color3 IS NOT NULL
     ORDER BY tenant_id, updated_at DESC
  ) u
 WHERE u.tenant_id = t.id;

ALTER TABLE users
  DROP COLUMN theme_color1,
  DROP COLUMN theme_color2,
  DROP COLUMN theme_color3;

-- The demo accounts that came with roles (server/seed/demoAccounts.ts), in a database whose demo data
-- was made before them: each in the tenant of the demo operator beside it, with the same password
-- (its hash) and language. A database without that operator (not demo data) gets nothing.
INSERT INTO users (id, tenant_id, email, name, password_hash, language, role)
SELECT gen_random_uuid(), operator.tenant_id, added.email, added.name, operator.password_hash, operator.language, added.role
  FROM (VALUES
         ('disponent@autohaus-nord.example', 'admin@autohaus-nord.example', 'Jonas Albrecht', 'admin'),
         ('operator@cityfleet.example', 'viewer@cityfleet.example', 'Victor Hayes', 'viewer')
       ) AS added (beside, email, name, role)
  JOIN users operator ON lower(operator.email) = added.beside
 WHERE NOT EXISTS (SELECT 1 FROM users existing WHERE lower(existing.email) = added.email);
