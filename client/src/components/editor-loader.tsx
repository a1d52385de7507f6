import * as React from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { LoadFailure } from './load-failure.tsx';
import { Button } from './ui/button.tsx';
import { LoadingPanel } from './ui/spinner.tsx';

/** The part of a `useQuery` result the loader reads. */
export interface EditorQuery<T> {
  isPending: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export interface EditorLoaderProps<T> {
  query: EditorQuery<T>;
  /** Where "back" goes when the record cannot be loaded, e.g. the catalogue. */
  backHref: string;
  /** The back link's text, e.g. "All lectures". */
  backLabel: string;
  /**
   * The editor, once the record has arrived. `reload` fetches the record again and starts the
   * editor afresh from it (after someone else saved it, say), dropping unsaved edits.
   */
  children: (record: NonNullable<T>, reload: () => Promise<void>) => React.ReactNode;
}

/** An editor page's shell: "Loading" until the record arrives, the load failure with a retry, then the editor. */
export function EditorLoader<T>({ query, backHref, backLabel, children }: EditorLoaderProps<T>) {
  const [generation, setGeneration] = React.useState(0);
  const { refetch } = query;
  const reload = React.useCallback(async () => {
    await refetch();
    setGeneration((current) => current + 1);
  }, [refetch]);
  if (query.isPending) return <LoadingPanel label="Loading" className="min-h-64" />;
  if (!query.data) {
    return (
      <LoadFailure title="Fetching data failed" error={query.error} onRetry={query.refetch} className="mx-auto max-w-xl gap-3 py-10">
        <Button asChild variant="ghost">
          <Link href={backHref}>
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Link>
        </Button>
      </LoadFailure>
    );
  }
  return <React.Fragment key={generation}>{children(query.data, reload)}</React.Fragment>;
}
EditorLoader.displayName = 'EditorLoader';
