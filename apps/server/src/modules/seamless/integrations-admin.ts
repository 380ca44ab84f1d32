import type { LaunchTarget } from '@portal/shared/games';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/unit-of-work.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { SeamlessService } from './service.ts';

export interface IntegrationChange {
  secret?: string;
  currency: string;
  enabled?: boolean;
  sessionMinutes?: number;
  launchUrl?: string | null;
  transferUrl?: string | null;
  launchTarget?: LaunchTarget;
  note?: string | null;
}

/** The operator connects game vendors; each change commits with its audit row (which never holds the secret). */
export class IntegrationsAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly audit: AuditRecorder,
    private readonly seamless: SeamlessService,
    /** Whether the catalogue has the vendor (only a catalogue vendor can be connected). */
    private readonly vendorExists: (code: string) => Promise<boolean>,
  ) {}

  /** Connected vendors, without their secrets. */
  async list() {
    const rows = await this.db
      .selectFrom('vendor_integrations')
      .select([
        'vendor_code',
        'currency',
        'enabled',
        'session_minutes',
        'launch_url',
        'transfer_url',
        'launch_target',
        'note',
      ])
      .orderBy('vendor_code')
      .execute();
    return rows.map((row) => ({
      code: row.vendor_code,
      currency: row.currency,
      enabled: row.enabled,
      sessionMinutes: row.session_minutes,
      launchUrl: row.launch_url,
      transferUrl: row.transfer_url,
      launchTarget: row.launch_target,
      note: row.note,
    }));
  }

  async save(code: string, change: IntegrationChange, actor: { name: string; ip: string }): Promise<void> {
    if (!(await this.vendorExists(code))) throw new AppError(404, 'NOT_FOUND');
    const existing = await this.seamless.vendor(code).catch(() => null);
    const secret = change.secret ?? existing?.secret;
    if (!secret) throw new AppError(400, 'VALIDATION', { detail: 'secret is required to connect a vendor' });
    const { secret: _secret, ...shown } = change;
    await inTransaction(this.db, async (unit) => {
      await this.seamless.configureVendor({ ...change, code, secret }, unit);
      const detail = { code, ...shown };
      await this.audit.record(unit.trx, {
        actor: actor.name,
        action: 'vendor.integration.saved',
        detail,
        ip: actor.ip,
      });
    });
  }
}
