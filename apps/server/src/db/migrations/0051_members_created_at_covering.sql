-- Team reports (issue 29, "Speed"): a range's registrations are the members created in it joined to the team by id
-- (agents/repository.ts `registrations`); with the id in the time index PostgreSQL reads them from the index alone
-- instead of the whole members table (a month of a big team is most of it).
DROP INDEX members_created_at;
CREATE INDEX members_created_at ON members (created_at) INCLUDE (id);
