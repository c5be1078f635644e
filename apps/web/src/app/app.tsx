/** Providers (TanStack Query, toasts) and the router. Owns no logic. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { routes } from './routes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
const router = createBrowserRouter(routes);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* react-toastify defaults are the spec's: 5000 ms, top-right, light theme (spec §9 "Display"). */}
      <ToastContainer position="top-right" autoClose={5000} theme="light" />
    </QueryClientProvider>
  );
}
