import type { AgentNotice } from '@portal/shared/agents';
import type { Announcements, Banner, HelpCentre, Notice } from '@portal/shared/api';
import {
  AGENT_NOTICE_TYPE,
  ANNOUNCEMENT_TYPES,
  type AnnouncementType,
  type Language,
  type NoticeType,
  type PlayerNoticeType,
} from '@portal/shared/constants';
import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database, LocalisedText } from '../../db/schema.ts';
import { InvalidInput, NotFound } from '../../http/errors.ts';
import { localise } from '../../http/language.ts';
import type { SharedCaches } from '../../http/shared-caches.ts';
import type { AuditRecorder } from '../audit/service.ts';
import * as repository from './repository.ts';
import { plainText, sanitizeLocalised, sanitizeNoticeHtml } from './sanitize.ts';
import type { BannerInput, BannerPatch, HelpSectionInput, NoticeInput, NoticePatch } from './schemas.ts';

export interface Actor {
  name: string;
  ip: string;
}

const NOTICE_LIST_BY_TYPE: Record<PlayerNoticeType, keyof Omit<Announcements, 'banners'>> = {
  PL: 'player',
  PU: 'popup',
  PR: 'promotion',
  H: 'home',
};

/** The most agent notices the agent centre lists. */
const AGENT_NOTICES_MAX = 50;

function toDate(value: string | null | undefined): Date | null | undefined {
  return value === undefined ? undefined : value === null ? null : new Date(value);
}

function checkWindow(startsAt: Date | null | undefined, endsAt: Date | null | undefined) {
  if (startsAt && endsAt && endsAt <= startsAt) throw new InvalidInput('endsAt must be after startsAt');
}

