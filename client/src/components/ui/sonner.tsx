import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { ISOLATED_TEXT } from '../../lib/user-text.ts';

/** The one toast outlet of the console; toasts are raised with the helpers in components/toasts.ts. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'text-sm shadow-lg', title: ISOLATED_TEXT, description: `text-sm ${ISOLATED_TEXT}` } }}
      {...props}
    />
  );
}
Toaster.displayName = 'Toaster';
