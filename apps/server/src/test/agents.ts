// Helpers for agent centre tests: agents opened by the operator and signed in at the agent portal.
import { expect } from 'vitest';
import { bearer, createByOperator, login, nextIp, nextName, type PortalContext } from './members.ts';

export interface Agent {
  account: string;
  id: string;
  headers: Record<string, string>;
  inviteCode: string;
}

/** An agent opened by the operator (under `upline` if given), signed in at the agent portal. */
export async function signedInAgent(context: PortalContext, upline?: string, type = 1): Promise<Agent> {
  const created = await createByOperator(context, {
    account: nextName('ag'),
    type,
    password: 'Agent1234',
    ...(upline ? { upline } : {}),
  });
  const session = await login(context.portal.app, created.account, 'Agent1234', { ip: nextIp(), portal: 'agent' });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return {
    account: created.account,
    id: created.id,
    headers: bearer(session.body.value.token),
    inviteCode: created.inviteCode,
  };
}
