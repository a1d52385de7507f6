import { describe, expect, it } from 'vitest';
import {
  assetPollInterval,
  assetReplaceUrl,
  assetUploadUrl,
  isWorkingState,
  pdfAssetStatus,
  processPercent,
  processStateLabel,
  processStepLabel,
} from '../../../client/src/components/files/asset-status.rules.ts';
import { expectResults } from '../../support/result-table.ts';

describe('pdfAssetStatus', () => {
  /** A PDF whose pages are not converted yet, in a file state. */
  const unconverted = (state: Parameters<typeof pdfAssetStatus>[0]['state']) => ({ hasConvertedtoImage: false, state });

  it('is Ready once the pages are converted, whatever the queue says', () => {
    expect(pdfAssetStatus({ hasConvertedtoImage: true, state: 'ready' }, null)).toBe('ready');
    expect(pdfAssetStatus({ hasConvertedtoImage: true, state: 'ready' }, { state: 'queued' })).toBe('ready');
  });

  it('is In queue while the PDF has a queue item that is waiting or being worked on', () => {
    expect(pdfAssetStatus(unconverted('uploaded'), { state: 'queued' })).toBe('in-queue');
    expect(pdfAssetStatus(unconverted('processing'), { state: 'processing' })).toBe('in-queue');
  });

  it('is Add to queue when the PDF has no queue item', () => {
    expect(pdfAssetStatus(unconverted('uploaded'), null)).toBe('add-to-queue');
  });

  it('offers the queue again when the item failed or finished without pages', () => {
    expect(pdfAssetStatus(unconverted('failed'), { state: 'failed' })).toBe('failed');
    expect(pdfAssetStatus(unconverted('ready'), { state: 'ready' })).toBe('add-to-queue');
  });

  it('falls back on the file state when the queue cannot be read (undefined item)', () => {
    expect(pdfAssetStatus(unconverted('downloading'), undefined)).toBe('in-queue');
    expect(pdfAssetStatus(unconverted('failed'), undefined)).toBe('failed');
    expect(pdfAssetStatus(unconverted('uploaded'), undefined)).toBe('add-to-queue');
  });
});

describe('processing state labels', () => {
  it('numbers the five working steps', () => {
    ['preparing', 'downloading', 'processing', 'post-processing', 'uploading'].forEach((state, index) => {
      expect(processStepLabel(state), state).toBe(`Step ${index + 1} of 5`);
    });
    for (const state of ['uploaded', 'queued', 'ready', 'failed']) expect(processStepLabel(state)).toBeUndefined();
  });

  it('says an uploaded file requires processing', () => {
    expect(processStateLabel('uploaded')).toBe('Uploaded (requires processing)');
    expect(processStateLabel('post-processing')).toBe('Post-processing');
  });

  it('knows which states have a worker on the file', () => {
    expectResults(isWorkingState, [
      ['uploading', true],
      ['queued', false],
      ['ready', false],
    ]);
  });

  it('computes the percent of the current state, 100 when ready and 0 when unknown', () => {
    expect(processPercent('processing', { processing: { total: 200, loaded: 50 } })).toBe(25);
    expect(processPercent('ready', {})).toBe(100);
    expect(processPercent('downloading', { downloading: { total: 0, loaded: 0 } })).toBe(0);
    expect(processPercent('queued', {})).toBe(0);
  });
});

describe('assetPollInterval', () => {
  it('asks every 2 s while a worker is on the file', () => {
    expect(assetPollInterval('processing', 'processing')).toBe(2000);
    expect(assetPollInterval('uploaded', 'preparing')).toBe(2000);
  });

  it('asks every 2 s while the file waits in the queue', () => {
    expect(assetPollInterval('uploaded', 'queued')).toBe(2000);
  });

  it('asks every 3 s for an uploaded file whose queue item cannot be read', () => {
    expect(assetPollInterval('uploaded', undefined)).toBe(3000);
  });

  it('stops once the file is ready, failed, or uploaded and not queued', () => {
    expect(assetPollInterval('ready', 'ready')).toBe(false);
    expect(assetPollInterval('failed', 'failed')).toBe(false);
    expect(assetPollInterval('uploaded', null)).toBe(false);
    expect(assetPollInterval(undefined, null)).toBe(false);
  });
});

describe('asset addresses', () => {
  it('uploads by access mode and kind, and replaces by id', () => {
    expect(assetUploadUrl('private', 'video')).toBe('/api/assets/private?kind=video');
    expect(assetUploadUrl('public', 'image')).toBe('/api/assets/public?kind=image');
    expect(assetReplaceUrl('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe('/api/assets/replace/1b4e28ba-2fa1-11d2-883f-0016d3cca427');
  });
});
