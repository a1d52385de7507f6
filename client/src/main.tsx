import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './app.tsx';
import { Toaster } from './components/ui/sonner.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { installLeaveGuards } from './lib/leave-guards.ts';
import { unregisterServiceWorkers } from './lib/service-workers.ts';
import { api, createApiClient } from './lib/trpc.ts';
import './malayalam-font.css';
import './index.css';

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [apiClient] = useState(createApiClient);
  return (
    <api.Provider client={apiClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <App />
        <Toaster />
      </QueryClientProvider>
    </api.Provider>
  );
}

void unregisterServiceWorkers().catch(() => undefined);

// Before the router listens, so that an editor with unsaved changes hears of the back button first.
installLeaveGuards();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
