import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createRouter } from './router';
import { StatusGate } from './status-gate';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(createRouter);
  return (
    <AppProvider queryClient={queryClient}>
      <StatusGate>
        <RouterProvider router={router} />
      </StatusGate>
    </AppProvider>
  );
}
