import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { meQueryKey } from '@/features/auth/api/get-me';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { paths } from '@/lib/paths';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

function createApp() {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  // An expired session on any call: forget cached data and go to sign-in, back here afterwards.
  setUnauthorizedHandler((next) => {
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    void router.navigate(paths.login(next), { replace: true });
  });
  return { queryClient, router };
}

export function App() {
  const [{ queryClient, router }] = useState(createApp);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
