-- Tenants, their users, orders and revoked tokens.

CREATE TABLE tenants (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  language text NOT NULL DEFAULT 'de' CHECK (language IN ('de', 'en')),
  theme_color1 text,
  theme_color2 text,
  theme_color3 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Sign-in compares e-mail addresses without regard to case.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id),
  number text NOT NULL,
  status text NOT NULL CHECK (status IN ('new', 'confirmed', 'in_progress', 'completed', 'cancelled')),
  -- The position of the status in its life cycle, for sorting by status.
  status_rank smallint GENERATED ALWAYS AS (
    CASE status WHEN 'new' THEN 1 WHEN 'confirmed' THEN 2 WHEN 'in_progress' THEN 3 WHEN 'completed' THEN 4 ELSE 5 END
  ) STORED,
  begin_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  station text NOT NULL,
  service text NOT NULL,
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  customer_phone text NOT NULL,
  vehicle_plate text NOT NULL,
  vehicle_make text NOT NULL,
  vehicle_model text NOT NULL,
  vehicle_vin text,
  price_amount bigint NOT NULL CHECK (price_amount >= 0),
  price_currency text NOT NULL CHECK (char_length(price_currency) = 3 AND price_currency = upper(price_currency)),
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (begin_at <= end_at)
);

-- Order numbers are unique per tenant; also the keyset for sorting by number.
CREATE UNIQUE INDEX orders_tenant_number_key ON orders (tenant_id, number);
-- Date range lookups (order.begin <= range end) and keyset pagination by begin.
CREATE INDEX orders_tenant_begin_idx ON orders (tenant_id, begin_at, id);
-- Date range lookups (order.end >= range begin).
CREATE INDEX orders_tenant_end_idx ON orders (tenant_id, end_at);
-- Keyset pagination by status and by price.
CREATE INDEX orders_tenant_status_idx ON orders (tenant_id, status_rank, begin_at, id);
CREATE INDEX orders_tenant_price_idx ON orders (tenant_id, price_amount, id);

CREATE TABLE revoked_tokens (
  jti uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);
