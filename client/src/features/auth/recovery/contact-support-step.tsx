import { Mail, Phone } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingPanel } from '../../../components/ui/spinner.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useAppSettings } from '../../../lib/app-settings.ts';

export interface ContactSupportStepProps {
  onBackToOptions: () => void;
  onOk: () => void;
}

/** Step 5: no recovery option is available; staff can help by phone or email. */
export function ContactSupportStep({ onBackToOptions, onOk }: ContactSupportStepProps) {
  const settings = useAppSettings();

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">Our support team can verify your identity and help you back into your account.</p>
      {settings.isPending && <LoadingPanel className="min-h-24" />}
      {settings.isError && <ErrorAlert title="Could not load the support contacts" error={settings.error} />}
      {settings.data && (
        <dl className="grid gap-3 rounded-md border bg-muted/40 p-4 text-sm">
          <div className="flex items-center gap-3">
            <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="w-28 text-muted-foreground">Support phone</dt>
            <dd>
              <a className="font-medium text-primary hover:underline" href={`tel:${settings.data.supportPhone.replace(/[^+0-9]/g, '')}`}>
                {settings.data.supportPhone}
              </a>
            </dd>
          </div>
          <div className="flex items-center gap-3">
            <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="w-28 text-muted-foreground">Support email</dt>
            <dd>
              <a className="font-medium text-primary hover:underline" href={`mailto:${settings.data.supportEmail}`}>
                {settings.data.supportEmail}
              </a>
            </dd>
          </div>
        </dl>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="link" onClick={onBackToOptions}>
          Back to verification options
        </Button>
        <Button onClick={onOk}>Ok</Button>
      </div>
    </div>
  );
}
ContactSupportStep.displayName = 'ContactSupportStep';
