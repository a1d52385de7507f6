import { displayText } from '../lib/user-text.ts';

/**
 * Something a person typed (a name, a title, a comment) inside a line of the console's own text:
 * isolated, so that its direction (Malayalam, English, Arabic...) is its own and does not turn
 * the rest of the line around, and without direction overrides.
 */
export function UserText({ children, className }: { children: string | null | undefined; className?: string }) {
  return (
    <bdi dir="auto" className={className}>
      {displayText(children ?? '')}
    </bdi>
  );
}
UserText.displayName = 'UserText';
