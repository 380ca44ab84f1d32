import { useCallback, useEffect, useState } from 'react';

type MobileNumberModule = typeof import('../lib/mobile-number');

/**
 * The phone library and its metadata (about 35 kB compressed) for a form whose mobile field is not what it shows
 * first, the login popup's SMS tab: fetched once `wanted`, so a sign-in by name never loads or waits for it.
 */
export function useMobileNumber(wanted: boolean) {
  const [module, setModule] = useState<MobileNumberModule | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // After a failure the next try waits for `retry`, which clears `failed`.
    if (!wanted || module || failed) return;
    let live = true;
    import('../lib/mobile-number').then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, module, failed]);

  const retry = useCallback(() => setFailed(false), []);

  return { mobileNumber: module, failed, retry };
}
