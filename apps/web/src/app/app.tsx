/** Providers (TanStack Query, toasts) and the router. Owns no logic. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppToasts } from '../components/ui/toasts';
import { routes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
const router = createBrowserRouter(routes);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* The spec's 5000 ms and light theme; top-right except on phones (components/ui/toast-placement). */}
      <AppToasts />
    </QueryClientProvider>
  );
}
