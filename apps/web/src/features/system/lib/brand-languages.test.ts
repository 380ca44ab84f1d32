import type { PermissionInfo } from '@portal/shared/api';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { getPermissionQueryOptions } from '@/api/get-permission';
import { i18n, LANGUAGE_STORAGE_KEY } from '@/i18n';
import { followBrandLanguages } from './brand-languages';

const HOST = 'portal.test';

function permission(languages: string[], defaultLanguage: string): PermissionInfo {
  return { settings: { languages, defaultLanguage } } as unknown as PermissionInfo;
}

/** Lets the language switch (an async load, then the change) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  await i18n.changeLanguage('bn');
});

describe('followBrandLanguages', () => {
  it("switches to the brand's default when its answer arrives, once", async () => {
    const queryClient = new QueryClient();
    followBrandLanguages(queryClient, HOST);
    queryClient.setQueryData(getPermissionQueryOptions('bn', HOST).queryKey, permission(['bn', 'en'], 'en'));
    await settle();
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();

    // Later answers (another brand default) change nothing: the language may have been set by someone since.
    queryClient.setQueryData(getPermissionQueryOptions('en', HOST).queryKey, permission(['bn', 'en'], 'bn'));
    await settle();
    expect(i18n.language).toBe('en');
  });

  it("keeps the player's stored choice", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    const queryClient = new QueryClient();
    followBrandLanguages(queryClient, HOST);
    queryClient.setQueryData(getPermissionQueryOptions('bn', HOST).queryKey, permission(['bn', 'en'], 'en'));
    await settle();
    expect(i18n.language).toBe('bn');
  });

  it('leaves a language set since the start (a house game launched in English) alone', async () => {
    const queryClient = new QueryClient();
    followBrandLanguages(queryClient, HOST);
    await i18n.changeLanguage('en');
    queryClient.setQueryData(getPermissionQueryOptions('en', HOST).queryKey, permission(['bn', 'en'], 'bn'));
    await settle();
    expect(i18n.language).toBe('en');
  });

  it('ignores answers for another host', async () => {
    const queryClient = new QueryClient();
    followBrandLanguages(queryClient, HOST);
    queryClient.setQueryData(getPermissionQueryOptions('bn', 'other.test').queryKey, permission(['en'], 'en'));
    await settle();
    expect(i18n.language).toBe('bn');
  });
});
