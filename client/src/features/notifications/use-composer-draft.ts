import { useEffect, useState } from 'react';
import { composerFieldErrors, composerLengthErrors, type ComposerFieldErrors } from '../../../../shared/push/composer.rules.ts';
import { GROUP_TARGETS, type SendNotificationInput } from '../../../../shared/push/push.schema.ts';

/** What the screen opening the composer fills in. */
export interface ComposerResource {
  resourceType: string;
  resourceID: string;
  clickAction: string;
  title?: string;
  imageUrl?: string | null;
  lectureId?: string;
  subjectId?: string;
  /** Who it goes to at first (a reply goes to one student). */
  targetType?: 'specific-user' | 'everyone' | 'group';
  targetPhoneNumber?: string;
  /** Fixes the target to the students of this course (no other choice is offered). */
  course?: { _id: string; title: string };
  /** The web address an open_link notification opens. */
  linkUrl?: string;
}

export type ComposerTarget = 'specific-user' | 'everyone' | 'group';
export type ComposerGroup = (typeof GROUP_TARGETS)[number];

/** The message being composed: its fields, their errors, and the request it makes. */
export function useComposerDraft(open: boolean, resource: ComposerResource) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [target, setTarget] = useState<ComposerTarget>('specific-user');
  const [phone, setPhone] = useState('');
  const [groups, setGroups] = useState<Set<ComposerGroup>>(new Set(GROUP_TARGETS));
  const [errors, setErrors] = useState<ComposerFieldErrors>({});
  // A title filled in by the screen behind may already be too long: flagged from the start, not after Send Now.
  const tooLong = composerLengthErrors(title, body);
  const shown = { ...errors, ...tooLong };
  const canSend = Object.keys(tooLong).length === 0;

  // Filled in afresh when opened (or when what it is about changes), not on every render of the screen behind it.
  const resourceKey = JSON.stringify(resource);
  useEffect(() => {
    if (!open) return;
    const resource = JSON.parse(resourceKey) as ComposerResource;
    setTitle(resource.title ?? '');
    setBody('');
    setTarget(resource.targetType ?? 'specific-user');
    setPhone(resource.targetPhoneNumber ?? '');
    setGroups(new Set(GROUP_TARGETS));
    setErrors({});
  }, [open, resourceKey]);

  const toggleGroup = (group: ComposerGroup, checked: boolean) =>
    setGroups((current) => {
      const next = new Set(current);
      if (checked) next.add(group);
      else next.delete(group);
      return next;
    });

  /** Shows what is missing; true when the message may be sent. */
  const validate = (): boolean => {
    const found = composerFieldErrors(title, body);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const request = (): SendNotificationInput => ({
    title,
    body,
    imageUrl: resource.imageUrl ?? null,
    resourceID: resource.resourceID,
    resourceType: resource.resourceType,
    clickAction: resource.clickAction,
    targetType: resource.course ? 'course' : target,
    targetPhoneNumber: !resource.course && target === 'specific-user' ? phone : null,
    groupTargets: [...groups],
    courseId: resource.course?._id ?? null,
    linkUrl: resource.linkUrl ?? null,
    lectureId: resource.lectureId ?? null,
    subjectId: resource.subjectId ?? null,
  });

  return { title, setTitle, body, setBody, target, setTarget, phone, setPhone, groups, toggleGroup, shown, canSend, validate, request };
}

export type ComposerDraft = ReturnType<typeof useComposerDraft>;
