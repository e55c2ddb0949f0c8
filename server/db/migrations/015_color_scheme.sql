-- The theme each user chose (shared/ColorScheme.ts), kept with their language: the operating
-- system's (the default, also for every user there is already), always light, or always dark.
ALTER TABLE users
  ADD COLUMN color_scheme text NOT NULL DEFAULT 'system' CHECK (color_scheme IN ('system', 'light', 'dark'));
