import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { StatusGate } from './status-gate';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <StatusGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StatusGate>
    </AppProvider>
  );
}
