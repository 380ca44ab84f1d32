// The contracts module (issue 29): the agents' four salary contracts, their settlement jobs and their statements.

import { CONTRACT_TYPES } from '@portal/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditRecorder } from '../../common/audit.ts';
import type { MemberAuthenticator, OperatorAuthenticator } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/jobs.ts';
import { contractAdminRoutes } from './admin-routes.ts';
import { contractRoutes } from './routes.ts';
import { ContractService } from './service.ts';
import { type ContractJobs, ContractSettlement } from './settlement.ts';
import type { ContractSources } from './sources.ts';

export async function registerContracts(
  app: FastifyInstance,
  {
    db,
    sources,
    audit,
    jobs,
    auth,
    admins,
    windows,
  }: {
    db: Kysely<Database>;
    sources: ContractSources;
    audit: AuditRecorder;
    jobs: JobScheduler;
    auth: MemberAuthenticator;
    admins: OperatorAuthenticator;
    windows: ContractJobs;
  },
) {
  const settlement = new ContractSettlement(db, sources, windows);
  const contracts = new ContractService(db, sources, audit, settlement);
  for (const type of CONTRACT_TYPES) {
    const { kind, spec } = windows[type];
    jobs.define(
      kind,
      async ({ window }) => {
        if (!window) throw new Error(`${kind} runs per window`);
        return settlement.settleJobWindow(type, window);
      },
      // A window waits for the one before it to finish its run; a long catch-up may take a while.
      { retryLimit: 10, timeoutSeconds: 1800 },
    );
    jobs.every(kind, spec);
  }
  await app.register(contractRoutes, { contracts, auth });
  await app.register(contractAdminRoutes, { contracts, settlement, admins });
  return { contracts, settlement };
}
