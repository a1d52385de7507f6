import { CheckCircle2, ListPlus } from 'lucide-react';
import { canSeeScreen } from '../../../../shared/auth/roles.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { useCurrentUser } from '../auth/session.ts';

/**
 * "Add To Custom Collection": a check when the lecture is in the collection. Only roles that
 * see the collection screen may add or remove; the others see where it stands.
 */
export function CollectionCard({ lectureId, inCollection }: { lectureId: string; inCollection: boolean }) {
  const utils = api.useUtils();
  const roles = useCurrentUser().data?.roles ?? [];
  const mayChange = canSeeScreen(roles, 'customLectures');
  const settled = () => Promise.all([utils.lectures.get.invalidate({ id: lectureId }), utils.lectureCollection.get.invalidate()]);
  const add = api.lectureCollection.add.useMutation({ onSuccess: settled });
  const remove = api.lectureCollection.remove.useMutation({ onSuccess: settled });
  const busy = add.isPending || remove.isPending;
  const failure = add.error ?? remove.error;

  return (
    <SectionCard title="Add To Custom Collection" description="The custom collection is a hand-picked list of lectures in the student apps.">
      {inCollection ? (
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          In the custom collection
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Not in the custom collection.</p>
      )}
      {mayChange && (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={busy}
          onClick={() => (inCollection ? remove.mutate({ id: lectureId }) : add.mutate({ id: lectureId }))}
        >
          {busy ? <Spinner size="sm" className="text-current" label="" /> : <ListPlus aria-hidden="true" />}
          {inCollection ? 'Remove From Collection' : 'Add To Custom Collection'}
        </Button>
      )}
      {failure && !busy && <p className="text-sm text-destructive">The collection could not be changed: {errorMessage(failure)}</p>}
    </SectionCard>
  );
}
CollectionCard.displayName = 'CollectionCard';
