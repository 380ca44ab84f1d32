import type { PermissionInfo, SystemStatus } from '@portal/shared/api';
import type { Language } from '@portal/shared/constants';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { localise } from '../../http/language.ts';
import { Readiness, type ReadinessReport, redisCheck } from './readiness.ts';
import type { RegionPolicy } from './region.ts';
import type { SettingsService, SettingsSnapshot } from './settings-service.ts';

function maintenanceActive(settings: SettingsSnapshot, now: Date): boolean {
  const { enabled, endAt } = settings.get('maintenance');
  // An end time in the past ends the maintenance without waiting for the operator.
  return enabled && (endAt === null || new Date(endAt) > now);
}

export class SystemService {
  private readonly readiness: Readiness;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsService,
    private readonly region: RegionPolicy,
    redis?: Redis,
  ) {
    this.readiness = new Readiness({
      database: () => db.selectFrom('settings').select('key').limit(1).execute(),
      ...(redis ? { redis: redisCheck(redis) } : {}),
    });
  }

  async status(ip: string, language: Language, now = new Date()): Promise<SystemStatus> {
    const settings = await this.settings.snapshot();
    const maintenance = settings.get('maintenance');
    if (maintenanceActive(settings, now)) {
      return { status: 1, maintenanceEnd: maintenance.endAt, message: localise(maintenance.message, language), ip };
    }
    if (this.region.check(ip, settings.get('regionBlock')).blocked) {
      return { status: 2, maintenanceEnd: null, message: null, ip };
    }
    return { status: 0, maintenanceEnd: null, message: null, ip };
  }

  async permission(ip: string, language: Language, now = new Date()): Promise<PermissionInfo> {
    const settings = await this.settings.snapshot();
    const brand = settings.get('brand');
    const maintenance = settings.get('maintenance');
    const integrations = settings.get('integrations');
    const verdict = this.region.check(ip, settings.get('regionBlock'));
    return {
      whitelabel: settings.get('whitelabel'),
      resources: settings.get('resources'),
      customerService: settings.get('customerService').map((cs) => ({ ...cs, title: localise(cs.title, language) })),
      analytics: { gtagId: integrations.gtagId },
      domainRoute: integrations.domainRoute,
      imageCDNs: integrations.imageCDNs,
      launchGameCDNs: integrations.launchGameCDNs,
      location: { ip, country: verdict.country },
      maintenance: {
        enabled: maintenanceActive(settings, now),
        maintenanceEnd: maintenance.endAt,
        message: localise(maintenance.message, language),
      },
      regionRestriction: verdict.blocked,
      settings: {
        brandName: brand.brandName,
        currencySymbol: brand.currencySymbol,
        languages: brand.languages,
        defaultLanguage: brand.defaultLanguage,
        loginedToHomePage: brand.loginedToHomePage,
        captchaEnabled: brand.captchaEnabled,
        minimumAge: brand.minimumAge,
        flags: settings.flags,
        socialLinks: brand.socialLinks,
        licences: brand.licences.map((l) => ({
          code: l.code,
          name: localise(l.name, language),
          text: localise(l.text, language),
        })),
        copyright: localise(brand.copyright, language),
      },
    };
  }

  /** The blocked countries this node cannot enforce: every one of them when it has no GeoIP database. */
  async unenforcedCountries(): Promise<string[]> {
    if (this.region.locatesCountries) return [];
    return (await this.settings.snapshot()).get('regionBlock').countries;
  }

  async whitelabel() {
    return (await this.settings.snapshot()).get('whitelabel');
  }

  async domainList() {
    const rows = await this.db.selectFrom('domains').select(['domain_name', 'device']).orderBy('id').execute();
    return { domainList: rows.map((r) => ({ domainName: r.domain_name, device: r.device })) };
  }

  ready(): Promise<ReadinessReport> {
    return this.readiness.check();
  }

  /** From now on /readyz answers 503, so a load balancer stops sending this node traffic while it closes. */
  beginShutdown(): void {
    this.readiness.beginShutdown();
  }
}
