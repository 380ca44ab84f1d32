-- Team reports (issue 29, "Speed"): the overview's new registrations per agent and closed brand-zone day, the team
-- as it stood that day (agent_pairs_days), kept by the agents module's job agents.registration-rollup
-- (agents/registration-rollup.ts). A day's figures are the members created that day who were in the agent's team
-- that day; a move counts from its own day on, so once a day has ended (and an hour more, for transactions that
-- commit late) only a member inserted with an earlier time, removed, or given another time can change them, and the
-- trigger below lowers the mark in the same transaction when that happens. The overview reads these rows up to the
-- mark and the members created after it by time (agents/repository.ts `registrations`).

-- Only agents and days with a registration have a row.
CREATE TABLE agent_team_registration_days (
  agent_id      bigint NOT NULL,
  day           date NOT NULL,
  registrations integer NOT NULL CHECK (registrations > 0),
  PRIMARY KEY (agent_id, day)
);

-- The last day rolled up, in the zone its days are of: the rows of every day up to it are exact. It starts before
-- every day, so the first run fills all past days; a run with another zone starts again from there.
CREATE TABLE agent_team_registration_mark (
  id   boolean PRIMARY KEY DEFAULT true CHECK (id),
  day  date NOT NULL,
  zone text NOT NULL
);
INSERT INTO agent_team_registration_mark (day, zone) VALUES ('-infinity', 'Asia/Dhaka');

-- Its first definition, for the triggers below; the current one is db/functions/agent_registration_days_changed.sql.
CREATE FUNCTION agent_registration_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER members_registration_days_added AFTER INSERT ON members
  REFERENCING NEW TABLE AS added_members FOR EACH STATEMENT EXECUTE FUNCTION agent_registration_days_changed();
CREATE TRIGGER members_registration_days_removed AFTER DELETE ON members
  REFERENCING OLD TABLE AS removed_members FOR EACH STATEMENT EXECUTE FUNCTION agent_registration_days_changed();
CREATE TRIGGER members_registration_days_moved AFTER UPDATE OF created_at ON members
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION agent_registration_days_changed();
