import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BookOpen, FileSpreadsheet, Inbox, ListChecks, Video } from 'lucide-react';
import { SUBSCRIPTION_MESSAGES } from '../../../../shared/subscriptions/subscription.constants.ts';
import type { AttachedResources } from '../../../../shared/subscriptions/subscriptions.schema.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { formatDateAndTime, formatMinutes } from '../../lib/format.ts';
import { courseCategoryName } from './subscription-labels.ts';
import { RESOURCE_PATHS } from './subscription-paths.ts';

interface ResourceSectionProps<Item extends { _id: string; title: string }> {
  title: string;
  icon: ReactNode;
  items: readonly Item[];
  href: (id: string) => string;
  /** Headers and cells after the title column. */
  columns: Array<{ header: string; cell: (item: Item) => ReactNode }>;
}

function ResourceSection<Item extends { _id: string; title: string }>({ title, icon, items, href, columns }: ResourceSectionProps<Item>) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2 space-y-0 pb-3">
        {icon}
        <CardTitle className="text-base">{title}</CardTitle>
        <Badge variant="secondary" className="ml-auto">
          {items.length}
        </Badge>
      </CardHeader>
      <CardContent className="p-0">
        {items.length === 0 ? (
          <p className="border-t px-6 py-4 text-sm text-muted-foreground">None attached.</p>
        ) : (
          <Table aria-label={title} className="border-t">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Title</TableHead>
                {columns.map((column) => (
                  <TableHead key={column.header}>{column.header}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item._id}>
                  <TableCell>
                    <Link href={href(item._id)} className="font-medium text-primary hover:underline">
                      {item.title}
                    </Link>
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.header}>{column.cell(item)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

function publishDate(ms: number | null): ReactNode {
  if (ms == null) return muted('Not scheduled');
  const [date, time] = formatDateAndTime(new Date(ms).toISOString());
  return (
    <span>
      {date} <span className="text-muted-foreground">{time}</span>
    </span>
  );
}

/** The Resources tab: what is sold under this rate card, each linked to its own editor. */
export function SubscriptionResources({ resources }: { resources: AttachedResources }) {
  const { courses, lectures, exams, rankFiles } = resources;
  if (courses.length + lectures.length + exams.length + rankFiles.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card px-4 py-12 text-center">
        <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm font-medium">{SUBSCRIPTION_MESSAGES.noResources}</p>
      </div>
    );
  }
  const iconClass = 'size-4 text-muted-foreground';
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ResourceSection
        title="Courses"
        icon={<BookOpen aria-hidden="true" className={iconClass} />}
        items={courses}
        href={RESOURCE_PATHS.course}
        columns={[
          { header: 'Category', cell: (course) => (course.category ? courseCategoryName(course.category) : muted('—')) },
          {
            header: 'Tags',
            cell: (course) =>
              course.tags.length === 0 ? (
                muted('—')
              ) : (
                <span className="flex flex-wrap gap-1">
                  {course.tags.map((tag) => (
                    <Badge key={tag} variant="outline">
                      {tag}
                    </Badge>
                  ))}
                </span>
              ),
          },
        ]}
      />
      <ResourceSection
        title="Lecture Videos"
        icon={<Video aria-hidden="true" className={iconClass} />}
        items={lectures}
        href={RESOURCE_PATHS.lecture}
        columns={[
          {
            header: 'Duration',
            cell: (lecture) => (lecture.videoDurationInMinutes == null ? muted('Video not uploaded') : formatMinutes(lecture.videoDurationInMinutes)),
          },
        ]}
      />
      <ResourceSection
        title="Exams"
        icon={<ListChecks aria-hidden="true" className={iconClass} />}
        items={exams}
        href={RESOURCE_PATHS.exam}
        columns={[
          { header: 'Duration', cell: (exam) => formatMinutes(exam.examDurationInMinutes) },
          { header: 'Publish Date', cell: (exam) => publishDate(exam.publishDateTimeInMs) },
        ]}
      />
      <ResourceSection
        title="Rank Files"
        icon={<FileSpreadsheet aria-hidden="true" className={iconClass} />}
        items={rankFiles}
        href={RESOURCE_PATHS.rankFile}
        columns={[{ header: 'Groups', cell: (rankFile) => rankFile.groups }]}
      />
    </div>
  );
}
SubscriptionResources.displayName = 'SubscriptionResources';
