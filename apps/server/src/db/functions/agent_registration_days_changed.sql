-- Members inserted with a time before now, removed, or given another time (seeds, imports, a removed account) may
-- change the registrations of days the agents' roll-up has closed (agent_team_registration_days): the mark goes back
-- to the day before the earliest of those times, in the same transaction, so the overview reads those days by time
-- until the next run adds them up again. A registration made now costs one look at its own row. The mark's row is
-- locked before it is compared: a run moving it waits for this transaction, and one already moving it is waited for,
-- so a run never closes a day over a change it did not see. Owned by the agents module; the triggers are in
-- migration 0053.
CREATE OR REPLACE FUNCTION agent_registration_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  earliest timestamptz;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    earliest := least(OLD.created_at, NEW.created_at);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT min(created_at) INTO earliest FROM added_members;
  ELSE
    SELECT min(created_at) INTO earliest FROM removed_members;
  END IF;
  IF earliest IS NULL OR earliest >= now() THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM agent_team_registration_mark FOR UPDATE;
  UPDATE agent_team_registration_mark SET day = (earliest AT TIME ZONE zone)::date - 1
   WHERE day >= (earliest AT TIME ZONE zone)::date;
  RETURN NULL;
END $$;
