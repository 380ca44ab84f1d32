import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** A new captcha picture (base64 PNG); the server remembers its answer through an httpOnly cookie. */
export function getCaptcha(signal?: AbortSignal): Promise<string> {
  return apiGet<string>('/wps/captcha', { signal });
}

export function getCaptchaQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => getCaptcha(signal),
    // Each picture answers one attempt: never reuse one from the cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useCaptcha(enabled: boolean) {
  return useQuery({ ...getCaptchaQueryOptions(), enabled });
}
