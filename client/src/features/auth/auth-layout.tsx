import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '../../components/brand.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const FOOTER_LINKS = ['Help & Support', 'Privacy Policy', 'Terms & Conditions'] as const;

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "Don't have an account? Register". */
  below?: ReactNode;
}

/** The frame of the sign-in, registration and recovery pages: a centred card and the footer links. */
export function AuthLayout({ title, description, children, below }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-full flex-col bg-background">
      <main className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-10">
        <Brand />
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle asChild>
              <h1>{title}</h1>
            </CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {below && <div className="text-sm text-muted-foreground">{below}</div>}
      </main>
      <footer className="border-t bg-card/60">
        <nav aria-label="Footer" className="mx-auto flex max-w-md flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-4 text-sm">
          {FOOTER_LINKS.map((label) => (
            <Link key={label} href="/" className="text-muted-foreground hover:text-foreground hover:underline">
              {label}
            </Link>
          ))}
        </nav>
      </footer>
    </div>
  );
}
AuthLayout.displayName = 'AuthLayout';
