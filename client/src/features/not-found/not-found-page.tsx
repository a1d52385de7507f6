import { Link } from 'wouter';
import { Compass } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cn } from '../../lib/utils.ts';

export const NOT_FOUND_TITLE = '404 Page Not Found';

/** The not-found message; inside the admin layout for /admin paths, on its own elsewhere. */
export function NotFoundContent({ className }: { className?: string }) {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <div className={cn('flex flex-col items-center justify-center gap-4 px-4 py-16 text-center', className)}>
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Compass className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{NOT_FOUND_TITLE}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist, or it has moved. Check the address or start again from the dashboard.
      </p>
      <Button asChild>
        <Link href="/">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
NotFoundContent.displayName = 'NotFoundContent';

export function NotFoundPage() {
  return (
    <main className="flex min-h-full items-center justify-center bg-background">
      <NotFoundContent />
    </main>
  );
}
NotFoundPage.displayName = 'NotFoundPage';
