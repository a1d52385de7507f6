import * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

export interface SectionCardProps {
  title: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
  /** Classes for the body (its grid, say); `grid gap-4` when absent. */
  contentClassName?: string;
  children: React.ReactNode;
}

/** One titled section of an editor's form: a card with a heading, an optional line under it, and its fields. */
export function SectionCard({ title, description, className, contentClassName, children }: SectionCardProps) {
  return (
    <Card className={className}>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName ?? 'grid gap-4'}>{children}</CardContent>
    </Card>
  );
}
SectionCard.displayName = 'SectionCard';
