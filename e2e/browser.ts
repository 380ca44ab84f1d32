import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1440, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('baseURL'), viewport });
}

/** An operator call against the running server. */
export async function adminCall(method: string, url: string, body?: unknown) {
  const baseURL = inject('baseURL');
  const login = await fetch(`${baseURL}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(inject('admin')),
  });
  const { value } = (await login.json()) as { value: { token: string } };
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${value.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}
