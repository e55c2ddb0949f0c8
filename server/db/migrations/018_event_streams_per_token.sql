-- The open event streams (`GET /api/events`) of every process, so that a token keeps at most 10
-- however many processes serve it (events/StreamPlaces.ts). A row is a stream's place among its
-- token's streams: written when the stream opens, deleted when it ends.
--
-- A place counts only while the lease of its process holds (`leases`, named `event-streams <holder>`,
-- renewed every third of LEASE_SECONDS): a process that dies leaves its rows behind, and they stop
-- counting when that lease runs out. The next opening of the same token deletes them, the
-- housekeeping deletes the rest.
--
-- Unlogged: written at every opening and end of a stream, needing no WAL. After a crash of the
-- database server the table starts empty; every process then finds its streams without a place when
-- its listening connection is back, and ends them (events/endDisplacedStreams.ts): their clients
-- come back after `retry` and take places anew.
CREATE UNLOGGED TABLE event_streams (
  id uuid PRIMARY KEY,
  token_id uuid NOT NULL,
  holder text NOT NULL,
  -- The order in which the token's streams opened: the oldest is displaced first.
  opened bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX event_streams_token_idx ON event_streams (token_id, opened);
CREATE INDEX event_streams_holder_idx ON event_streams (holder);

-- Takes the place of stream `p_id` of token `p_token`, opened by the process `p_holder`, and deletes
-- the places of the token's streams beyond the newest `p_max`, answering them (the stream and its
-- process): a newer stream displaces the oldest rather than being refused. One statement for the
-- caller. Openings of one token wait for each other (a transaction-level advisory lock on the token,
-- 18 in the first half of the key), so that two at once on two processes cannot both count the same
-- places; each statement here sees what the one before it committed. Places of processes whose lease
-- has run out are deleted without an answer (no one is there to end their streams). The process of
-- each displaced stream other than the caller is told by `pg_notify('displaced_streams', <stream id>)`,
-- sent when this commits; the caller ends its own at once. Without a displacement nothing is notified.
CREATE FUNCTION event_stream_take(p_id uuid, p_token uuid, p_holder text, p_max integer)
RETURNS TABLE (displaced_id uuid, displaced_holder text) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(18, hashtext(p_token::text));
  INSERT INTO event_streams (id, token_id, holder) VALUES (p_id, p_token, p_holder);
  DELETE FROM event_streams s
   WHERE s.token_id = p_token AND s.holder <> p_holder
     AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.name = 'event-streams ' || s.holder AND l.expires_at > clock_timestamp());
  FOR displaced_id, displaced_holder IN
    DELETE FROM event_streams s
     WHERE s.id IN (SELECT k.id FROM event_streams k WHERE k.token_id = p_token ORDER BY k.opened DESC OFFSET p_max)
    RETURNING s.id, s.holder
  LOOP
    IF displaced_holder <> p_holder THEN
      PERFORM pg_notify('displaced_streams', displaced_id::text);
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
