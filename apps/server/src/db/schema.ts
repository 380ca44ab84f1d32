// Kysely table types; they mirror migrations/*.sql.
import type { ColumnType, Generated } from 'kysely';

export type LocalisedText = Partial<Record<'bn' | 'en', string>>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

export interface FeatureFlagsTable {
  code: string;
  enabled: boolean;
  updated_at: Timestamp;
}

export interface BannersTable {
  id: Generated<number>;
  group_name: string;
  image_url: string;
  title: Json<LocalisedText>;
  linkage_type: number;
  link: string | null;
  sort_order: number;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NoticesTable {
  id: Generated<number>;
  type: string;
  title: Json<LocalisedText>;
  content: Json<LocalisedText>;
  sort_order: number;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  published_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HelpSectionsTable {
  key: string;
  title: Json<LocalisedText>;
  content: Json<LocalisedText>;
  sort_order: number;
}

export interface DomainsTable {
  id: Generated<number>;
  domain_name: string;
  device: number;
}

export interface VendorsTable {
  id: Generated<number>;
  code: string;
  display_name: string;
  game_type: string;
  is_hot: boolean;
  account_type_id: number;
  logo: string;
  wallet_mode: 'seamless' | 'transfer';
  enabled: boolean;
  sort_order: number;
}

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface AdminSessionsTable {
  token_hash: string;
  admin_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor: string;
  action: string;
  detail: Json<Record<string, unknown>>;
  ip: string | null;
  created_at: Timestamp;
}

export interface Database {
  settings: SettingsTable;
  feature_flags: FeatureFlagsTable;
  banners: BannersTable;
  notices: NoticesTable;
  help_sections: HelpSectionsTable;
  domains: DomainsTable;
  vendors: VendorsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  audit_log: AuditLogTable;
}
