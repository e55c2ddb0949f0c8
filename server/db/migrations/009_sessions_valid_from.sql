-- The moment before which a user's tokens no longer count (a changed password ends the user's other
-- sessions: auth/authentication.ts refuses a token issued before it). Null: every unexpired token counts.
ALTER TABLE users ADD COLUMN sessions_valid_from timestamptz;
