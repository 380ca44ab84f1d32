import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export type SocialProvider = 'google' | 'facebook';

export function getSocialProviders(signal?: AbortSignal): Promise<{ providers: SocialProvider[] }> {
  return apiGet<{ providers: SocialProvider[] }>('/wps/session/social', { signal });
}

export function getSocialProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'social-providers'],
    queryFn: ({ signal }) => getSocialProviders(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** The social sign-in providers the brand offers (none when the server has no client configured). */
export function useSocialProviders(enabled = true) {
  return useQuery({ ...getSocialProvidersQueryOptions(), enabled });
}

/** Social sign-in is a full-page trip to the provider and back; the server signs the browser in on return. */
export function socialStartUrl(provider: SocialProvider): string {
  return `/wps/session/social/${provider}/start`;
}
