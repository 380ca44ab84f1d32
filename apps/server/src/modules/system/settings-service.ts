import { FEATURE_FLAGS, type FeatureFlag } from '@portal/shared/constants';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import type { Database } from '../../db/schema.ts';
import { type SharedCaches, SharedValue } from '../../http/shared-caches.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { DEFAULT_SETTINGS } from './settings-defaults.ts';
import * as repository from './settings-repository.ts';
import { SETTING_SCHEMAS, type SettingKey, type SettingValue } from './settings-schema.ts';

/** Who changes a setting: the operator and their address. */
export interface Actor {
  name: string;
  ip: string;
}

export interface SettingsSnapshot {
  get<K extends SettingKey>(key: K): SettingValue<K>;
  flags: Record<FeatureFlag, boolean>;
}

/**
 * Brand settings and feature flags, read from the database and kept for a few seconds. Each API node holds its own
 * copy; a change drops the copies of every node at once (shared-caches.ts), the few seconds only bound how long a
 * change made behind the portal's back takes to apply.
 */
export class SettingsService {
  private readonly current: SharedValue<SettingsSnapshot>;

  constructor(
    private readonly db: Kysely<Database>,
    cacheMs: number,
    private readonly audit: AuditRecorder,
    private readonly caches: SharedCaches,
  ) {
    this.current = new SharedValue(caches, ['settings'], () => this.load(), cacheMs);
  }

  snapshot(): Promise<SettingsSnapshot> {
    return this.current.get();
  }

  /** An operator's change, committed with its audit row; every node drops its copy after the commit. */
  async update<K extends SettingKey>(key: K, value: SettingValue<K>, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repository.writeSetting(trx, key, value);
      await this.audit.record(trx, { actor: actor.name, action: `settings.${key}`, ip: actor.ip });
    });
    this.caches.changed('settings');
  }

  async updateFlags(flags: Partial<Record<FeatureFlag, boolean>>, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repository.writeFlags(trx, flags as Record<string, boolean>);
      await this.audit.record(trx, { actor: actor.name, action: 'flags.update', detail: flags, ip: actor.ip });
    });
    this.caches.changed('settings');
  }

  private async load(): Promise<SettingsSnapshot> {
    const [rows, flagRows] = await Promise.all([repository.readAllSettings(this.db), repository.readFlags(this.db)]);
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const values = new Map<SettingKey, unknown>();
    for (const key of Object.keys(SETTING_SCHEMAS) as SettingKey[]) {
      const value = stored.get(key);
      // A stored value that no longer fits its schema falls back to the default rather than breaking every page.
      values.set(key, value !== undefined && Value.Check(SETTING_SCHEMAS[key], value) ? value : DEFAULT_SETTINGS[key]);
    }
    const flags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as Record<FeatureFlag, boolean>;
    for (const row of flagRows) if (row.code in flags) flags[row.code as FeatureFlag] = row.enabled;
    const snapshot: SettingsSnapshot = {
      get: <K extends SettingKey>(key: K) => values.get(key) as SettingValue<K>,
      flags,
    };
    return snapshot;
  }
}