/** A link must fit its linkage type: a portal route for 1, an https address for 2. */
function checkLink(linkageType: number | undefined, link: string | null | undefined) {
  if (linkageType === undefined) return;
  if (linkageType === 1 && !(link && /^\/[\w\-/.?=&#%]*$/.test(link))) {
    throw new InvalidInput('link must be a portal route starting with / for linkageType 1');
  }
  if (linkageType === 2 && !(link && /^https?:\/\/[^\s<>"]+$/.test(link))) {
    throw new InvalidInput('link must be an http(s) address for linkageType 2');
  }
}

/** A banner's optional words as stored: plain text per language, null when absent or empty in every language. */
function bannerText(text: Partial<Record<string, string>> | null | undefined): string | null | undefined {
  if (text === undefined) return undefined;
  if (text === null) return null;
  const plain = Object.fromEntries(Object.entries(plainText(text)).filter(([, value]) => value !== ''));
  return Object.keys(plain).length > 0 ? JSON.stringify(plain) : null;
}

/** The words of a banner in one language: only those it has. */
function localisedWords(texts: Record<'headline' | 'detail' | 'button', LocalisedText | null>, language: Language) {
  return Object.fromEntries(
    Object.entries(texts)
      .map(([key, text]) => [key, localise(text, language)])
      .filter(([, value]) => value !== ''),
  ) as Pick<Banner, 'headline' | 'detail' | 'button'>;
}

/** Operator content: banners, notices and the help centre, with short-lived caches for the player pages. */
export class CmsService {
  private readonly cache: LRUCache<string, Announcements | HelpCentre | AgentNotice[]>;
  /** Grows with every operator change on any node; caches of derived answers key on it. */
  version = 0;

  constructor(
    private readonly db: Kysely<Database>,
    cacheMs: number,
    private readonly audit: AuditRecorder,
    private readonly caches: SharedCaches,
  ) {
    this.cache = new LRUCache({ max: 64, ttl: Math.max(cacheMs, 1), ttlAutopurge: false });
    caches.link(['content'], () => {
      this.cache.clear();
      this.version++;
    });
  }

  async announcements(language: Language, types: AnnouncementType[] = [...ANNOUNCEMENT_TYPES]): Promise<Announcements> {
    const key = `ann:${language}:${[...types].sort().join(',')}`;
    const hit = this.cache.get(key) as Announcements | undefined;
    if (hit) return hit;
    const version = this.version;
    const now = new Date();
    const wanted = new Set(types);
    const [banners, notices] = await Promise.all([
      wanted.has('B') ? repository.listActiveBanners(this.db, now) : [],
      repository.listActiveNotices(this.db, now, Object.keys(NOTICE_LIST_BY_TYPE)),
    ]);
    const result: Announcements = {
      banners: banners.map((b) => this.toBanner(b, language)),
      player: [],
      popup: [],
      promotion: [],
      home: [],
    };
    for (const row of notices) {
      const type = row.type as PlayerNoticeType;
      if (!wanted.has(type)) continue;
      result[NOTICE_LIST_BY_TYPE[type]].push(this.toNotice(row, language));
    }
    // Not kept when a change came while it was read.
    if (version === this.version) this.cache.set(key, result);
    return result;
  }

  /** The agent centre's announcements: agent notices in force, newest first (at most AGENT_NOTICES_MAX). */
  async agentNotices(language: Language): Promise<AgentNotice[]> {
    const key = `agent:${language}`;
    const hit = this.cache.get(key) as AgentNotice[] | undefined;
    if (hit) return hit;
    const version = this.version;
    const rows = await repository.listActiveNotices(this.db, new Date(), [AGENT_NOTICE_TYPE], AGENT_NOTICES_MAX);
    const result = rows.map((row) => {
      const { type: _type, ...notice } = this.toNotice(row, language);
      return notice;
    });
    if (version === this.version) this.cache.set(key, result);
    return result;
  }

  async helpCentre(language: Language): Promise<HelpCentre> {
    const key = `help:${language}`;
    const hit = this.cache.get(key) as HelpCentre | undefined;
    if (hit) return hit;
    const version = this.version;
    const rows = await repository.listHelpSections(this.db);
    const result = {
      sections: rows.map((r) => ({
        key: r.key,
        title: localise(r.title, language),
        content: sanitizeNoticeHtml(localise(r.content, language)),
      })),
    };
    if (version === this.version) this.cache.set(key, result);
    return result;
  }

  listBanners() {
    return repository.listBanners(this.db);
  }

  listNotices() {
    return repository.listNotices(this.db);
  }

  async createBanner(input: BannerInput, actor: Actor) {
    const startsAt = toDate(input.startsAt) ?? null;
    const endsAt = toDate(input.endsAt) ?? null;
    checkWindow(startsAt, endsAt);
    checkLink(input.linkageType, input.link ?? null);
    const write = (trx: Transaction<Database>) =>
      repository.insertBanner(trx, {
        group_name: input.groupName,
        image_url: input.imageUrl,
        title: JSON.stringify(plainText(input.title)),
        linkage_type: input.linkageType,
        link: input.linkageType === 0 ? null : (input.link ?? null),
        headline: bannerText(input.headline) ?? null,
        detail: bannerText(input.detail) ?? null,
        button_label: bannerText(input.buttonLabel) ?? null,
        sort_order: input.sortOrder ?? 0,
        enabled: input.enabled ?? true,
        starts_at: startsAt,
        ends_at: endsAt,
      });
    return this.change(actor, 'banner.create', write, (row) => ({ id: row.id }));
  }

  async updateBanner(id: number, patch: BannerPatch, actor: Actor) {
    const current = await repository.findBanner(this.db, id);
    if (!current) throw new NotFound();
    const linkageType = patch.linkageType ?? current.linkage_type;
    const link = patch.link !== undefined ? patch.link : current.link;
    checkLink(linkageType, link);
    const startsAt = toDate(patch.startsAt);
    const endsAt = toDate(patch.endsAt);
    checkWindow(startsAt === undefined ? current.starts_at : startsAt, endsAt === undefined ? current.ends_at : endsAt);
    const write = async (trx: Transaction<Database>) => {
      const row = await repository.updateBanner(trx, id, {
        group_name: patch.groupName,
        image_url: patch.imageUrl,
        title: patch.title ? JSON.stringify(plainText(patch.title)) : undefined,
        linkage_type: patch.linkageType,
        link: linkageType === 0 ? null : link,
        headline: bannerText(patch.headline),
        detail: bannerText(patch.detail),
        button_label: bannerText(patch.buttonLabel),
        sort_order: patch.sortOrder,
        enabled: patch.enabled,
        starts_at: startsAt,
        ends_at: endsAt,
      });
      if (!row) throw new NotFound();
      return row;
    };
    return this.change(actor, 'banner.update', write, () => ({ id }));
  }

  async createNotice(input: NoticeInput, actor: Actor) {
    const startsAt = toDate(input.startsAt) ?? null;
    const endsAt = toDate(input.endsAt) ?? null;
    checkWindow(startsAt, endsAt);
    const write = (trx: Transaction<Database>) =>
      repository.insertNotice(trx, {
        type: input.type,
        title: JSON.stringify(plainText(input.title)),
        content: JSON.stringify(sanitizeLocalised(input.content)),
        sort_order: input.sortOrder ?? 0,
        enabled: input.enabled ?? true,
        starts_at: startsAt,
        ends_at: endsAt,
      });
    return this.change(actor, 'notice.create', write, (row) => ({ id: row.id }));
  }

  async updateNotice(id: number, patch: NoticePatch, actor: Actor) {
    const current = await repository.findNotice(this.db, id);
    if (!current) throw new NotFound();
    const startsAt = toDate(patch.startsAt);
    const endsAt = toDate(patch.endsAt);
    checkWindow(startsAt === undefined ? current.starts_at : startsAt, endsAt === undefined ? current.ends_at : endsAt);
    const write = async (trx: Transaction<Database>) => {
      const row = await repository.updateNotice(trx, id, {
        type: patch.type,
        title: patch.title ? JSON.stringify(plainText(patch.title)) : undefined,
        content: patch.content ? JSON.stringify(sanitizeLocalised(patch.content)) : undefined,
        sort_order: patch.sortOrder,
        enabled: patch.enabled,
        starts_at: startsAt,
        ends_at: endsAt,
      });
      if (!row) throw new NotFound();
      return row;
    };
    return this.change(actor, 'notice.update', write, () => ({ id }));
  }

  async delete(table: 'banners' | 'notices', id: number, actor: Actor) {
    const write = async (trx: Transaction<Database>) => {
      if (!(await repository.deleteRow(trx, table, id))) throw new NotFound();
    };
    await this.change(actor, `${table}.delete`, write, () => ({ id }));
  }

  async reorder(table: 'banners' | 'notices', ids: number[], actor: Actor) {
    const write = async (trx: Transaction<Database>) => {
      const count = await repository.reorder(trx, table, ids);
      // All or nothing: an unknown id leaves the order as it was.
      if (count !== ids.length) throw new InvalidInput('ids must all exist');
      return count;
    };
    return this.change(actor, `${table}.reorder`, write, () => ({ ids }));
  }

  async upsertHelpSection(key: string, input: HelpSectionInput, actor: Actor) {
    const write = (trx: Transaction<Database>) =>
      repository.upsertHelpSection(trx, {
        key,
        title: JSON.stringify(plainText(input.title)),
        content: JSON.stringify(sanitizeLocalised(input.content)),
        sort_order: input.sortOrder,
      });
    await this.change(actor, 'help.upsert', write, () => ({ key }));
  }

  /**
   * Runs an operator's change and its audit row in one transaction; only after the commit do the player pages of
   * every node read the content again (dropped earlier, a page could load and keep what the change replaces).
   */
  private async change<T>(
    actor: Actor,
    action: string,
    write: (trx: Transaction<Database>) => Promise<T>,
    detail: (result: T) => Record<string, unknown>,
  ): Promise<T> {
    const result = await this.db.transaction().execute(async (trx) => {
      const done = await write(trx);
      await this.audit.record(trx, { actor: actor.name, action, detail: detail(done), ip: actor.ip });
      return done;
    });
    this.caches.changed('content');
    return result;
  }

  private toBanner(row: repository.BannerRow, language: Language): Banner {
    return {
      bannerId: row.id,
      url: row.image_url,
      groupName: row.group_name,
      linkageType: row.linkage_type as Banner['linkageType'],
      link: row.link,
      title: localise(row.title as LocalisedText, language),
      // Absent rather than empty when the banner has no words, so the page shows its image only.
      ...localisedWords(
        {
          headline: row.headline as LocalisedText | null,
          detail: row.detail as LocalisedText | null,
          button: row.button_label as LocalisedText | null,
        },
        language,
      ),
    };
  }

  private toNotice(row: repository.NoticeRow, language: Language): Notice {
    return {
      id: row.id,
      type: row.type as NoticeType,
      title: localise(row.title as LocalisedText, language),
      content: sanitizeNoticeHtml(localise(row.content as LocalisedText, language)),
      publishedAt: new Date(row.published_at).toISOString(),
    };
  }
}
