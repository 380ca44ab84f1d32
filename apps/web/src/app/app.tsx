import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createRouter } from './router';
import { StatusGate } from './status-gate';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProvider>
      <StatusGate>
        <RouterProvider router={router} />
      </StatusGate>
    </AppProvider>
  );
}
