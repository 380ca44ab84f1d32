import { useEffect } from 'react';

export function usePageTitle(title: string, brand?: string): void {
  useEffect(() => {
    document.title = brand ? `${title} | ${brand}` : title;
  }, [title, brand]);
}
