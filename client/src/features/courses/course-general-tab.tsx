import { CMS_TAGS, COURSE_CATEGORIES } from '../../../../shared/courses/course.constants.ts';
import type { Course } from '../../../../shared/courses/courses.schema.ts';
import { BannerImageSlot, FileSlot } from '../../components/files/file-slot.tsx';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { TextAreaField } from '../../components/form/text-area-field.tsx';
import { VisibilitySwitch } from '../../components/editor-shell/state-switch.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { RateCardSelect } from '../subscriptions/rate-card-select.tsx';
import { CourseFilesCard } from './course-files-card.tsx';
import { CourseRateCardsField } from './course-rate-cards-field.tsx';
import type { CourseEditorApi } from './course-draft.ts';

function toggled(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);
}

function MonetisationCard({ editor }: { editor: CourseEditorApi }) {
  const { draft, change } = editor;
  const bind = bindDraft(draft, change);
  return (
    <SectionCard title="Monetisation" description="What students buy the course under, and how it is shown to them.">
      <RateCardSelect
        id="course-rate-card"
        label="Default rate card"
        value={draft.courseRateCardId}
        onChange={(courseRateCardId) => change({ courseRateCardId })}
      />
      <CourseRateCardsField
        value={draft.attachedSubscriptions}
        defaultCardId={draft.courseRateCardId}
        onChange={(attachedSubscriptions) => change({ attachedSubscriptions })}
      />
      <SwitchField id="course-best-selling" label="Best seller" description="Marked as a best seller in the app." {...bind.toggle('isBestSelling')} />
      <VisibilitySwitch id="course-visibility" thing="course" {...bind.toggle('isVisible')} />
    </SectionCard>
  );
}

/** The General tab: banner, description, category, settings, monetisation and the course's PDFs. */
export function CourseGeneralTab({ editor, course }: { editor: CourseEditorApi; course: Course }) {
  const { draft, change } = editor;
  const category = COURSE_CATEGORIES.find((entry) => entry.key === draft.category);
  const freeCmsTags = draft.cmsTags.filter((tag) => !(CMS_TAGS as readonly string[]).includes(tag));
  const bind = bindDraft(draft, change);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Banner" description="The picture and the short video students see first.">
        <BannerImageSlot label="Banner image" saved={course} assetId={draft.bannerImageId} onChange={(bannerImageId) => change({ bannerImageId })} />
        <FileSlot
          label="Banner video"
          kind="video"
          assetId={draft.previewVideoId}
          sizeInBytes={draft.previewVideoId === course.previewVideoId ? course.previewVideoFileSizeInBytes : null}
          onChange={(previewVideoId) => change({ previewVideoId })}
        />
      </SectionCard>
      <MonetisationCard editor={editor} />
      <SectionCard title="Description" className="lg:col-span-2">
        <TextAreaField id="course-description" label="Description" rows={4} maxLength={20000} {...bind.text('description')} />
      </SectionCard>
      <SectionCard title="Category" description="Where students find the course.">
        <SelectField
          id="course-category"
          label="Category"
          value={draft.category ?? ''}
          options={[{ value: '', label: 'Not set' }, ...COURSE_CATEGORIES.map((entry) => ({ value: entry.key, label: entry.label }))]}
          onChange={(key) => change({ category: key || null, tags: [] })}
        />
        {category && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Tags</legend>
            {category.tags.map((tag) => (
              <label key={tag} className="flex items-center gap-2 text-sm">
                <Checkbox checked={draft.tags.includes(tag)} onChange={(event) => change({ tags: toggled(draft.tags, tag, event.target.checked) })} />
                {tag}
              </label>
            ))}
          </fieldset>
        )}
      </SectionCard>
      <SectionCard title="Settings">
        <SwitchField
          id="course-expired"
          label="Expired course"
          description="Kept for students who bought it; no longer sold."
          {...bind.toggle('isExpiredCourse')}
        />
        <TextField id="course-sort-index" label="Sort index" hint="Lower numbers come first (0 by default)." type="number" {...bind.text('sortIndex')} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">CMS tags</legend>
          {CMS_TAGS.map((tag) => (
            <label key={tag} className="flex items-center gap-2 text-sm capitalize">
              <Checkbox checked={draft.cmsTags.includes(tag)} onChange={(event) => change({ cmsTags: toggled(draft.cmsTags, tag, event.target.checked) })} />
              {tag}
            </label>
          ))}
          <Input
            aria-label="Other CMS tags"
            placeholder="Other tags, separated by commas"
            defaultValue={freeCmsTags.join(', ')}
            onBlur={(event) => {
              const typed = event.target.value
                .split(',')
                .map((tag) => tag.trim())
                .filter(Boolean);
              change({ cmsTags: [...draft.cmsTags.filter((tag) => (CMS_TAGS as readonly string[]).includes(tag)), ...new Set(typed)] });
            }}
          />
        </fieldset>
      </SectionCard>
      <SectionCard title="Day planner" description="One PDF with the whole plan; offered only when there is none.">
        <FileSlot label="Day planner" kind="pdf" assetId={draft.dayPlannerPdfId} onChange={(dayPlannerPdfId) => change({ dayPlannerPdfId })} />
        <SwitchField id="course-day-schedule" label="Day schedule" description="Show students the day-by-day schedule." {...bind.toggle('enableDaySchedule')} />
      </SectionCard>
      <CourseFilesCard
        title="Previous questions"
        description="Question papers of past exams, each with its year."
        itemLabel="previous questions"
        withYear
        files={draft.previousQuestions}
        onChange={(previousQuestions) => change({ previousQuestions })}
      />
      <CourseFilesCard
        title="Syllabus"
        description="The exam's syllabus."
        itemLabel="syllabus"
        files={draft.syllabus}
        onChange={(syllabus) => change({ syllabus })}
      />
    </div>
  );
}
CourseGeneralTab.displayName = 'CourseGeneralTab';
