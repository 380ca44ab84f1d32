// Connects the studio's vendors to the portal through the operator API, as an operator would by hand: once per vendor
// and settings (a later disconnect or change by the operator stands; the studio saves a vendor again only when the
// settings it sends for it change, e.g. a new launch target).
import fs from 'node:fs';
import path from 'node:path';

/** What the operator reads on each of the studio's vendors in the portal's integration list. */
export const DEMO_NOTE =
  'Demo studio of this portal, not a real game vendor: its games are for the demo. DEMO_STUDIO=false turns it off.';

export interface ConnectOptions {
  portalUrl: string;
  adminUser: string;
  adminPassword: string | undefined;
  codes: readonly string[];
  secrets: Record<string, string>;
  currency: string;
  launchUrlOf: (code: string) => string;
  /** The transfer API's address for a vendor in transfer mode; null for a seamless one. */
  transferUrlOf?: (code: string) => string | null;
  /** Where the portal opens the vendor's games: its /game frame (the default) or a window of their own. */
  launchTargetOf?: (code: string) => 'frame' | 'window';
  /** The settings sent to the portal for each vendor connected (its secret left out), kept across restarts. */
  stateFile: string;
  log: (message: string, detail?: unknown) => void;
  /** How long to wait for the portal to be ready (it starts beside the studio). */
  waitMs?: number;
}

/** What the studio tells the portal of a vendor, besides its secret. */
interface VendorSettings {
  currency: string;
  enabled: true;
  launchUrl: string;
  transferUrl?: string;
  launchTarget: 'frame' | 'window';
  note: string;
}

function settingsOf(options: ConnectOptions, code: string): VendorSettings {
  const transferUrl = options.transferUrlOf?.(code);
  return {
    currency: options.currency,
    enabled: true,
    launchUrl: options.launchUrlOf(code),
    ...(transferUrl ? { transferUrl } : {}),
    launchTarget: options.launchTargetOf?.(code) ?? 'frame',
    note: DEMO_NOTE,
  };
}

/**
 * The settings last sent for each vendor. A state file of a studio from before launch targets lists only the codes
 * it connected: each got the settings of today but the target, which the portal then took as its default, the frame.
 */
function readSent(options: ConnectOptions): Map<string, VendorSettings> {
  const stored = readJson<unknown>(options.stateFile);
  if (Array.isArray(stored)) {
    const codes = stored.filter((code): code is string => typeof code === 'string');
    return new Map(codes.map((code) => [code, { ...settingsOf(options, code), launchTarget: 'frame' }]));
  }
  if (stored && typeof stored === 'object') return new Map(Object.entries(stored as Record<string, VendorSettings>));
  return new Map();
}

function sameSettings(a: VendorSettings | undefined, b: VendorSettings): boolean {
  if (!a) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof VendorSettings>;
  return [...keys].every((key) => a[key] === b[key]);
}

/** Whether each vendor the portal has an integration for is switched on. */
async function integrationsOn(portalUrl: string, headers: Record<string, string>): Promise<Map<string, boolean>> {
  const response = await fetch(new URL('/admin/api/vendor-integrations', portalUrl), { headers });
  if (!response.ok) throw new Error(`the portal's vendor integrations answered ${response.status}`);
  const body = (await response.json()) as { value?: { code: string; enabled: boolean }[] };
  return new Map((body.value ?? []).map((integration) => [integration.code, integration.enabled]));
}

/** Saves each vendor not connected yet, or connected with other settings than today's; the codes saved now. */
export async function connectVendors(options: ConnectOptions): Promise<string[]> {
  const sent = readSent(options);
  const missing = options.codes.filter((code) => !sameSettings(sent.get(code), settingsOf(options, code)));
  if (missing.length === 0) return [];
  if (!options.adminPassword) {
    options.log(
      `not connected to the portal: ${missing.join(', ')} need the operator's password (ADMIN_PASSWORD) once`,
    );
    return [];
  }
  await waitForPortal(options.portalUrl, options.waitMs ?? 120_000);
  const token = await login(options);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const connected: string[] = [];
  try {
    // A vendor saved again keeps the operator's word on whether it is on (a vendor switched off stays off).
    const switchedOn = [...sent.keys()].some((code) => missing.includes(code))
      ? await integrationsOn(options.portalUrl, headers)
      : new Map<string, boolean>();
    for (const code of missing) {
      const settings = settingsOf(options, code);
      const enabled = sent.has(code) ? (switchedOn.get(code) ?? true) : true;
      const response = await fetch(new URL(`/admin/api/vendor-integrations/${code}`, options.portalUrl), {
        method: 'PUT',
        headers,
        body: JSON.stringify({ secret: options.secrets[code], ...settings, enabled }),
      });
      if (response.ok) {
        connected.push(code);
        sent.set(code, settings);
      } else {
        options.log(`vendor ${code} not connected: the portal answered ${response.status}`, await response.text());
      }
    }
  } finally {
    writeJson(options.stateFile, Object.fromEntries([...sent].sort(([a], [b]) => a.localeCompare(b))));
    await fetch(new URL('/admin/api/session', options.portalUrl), {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    }).catch(() => {});
  }
  return connected;
}

async function login(options: ConnectOptions): Promise<string> {
  const response = await fetch(new URL('/admin/api/session', options.portalUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: options.adminUser, password: options.adminPassword }),
  });
  const body = (await response.json().catch(() => null)) as { value?: { token?: string } } | null;
  const token = body?.value?.token;
  if (!response.ok || !token) throw new Error(`operator login refused (${response.status})`);
  return token;
}

async function waitForPortal(portalUrl: string, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const ready = await fetch(new URL('/readyz', portalUrl), { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > until) throw new Error(`the portal at ${portalUrl} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(value, null, 2), { mode: 0o600 });
  fs.renameSync(temporary, file);
}
