import { FEATURE_FLAGS, type FeatureFlag } from '@portal/shared/constants';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import type { Database } from '../../db/schema.ts';
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
 * Brand settings and feature flags, read from the database and kept for a few seconds.
 * Several API nodes each hold their own short-lived copy, so a change reaches all of them within the cache time.
 */
export class SettingsService {
  private cached: { snapshot: SettingsSnapshot; loadedAt: number } | null = null;
  private loading: Promise<SettingsSnapshot> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cacheMs: number,
    private readonly audit: AuditRecorder,
  ) {}

  async snapshot(): Promise<SettingsSnapshot> {
    if (this.cached && Date.now() - this.cached.loadedAt < this.cacheMs) return this.cached.snapshot;
    // One load at a time, however many requests arrive while the cache is cold.
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** An operator's change, committed with its audit row. */
  async update<K extends SettingKey>(key: K, value: SettingValue<K>, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repository.writeSetting(trx, key, value);
      await this.audit.record(trx, { actor: actor.name, action: `settings.${key}`, ip: actor.ip });
    });
    this.invalidate();
  }

  async updateFlags(flags: Partial<Record<FeatureFlag, boolean>>, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repository.writeFlags(trx, flags as Record<string, boolean>);
      await this.audit.record(trx, { actor: actor.name, action: 'flags.update', detail: flags, ip: actor.ip });
    });
    this.invalidate();
  }

  invalidate() {
    this.cached = null;
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
    this.cached = { snapshot, loadedAt: Date.now() };
    return snapshot;
  }
}
