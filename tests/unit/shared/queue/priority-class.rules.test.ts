import { describe, expect, it } from 'vitest';
import { MEDIA_PRIORITY } from '../../../../shared/queue/media-priority.ts';
import { MEDIA_PRIORITY_CLASSES, mediaPriority, priorityClassOf, processingClass, raisedPriority } from '../../../../shared/queue/priority-class.rules.ts';

describe('media priority classes', () => {
  it('lists the classes most urgent first and orders each by how a file came in, inside its class', () => {
    expect(MEDIA_PRIORITY_CLASSES).toEqual(['upload', 'reprocess', 'backfill']);
    expect([mediaPriority('upload', 'trigger'), mediaPriority('upload', 'editor'), mediaPriority('upload', 'pull')]).toEqual([0, 1, 2]);
    expect(mediaPriority('reprocess', 'pull')).toBe(12);
    for (const priorityClass of MEDIA_PRIORITY_CLASSES) {
      expect(priorityClassOf(mediaPriority(priorityClass, 'pull'))).toBe(priorityClass);
      expect(priorityClassOf(MEDIA_PRIORITY[priorityClass])).toBe(priorityClass);
    }
    expect(priorityClassOf(-5)).toBe('upload');
  });

  it('makes a first processing a new upload and anything after it a re-process', () => {
    expect(processingClass({ hasOutputs: false, processedBefore: false })).toBe('upload');
    expect(processingClass({ hasOutputs: true, processedBefore: false })).toBe('reprocess');
    expect(processingClass({ hasOutputs: false, processedBefore: true })).toBe('reprocess');
  });

  it('raises to the class above or to the front, and not past the front', () => {
    expect(raisedPriority(22, 'next')).toBe(10);
    expect(raisedPriority(20, 'next')).toBe(10);
    expect(raisedPriority(12, 'next')).toBe(0);
    expect(raisedPriority(2, 'next')).toBe(0);
    expect(raisedPriority(22, 'top')).toBe(0);
    expect(raisedPriority(0, 'next')).toBeNull();
    expect(raisedPriority(0, 'top')).toBeNull();
  });
});
