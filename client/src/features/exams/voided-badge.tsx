import { Badge } from '../../components/ui/badge.tsx';

/** What a voided question earns and costs, in one line (beside its switch, and as the badge's title). */
export const VOIDED_EXPLANATION = 'A voided question earns and costs nothing and is not counted in any score.';

/** "Voided", wherever a voided question is shown; nothing for a question that counts. */
export function VoidedBadge({ isVoided }: { isVoided: boolean }) {
  if (!isVoided) return null;
  return (
    <Badge variant="warning" title={VOIDED_EXPLANATION}>
      Voided
    </Badge>
  );
}
VoidedBadge.displayName = 'VoidedBadge';
