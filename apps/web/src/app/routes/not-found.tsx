import { NotFoundState } from '@/components/ui/not-found-state';

export function NotFoundRoute() {
  return <NotFoundState title="Page not found" description="The page you are looking for does not exist." />;
}
